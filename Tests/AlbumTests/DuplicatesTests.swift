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

    /// A library of 100,000 photos with 10,000 copied byte for byte, 1,000 resized, and
    /// 3,000 black frames that all look alike: every copy found, nothing else grouped, and
    /// the frames' crowded look not searched pair by pair.
    @Test func aHundredThousandPhotosWithTenThousandCopiesAreSortedOut() {
        var generator = SystemRandomNumberGenerator()
        let count = 100_000
        // Sizes crowd into a narrow range, as a phone's JPEGs do: most sizes are shared.
        let originals = (0..<count).map { photo("IMG_\($0).jpg", bytes: 2_000_000 + Int.random(in: 0..<20_000, using: &generator)) }
        let copied = originals.prefix(10_000).map { photo("Backup/" + $0.fileName, bytes: $0.byteCount) }
        var content = Dictionary(uniqueKeysWithValues: originals.enumerated().map { ($0.element.path, UInt64($0.offset)) })
        for (copy, original) in zip(copied, originals) { content[copy.path] = content[original.path] }
        var hashes = 0
        let sameFiles = Duplicates.sameFiles(originals + copied) { path, _ in
            hashes += 1
            return ContentHash(high: 7, low: content[path]!)
        }
        #expect(sameFiles.count == 10_000 && sameFiles.allSatisfy { $0.count == 2 && $0[0].fileName == $0[1].fileName })
        #expect(hashes < 2 * (count + 10_000) + 1, "each file read at most twice (a part, then the whole)")

        var looks = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
        for black in 50_000..<53_000 { looks[black] = 0 }
        var candidates = originals.enumerated().map { Duplicates.Candidate(photo: $0.element, likeness: PhotoLikeness(sharpness: 1, hash: looks[$0.offset]), isMarked: false) }
        var facts = Dictionary(uniqueKeysWithValues: originals.map { ($0.fileName, Duplicates.Facts(width: 4000, height: 3000, dateTaken: nil)) })
        for index in 20_000..<21_000 {
            let resized = photo("WhatsApp/\(index).jpg", bytes: 200_000)
            candidates.append(Duplicates.Candidate(photo: resized, likeness: PhotoLikeness(sharpness: 1, hash: looks[index] ^ 1), isMarked: false))
            facts[resized.fileName] = Duplicates.Facts(width: 1600, height: 1200, dateTaken: nil)
        }
        var decoded = 0
        let samePictures = Duplicates.samePictures(candidates, facts: { facts[$0.fileName] }) { photo in
            decoded += 1
            return ContentHash(high: 0, low: UInt64(abs(photo.fileName.hashValue)))
        }
        let resizedGroups = samePictures.filter { group in group.contains { $0.path.string.contains("WhatsApp") } }
        #expect(resizedGroups.count == 1_000 && resizedGroups.allSatisfy { $0.count == 2 }, "\(resizedGroups.count) of 1,000")
        #expect(samePictures.count == 1_000, "the black frames and chance looks are not copies: \(samePictures.count - resizedGroups.count) more")
        #expect(decoded < 1_000, "pixels decoded only where sizes agree and looks are near: \(decoded)")
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
