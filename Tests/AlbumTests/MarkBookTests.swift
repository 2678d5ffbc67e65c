// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
import Pixels
import SystemPackage
import Testing
import TestSupport

/// A folder of photos and the marks kept for them, with exiftool as the independent reader.
final class MarkFolder {
    let folder: URL
    let dataFolder: FilePath
    let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])
    let book: MarkBook

    init(root: URL? = nil) throws {
        let base = root ?? FileManager.default.temporaryDirectory
        folder = base.appendingPathComponent("flick-marks-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        dataFolder = FilePath(FileManager.default.temporaryDirectory.appendingPathComponent("flick-data-\(UUID().uuidString.prefix(8))").path)
        book = MarkBook(decoder: decoder, dataFolder: dataFolder)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.removeItem(atPath: dataFolder.string)
    }

    func path(_ name: String) -> FilePath { FilePath(folder.appendingPathComponent(name).path) }
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) }

    /// A small grey JPEG.
    func photo(_ name: String) throws {
        try run(["convert", "-size", "32x24", "xc:gray", path(name).string])
    }

    /// Reads every photo's marks and waits for them (a bound, not a timing assertion).
    func readAll(_ names: [String]) -> [FilePath] {
        book.read(names.map(path))
        book.waitUntilIdle()
        return book.drain().changed
    }

    func tags(_ name: String) throws -> String {
        try output(["exiftool", "-s", "-s", "-G1", "-n", "-XMP-xmp:Rating", "-XMP-xmp:Label", "-XMP-digiKam:PickLabel", "-XMP-photomech:Tagged",
                    folder.appendingPathComponent(name).path])
    }

    func run(_ command: [String]) throws { _ = try output(command) }

    func output(_ command: [String]) throws -> String {
        let (status, output) = try runExternalTool(command)
        try #require(status == 0, "\(command.joined(separator: " "))")
        return output
    }
}

@Suite struct MarkBookTests {
    /// digiKam's sidecar turns a photo (`tiff:Orientation`): it replaces what the photo's
    /// EXIF says, and Flick shows the photo so, its thumbnails kept out of the shared cache.
    @Test func anOrientationInAnotherProgramsSidecarReplacesThePhotosOwn() throws {
        let f = try MarkFolder()
        // Red on the left as stored, blue on the right; EXIF says turn it a quarter
        // clockwise (red on top), the sidecar a quarter anticlockwise (red below).
        try f.run(["convert", "-size", "16x24", "xc:red", "-size", "16x24", "xc:blue", "+append", f.path("a.jpg").string])
        try f.run(["exiftool", "-q", "-overwrite_original", "-n", "-Orientation=6", f.path("a.jpg").string])
        try f.photo("b.jpg")
        // exiftool's sidecar copies the EXIF's orientation: it turns nothing more.
        try f.run(["exiftool", "-q", "-o", f.path("a.jpg.xmp").string, f.path("a.jpg").string])
        f.book.read([f.path("a.jpg")])
        f.book.waitUntilIdle()
        #expect(f.book.drain().turned.isEmpty && f.book.orientation(of: f.path("a.jpg")) == .right)
        try f.run(["exiftool", "-q", "-overwrite_original", "-n", "-XMP-tiff:Orientation=8", f.path("a.jpg.xmp").string])
        func red(atTop: Bool) throws -> Bool {
            let pixels = try f.decoder.decode(f.path("a.jpg"), maximumPixelSize: nil).get()
            #expect(pixels.width == 24 && pixels.height == 32)
            return pixels.pixel(x: 12, y: atTop ? 2 : 29).red > 150
        }
        #expect(try red(atTop: true), "as its EXIF says, before the sidecar is read")

        f.book.recheck([f.path("a.jpg")])
        f.book.read([f.path("b.jpg")])
        f.book.waitUntilIdle()
        #expect(f.book.drain().turned == [f.path("a.jpg")], "its pictures are to be made again")
        #expect(f.book.orientation(of: f.path("a.jpg")) == .left && f.book.orientation(of: f.path("b.jpg")) == nil)
        #expect(try red(atTop: false), "as the sidecar says")
        let cache = ThumbnailCache(root: FilePath(f.folder.appendingPathComponent("thumbnails").path), application: "flick-test", turns: f.decoder.turns)
        let photo = Photo(path: f.path("a.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date())
        try cache.store(PixelBuffer(width: 8, height: 8, blue: 0, green: 0, red: 255), for: photo, flavor: .normal)
        #expect(cache.entry(for: photo, flavor: .normal) == .missing, "the shared cache holds the file as other programs show it")

        // The sidecar's orientation taken out by that program: as the EXIF says again.
        try f.run(["exiftool", "-q", "-overwrite_original", "-XMP-tiff:Orientation=", f.path("a.jpg.xmp").string])
        f.book.recheck([f.path("a.jpg")])
        f.book.waitUntilIdle()
        #expect(f.book.drain().turned == [f.path("a.jpg")])
        #expect(try red(atTop: true))
    }

    @Test func marksAreReadFromEitherSidecarAndFromInsideThePhoto() throws {
        let f = try MarkFolder()
        for name in ["darktable.jpg", "lightroom.jpg", "inside.jpg", "plain.jpg"] { try f.photo(name) }
        try f.run(["exiftool", "-q", "-XMP-xmp:Rating=3", "-XMP-xmp:Label=Red", "-o", f.path("darktable.jpg.xmp").string])
        try f.run(["exiftool", "-q", "-XMP-xmp:Rating=-1", "-o", f.path("lightroom.xmp").string])
        try f.run(["exiftool", "-q", "-overwrite_original", "-XMP-xmp:Rating=5", f.path("inside.jpg").string])
        let changed = f.readAll(["darktable.jpg", "lightroom.jpg", "inside.jpg", "plain.jpg"])
        #expect(Set(changed) == Set(["darktable.jpg", "lightroom.jpg", "inside.jpg"].map(f.path)), "an unmarked photo is no news")
        #expect(f.book.marks(of: f.path("darktable.jpg")) == PhotoMarks(rating: 3, label: .red))
        #expect(f.book.marks(of: f.path("lightroom.jpg")) == PhotoMarks(flag: .reject))
        #expect(f.book.marks(of: f.path("inside.jpg")) == PhotoMarks(rating: 5))
        #expect(f.book.marks(of: f.path("plain.jpg")).isEmpty)
    }

    @Test func aMarkIsWrittenBesideThePhotoAsDarktableNamesIt() throws {
        let f = try MarkFolder()
        try f.photo("a.jpg")
        let before = try Data(contentsOf: URL(fileURLWithPath: f.path("a.jpg").string))
        f.book.set(PhotoMarks(rating: 4, flag: .pick, label: .blue), for: f.path("a.jpg"))
        #expect(f.book.marks(of: f.path("a.jpg")).rating == 4, "known at once")
        f.book.waitUntilIdle()
        let tags = try f.tags("a.jpg.xmp")
        #expect(tags.contains("Rating: 4") && tags.contains("Label: Blue") && tags.contains("PickLabel: 3") && tags.contains("Tagged: True"), "\(tags)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.path("a.jpg").string)) == before, "the photo's bytes are untouched")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: f.folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file left behind")
    }

    @Test func anExistingLightroomSidecarIsUpdatedNotDuplicated() throws {
        let f = try MarkFolder()
        try f.photo("IMG_1.jpg")
        try f.run(["exiftool", "-q", "-XMP-dc:Title=Beach", "-XMP-xmp:Rating=1", "-o", f.path("IMG_1.xmp").string])
        f.book.set(PhotoMarks(rating: 2), for: f.path("IMG_1.jpg"))
        f.book.waitUntilIdle()
        #expect(!f.exists("IMG_1.jpg.xmp"))
        #expect(try f.tags("IMG_1.xmp").contains("Rating: 2"))
        #expect(try f.output(["exiftool", "-s", "-s", "-s", "-XMP-dc:Title", f.path("IMG_1.xmp").string]).contains("Beach"), "other properties kept")
    }

    @Test func aRewrittenSidecarKeepsItsModeWhateverTheUmask() throws {
        let f = try MarkFolder()
        try f.photo("shared.jpg")
        try f.run(["exiftool", "-q", "-XMP-xmp:Rating=1", "-o", f.path("shared.jpg.xmp").string])
        #expect(chmod(f.path("shared.jpg.xmp").string, 0o666) == 0)
        let before = umask(0o022)
        defer { umask(before) }
        f.book.set(PhotoMarks(rating: 4), for: f.path("shared.jpg"))
        f.book.waitUntilIdle()
        let attributes = try FileManager.default.attributesOfItem(atPath: f.path("shared.jpg.xmp").string)
        #expect((attributes[.posixPermissions] as? Int) == 0o666, "group and others may still write it, as before")
        #expect(try f.tags("shared.jpg.xmp").contains("Rating: 4"))
    }

    /// A sidecar grown past what an XMP packet holds is not read, and the user hears so
    /// (once), with the reason; a mark made then is kept in Flick's own folder, saying why.
    @Test func aSidecarTooLargeToReadIsSaidAndMarksGoToFlicksOwnFolder() throws {
        let f = try MarkFolder()
        try f.photo("huge.jpg")
        let sidecar = f.folder.appendingPathComponent("huge.jpg.xmp")
        var bytes = Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description xmp:Rating=\"3\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"/></rdf:RDF></x:xmpmeta>".utf8)
        bytes.append(Data(repeating: 0x20, count: XMPMarks.maximumPacketBytes + 1))
        try bytes.write(to: sidecar)
        f.book.read([f.path("huge.jpg")])
        f.book.waitUntilIdle()
        let notices = f.book.drain().notices
        #expect(f.book.marks(of: f.path("huge.jpg")).isEmpty)
        guard case let .sidecarNotRead(photo, reason)? = notices.first else { Issue.record("no notice: \(notices)"); return }
        #expect(photo == "huge.jpg" && reason.contains("larger than"), "\(reason)")

        f.book.set(PhotoMarks(rating: 4), for: f.path("huge.jpg"))
        f.book.waitUntilIdle()
        #expect(try Data(contentsOf: sidecar) == bytes, "another program's file untouched")
        let later = f.book.drain().notices
        guard case let .keptInDataFolder(_, why)? = later.first else { Issue.record("not kept: \(later)"); return }
        #expect(why.contains("larger than"), "the right reason: \(why)")
    }

    @Test func aSidecarChangedByAnotherProgramIsReadAgainAndAStaleReadNeverUndoesAMark() throws {
        let f = try MarkFolder()
        try f.photo("b.jpg")
        _ = f.readAll(["b.jpg"])
        try f.run(["exiftool", "-q", "-XMP-xmp:Rating=2", "-o", f.path("b.jpg.xmp").string])
        f.book.recheck([f.path("b.jpg")])
        f.book.waitUntilIdle()
        #expect(f.book.drain().changed == [f.path("b.jpg")] && f.book.marks(of: f.path("b.jpg")).rating == 2)
        // Unchanged sidecars are not read again.
        f.book.recheck([f.path("b.jpg")])
        f.book.waitUntilIdle()
        #expect(f.book.drain().changed.isEmpty)
        // A read that began before a mark was made is dropped, not applied over it.
        f.book.read([f.path("b.jpg")])
        f.book.set(PhotoMarks(rating: 5), for: f.path("b.jpg"))
        f.book.waitUntilIdle()
        _ = f.book.drain()
        #expect(f.book.marks(of: f.path("b.jpg")).rating == 5)
    }

    @Test func aSidecarFlickCannotReadIsNeverReplacedAndTheMarksAreKeptInItsOwnFolder() throws {
        let f = try MarkFolder()
        try f.photo("c.jpg")
        let broken = Data("<x:xmpmeta><rdf:RDF><half".utf8)
        try broken.write(to: f.folder.appendingPathComponent("c.jpg.xmp"))
        f.book.set(PhotoMarks(rating: 3), for: f.path("c.jpg"))
        f.book.waitUntilIdle()
        #expect(try Data(contentsOf: f.folder.appendingPathComponent("c.jpg.xmp")) == broken, "another program's file untouched")
        guard case .keptInDataFolder? = f.book.drain().notices.first else { Issue.record("no notice"); return }
        let kept = Sidecars(of: f.path("c.jpg"), dataFolder: f.dataFolder).kept
        #expect(FileManager.default.fileExists(atPath: kept.string))
        // Read again by a new book (Flick's next run), the kept marks win.
        let next = MarkBook(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]), dataFolder: f.dataFolder)
        next.read([f.path("c.jpg")])
        next.waitUntilIdle()
        _ = next.drain()
        #expect(next.marks(of: f.path("c.jpg")).rating == 3)
    }

    @Test(.enabled(if: ScratchVolume.isAllowed, "mounting a tmpfs is not allowed on this machine"))
    func onAReadOnlyVolumeMarksAreKeptInTheDataFolderAndTheUserToldOnce() throws {
        let volume = try #require(ScratchVolume(kilobytes: 1024))
        let f = try MarkFolder(root: URL(fileURLWithPath: volume.mountPoint))
        try f.photo("d.jpg")
        try f.photo("e.jpg")
        #expect(volume.remountReadOnly())
        f.book.set(PhotoMarks(rating: 1), for: f.path("d.jpg"))
        f.book.set(PhotoMarks(label: .green), for: f.path("e.jpg"))
        f.book.waitUntilIdle()
        let notices = f.book.drain().notices
        #expect(notices.count == 1, "told once, not for every photo")
        guard case let .keptInDataFolder(_, reason)? = notices.first else { Issue.record("\(notices)"); return }
        #expect(reason.contains("read-only"))
        #expect(!f.exists("d.jpg.xmp"))
        let next = MarkBook(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]), dataFolder: f.dataFolder)
        next.read([f.path("d.jpg"), f.path("e.jpg")])
        next.waitUntilIdle()
        _ = next.drain()
        #expect(next.marks(of: f.path("d.jpg")).rating == 1 && next.marks(of: f.path("e.jpg")).label == .green, "nothing lost")
    }

    @Test func flicksOwnCopyOfALatinOneFolderKeepsItsBytes() throws {
        let f = try MarkFolder()
        try f.photo("a.jpg")
        let latin1 = FilePath(rawBytes: Array(f.folder.path.utf8) + Array("/caf".utf8) + [0xE9])
        #expect(latin1.withPlatformString { mkdir($0, 0o755) } == 0)
        let photo = FilePath(rawBytes: latin1.rawBytes + Array("/a.jpg".utf8))
        #expect(f.path("a.jpg").withPlatformString { from in photo.withPlatformString { rename(from, $0) } } == 0)
        // A sidecar Flick cannot read: the marks go to its own copy, under the same bytes.
        let broken = FilePath(rawBytes: photo.rawBytes + Array(".xmp".utf8))
        let fd = broken.withPlatformString { open($0, O_WRONLY | O_CREAT, 0o644) }
        _ = Array("<x:xmpmeta><half".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        f.book.set(PhotoMarks(rating: 4), for: photo)
        f.book.waitUntilIdle()
        let kept = Sidecars(of: photo, dataFolder: f.dataFolder).kept
        var info = stat()
        #expect(kept.withPlatformString { stat($0, &info) } == 0, "kept at its own bytes")
    }

    @Test func sidecarNamesKeepThePhotosBytes() {
        let latin1 = FilePath(rawBytes: Array("/photos/caf".utf8) + [0xE9] + Array(".JPG".utf8))
        let sidecars = Sidecars(of: latin1, dataFolder: FilePath("/data"))
        #expect(sidecars.named.rawBytes == latin1.rawBytes + Array(".xmp".utf8))
        #expect(sidecars.stem.rawBytes == Array("/photos/caf".utf8) + [0xE9] + Array(".xmp".utf8))
        #expect(sidecars.kept.rawBytes == Array("/data/photos/caf".utf8) + [0xE9] + Array(".JPG.xmp".utf8))
        #expect(Sidecars(of: FilePath("/p/.hidden"), dataFolder: FilePath("/d")).stem == FilePath("/p/.hidden.xmp"))
    }

    /// Flick's own copies follow the session's $HOME, as the Trash and the settings do.
    @Test func theDataFolderFollowsHomeAndXDGDataHome() {
        #expect(Sidecars.dataFolder(environment: ["HOME": "/home/session"]) == FilePath("/home/session/.local/share/flick/sidecars"))
        #expect(Sidecars.dataFolder(environment: ["HOME": "/home/session", "XDG_DATA_HOME": "/data"]) == FilePath("/data/flick/sidecars"))
        #expect(Sidecars.dataFolder(environment: ["HOME": "/home/session", "XDG_DATA_HOME": "relative"])
                == FilePath("/home/session/.local/share/flick/sidecars"), "a relative XDG_DATA_HOME is ignored, as the specification says")
    }
}

@Suite struct AlbumMarkTests {
    @Test func marksAndTrashingShareOneUndoHistory() throws {
        let f = try MarkFolder()
        for name in ["a.jpg", "b.jpg"] { try f.photo(name) }
        let model = AlbumModel(folder: FilePath(f.folder.path), trash: Trash(homeTrash: FilePath(f.dataFolder.string + "-trash")), markBook: f.book)
        model.appendListing(try FolderScanner.photos(in: FilePath(f.folder.path)))
        model.finishListing()
        var heard: [[FilePath]] = []
        let token = model.observeMarks { heard.append($0) }
        #expect(model.mark([f.path("a.jpg")], .rate(3)))
        #expect(!model.mark([f.path("a.jpg")], .rate(3)), "the same mark again is no step")
        try model.moveToTrash(f.path("b.jpg"))
        model.mark([f.path("a.jpg")], .toggleLabel(.red))
        #expect(model.marks(of: f.path("a.jpg")) == PhotoMarks(rating: 3, label: .red))
        #expect(try model.undo() == .marks([f.path("a.jpg")]))
        #expect(model.marks(of: f.path("a.jpg")) == PhotoMarks(rating: 3))
        guard case .restored? = try model.undo() else { Issue.record("the trashing is next"); return }
        #expect(try model.undo() == .marks([f.path("a.jpg")]))
        #expect(model.marks(of: f.path("a.jpg")).isEmpty)
        #expect(heard.count == 4)
        f.book.waitUntilIdle()
        #expect(try f.tags("a.jpg.xmp").contains("Rating: 0"), "the undone mark is written too")
        token.cancel()
    }
}

@Suite struct AlbumArrangementTests {
    /// A folder of photos with known sizes and times, listed into a model with marks.
    final class Arranged {
        let f: MarkFolder
        let model: AlbumModel
        private(set) var diffs: [AlbumDiff] = []
        private var token: ObservationToken?

        /// Photo i is i·100 bytes… reversed by name, and modified i hours after the epoch.
        init(_ names: [String]) throws {
            f = try MarkFolder()
            for (number, name) in names.enumerated() {
                let url = f.folder.appendingPathComponent(name)
                try f.photo(name)
                let handle = try FileHandle(forWritingTo: url)
                handle.seekToEndOfFile()
                handle.write(Data(repeating: 0, count: (names.count - number) * 1000))
                try handle.close()
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(number) * 3600 + 1_000_000)],
                                                      ofItemAtPath: url.path)
            }
            model = AlbumModel(folder: FilePath(f.folder.path), trash: Trash(homeTrash: FilePath(f.dataFolder.string + "-trash")), markBook: f.book)
            model.appendListing(try FolderScanner.photos(in: FilePath(f.folder.path)))
            model.finishListing()
            token = model.observe { [unowned self] in diffs.append($0) }
        }

        var names: [String] { model.photos.map(\.fileName) }
    }

    @Test func aFilterShowsWhatItAdmitsAndAMarkMovesAPhotoInOrOutAtOnce() throws {
        let a = try Arranged(["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        a.model.mark([a.f.path("a.jpg")], .flag(.pick))
        a.model.mark([a.f.path("c.jpg")], .rate(4))
        a.model.mark([a.f.path("d.jpg")], .flag(.reject))
        a.model.setFilter(.picks)
        #expect(a.names == ["a.jpg"])
        #expect(a.diffs.last?.removed.count == 3, "the others left as a diff every view follows")
        a.model.mark([a.f.path("b.jpg")], .flag(.pick))
        #expect(a.names == ["a.jpg", "b.jpg"], "picked, it joins")
        a.model.mark([a.f.path("a.jpg")], .flag(.reject))
        #expect(a.names == ["b.jpg"], "rejected, it leaves")
        try a.model.undo()
        #expect(a.names == ["a.jpg", "b.jpg"], "undone, it is back")
        a.model.setFilter(.rated(atLeast: 3))
        #expect(a.names == ["c.jpg"])
        a.model.setFilter(.unrated)
        #expect(a.names == ["a.jpg", "b.jpg"], "unrated leaves rejects out")
        a.model.setFilter(.rejects)
        #expect(a.names == ["d.jpg"])
        a.model.setFilter(.all)
        #expect(a.names == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
    }

    @Test func ordersBySizeDateModifiedAndDateTakenEachReversible() throws {
        let a = try Arranged(["IMG_2.jpg", "IMG_10.jpg", "IMG_9.jpg"])
        #expect(a.names == ["IMG_2.jpg", "IMG_9.jpg", "IMG_10.jpg"], "natural order by name")
        a.model.setOrder(PhotoOrder(.size))
        #expect(a.names == ["IMG_9.jpg", "IMG_10.jpg", "IMG_2.jpg"])
        a.model.setOrder(PhotoOrder(.dateModified, reversed: true))
        #expect(a.names == ["IMG_9.jpg", "IMG_10.jpg", "IMG_2.jpg"])
        a.model.setOrder(PhotoOrder(.dateTaken))
        #expect(a.names == ["IMG_2.jpg", "IMG_10.jpg", "IMG_9.jpg"], "without dates read, the files' times")
        #expect(Set(a.model.photosWithoutDateTaken) == Set(["IMG_2.jpg", "IMG_10.jpg", "IMG_9.jpg"].map(a.f.path)))
        // IMG_9 was taken first; IMG_2 has no date and keeps its file's time (1970).
        a.model.noteDatesTaken([a.f.path("IMG_9.jpg"): "2024-05-01 10:00:00", a.f.path("IMG_10.jpg"): "2024-05-01 10:00:01",
                                a.f.path("IMG_2.jpg"): ""])
        #expect(a.names == ["IMG_2.jpg", "IMG_9.jpg", "IMG_10.jpg"])
        #expect(a.model.photosWithoutDateTaken.isEmpty, "a photo without a date is not read again")
        a.model.setOrder(PhotoOrder(.name, reversed: true))
        #expect(a.names == ["IMG_10.jpg", "IMG_9.jpg", "IMG_2.jpg"])
    }

    /// WhatsApp strips EXIF and the copy is today's: sorted by date taken, the date in its
    /// name places it (in its day of the timeline), not the file's time.
    @Test func aPhotoWithoutADateTakenIsPlacedByTheDateInItsName() throws {
        let a = try Arranged(["IMG-20190512-WA0003.jpg", "b.jpg", "c.jpg"])
        a.model.setOrder(PhotoOrder(.dateTaken))
        a.model.noteDatesTaken([a.f.path("IMG-20190512-WA0003.jpg"): "", a.f.path("b.jpg"): "2020-03-01 10:00:00",
                                a.f.path("c.jpg"): "2018-06-01 10:00:00"])
        #expect(a.names == ["c.jpg", "IMG-20190512-WA0003.jpg", "b.jpg"], "\(a.names)")
        let day = a.model.daySections()?.first { $0.start <= 1 && 1 < $0.start + $0.count }?.day
        #expect(day == CalendarDay(year: 2019, month: 5, day: 12), "\(String(describing: day))")
    }

    @Test func theRejectsGoToTheTrashTogetherAndOneUndoBringsThemAllBack() throws {
        let a = try Arranged(["a.jpg", "b.jpg", "c.jpg"])
        a.model.mark([a.f.path("a.jpg")], .flag(.reject))
        a.model.mark([a.f.path("c.jpg")], .flag(.reject))
        let (moved, failed) = a.model.moveToTrash(together: [a.f.path("a.jpg"), a.f.path("c.jpg"), a.f.path("gone.jpg")])
        #expect(moved.map(\.photo.fileName) == ["a.jpg", "c.jpg"] && failed.map(\.path) == [a.f.path("gone.jpg")])
        #expect(a.names == ["b.jpg"] && a.model.trashedCount == 2 && !a.f.exists("a.jpg") && !a.f.exists("c.jpg"))
        #expect(a.model.nextUndoTrashedName == "2 photos")
        guard case let .restored(back)? = try a.model.undo() else { Issue.record("not restored"); return }
        #expect(Set(back.map(\.photo.fileName)) == ["a.jpg", "c.jpg"])
        #expect(a.names == ["a.jpg", "b.jpg", "c.jpg"] && a.model.trashedCount == 0 && a.f.exists("a.jpg") && a.f.exists("c.jpg"))
        #expect(a.model.marks(of: a.f.path("a.jpg")).flag == .reject, "their marks came back with them")
    }

    @Test func datesTakenAreReadFromTheirExifThroughAHelper() throws {
        let f = try MarkFolder()
        try f.photo("dated.jpg")
        try f.photo("undated.jpg")
        try f.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2023:08:14 16:20:05", f.path("dated.jpg").string])
        let dates = TakenDates(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]))
        dates.read([f.path("dated.jpg"), f.path("undated.jpg")])
        dates.read([f.path("dated.jpg")])
        dates.waitUntilIdle()
        let read = dates.drain()
        #expect(read.mapValues(\.dateTaken) == [f.path("dated.jpg"): "2023-08-14 16:20:05", f.path("undated.jpg"): ""])
        dates.read([f.path("dated.jpg")])
        dates.waitUntilIdle()
        #expect(dates.drain().isEmpty, "each photo is read once")
    }

    @Test func filtersAndOrdersAsTheSettingsKeepThem() {
        for filter in PhotoFilter.choices { #expect(PhotoFilter(settingName: filter.settingName) == filter) }
        for key in PhotoOrder.Key.allCases {
            for reversed in [false, true] { #expect(PhotoOrder(settingName: PhotoOrder(key, reversed: reversed).settingName) == PhotoOrder(key, reversed: reversed)) }
        }
        #expect(PhotoFilter(settingName: "rated-9") == nil && PhotoOrder(settingName: "colour") == nil)
        #expect(PhotoOrder(.size).choosing(.size) == PhotoOrder(.size, reversed: true))
        #expect(PhotoOrder(.size, reversed: true).choosing(.name) == PhotoOrder(.name))
    }
}
