// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
import SystemPackage
import Testing
import TestSupport

@Suite struct DuplicatesTests {
    private func photo(_ name: String, bytes: Int = 100, modified: Double = 0) -> Photo {
        Photo(path: FilePath("/p/\(name)"), format: .jpeg, byteCount: bytes, modificationDate: Date(timeIntervalSince1970: modified))
    }

    @Test func theSameFileIsFoundBySizeThenByHashAndOnlyThen() {
        let photos = [photo("a.jpg", bytes: 10), photo("a copy.jpg", bytes: 10), photo("b.jpg", bytes: 10), photo("c.jpg", bytes: 11)]
        var hashed: [String] = []
        let contents = ["a.jpg": 1, "a copy.jpg": 1, "b.jpg": 2, "c.jpg": 1] as [String: UInt64]
        let groups = Duplicates.sameFiles(photos) { path, _ in
            hashed.append(path.lastComponent!.string)
            return ContentHash(high: 0, low: contents[path.lastComponent!.string]!)
        }
        #expect(groups.map { Set($0.map(\.fileName)) } == [["a.jpg", "a copy.jpg"]])
        #expect(!hashed.contains("c.jpg"), "a file of a size no other has is never read")
    }

    /// A resized copy (another size, one look, one shape, the date kept or dropped) is the
    /// same picture; a burst's frames (one size, pixels apart) and another shape are not.
    @Test func theSamePictureIsAResizedCopyOrOneThatDecodesAlike() {
        let look = PhotoLikeness(sharpness: 1, hash: 0xF0F0_F0F0_0F0F_0F0F)
        let near = PhotoLikeness(sharpness: 1, hash: 0xF0F0_F0F0_0F0F_0F0E)
        let photos = ["big.jpg", "small.jpg", "whatsapp.jpg", "frame1.jpg", "frame2.jpg", "square.jpg", "lateday.jpg", "resaved.jpg"].map { photo($0) }
        let facts: [String: Duplicates.Facts] = [
            "big.jpg": .init(width: 4000, height: 3000, dateTaken: "2024-06-14 10:03:22"),
            "small.jpg": .init(width: 2048, height: 1536, dateTaken: "2024-06-14 10:03:22"),
            "whatsapp.jpg": .init(width: 1600, height: 1200, dateTaken: nil),
            "frame1.jpg": .init(width: 4000, height: 3000, dateTaken: "2024-06-14 10:03:22.10"),
            "frame2.jpg": .init(width: 4000, height: 3000, dateTaken: "2024-06-14 10:03:22.20"),
            "square.jpg": .init(width: 3000, height: 3000, dateTaken: "2024-06-14 10:03:22"),
            "lateday.jpg": .init(width: 1000, height: 750, dateTaken: "2024-06-15 10:03:22"),
            "resaved.jpg": .init(width: 4000, height: 3000, dateTaken: "2024-06-14 10:03:22"),
        ]
        let pixels: [String: UInt64] = ["big.jpg": 1, "frame1.jpg": 2, "frame2.jpg": 3, "resaved.jpg": 1]
        let candidates = photos.map { Duplicates.Candidate(photo: $0, likeness: $0.fileName == "small.jpg" ? near : look, isMarked: false) }
        let groups = Duplicates.samePictures(candidates, facts: { facts[$0.fileName] }) { photo in
            pixels[photo.fileName].map { ContentHash(high: 0, low: $0) }
        }
        #expect(groups.map { Set($0.map(\.fileName)) } == [["big.jpg", "small.jpg", "whatsapp.jpg", "resaved.jpg"]], "\(groups.map { $0.map(\.fileName) })")
    }

    @Test func theOneKeptIsTheLargestThenTheOldestThenAMarkedOne() {
        let photos = [photo("b.jpg", modified: 5), photo("a.jpg", modified: 9), photo("c.jpg", modified: 5)]
        #expect(Duplicates.keeperFirst(photos, pixels: { $0.fileName == "a.jpg" ? 2 : 1 }, isMarked: { _ in false }).map(\.fileName) == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(Duplicates.keeperFirst(photos, pixels: { _ in 1 }, isMarked: { $0.fileName == "c.jpg" }).map(\.fileName) == ["c.jpg", "b.jpg", "a.jpg"])
    }

    /// On real files through a helper: a copy byte for byte, a copy resized without its
    /// EXIF, and a photo of its own.
    @Test func theFinderFindsBothTiersAmongRealPhotos() throws {
        let f = try MarkFolder()
        try f.run(["convert", "-size", "400x300", "gradient:red-blue", "-fill", "white", "-draw", "circle 200,150 260,150", f.path("IMG_1.jpg").string])
        try f.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:06:14 10:03:22", f.path("IMG_1.jpg").string])
        try FileManager.default.copyItem(atPath: f.path("IMG_1.jpg").string, toPath: f.path("IMG_1 (1).jpg").string)
        try f.run(["convert", f.path("IMG_1.jpg").string, "-strip", "-resize", "50%", f.path("IMG-WA0001.jpg").string])
        try f.run(["convert", "-size", "400x300", "gradient:green-yellow", f.path("IMG_2.jpg").string])
        let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])
        let photos = try FolderScanner.photos(in: FilePath(f.folder.path))
        let candidates = photos.map { Duplicates.Candidate(photo: $0, likeness: try? decoder.likeness($0.path).get(), isMarked: false) }
        let finder = DuplicateFinder(decoder: decoder)
        let found = Found()
        finder.find(candidates) { found.groups = $0 }
        finder.waitUntilIdle()
        let groups = try #require(found.groups)
        #expect(groups.map(\.kind) == [.sameFile, .samePicture], "\(groups)")
        #expect(groups[0].photos.map(\.fileName).sorted() == ["IMG_1 (1).jpg", "IMG_1.jpg"])
        #expect(Set(groups[1].photos.map(\.fileName)).contains("IMG-WA0001.jpg") && groups[1].keep.fileName.hasPrefix("IMG_1"),
                "the resized copy goes with the original, kept for its size: \(groups[1].photos.map(\.fileName))")
    }

    final class Found: @unchecked Sendable { var groups: [DuplicateGroup]? }

    /// The copies go to the Trash and their marks to the photo kept, as one step.
    @Test func copiesGoAndTheirMarksStayOnTheOneKeptInOneStep() throws {
        let f = try MarkFolder()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try f.photo(name) }
        let model = AlbumModel(folder: FilePath(f.folder.path), trash: Trash(homeTrash: FilePath(f.dataFolder.string + "-trash")), markBook: f.book)
        model.appendListing(try FolderScanner.photos(in: FilePath(f.folder.path)))
        model.finishListing()
        model.mark([f.path("b.jpg")], .rate(4))
        model.mark([f.path("c.jpg")], .flag(.pick))
        let (keep, b, c) = (model.photos[0], model.photos[1], model.photos[2])
        let (moved, failed) = model.trashCopies([(keep, [b, c])])
        #expect(moved.count == 2 && failed.isEmpty && model.photos.map(\.fileName) == ["a.jpg"])
        #expect(model.marks(of: keep) == PhotoMarks(rating: 4, flag: .pick))
        guard case .restored? = try model.undo() else { Issue.record("one undo brings them back"); return }
        #expect(model.photos.map(\.fileName) == ["a.jpg", "b.jpg", "c.jpg"] && model.marks(of: keep).isEmpty)
        #expect(model.marks(of: model.photos[1]).rating == 4, "their own marks are theirs again")
        guard case .marks? = try model.undo() else { Issue.record("the marks before are the step before"); return }
        f.book.waitUntilIdle()
    }
}
