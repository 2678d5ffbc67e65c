// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import PhotoLibrary
import SystemPackage
import Testing
import TestSupport

/// The index of a tree: what it remembers comes back checked against the disk, and however
/// its file is broken, the photos are there and nothing wrong is shown.
@Suite struct LibraryIndexTests {
    final class Place {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-index-\(UUID().uuidString)")
        var tree: FilePath { FilePath(root.path + "/Pictures") }
        var file: FilePath { FilePath(root.path + "/cache/flick/library.sqlite") }

        init(photos: [String] = ["2019/a.jpg", "2019/b.jpg", "2020/c.jpg"]) throws {
            for relative in photos { try write(relative) }
        }

        deinit {
            chmod(root.path + "/cache/flick", 0o755)
            try? FileManager.default.removeItem(at: root)
        }

        func write(_ relative: String, bytes: Int = 100) throws {
            let url = URL(fileURLWithPath: tree.string + "/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0xFF, count: bytes).write(to: url)
        }

        var walked: [Photo] { TreeWalker.photos(under: tree).photos }

        func relative(_ entries: [LibraryIndex.Entry]) -> [String] {
            entries.map { String($0.photo.path.string.dropFirst(tree.string.count + 1)) }.sorted()
        }

        /// An index with the tree walked into it, and the date of `2019/a.jpg` read.
        func recorded() -> LibraryIndex {
            let index = LibraryIndex(file: file)
            index.record(walked, under: tree)
            index.record(traits: [FilePath(tree.string + "/2019/a.jpg"): PhotoTraits(dateTaken: "2019-06-01 12:00:00", camera: "Canon EOS R6",
                                                                                    lens: "RF24-105mm F4 L IS USM", latitude: 38.7139, longitude: -9.1394)])
            return index
        }
    }

    /// Place names looked up are kept for the next run, a position with no town as such; an
    /// index made before they were kept gains their table and keeps its photos.
    @Test func placeNamesAreKeptForTheNextRunEvenInAnEarlierRunsIndex() throws {
        let place = try Place()
        let lisbon = PlaceNames.Position(latitude: 3871, longitude: -914), sea = PlaceNames.Position(latitude: 0, longitude: -3000)
        let index = place.recorded()
        index.record(placeName: "Lisbon, Portugal", at: lisbon)
        index.record(placeName: nil, at: sea)
        let again = LibraryIndex(file: place.file)
        let expected: [PlaceNames.Position: String?] = [lisbon: "Lisbon, Portugal", sea: nil]
        #expect(again.placeNames() == expected && expected.count == 2)

        // An earlier run's index: its photos stay, and names are kept from now on.
        let earlier = try Place()
        earlier.recorded().record(placeName: "Paris, France", at: lisbon)
        let sqlite = try runExternalTool(["sqlite3", earlier.file.string, "DROP TABLE place"])
        try #require(sqlite.status == 0, "\(sqlite.output)")
        let reopened = LibraryIndex(file: earlier.file)
        #expect(reopened.placeNames().isEmpty)
        reopened.record(placeName: "Lisbon, Portugal", at: lisbon)
        let kept: [PlaceNames.Position: String?] = [lisbon: "Lisbon, Portugal"]
        #expect(LibraryIndex(file: earlier.file).placeNames() == kept)
        #expect(earlier.relative(LibraryIndex(file: earlier.file).photos(under: earlier.tree)).count == 3, "its photos kept")
        #expect(reopened.takeNotice() == nil, "nothing to say: it was not rebuilt")
    }

    /// Looks measured are kept, so a library searched for duplicates again needs none of
    /// them measured or read from elsewhere; a photo changed since is measured again, and an
    /// earlier run's index gains the columns and keeps its photos.
    @Test func looksMeasuredAreKeptUntilThePhotoChangesEvenInAnEarlierRunsIndex() throws {
        let earlier = try Place()
        // An index as the run before looks were kept made it: its photo table without them.
        _ = earlier.recorded()
        for column in ["sharpness", "look", "measure"] {
            let dropped = try runExternalTool(["sqlite3", earlier.file.string, "ALTER TABLE photo DROP COLUMN \(column)"])
            try #require(dropped.status == 0, "\(dropped.output)")
        }
        let index = LibraryIndex(file: earlier.file)
        #expect(index.photos(under: earlier.tree).allSatisfy { $0.likeness == nil }, "its photos kept, no looks yet")
        let a = FilePath(earlier.tree.string + "/2019/a.jpg"), c = FilePath(earlier.tree.string + "/2020/c.jpg")
        let sharp = PhotoLikeness(sharpness: 12.5, hash: 0xF00D_0000_BEEF_0001), soft = PhotoLikeness(sharpness: 0.25, hash: .max)
        index.record(likenesses: [a: sharp, c: soft])
        let again = LibraryIndex(file: earlier.file).photos(under: earlier.tree)
        #expect(again.first { $0.photo.path == a }?.likeness == sharp && again.first { $0.photo.path == c }?.likeness == soft)
        #expect(again.first { $0.photo.fileName == "b.jpg" }?.likeness == nil)
        #expect(index.takeNotice() == nil, "nothing to say: it was not rebuilt")

        // c.jpg rewritten: its look is measured again, a's kept through the next walk.
        try earlier.write("2020/c.jpg", bytes: 300)
        let walkedAgain = LibraryIndex(file: earlier.file)
        walkedAgain.record(earlier.walked, under: earlier.tree)
        let after = walkedAgain.photos(under: earlier.tree)
        #expect(after.first { $0.photo.path == c }?.likeness == nil && after.first { $0.photo.path == a }?.likeness == sharp)
    }

    /// A Live Photo's content identifier is kept with its date; an earlier run's index gains
    /// the column, and its photos that may carry one (an iPhone's, a video) are read again.
    @Test func contentIdentifiersAreKeptAndAnEarlierRunsIPhonePhotosAreReadAgain() throws {
        let place = try Place(photos: ["2019/a.jpg", "2019/b.jpg", "2019/IMG_1.mov"])
        let a = FilePath(place.tree.string + "/2019/a.jpg"), b = FilePath(place.tree.string + "/2019/b.jpg")
        let video = FilePath(place.tree.string + "/2019/IMG_1.mov")
        let iPhone = PhotoTraits(dateTaken: "2019-06-01 12:00:00", camera: "Apple iPhone 13", contentIdentifier: "5C1B0E2A")
        let canon = PhotoTraits(dateTaken: "2019-06-02 09:00:00", camera: "Canon EOS R6")
        let clip = PhotoTraits(dateTaken: "2019-06-01 12:00:01", contentIdentifier: "5C1B0E2A")
        let index = LibraryIndex(file: place.file)
        // The walk lists the .mov by its content: here it is no video, so it is listed as one by hand.
        index.record(place.walked + [Photo(path: video, format: .video, byteCount: 100, modificationDate: Date())], under: place.tree)
        index.record(traits: [a: iPhone, b: canon, video: clip])
        var again = LibraryIndex(file: place.file).photos(under: place.tree)
        #expect(again.first { $0.photo.path == a }?.traits == iPhone && again.first { $0.photo.path == video }?.traits == clip)

        let dropped = try runExternalTool(["sqlite3", place.file.string, "ALTER TABLE photo DROP COLUMN content_identifier"])
        try #require(dropped.status == 0, "\(dropped.output)")
        let reopened = LibraryIndex(file: place.file)
        again = reopened.photos(under: place.tree)
        #expect(again.count == 3, "its photos kept")
        #expect(again.first { $0.photo.path == a }?.traits == nil && again.first { $0.photo.path == video }?.traits == nil,
                "read again: they may carry an identifier")
        #expect(again.first { $0.photo.path == b }?.traits == canon, "a Canon's date kept")
        #expect(reopened.takeNotice() == nil, "nothing to say: it was not rebuilt")
    }

    @Test func aTreeWalkedOnceComesBackWithItsDatesFromAnotherRun() throws {
        let place = try Place()
        _ = place.recorded()
        let again = LibraryIndex(file: place.file).photos(under: place.tree)
        #expect(place.relative(again) == ["2019/a.jpg", "2019/b.jpg", "2020/c.jpg"])
        #expect(again.first { $0.photo.fileName == "a.jpg" }?.traits == PhotoTraits(dateTaken: "2019-06-01 12:00:00", camera: "Canon EOS R6",
                                                                                  lens: "RF24-105mm F4 L IS USM", latitude: 38.7139, longitude: -9.1394))
        #expect(again.first { $0.photo.fileName == "b.jpg" }?.traits == nil, "not read: asked again")
        #expect(Set(again.map(\.photo)) == Set(place.walked), "the same photos a walk lists, to the byte and nanosecond")
        #expect(LibraryIndex(file: place.file).photos(under: FilePath(place.tree.string + "/2019")).count == 2, "a folder below is a range of the same rows")
        #expect(LibraryIndex(file: place.file).photos(under: FilePath(place.tree.string + "/20")).isEmpty, "a name's prefix is no folder")
        #expect(LibraryIndex(file: place.file).takeNotice() == nil)
    }

    @Test func aPhotoDeletedOrChangedSinceIsNotShownAsItWas() throws {
        let place = try Place()
        _ = place.recorded()
        try FileManager.default.removeItem(atPath: place.tree.string + "/2019/b.jpg")
        try place.write("2019/a.jpg", bytes: 5000)
        let again = LibraryIndex(file: place.file).photos(under: place.tree)
        #expect(place.relative(again) == ["2019/a.jpg", "2020/c.jpg"], "a deleted photo is never shown as present")
        let changed = try #require(again.first { $0.photo.fileName == "a.jpg" })
        #expect(changed.photo.byteCount == 5000 && changed.traits == nil, "a rewritten photo is read again")
        // The next walk's rows replace the tree's.
        let index = LibraryIndex(file: place.file)
        try place.write("2021/new.jpg")
        index.record(place.walked, under: place.tree)
        #expect(place.relative(index.photos(under: place.tree)) == ["2019/a.jpg", "2020/c.jpg", "2021/new.jpg"])
    }

    /// Random bytes, a file cut short, another program's database, a schema of another
    /// version: the index is built again, said once, and the photos are all there.
    @Test(arguments: ["random", "truncated", "another program", "newer schema", "a folder"])
    func aBrokenIndexIsBuiltAgain(_ breakage: String) throws {
        let place = try Place()
        _ = place.recorded()
        let file = place.file.string
        switch breakage {
        case "random":
            try Data((0..<8192).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: file))
        case "truncated":
            // Its header claims pages that are not there.
            let whole = try Data(contentsOf: URL(fileURLWithPath: file))
            try whole.prefix(1500).write(to: URL(fileURLWithPath: file))
            for suffix in ["-wal", "-shm"] { unlink(file + suffix) }
        case "another program":
            for suffix in ["", "-wal", "-shm"] { unlink(file + suffix) }
            try sqlite(file, "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO moz_places (url) VALUES ('x');")
        case "newer schema":
            try sqlite(file, "PRAGMA user_version = 99;")
        default:
            for suffix in ["", "-wal", "-shm"] { unlink(file + suffix) }
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        }
        let index = LibraryIndex(file: place.file)
        let found = index.photos(under: place.tree)
        if breakage == "a folder" {
            #expect(found.isEmpty && index.takeNotice() != nil, "no index at all: said, and the walk lists the photos")
            return
        }
        #expect(found.isEmpty, "nothing of a broken index is shown")
        #expect(index.takeNotice() != nil, "said once")
        #expect(index.takeNotice() == nil)
        index.record(place.walked, under: place.tree)
        #expect(place.relative(LibraryIndex(file: place.file).photos(under: place.tree)) == ["2019/a.jpg", "2019/b.jpg", "2020/c.jpg"], "built again")
    }

    @Test(.disabled(if: getuid() == 0, "root writes into any folder whatever its mode says"))
    func anIndexThatCannotBeWrittenIsReadAndSaysSo() throws {
        let place = try Place()
        _ = place.recorded()
        for suffix in ["-wal", "-shm"] { unlink(place.file.string + suffix) }
        chmod(place.file.string, 0o444)
        chmod(place.root.path + "/cache/flick", 0o555)
        let index = LibraryIndex(file: place.file)
        #expect(index.photos(under: place.tree).count == 3, "what it holds is still read")
        try place.write("2021/new.jpg")
        index.record(place.walked, under: place.tree)
        #expect(index.takeNotice() != nil, "said once that it cannot be written")
        #expect(index.photos(under: place.tree).count == 3)
    }

    /// A disk that fills up: what was written stays readable, writes stop, said once.
    @Test(.enabled(if: ScratchVolume.isAllowed, "mounting a tmpfs is not allowed on this machine"))
    func anIndexOnAFullDiskIsStillReadAndSaysSoOnce() throws {
        let volume = try #require(ScratchVolume(kilobytes: 1024))
        let place = try Place()
        let file = FilePath(volume.mountPoint + "/flick/library.sqlite")
        let index = LibraryIndex(file: file)
        index.record(place.walked, under: place.tree)
        #expect(index.takeNotice() == nil)
        for number in 0..<3000 { try place.write("many/IMG_\(number).jpg", bytes: 1) }
        volume.fill()
        index.record(place.walked, under: place.tree)
        index.record(place.walked, under: place.tree)
        #expect(index.takeNotice() != nil, "said that it cannot be written")
        #expect(index.takeNotice() == nil, "once")
        #expect(place.relative(index.photos(under: place.tree)) == ["2019/a.jpg", "2019/b.jpg", "2020/c.jpg"], "what it held is read")
    }

    @Test(.enabled(if: ScratchVolume.isAllowed, "mounting a tmpfs is not allowed on this machine"))
    func anIndexOnAReadOnlyDiskOpensWithoutWritingAndSaysSo() throws {
        let volume = try #require(ScratchVolume(kilobytes: 1024))
        let place = try Place()
        let file = FilePath(volume.mountPoint + "/flick/library.sqlite")
        LibraryIndex(file: file).record(place.walked, under: place.tree)
        #expect(volume.remountReadOnly())
        let index = LibraryIndex(file: file)
        let found = index.photos(under: place.tree)
        index.record(place.walked, under: place.tree)
        let notice = index.takeNotice()
        #expect(found.count == 3 || notice != nil, "read, or gone without and said: \(found.count), \(notice ?? "nothing said")")
        #expect(index.takeNotice() == nil)
    }

    @Test func anIndexDeletedWhileInUseGoesOnAndIsBuiltAgainNextTime() throws {
        let place = try Place()
        let index = place.recorded()
        for suffix in ["", "-wal", "-shm"] { unlink(place.file.string + suffix) }
        index.record(place.walked, under: place.tree)
        _ = index.photos(under: place.tree)
        let next = LibraryIndex(file: place.file)
        #expect(next.photos(under: place.tree).isEmpty, "a deleted index is empty, never wrong")
        next.record(place.walked, under: place.tree)
        #expect(LibraryIndex(file: place.file).photos(under: place.tree).count == 3)
    }

    @Test func twoFlicksWritingOneIndexAtOnceLoseNothingTheyAgreeOn() throws {
        let place = try Place(photos: (0..<300).map { "f\($0 % 10)/IMG_\($0).jpg" })
        let (photos, tree) = (place.walked, place.tree)
        let (first, second) = (LibraryIndex(file: place.file), LibraryIndex(file: place.file))
        DispatchQueue.concurrentPerform(iterations: 20) { round in
            let index = round.isMultiple(of: 2) ? first : second
            index.record(photos, under: tree)
            index.record(traits: [photos[round].path: .date("2020-01-01 00:00:\(String(format: "%02d", round))")])
            _ = index.photos(under: tree)
        }
        let found = LibraryIndex(file: place.file).photos(under: place.tree)
        #expect(found.count == 300, "every photo once")
        #expect(found.compactMap(\.traits).count <= 20)
    }

    /// SQLite killed mid-transaction leaves a hot journal behind; the next open rolls it
    /// back, and what was committed before is there.
    @Test func anIndexWhoseWriterWasKilledMidWriteOpens() throws {
        let place = try Place()
        _ = place.recorded()
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        writer.arguments = [place.file.string, """
            BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 50000000)
            INSERT INTO photo SELECT randomblob(64), i, i, i, 'jpeg', NULL FROM n; COMMIT;
            """]
        try writer.run()
        Thread.sleep(forTimeInterval: 0.5)
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        let again = LibraryIndex(file: place.file)
        #expect(place.relative(again.photos(under: place.tree)) == ["2019/a.jpg", "2019/b.jpg", "2020/c.jpg"])
        again.record(place.walked, under: place.tree)
        #expect(again.takeNotice() == nil)
    }

    private func sqlite(_ file: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [file, sql]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }
}
