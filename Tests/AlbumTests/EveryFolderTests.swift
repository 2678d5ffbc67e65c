// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
import SystemPackage
import Testing

/// Every folder below one as one album: kept folder by folder as the walk brings them,
/// pairs found within a folder and never across two, shown in any order like one folder.
@Suite struct EveryFolderTests {
    let root = FilePath("/Pictures")

    func photo(_ relative: String, _ format: ImageFormat = .jpeg, seconds: Double = 0) -> Photo {
        Photo(path: root.appending(relative), format: format, byteCount: 1, modificationDate: Date(timeIntervalSince1970: seconds))
    }

    func names(_ model: AlbumModel) -> [String] {
        model.photos.map { photo in
            ([photo] + photo.companions).map { String($0.path.string.dropFirst(root.string.count + 1)) }.joined(separator: "+")
        }
    }

    func model() -> AlbumModel {
        AlbumModel(folder: root, trash: Trash(homeTrash: FilePath("/nonexistent/Trash")))
    }

    @Test func aWalksBatchesAreKeptFolderByFolderAndPairsStayInTheirFolder() {
        let album = model()
        var diffs: [AlbumDiff] = []
        let token = album.observe { diffs.append($0) }
        album.appendListing([photo("top.jpg")])
        album.appendListing([photo("2019/IMG_1.CR3", .raw), photo("2019/IMG_1.JPG"), photo("2019/IMG_2.JPG")])
        // The same name in another folder is another photo, not the RAW's pair.
        album.appendListing([photo("2019/Trip/IMG_1.CR3", .raw), photo("2020/IMG_1.JPG")])
        album.finishListing()
        #expect(names(album) == ["top.jpg", "2019/IMG_1.JPG+2019/IMG_1.CR3", "2019/IMG_2.JPG", "2019/Trip/IMG_1.CR3", "2020/IMG_1.JPG"])
        #expect(diffs.prefix(3).allSatisfy { $0.removed.isEmpty && $0.moved.isEmpty }, "batches in walk order are only appended")
        token.cancel()
    }

    @Test func batchesOutOfOrderAndARescanFindTheirPlaces() {
        let album = model()
        album.appendListing([photo("2020/b.jpg"), photo("2021/c.jpg")])
        album.appendListing([photo("2019/a.jpg"), photo("2020/Sub/d.jpg")])
        album.finishListing()
        #expect(names(album) == ["2019/a.jpg", "2020/b.jpg", "2020/Sub/d.jpg", "2021/c.jpg"])
        album.applyRescan([photo("2021/c.jpg"), photo("2019/a.jpg"), photo("2019/new.jpg"), photo("2020/Sub/d.jpg")])
        #expect(names(album) == ["2019/a.jpg", "2019/new.jpg", "2020/Sub/d.jpg", "2021/c.jpg"])
    }

    @Test func theTimelineOfEveryFolderIsByDateTakenAcrossFolders() {
        let album = model()
        album.setOrder(PhotoOrder(.dateTaken))
        album.appendListing([photo("2019/a.jpg", seconds: 1_620_000_000), photo("2020/b.jpg", seconds: 1_580_000_000), photo("Phone/c.jpg", seconds: 1_600_000_000)])
        album.noteDatesTaken([root.appending("Phone/c.jpg"): "2018-01-01 10:00:00"])
        album.finishListing()
        #expect(names(album) == ["Phone/c.jpg", "2020/b.jpg", "2019/a.jpg"])
    }
}
