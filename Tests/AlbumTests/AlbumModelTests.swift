// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
import Testing
import Album
import PhotoLibrary
import SystemPackage

/// A real folder of small files and a private home trash, so the model's own moves are
/// real renames; listings are made from the folder as a rescan would read it.
final class AlbumFixture {
    let root: FilePath
    let folder: FilePath
    let model: AlbumModel
    var diffs: [AlbumDiff] = []
    private var token: ObservationToken?

    init(names: [String]) throws {
        root = FilePath(FileManager.default.temporaryDirectory.path).appending("flick-album-\(getpid())-\(UUID().uuidString.prefix(8))")
        folder = root.appending("photos")
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        model = AlbumModel(folder: folder, trash: Trash(homeTrash: root.appending("data/Trash")))
        for name in names { try write(name) }
        token = model.observe { [unowned self] in diffs.append($0) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root.string) }

    func write(_ name: String, bytes: Int = 100) throws {
        try Data(repeating: 0xAB, count: bytes).write(to: URL(fileURLWithPath: folder.appending(name).string))
    }

    func remove(_ name: String) throws { try FileManager.default.removeItem(atPath: folder.appending(name).string) }

    /// The folder as a rescan reads it now.
    func listing() throws -> [Photo] {
        try FileManager.default.contentsOfDirectory(atPath: folder.string).map { name in
            let path = folder.appending(name)
            let attributes = try FileManager.default.attributesOfItem(atPath: path.string)
            return Photo(path: path, format: .jpeg, byteCount: (attributes[.size] as? Int) ?? 0,
                         modificationDate: (attributes[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0))
        }.sorted { NaturalOrder.areInIncreasingOrder($0.fileName, $1.fileName) }
    }

    func loadAll() throws {
        model.appendListing(try listing())
        model.finishListing()
        diffs = []
    }

    var names: [String] { model.photos.map(\.fileName) }
    func path(_ name: String) -> FilePath { folder.appending(name) }
}

@Suite struct AlbumModelTests {
    @Test func theListingArrivesInBatchesAsInsertionsInNaturalOrder() throws {
        let f = try AlbumFixture(names: ["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg", "IMG_3.jpg"])
        let all = try f.listing()
        #expect(f.model.status == .listing)
        f.model.appendListing(Array(all.prefix(2)))
        f.model.appendListing(Array(all.suffix(2)))
        f.model.finishListing()
        #expect(f.names == ["IMG_1.jpg", "IMG_2.jpg", "IMG_3.jpg", "IMG_10.jpg"])
        #expect(f.diffs.map(\.inserted) == [[0, 1], [2, 3], []])
        #expect(f.model.status == .ready)
    }

    @Test func aRescanReportsAddsRemovesAndRewritesAndASelectionFollowsItsPhoto() throws {
        let f = try AlbumFixture(names: ["a.jpg", "c.jpg", "e.jpg", "g.jpg"])
        try f.loadAll()
        let selected = 2                                        // e.jpg
        try f.write("b.jpg")
        try f.write("d.jpg")
        try f.remove("g.jpg")
        try f.write("c.jpg", bytes: 500)                        // rewritten
        f.model.applyRescan(try f.listing())
        let diff = try #require(f.diffs.last)
        #expect(f.names == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
        #expect(diff.inserted == [1, 3] && diff.removed == [3] && diff.changed == [2] && diff.moved.isEmpty)
        #expect(diff.newIndex(ofOld: selected) == 4 && f.names[4] == "e.jpg", "the selection stays on e.jpg, not on index 2")
        #expect(diff.newIndex(ofOld: 3) == nil)
    }

    @Test func aRenameIsOnePhotoLeavingAndAnotherArriving() throws {
        let f = try AlbumFixture(names: ["a.jpg", "b.jpg"])
        try f.loadAll()
        try FileManager.default.moveItem(atPath: f.path("a.jpg").string, toPath: f.path("z.jpg").string)
        f.model.applyRescan(try f.listing())
        #expect(f.diffs.last?.removed == [0] && f.diffs.last?.inserted == [1])
        f.model.applyRescan(try f.listing())
        #expect(f.diffs.count == 1, "the same listing again changes nothing")
    }

    @Test func anAlbumThatEmptiesOrVanishesSaysSo() throws {
        let f = try AlbumFixture(names: ["a.jpg", "b.jpg"])
        try f.loadAll()
        try f.remove("a.jpg")
        try f.remove("b.jpg")
        f.model.applyRescan(try f.listing())
        #expect(f.model.status == .empty && f.diffs.last?.removed == [0, 1])
        f.model.folderFailed(.notFound(f.folder.string))
        #expect(f.model.status == .unavailable("\(f.folder.string): no such file or folder") && f.model.count == 0)
    }

    @Test func aPhotoFlickTrashesLeavesAtOnceAndTheWatchersEchoIsNotAppliedAgain() throws {
        let f = try AlbumFixture(names: ["a.jpg", "b.jpg", "c.jpg"])
        try f.loadAll()
        let before = try f.listing()                            // a rescan begun before the move...
        try f.model.moveToTrash(f.path("b.jpg"))
        #expect(f.names == ["a.jpg", "c.jpg"] && f.diffs.map(\.removed) == [[1]])
        #expect(!FileManager.default.fileExists(atPath: f.path("b.jpg").string))
        f.model.applyRescan(before)                             // ...and delivered after it
        #expect(f.names == ["a.jpg", "c.jpg"] && f.diffs.count == 1, "a stale listing does not bring it back")
        f.model.applyRescan(try f.listing())                    // the watcher's echo
        #expect(f.diffs.count == 1, "the echo is recognised, not applied twice")
        #expect(f.model.trashedCount == 1)
    }

    @Test func undoBringsPhotosBackToTheirPlacesLastFirstAndItsEchoIsNotAppliedAgain() throws {
        let f = try AlbumFixture(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        try f.loadAll()
        try f.model.moveToTrash(f.path("b.jpg"))
        try f.model.moveToTrash(f.path("d.jpg"))
        try f.model.moveToTrash(f.path("a.jpg"))
        #expect(f.names == ["c.jpg"] && f.model.trashedCount == 3)
        let stale = try f.listing()                             // read while they were all away
        let undone = try #require(try f.model.undo())
        guard case let .restored(firsts) = undone, let first = firsts.first else { Issue.record("\(undone)"); return }
        #expect(firsts.count == 1 && first.photo.fileName == "a.jpg" && f.names == ["a.jpg", "c.jpg"] && f.diffs.last?.inserted == [0])
        f.model.applyRescan(stale)
        #expect(f.names == ["a.jpg", "c.jpg"], "a listing from before the restore does not take it away again")
        try f.model.undo()
        try f.model.undo()
        #expect(f.names == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] && f.model.trashedCount == 0)
        #expect(try f.model.undo() == nil)
        let diffsBefore = f.diffs.count
        f.model.applyRescan(try f.listing())
        #expect(f.diffs.count == diffsBefore)
    }

    @Test func anUndoOntoANameTakenMeanwhileFailsLosesNothingAndCanBeRetried() throws {
        let f = try AlbumFixture(names: ["a.jpg", "b.jpg"])
        try f.loadAll()
        try f.model.moveToTrash(f.path("a.jpg"))
        try f.write("a.jpg", bytes: 7)                          // someone else's new a.jpg
        #expect(throws: TrashError.occupied(f.path("a.jpg").string)) { try f.model.undo() }
        #expect(f.model.history.count == 1)
        var info = stat()
        stat(f.path("a.jpg").string, &info)
        #expect(info.st_size == 7, "the newcomer is untouched")
        try f.remove("a.jpg")
        try f.model.undo()
        stat(f.path("a.jpg").string, &info)
        #expect(info.st_size == 100 && f.model.history.isEmpty)
    }

    @Test func aStoppedObservationHearsNothingMore() throws {
        let f = try AlbumFixture(names: ["a.jpg"])
        var heard = 0
        var token: ObservationToken? = f.model.observe { _ in heard += 1 }
        f.model.appendListing(try f.listing())
        token = nil
        try f.write("b.jpg")
        f.model.applyRescan(try f.listing())
        #expect(heard == 1 && token == nil)
    }

    @Test func aBigListingIsAppendedBatchByBatchAndABatchOutOfOrderIsMergedIntoPlace() {
        func photo(_ name: String) -> Photo {
            Photo(path: FilePath("/p/\(name)"), format: .jpeg, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0))
        }
        let model = AlbumModel(folder: FilePath("/p"), trash: Trash(homeTrash: FilePath("/nonexistent/Trash")))
        var diffs: [AlbumDiff] = []
        let token = model.observe { diffs.append($0) }
        let names = (1...3000).map { "IMG_\($0).jpg" }
        for start in stride(from: 0, to: names.count, by: 256) {
            model.appendListing(names[start..<min(start + 256, names.count)].map(photo))
        }
        #expect(model.count == 3000 && model.photos[2999].fileName == "IMG_3000.jpg")
        #expect(diffs.count == 12 && diffs[1].inserted.first == 256 && diffs[1].newIndex(ofOld: 255) == 255 && diffs[1].newIndex(ofOld: 256) == nil)
        // A photo that sorts before the others (arrived late) goes to its place.
        model.appendListing([photo("IMG_0.jpg")])
        #expect(model.photos[0].fileName == "IMG_0.jpg" && diffs.last?.inserted == [0] && diffs.last?.newIndex(ofOld: 0) == 1)
        token.cancel()
    }

    /// Search as you type keeps each photo's folded words between keystrokes; what is read
    /// later (a camera) is found from then on, not hidden by what was kept.
    @Test func aSearchFindsWhatIsReadAfterItsFirstKeystroke() throws {
        func photo(_ name: String) -> Photo {
            Photo(path: FilePath("/p/\(name)"), format: .jpeg, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0))
        }
        let model = AlbumModel(folder: FilePath("/p"), trash: Trash(homeTrash: FilePath("/nonexistent/Trash")))
        model.appendListing(["Trip/a.jpg", "Trip/b.jpg", "Home/c.jpg"].map(photo))
        model.setSearch(PhotoSearch("trip", root: FilePath("/p")))
        #expect(model.photos.map(\.fileName) == ["a.jpg", "b.jpg"])
        model.setSearch(PhotoSearch("canon", root: FilePath("/p")))
        #expect(model.photos.isEmpty, "no camera read yet")
        model.noteTraits([FilePath("/p/Home/c.jpg"): PhotoTraits(dateTaken: "2024:05:01 10:00:00", camera: "Canon EOS R6", lens: nil, latitude: nil, longitude: nil)])
        #expect(model.photos.map(\.fileName) == ["c.jpg"], "the camera read since is found")
        model.setSearch(PhotoSearch("canon home", root: FilePath("/p")))
        #expect(model.photos.map(\.fileName) == ["c.jpg"])
        model.setSearch(nil)
        #expect(model.count == 3)
    }

    /// Keys typed narrow the album as arranged; a date read between two keys (the album in
    /// name order, so nothing moved) is searched by the next key, and in date order a key
    /// keeps the order the dates give.
    @Test func aKeyTypedSearchesTheDatesReadSinceTheLastOne() {
        func photo(_ name: String) -> Photo {
            Photo(path: FilePath("/p/\(name)"), format: .jpeg, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0))
        }
        let model = AlbumModel(folder: FilePath("/p"), trash: Trash(homeTrash: FilePath("/nonexistent/Trash")))
        model.appendListing(["a.jpg", "b.jpg", "c.jpg"].map(photo))
        model.noteDatesTaken([FilePath("/p/a.jpg"): "2019:06:01 10:00:00", FilePath("/p/c.jpg"): "2019:01:01 10:00:00"])
        model.prepareSearch()
        model.setSearch(PhotoSearch("2019", root: FilePath("/p")))
        #expect(model.photos.map(\.fileName) == ["a.jpg", "c.jpg"])
        model.noteDatesTaken([FilePath("/p/b.jpg"): "2019:03:01 10:00:00"])
        model.setSearch(PhotoSearch("2019 ", root: FilePath("/p")))
        #expect(model.photos.map(\.fileName) == ["a.jpg", "b.jpg", "c.jpg"], "b's date, read since, is searched")
        model.setOrder(PhotoOrder(.dateTaken, reversed: false))
        model.setSearch(PhotoSearch("2019 jpg", root: FilePath("/p")))
        #expect(model.photos.map(\.fileName) == ["c.jpg", "b.jpg", "a.jpg"])
        model.setSearch(PhotoSearch("2019 b", root: FilePath("/p")))
        #expect(model.photos.map(\.fileName) == ["b.jpg"])
        model.setSearch(nil)
        #expect(model.photos.map(\.fileName) == ["c.jpg", "b.jpg", "a.jpg"])
    }

    /// A photo whose date is not read yet counts as taken when its file was last written,
    /// written as EXIF writes a date, in local time.
    @Test func anUndatedPhotoCountsAsTakenAtItsFilesTime() {
        let model = AlbumModel(folder: FilePath("/p"), trash: Trash(homeTrash: FilePath("/nonexistent/Trash")))
        for seconds in [0.0, 86_399.0, 1_700_000_000.9, 951_782_400.0, 4_102_444_799.0] {
            let photo = Photo(path: FilePath("/p/IMG_0001.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date(timeIntervalSince1970: seconds))
            var time = time_t(seconds.rounded(.down))
            var parts = tm()
            localtime_r(&time, &parts)
            let expected = String(format: "%04d-%02d-%02d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                                  parts.tm_hour, parts.tm_min, parts.tm_sec)
            #expect(model.dateTakenText(of: photo) == expected)
        }
    }

    /// While a tree's dates are read, a photo whose own is not read yet waits at the end of
    /// the timeline, newest first or oldest first, and takes its place once read; one read
    /// and found to have none counts by its file's time.
    @Test(arguments: [true, false])
    func photosWhoseDatesAreBeingReadWaitAtTheEnd(newestFirst: Bool) {
        func photo(_ name: String, _ seconds: Double) -> Photo {
            Photo(path: FilePath("/p/\(name)"), format: .jpeg, byteCount: 1, modificationDate: Date(timeIntervalSince1970: seconds))
        }
        let model = AlbumModel(folder: FilePath("/p"), trash: Trash(homeTrash: FilePath("/nonexistent/Trash")), holdsUnreadDatesLast: true)
        model.setOrder(PhotoOrder(.dateTaken, reversed: newestFirst))
        // Files written today (a copy): their times would put them all at the timeline's head.
        let today = Date().timeIntervalSince1970
        model.appendListing([photo("a.jpg", today), photo("b.jpg", today), photo("c.jpg", today)])
        model.noteDatesTaken([FilePath("/p/b.jpg"): "2019:06:01 10:00:00", FilePath("/p/c.jpg"): "2018:01:01 10:00:00"])
        #expect(model.photos.map(\.fileName) == (newestFirst ? ["b.jpg", "c.jpg", "a.jpg"] : ["c.jpg", "b.jpg", "a.jpg"]), "a, unread, waits")
        model.noteDatesTaken([FilePath("/p/a.jpg"): "2018:06:01 10:00:00"])
        #expect(model.photos.map(\.fileName) == (newestFirst ? ["b.jpg", "a.jpg", "c.jpg"] : ["c.jpg", "a.jpg", "b.jpg"]))
        model.appendListing([photo("d.jpg", 1_000_000_000)])
        model.noteDatesTaken([FilePath("/p/d.jpg"): ""])
        #expect(model.photos.map(\.fileName) == (newestFirst ? ["b.jpg", "a.jpg", "c.jpg", "d.jpg"] : ["d.jpg", "c.jpg", "a.jpg", "b.jpg"]),
                "read without a date: its file's time, 2001")
    }

    /// A Live Photo whose still and video another program named apart shows as two photos
    /// until their content identifiers are read; then as one, the video leaving as a diff
    /// observers hear, in name order and by date alike; a listing after keeps them one.
    @Test(arguments: [PhotoOrder.byName, PhotoOrder(.dateTaken, reversed: true)])
    func aLivePhotosStillAndVideoOfTwoNamesBecomeOneWhenTheirIdentifiersAreRead(order: PhotoOrder) throws {
        func photo(_ name: String, _ format: ImageFormat) -> Photo {
            Photo(path: FilePath("/p/\(name)"), format: format, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0))
        }
        let listing = [photo("20230601_120001.jpg", .jpeg), photo("20230601_120002.mov", .video), photo("20230601_130000.jpg", .jpeg)]
        let model = AlbumModel(folder: FilePath("/p"), trash: Trash(homeTrash: FilePath("/nonexistent/Trash")))
        model.setOrder(order)
        model.appendListing(listing)
        model.finishListing()
        #expect(model.count == 3)
        var heard: [AlbumDiff] = []
        let token = model.observe { heard.append($0) }
        model.noteTraits([listing[0].path: PhotoTraits(dateTaken: "2023-06-01 12:00:01", contentIdentifier: "A1"),
                          listing[1].path: PhotoTraits(dateTaken: "2023-06-01 12:00:01", contentIdentifier: "A1"),
                          listing[2].path: PhotoTraits(dateTaken: "2023-06-01 13:00:00")])
        #expect(model.count == 2)
        #expect(model.photos.first { $0.path == listing[0].path }?.liveVideo?.path == listing[1].path)
        #expect(heard.contains { !$0.removed.isEmpty }, "the video left the album as a diff")
        model.applyRescan(listing)
        #expect(model.count == 2 && model.index(of: listing[1].path) == model.index(of: listing[0].path))
        token.cancel()
    }

    @Test func movesAreWhatLeftTheLongestRunThatKeptItsOrder() {
        func photos(_ names: [String]) -> [Photo] {
            names.map { Photo(path: FilePath("/p/\($0)"), format: .jpeg, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0)) }
        }
        let diff = AlbumDiff(from: photos(["a", "b", "c", "d"]), to: photos(["b", "c", "a", "d"]))
        #expect(diff.moved.count == 1 && diff.moved[0].from == 0 && diff.moved[0].to == 2)
        #expect(diff.inserted.isEmpty && diff.removed.isEmpty)
    }

    @Test func aSearchNarrowingOrWideningTheAlbumIsDiffedPhotoByPhoto() {
        func photos(_ names: [String], size: Int = 1) -> [Photo] {
            names.map { Photo(path: FilePath("/p/\($0)"), format: .jpeg, byteCount: size, modificationDate: Date(timeIntervalSince1970: 0)) }
        }
        let narrowed = AlbumDiff(from: photos(["a", "b", "c", "d", "e"]), to: photos(["b"]) + photos(["d"], size: 2))
        #expect(narrowed.removed == [0, 2, 4] && narrowed.inserted.isEmpty && narrowed.moved.isEmpty)
        #expect(narrowed.changed == [1], "d was rewritten meanwhile")
        #expect(narrowed.newIndex(ofOld: 1) == 0 && narrowed.newIndex(ofOld: 3) == 1)
        #expect(narrowed.newIndex(ofOld: 0) == nil && narrowed.newIndex(ofOld: 4) == nil && narrowed.newIndex(ofOld: 9) == nil)
        let widened = AlbumDiff(from: photos(["b", "d"]), to: photos(["a", "b", "c", "d", "e"]))
        #expect(widened.inserted == [0, 2, 4] && widened.removed.isEmpty && widened.moved.isEmpty && widened.changed.isEmpty)
        #expect(widened.newIndex(ofOld: 0) == 1 && widened.newIndex(ofOld: 1) == 3)
        // Narrowed and reordered at once: the general diff, a move among what stayed.
        let both = AlbumDiff(from: photos(["a", "b", "c", "d"]), to: photos(["d", "b"]))
        #expect(both.removed == [0, 2] && both.inserted.isEmpty && both.moved.count == 1)
        #expect(both.newIndex(ofOld: 3) == 0 && both.newIndex(ofOld: 1) == 1 && both.newIndex(ofOld: 0) == nil)
    }
}

@Suite struct AlbumStatusTests {
    @Test func observersHearAStatusChangeEvenWhenNoPhotoMoves() {
        let model = AlbumModel(folder: FilePath("/gone"), trash: Trash(homeTrash: FilePath("/nonexistent/Trash")))
        var statuses: [AlbumModel.Status] = []
        let token = model.observe { _ in statuses.append(model.status) }
        model.finishListing()
        model.folderFailed(.notFound("/gone"))
        #expect(statuses == [.empty, .unavailable("/gone: no such file or folder")])
        // The folder is back (remounted, restored): a rescan that reads it clears the message.
        model.applyRescan([])
        #expect(statuses.last == .empty)
        token.cancel()
    }
}
