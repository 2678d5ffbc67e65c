// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
import SystemPackage
import Testing
import TestSupport

@Suite struct FilePairsTests {
    func photo(_ name: String, _ format: ImageFormat) -> Photo {
        Photo(path: FilePath("/card/" + name), format: format, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0))
    }

    func shown(_ photos: [Photo]) -> [String] {
        FilePairs.folded(photos).map { ([$0.fileName] + $0.companions.map(\.fileName)).joined(separator: "+") }
    }

    @Test func aRawAndItsJpegOrHeicOfTheSameNameAreOnePhoto() {
        #expect(shown([photo("IMG_1.CR3", .raw), photo("IMG_1.JPG", .jpeg), photo("IMG_2.JPG", .jpeg)]) == ["IMG_1.JPG+IMG_1.CR3", "IMG_2.JPG"])
        #expect(shown([photo("IMG_1.dng", .raw), photo("IMG_1.heic", .heif)]) == ["IMG_1.heic+IMG_1.dng"])
        // With both a JPEG and a HEIC, the JPEG takes the RAW; the HEIC stays itself.
        #expect(shown([photo("A.ARW", .raw), photo("A.HEIC", .heif), photo("A.JPG", .jpeg)]) == ["A.HEIC", "A.JPG+A.ARW"])
        #expect(FilePairs.folded([photo("IMG_1.CR3", .raw), photo("IMG_1.JPG", .jpeg)])[0].pairName == "RAW+JPEG")
    }

    @Test func aLivePhotosStillAndItsVideoAreOnePhoto() {
        let live = FilePairs.folded([photo("IMG_1.HEIC", .heif), photo("IMG_1.MOV", .video), photo("IMG_2.MOV", .video)])
        #expect(live.map(\.fileName) == ["IMG_1.HEIC", "IMG_2.MOV"])
        #expect(live[0].liveVideo?.fileName == "IMG_1.MOV" && live[0].pairName == nil && live[1].liveVideo == nil)
        // Exported as JPEG; and a camera's RAW+JPEG with a clip of the same name: all one.
        #expect(shown([photo("IMG_3.JPG", .jpeg), photo("IMG_3.MOV", .video)]) == ["IMG_3.JPG+IMG_3.MOV"])
        #expect(shown([photo("A.CR3", .raw), photo("A.JPG", .jpeg), photo("A.MOV", .video)]) == ["A.JPG+A.CR3+A.MOV"])
        // Two videos of a name, no still: both stay videos.
        #expect(shown([photo("B.MOV", .video), photo("B.MP4", .video)]) == ["B.MOV", "B.MP4"])
    }

    /// A Live Photo renamed by another program (by time, say) is paired by the content
    /// identifier its still and video carry, in their folder; a still and a video of one name
    /// that carry different ones are two.
    @Test func aLivePhotoOfTwoNamesIsPairedByItsContentIdentifier() {
        let still = photo("20230601_120001.jpg", .jpeg), video = photo("20230601_120002.mov", .video)
        let between = photo("20230601_120001b.png", .png)
        let identifiers = [still.path: "A1", video.path: "A1"]
        let paired = FilePairs.folded([still, between, video], identifiers: identifiers)
        #expect(paired.map(\.fileName) == ["20230601_120001.jpg", "20230601_120001b.png"])
        #expect(paired[0].liveVideo?.fileName == "20230601_120002.mov")
        #expect(FilePairs.folded([still, video]).count == 2, "without identifiers read, two photos")
        #expect(FilePairs.folded([still, video], identifiers: [still.path: "A1", video.path: "B2"]).count == 2)
        // In another folder it is another Live Photo's, not this one's.
        let elsewhere = Photo(path: FilePath("/card/other/IMG_9.MOV"), format: .video, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 0))
        #expect(FilePairs.folded([still, elsewhere], identifiers: [still.path: "A1", elsewhere.path: "A1"]).count == 2)
        // A still that has its video by name takes no second one.
        let named = photo("20230601_120001.MOV", .video)
        let both = FilePairs.folded([still, named, video], identifiers: [still.path: "A1", video.path: "A1"])
        #expect(both.map(\.fileName) == ["20230601_120001.jpg", "20230601_120002.mov"] && both[0].liveVideo?.fileName == "20230601_120001.MOV")
        // One name, different identifiers: the video is another moment's.
        let other = photo("20230601_120001.MOV", .video)
        #expect(shown([still, other]) == ["20230601_120001.jpg+20230601_120001.MOV"], "nothing read: paired by name")
        #expect(FilePairs.folded([still, other], identifiers: [still.path: "A1", other.path: "C3"]).map(\.liveVideo) == [nil, nil])
    }

    @Test func otherNamesAndLoneFilesStayAsTheyAre() {
        #expect(shown([photo("IMG_1 copy.JPG", .jpeg), photo("IMG_1.CR3", .raw)]) == ["IMG_1 copy.JPG", "IMG_1.CR3"])
        #expect(shown([photo("IMG_1.CR3", .raw), photo("IMG_1.PNG", .png)]) == ["IMG_1.CR3", "IMG_1.PNG"])
        #expect(shown([photo("IMG_1.JPG", .jpeg), photo("IMG_10.CR3", .raw)]) == ["IMG_1.JPG", "IMG_10.CR3"])
        #expect(FilePairs.folded([photo("IMG_2.JPG", .jpeg)])[0].pairName == nil)
    }
}

@Suite struct RawPairAlbumTests {
    /// A card of RAW+JPEG pairs: a DNG (made by Tests/Fixtures/make-dng.py) beside a JPEG of each name.
    final class Card {
        let f: MarkFolder
        let model: AlbumModel

        init(pairs: [String], listedInBatchesOf batch: Int = .max) throws {
            f = try MarkFolder()
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Tests/Fixtures/make-dng.py").path
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

    @Test func aLivePhotoIsTrashedAndRestoredWithItsVideo() throws {
        let f = try MarkFolder()
        try f.photo("IMG_7.JPG")
        try f.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=red:s=64x48:r=10", "-t", "1",
                   "-c:v", "libx264", "-pix_fmt", "yuv420p", "-f", "mov", f.path("IMG_7.MOV").string])
        let model = AlbumModel(folder: FilePath(f.folder.path), trash: Trash(homeTrash: FilePath(f.dataFolder.string + "-trash")), markBook: f.book)
        model.appendListing(try FolderScanner.photos(in: FilePath(f.folder.path)))
        model.finishListing()
        #expect(model.photos.map(\.fileName) == ["IMG_7.JPG"] && model.photos[0].liveVideo?.fileName == "IMG_7.MOV")
        try model.moveToTrash(f.path("IMG_7.JPG"))
        #expect(!f.exists("IMG_7.JPG") && !f.exists("IMG_7.MOV") && model.photos.isEmpty)
        try model.undo()
        #expect(f.exists("IMG_7.JPG") && f.exists("IMG_7.MOV") && model.photos.first?.liveVideo != nil)
    }

    @Test func whereThePairsSidecarsDisagreeTheRawsWins() throws {
        let card = try Card(pairs: ["IMG_1"])
        #expect(card.model.mark(card.f.path("IMG_1.JPG"), .rate(4)))
        card.f.book.waitUntilIdle()
        // darktable edits the RAW and rates it again; the JPEG's sidecar still says 4.
        try card.f.run(["exiftool", "-q", "-overwrite_original", "-XMP-xmp:Rating=2", card.f.path("IMG_1.DNG.xmp").string])
        let next = MarkBook(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]), dataFolder: card.f.dataFolder)
        let model = AlbumModel(folder: FilePath(card.f.folder.path), trash: Trash(homeTrash: FilePath(card.f.dataFolder.string + "-trash")), markBook: next)
        model.appendListing(try FolderScanner.photos(in: FilePath(card.f.folder.path)))
        model.finishListing()
        next.read(model.allPhotos.map(\.path))
        next.waitUntilIdle()
        _ = model.drainMarks()
        #expect(model.marks(of: model.photos[0]).rating == 2, "the RAW is the master")
    }

    @Test func aPhotosSidecarsGoToTheTrashWithItAndComeBackByteForByte() throws {
        let card = try Card(pairs: ["IMG_1", "IMG_2"])
        // darktable's sidecar on the RAW, Lightroom's on the name (where the JPEG's marks go).
        try card.f.run(["exiftool", "-q", "-XMP-xmp:Rating=-1", "-XMP-dc:Title=history kept", "-o", card.f.path("IMG_1.DNG.xmp").string])
        try card.f.run(["exiftool", "-q", "-XMP-xmp:Rating=1", "-o", card.f.path("IMG_1.xmp").string])
        #expect(card.model.mark(card.f.path("IMG_1.JPG"), .flag(.reject)))
        card.f.book.waitUntilIdle()
        let darktable = try Data(contentsOf: URL(fileURLWithPath: card.f.path("IMG_1.DNG.xmp").string))
        let lightroom = try Data(contentsOf: URL(fileURLWithPath: card.f.path("IMG_1.xmp").string))
        let (moved, _) = card.model.moveToTrash(together: [card.f.path("IMG_1.JPG")])
        #expect(moved.count == 2)
        for name in ["IMG_1.JPG", "IMG_1.DNG", "IMG_1.JPG.xmp", "IMG_1.DNG.xmp", "IMG_1.xmp"] {
            #expect(!card.f.exists(name), "\(name) left behind as an orphan")
        }
        #expect(card.f.exists("IMG_2.JPG") && card.f.exists("IMG_2.DNG"))
        // A mark made a moment before the photo went is written before its sidecar goes.
        #expect(card.model.mark(card.f.path("IMG_2.JPG"), .rate(3)))
        card.model.moveToTrash(together: [card.f.path("IMG_2.JPG")])
        card.f.book.waitUntilIdle()
        #expect(!card.f.exists("IMG_2.JPG.xmp") && !card.f.exists("IMG_2.DNG.xmp"), "no sidecar written after its photo went")
        try card.model.undo()
        #expect(card.f.exists("IMG_2.JPG.xmp") && card.f.exists("IMG_2.DNG.xmp"))
        #expect(try card.model.undo() == .marks([card.f.path("IMG_2.DNG"), card.f.path("IMG_2.JPG")]))
        try card.model.undo()
        for name in ["IMG_1.JPG", "IMG_1.DNG", "IMG_1.DNG.xmp", "IMG_1.xmp"] {
            #expect(card.f.exists(name), "\(name) came back")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: card.f.path("IMG_1.DNG.xmp").string)) == darktable)
        #expect(try Data(contentsOf: URL(fileURLWithPath: card.f.path("IMG_1.xmp").string)) == lightroom)
    }

    @Test func aNameSidecarStaysWhileAnotherPhotoOfThatNameIsLeft() throws {
        let f = try MarkFolder()
        try f.photo("IMG_5.jpg")
        try f.run(["convert", "-size", "16x16", "xc:gray", f.path("IMG_5.png").string])
        try f.run(["exiftool", "-q", "-XMP-xmp:Rating=3", "-o", f.path("IMG_5.xmp").string])
        let model = AlbumModel(folder: FilePath(f.folder.path), trash: Trash(homeTrash: FilePath(f.dataFolder.string + "-trash")), markBook: f.book)
        model.appendListing(try FolderScanner.photos(in: FilePath(f.folder.path)))
        model.finishListing()
        try model.moveToTrash(f.path("IMG_5.jpg"))
        #expect(!f.exists("IMG_5.jpg") && f.exists("IMG_5.xmp"), "IMG_5.png still reads IMG_5.xmp")
    }
}
