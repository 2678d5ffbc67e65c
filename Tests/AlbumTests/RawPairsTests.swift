// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
import SystemPackage
import Testing
import TestSupport

@Suite struct RawPairsTests {
    func photo(_ name: String, _ format: ImageFormat) -> Photo {
        Photo(path: FilePath("/card/" + name), format: format, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0))
    }

    func shown(_ photos: [Photo]) -> [String] {
        RawPairs.folded(photos).map { ([$0.fileName] + $0.companions.map(\.fileName)).joined(separator: "+") }
    }

    @Test func aRawAndItsJpegOrHeicOfTheSameNameAreOnePhoto() {
        #expect(shown([photo("IMG_1.CR3", .raw), photo("IMG_1.JPG", .jpeg), photo("IMG_2.JPG", .jpeg)]) == ["IMG_1.JPG+IMG_1.CR3", "IMG_2.JPG"])
        #expect(shown([photo("IMG_1.dng", .raw), photo("IMG_1.heic", .heif)]) == ["IMG_1.heic+IMG_1.dng"])
        // With both a JPEG and a HEIC, the JPEG takes the RAW; the HEIC stays itself.
        #expect(shown([photo("A.ARW", .raw), photo("A.HEIC", .heif), photo("A.JPG", .jpeg)]) == ["A.HEIC", "A.JPG+A.ARW"])
        #expect(RawPairs.folded([photo("IMG_1.CR3", .raw), photo("IMG_1.JPG", .jpeg)])[0].pairName == "RAW+JPEG")
    }

    @Test func otherNamesAndLoneFilesStayAsTheyAre() {
        #expect(shown([photo("IMG_1 copy.JPG", .jpeg), photo("IMG_1.CR3", .raw)]) == ["IMG_1 copy.JPG", "IMG_1.CR3"])
        #expect(shown([photo("IMG_1.CR3", .raw), photo("IMG_1.PNG", .png)]) == ["IMG_1.CR3", "IMG_1.PNG"])
        #expect(shown([photo("IMG_1.JPG", .jpeg), photo("IMG_10.CR3", .raw)]) == ["IMG_1.JPG", "IMG_10.CR3"])
        #expect(RawPairs.folded([photo("IMG_2.JPG", .jpeg)])[0].pairName == nil)
    }
}

@Suite struct RawPairAlbumTests {
    /// A card of RAW+JPEG pairs: a DNG (made by scripts/make-dng.py) beside a JPEG of each name.
    final class Card {
        let f: MarkFolder
        let model: AlbumModel

        init(pairs: [String], listedInBatchesOf batch: Int = .max) throws {
            f = try MarkFolder()
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("scripts/make-dng.py").path
            for name in pairs {
                try f.photo(name + ".JPG")
                try f.run(["python3", script, f.path(name + ".DNG").string, "60", "40"])
            }
            model = AlbumModel(folder: FilePath(f.folder.path), trash: Trash(homeTrash: FilePath(f.dataFolder.string + "-trash")), markBook: f.book)
            let listing = try FolderScanner.photos(in: FilePath(f.folder.path))
            for start in stride(from: 0, to: listing.count, by: min(batch, listing.count)) {
                model.appendListing(Array(listing[start..<min(start + batch, listing.count)]))
            }
            model.finishListing()
        }
    }

    @Test func aPairIsOnePhotoEvenWhenTheListingSplitsItAcrossBatches() throws {
        let card = try Card(pairs: ["IMG_1", "IMG_2", "IMG_3"], listedInBatchesOf: 1)
        #expect(card.model.photos.map(\.fileName) == ["IMG_1.JPG", "IMG_2.JPG", "IMG_3.JPG"])
        #expect(card.model.photos.allSatisfy { $0.companions.map(\.format) == [.raw] })
        #expect(card.model.index(of: card.f.path("IMG_2.DNG")) == 1, "opened on the RAW, the pair is found")
    }

    @Test func aPairIsMarkedTogetherInBothSidecarsAndShowsARawsOwnMarks() throws {
        let card = try Card(pairs: ["IMG_1", "IMG_2"])
        #expect(card.model.mark(card.f.path("IMG_1.JPG"), .rate(4)))
        card.f.book.waitUntilIdle()
        #expect(try card.f.tags("IMG_1.JPG.xmp").contains("Rating: 4") && card.f.tags("IMG_1.DNG.xmp").contains("Rating: 4"))
        // A RAW marked in darktable beside an unmarked JPEG: the pair shows the RAW's marks.
        try card.f.run(["exiftool", "-q", "-XMP-xmp:Label=Green", "-o", card.f.path("IMG_2.DNG.xmp").string])
        card.f.book.read([card.f.path("IMG_2.DNG")])
        card.f.book.waitUntilIdle()
        _ = card.model.drainMarks()
        #expect(card.model.marks(of: card.model.photos[1]).label == .green)
        card.model.setFilter(.label(.green))
        #expect(card.model.photos.map(\.fileName) == ["IMG_2.JPG"])
        // Marking it writes the JPEG's sidecar too, starting from what the pair showed.
        card.model.mark(card.f.path("IMG_2.JPG"), .rate(2))
        card.f.book.waitUntilIdle()
        #expect(try card.f.tags("IMG_2.JPG.xmp").contains("Label: Green") && card.f.tags("IMG_2.DNG.xmp").contains("Rating: 2"))
    }

    @Test func aPairIsTrashedAndRestoredTogether() throws {
        let card = try Card(pairs: ["IMG_1", "IMG_2"])
        try card.model.moveToTrash(card.f.path("IMG_1.JPG"))
        #expect(!card.f.exists("IMG_1.JPG") && !card.f.exists("IMG_1.DNG") && card.model.photos.map(\.fileName) == ["IMG_2.JPG"])
        #expect(card.model.trashedCount == 1 && card.model.nextUndoTrashedName == "IMG_1.JPG", "one photo went, in two files")
        try card.model.undo()
        #expect(card.f.exists("IMG_1.JPG") && card.f.exists("IMG_1.DNG"))
        #expect(card.model.photos.map(\.fileName) == ["IMG_1.JPG", "IMG_2.JPG"] && card.model.photos[0].pairName == "RAW+JPEG")
    }
}
