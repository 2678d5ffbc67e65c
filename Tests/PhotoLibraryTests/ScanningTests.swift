// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import PhotoLibrary
import SystemPackage

@Suite struct ScanningTests {
    @Test func aFolderListsItsImagesByContentInNaturalOrder() throws {
        let names = try FolderScanner.photos(in: FilePath(Fixtures.photos.path)).map(\.fileName)
        #expect(names.firstIndex(of: "IMG_2.jpg")! < names.firstIndex(of: "IMG_10.jpg")!)
        #expect(names.contains("with space.jpg") && names.contains("animated.gif") && names.contains("huge.jpg"))
        #expect(names.count == 39)
    }

    @Test func oddFilesAreSkippedWithoutHarmAndBrokenPhotosListedToSaySo() throws {
        // Hidden, FIFO, symlink loop, folder and notes are no photos. The empty file, the
        // text and the unreadable one are named as images: listed, they say what is wrong.
        let photos = try FolderScanner.photos(in: FilePath(Fixtures.odd.path))
        #expect(photos.map(\.fileName) == ["empty.jpg", "text.jpg", "unreadable.jpg"])
        func failure(_ name: String) -> DecodeError? {
            do { _ = try ImageDecoder.decode(photos.first { $0.fileName == name }!.path, maximumPixelSize: nil); return nil } catch { return error }
        }
        #expect(failure("empty.jpg")?.headline == "cannot open" && failure("text.jpg")?.headline == "cannot open")
    }

    /// Root reads every file, whatever its mode says: the case cannot be made as root.
    @Test(.disabled(if: getuid() == 0, "run as root, which reads a file whatever its mode says"))
    func aPhotoThatCannotBeReadSaysPermissionDenied() throws {
        let photos = try FolderScanner.photos(in: FilePath(Fixtures.odd.path))
        let unreadable = try #require(photos.first { $0.fileName == "unreadable.jpg" })
        #expect(throws: DecodeError.permissionDenied) { try ImageDecoder.decode(unreadable.path, maximumPixelSize: nil) }
    }

    @Test func aNameThatIsNotUTF8IsListedAndOpens() throws {
        let photos = try FolderScanner.photos(in: FilePath(Fixtures.photos.path))
        let latin1 = try #require(photos.first { $0.fileName.hasSuffix("-latin1.jpg") })
        #expect(latin1.fileName == "caf\u{FFFD}-latin1.jpg")
        let pixels = try ImageDecoder.decode(latin1.path, maximumPixelSize: nil)
        #expect(pixels.width == 40 && pixels.height == 30)
    }

    /// `flick thumbnail PHOTO FOLDER`: an image is itself, a folder its photos, in the order named.
    @Test func photosNamedAreImagesThemselvesAndFoldersTheirPhotos() throws {
        let folder = FilePath(Fixtures.photos.path)
        let latin1 = try #require(try FolderScanner.photos(in: folder).first { $0.fileName.hasSuffix("-latin1.jpg") })
        let named = try FolderScanner.photos(named: [latin1.path, FilePath(Fixtures.odd.path)], recursive: false)
        #expect(named.map(\.fileName) == [latin1.fileName, "empty.jpg", "text.jpg", "unreadable.jpg"])
        #expect(named.first?.path.rawBytes == latin1.path.rawBytes, "a name that is not UTF-8 keeps its bytes")
        #expect(throws: FolderError.self) { try FolderScanner.photos(named: [folder.appending("no such folder")], recursive: true) }
    }

    @Test func missingAndNonFolderPathsSayWhy() {
        #expect(throws: FolderError.notFound("/no/such/place")) { try FolderScanner.photos(in: FilePath("/no/such/place")) }
        #expect(throws: FolderError.notAFolder(Fixtures.photo("IMG_2.jpg").string)) { try FolderScanner.photos(in: Fixtures.photo("IMG_2.jpg")) }
    }

    @Test func naturalOrderCountsNumbersAndIgnoresCase() {
        let sorted = ["img_10.jpg", "IMG_2.jpg", "IMG_1.jpg", "b.jpg", "A.jpg", "IMG_02b.jpg"].sorted(by: NaturalOrder.areInIncreasingOrder)
        #expect(sorted == ["A.jpg", "b.jpg", "IMG_1.jpg", "IMG_2.jpg", "IMG_02b.jpg", "img_10.jpg"])
    }

    @Test func aPhotoComesBeforeItsCopiesAndEdits() {
        let names = ["IMG_1234 (2).JPG", "IMG_1234-edited.jpg", "Dune, panorama.jpg", "IMG_1234.JPG", "IMG_1234.CR2",
                     "Dune grass.jpg", "Dune.jpg", "IMG_1234_1.JPG"]
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) == [
            "Dune.jpg", "Dune grass.jpg", "Dune, panorama.jpg",
            "IMG_1234.CR2", "IMG_1234.JPG", "IMG_1234 (2).JPG", "IMG_1234-edited.jpg", "IMG_1234_1.JPG",
        ])
    }

    @Test func formatsAreSniffedFromContentNotName() {
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0], fileExtension: "png") == .jpeg)
        #expect(ImageFormat.sniff(Array("not an image".utf8), fileExtension: "jpg") == nil)
    }
}

@Suite struct BatchedScanningTests {
    @Test func aScanDeliversThePhotosInNaturalOrderBatchByBatch() throws {
        var batches: [[String]] = []
        try FolderScanner.scan(FilePath(Fixtures.photos.path), batchSize: 6) { batch in
            batches.append(batch.map(\.fileName))
            return true
        }
        #expect(batches.count >= 4 && batches.allSatisfy { $0.count <= 6 })
        #expect(batches.flatMap { $0 } == (try FolderScanner.photos(in: FilePath(Fixtures.photos.path))).map(\.fileName))
    }

    @Test func aScanStopsWhenAsked() throws {
        var delivered = 0
        try FolderScanner.scan(FilePath(Fixtures.photos.path), batchSize: 5) { batch in
            delivered += batch.count
            return false
        }
        #expect(delivered <= 5)
    }
}

@Suite struct AlbumFinderTests {
    var root: FilePath { FilePath(Fixtures.root.appendingPathComponent("albums").path) }

    @Test func theOpenedFolderAndItsSubfoldersWithImagesAreAlbumsInNaturalOrder() {
        let albums = AlbumFinder.albums(in: root)
        #expect(albums.map(\.name) == ["albums", "2024/Home", "2024/Trip", "a/b/c", "Set 2", "Set 10"])
        #expect(albums.map(\.photoCount) == [1, 1, 2, 1, 1, 1])
        #expect(albums[2].cover.fileName == "one.jpg", "the cover is the first photo")
        #expect(albums[2].path == root.appending("2024/Trip"))
    }

    @Test func emptyHiddenLinkedAndTooDeepFoldersAreNotAlbums() {
        let names = AlbumFinder.albums(in: root).map(\.name)
        #expect(!names.contains("Empty") && !names.contains("2024") && !names.contains(".hidden"))
        #expect(!names.contains { $0.contains("up") }, "a link back up is not followed")
        #expect(!names.contains("a/b/c/d"))
        #expect(AlbumFinder.albums(in: root, maximumDepth: 4).map(\.name).contains("a/b/c/d"))
    }

    @Test func aFolderWithOnlySubfoldersHasNoAlbumOfItsOwn() {
        let albums = AlbumFinder.albums(in: root.appending("2024"))
        #expect(albums.map(\.name) == ["Home", "Trip"])
    }

    /// An album's videos are counted among its photos, and apart.
    @Test func anAlbumsVideosAreCountedApart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-albums-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Trip"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.photos.appendingPathComponent("IMG_2.jpg"), to: folder.appendingPathComponent("Trip/a.jpg"))
        // An MP4's first box, as a phone writes it: sniffed as a video.
        let ftyp: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8) + [0, 0, 0, 8] + Array("free".utf8)
        try Data(ftyp).write(to: folder.appendingPathComponent("Trip/clip.mp4"))
        let albums = AlbumFinder.search(in: FilePath(folder.path)).withEveryFolder(root: FilePath(folder.path), named: "All")
        let trip = try #require(albums.first { $0.name == "Trip" })
        #expect(trip.photoCount == 2 && trip.videoCount == 1)
        #expect(albums.first?.videoCount == 1, "every folder at once counts them too")
    }

    @Test func aMissingFolderHasNoAlbums() {
        #expect(AlbumFinder.albums(in: root.appending("nowhere")).isEmpty)
    }
}

@Suite struct SidecarScanningTests {
    @Test func sidecarsBesideThePhotosAreNotPhotos() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-scan-xmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.photos.appendingPathComponent("IMG_2.jpg"), to: folder.appendingPathComponent("a.jpg"))
        try Data("<x:xmpmeta/>".utf8).write(to: folder.appendingPathComponent("a.jpg.xmp"))
        // Even one that holds a JPEG's bytes under a sidecar's name.
        try FileManager.default.copyItem(at: Fixtures.photos.appendingPathComponent("IMG_2.jpg"), to: folder.appendingPathComponent("a.XMP"))
        #expect(try FolderScanner.photos(in: FilePath(folder.path)).map(\.fileName) == ["a.jpg"])
    }
}
