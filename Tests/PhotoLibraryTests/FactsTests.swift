// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import SystemPackage
import TestSupport

/// The facts a card's back shows, read through a decode helper from files whose EXIF
/// exiftool wrote (Tests/Fixtures/make-fixtures.sh).
@Suite struct FactsTests {
    static func fact(_ name: String) -> FilePath { FilePath(Fixtures.root.appendingPathComponent("facts/\(name)").path) }
    let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])

    @Test func everyFieldACameraWritesIsReadAndTheSizeIsTheUprightOne() throws {
        let facts = try #require(PhotoFacts.gather(Self.fact("full.jpg"), decoder: decoder))
        #expect(facts.fileName == "full.jpg")
        var info = stat()
        stat(Self.fact("full.jpg").string, &info)
        #expect(facts.byteCount == Int(info.st_size))
        #expect(abs(facts.modificationDate.timeIntervalSince1970 - Double(info.st_mtim.tv_sec)) < 1)
        let embedded = try #require(facts.embedded)
        #expect(embedded.pixelWidth == 200 && embedded.pixelHeight == 300, "stored 300×200, orientation 6 shows it standing")
        #expect(embedded.dateTaken == "2024-05-01 14:03:22")
        #expect(embedded.cameraMake == "Canon" && embedded.cameraModel == "Canon EOS R6")
        #expect(embedded.lens == "RF24-105mm F4 L IS USM")
        #expect(embedded.exposureText == "1/250 s" && embedded.fNumberText == "f/4" && embedded.isoText == "ISO 200")
        #expect(embedded.focalLengthText == "35 mm")
        #expect(embedded.cameraText == "Canon EOS R6", "the make is not said twice")
    }

    /// Canon and Nikon bodies name the lens in their maker notes only; exiftool reads it there.
    @Test(arguments: [("canon-makernote.jpg", "EF24-70mm f/2.8L II USM"), ("nikon-makernote.jpg", "18-55mm f/3.5-5.6"),
                      ("nikon-prime.jpg", "50mm f/1.8")])
    func aLensNamedOnlyInTheMakerNotesIsRead(name: String, lens: String) throws {
        let facts = try #require(PhotoFacts.gather(Self.fact(name), decoder: decoder))
        #expect(facts.embedded?.lens == lens)
        let exiftool = try runExternalTool(["exiftool", "-s3", "-LensModel", "-Lens", Self.fact(name).string]).output
        #expect(exiftool.split(separator: "\n").first.map(String.init) == lens, "exiftool reads the same: \(exiftool)")
    }

    /// An iPhone gives a Live Photo's still and its video one content identifier: read from
    /// the still's maker note (as exiftool reads it, which calls it MediaGroupUUID) and from
    /// the video's QuickTime keys alike; one that is no UUID is not taken.
    @Test func aLivePhotosStillAndVideoSayTheSameContentIdentifier() throws {
        let identifier = "5C1B0E2A-7A1E-4C3B-9E55-0D2F8E7B6A41"
        let still = try #require(PhotoFacts.gather(Self.fact("iphone-live.jpg"), decoder: decoder))
        #expect(still.embedded?.contentIdentifier == identifier)
        let exiftool = try runExternalTool(["exiftool", "-s3", "-MakerNotes:all", Self.fact("iphone-live.jpg").string]).output
        #expect(exiftool.contains(identifier), "exiftool reads the same: \(exiftool)")
        let video = FilePath(Fixtures.root.appendingPathComponent("videos/phone.mov").path)
        #expect(try decoder.facts(video).get().contentIdentifier == identifier)
        #expect(try PhotoFacts.gather(Self.fact("iphone-odd-identifier.jpg"), decoder: decoder)?.embedded?.contentIdentifier == nil)
        #expect(try PhotoFacts.gather(Self.fact("canon-makernote.jpg"), decoder: decoder)?.embedded?.contentIdentifier == nil)
    }

    /// An Apple maker note cut short, or pointing past itself, gives no identifier.
    @Test func aBrokenAppleMakerNoteGivesNoIdentifier() {
        let header = Array("Apple iOS\0\0\u{1}MM".utf8)
        // One entry: tag 0x0011, text, 37 characters, at an offset past the note.
        let entry: [UInt8] = [0, 1, 0, 0x11, 0, 2, 0, 0, 0, 37, 0, 0, 0x10, 0]
        #expect(MakerNotes.contentIdentifier(make: "Apple", makerNote: header + entry + [0, 0, 0, 0]) == nil)
        #expect(MakerNotes.contentIdentifier(make: "Apple", makerNote: Array(header.prefix(12))) == nil)
        #expect(MakerNotes.contentIdentifier(make: "Apple", makerNote: header + [0xFF, 0xFF]) == nil, "65,535 entries, none there")
    }

    /// A maker note whose directory points past the block, or counts absurdly, gives no lens.
    @Test func aBrokenMakerNoteGivesNoLensAndNoHarm() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.fact("canon-makernote.jpg").string)))
        let tiff = try #require(MakerNotes.tiffStart(in: bytes))
        let block = Array(bytes[tiff...])
        // The maker note: the IFD after IFD0 and the Exif IFD; its first entry count and the lens's offset.
        var note = [UInt8](repeating: 0, count: 2 + 2 * 12 + 4)
        note[0] = 2
        // Tag 0x0095, ASCII, 400 characters, at an offset far past the block.
        note.replaceSubrange(2..<14, with: [0x95, 0, 2, 0, 0x90, 0x01, 0, 0, 0xFF, 0xFF, 0, 0])
        #expect(MakerNotes.lens(make: "Canon", makerNote: note, in: bytes + note) == nil, "an offset past the block")
        var absurd = note
        absurd[0] = 0xFF
        absurd[1] = 0xFF
        #expect(MakerNotes.lens(make: "Canon", makerNote: absurd, in: bytes + absurd) == nil, "65,535 entries")
        #expect(MakerNotes.lens(make: "NIKON", makerNote: Array("Nikon\0\u{2}".utf8), in: block) == nil, "cut short")
        #expect(MakerNotes.lens(make: "Sony", makerNote: note, in: block) == nil, "a make Flick reads no maker notes of")
    }

    @Test func theLinesOnACardsBackReadAsAPersonWouldSayThem() throws {
        let full = try #require(PhotoFacts.gather(Self.fact("full.jpg"), decoder: decoder))
        #expect(full.lines.count == 6)
        #expect(Array(full.lines.prefix(2)) == ["full.jpg", "200 × 300 pixels"], "upright, as shown")
        #expect(full.lines[2].hasSuffix("kB") || full.lines[2].hasSuffix("bytes"))
        #expect(Array(full.lines.suffix(3)) == ["Taken 2024-05-01 14:03", "Canon EOS R6 · RF24-105mm F4 L IS USM", "1/250 s · f/4 · ISO 200 · 35 mm"])
        let none = try #require(PhotoFacts.gather(Self.fact("none.jpg"), decoder: decoder))
        #expect(none.lines.count == 4 && none.lines[3].hasPrefix("Changed "), "without EXIF: the file's own facts")
        #expect(PhotoFacts.sizeText(812) == "812 bytes" && PhotoFacts.sizeText(48_400) == "48 kB" && PhotoFacts.sizeText(3_240_000) == "3.2 MB")
    }

    @Test func aFewFieldsGiveThoseAndNothingInvented() throws {
        let embedded = try #require(PhotoFacts.gather(Self.fact("some.jpg"), decoder: decoder)?.embedded)
        #expect(embedded.cameraModel == "PowerShot G7 X" && embedded.cameraMake == nil && embedded.cameraText == "PowerShot G7 X")
        #expect(embedded.fNumberText == "f/2.8")
        #expect(embedded.dateTaken == nil && embedded.lens == nil && embedded.exposureTime == nil && embedded.iso == nil)
        #expect(embedded.pixelWidth == 300 && embedded.pixelHeight == 200)
    }

    @Test(arguments: ["png", "webp"])
    func aTurnedPNGOrWebPGivesItsSizeStanding(format: String) throws {
        // orient-6: stored 40×60, orientation 6 shows it 60×40.
        let facts = try #require(PhotoFacts.gather(Fixtures.photo("orient-6.\(format)"), decoder: decoder))
        #expect(facts.embedded?.pixelWidth == 60 && facts.embedded?.pixelHeight == 40, "\(String(describing: facts.embedded))")
    }

    @Test func aWebPPhotosEXIFAfterItsImageDataIsRead() throws {
        let embedded = try #require(PhotoFacts.gather(Self.fact("large.webp"), decoder: decoder)?.embedded)
        #expect(embedded.dateTaken == "2024-05-01 14:03:22" && embedded.cameraText == "Canon EOS R6")
        #expect(embedded.pixelWidth == 600 && embedded.pixelHeight == 900, "stored 900×600, orientation 6 shows it standing")
    }

    @Test func aPhotoWithoutEXIFGivesWhatTheFileAndItsHeaderKnow() throws {
        for (name, size) in [("none.jpg", (300, 200)), ("plain.png", (50, 70))] {
            let facts = try #require(PhotoFacts.gather(Self.fact(name), decoder: decoder))
            let embedded = try #require(facts.embedded)
            #expect(embedded.pixelWidth == size.0 && embedded.pixelHeight == size.1)
            #expect(embedded.cameraText == nil && embedded.dateTaken == nil && embedded.exposureText == nil && embedded.isoText == nil)
            #expect(facts.byteCount > 0)
        }
    }

    @Test func oddValuesAreLeftOutOrCutToALineNeverShownAsNonsense() throws {
        let embedded = try #require(PhotoFacts.gather(Self.fact("odd.jpg"), decoder: decoder)?.embedded)
        #expect(embedded.cameraText == "NIKON D750", "NIKON CORPORATION's model already names it")
        #expect(embedded.exposureText == nil && embedded.fNumberText == nil && embedded.isoText == nil && embedded.focalLengthText == nil)
        let lens = try #require(embedded.lens)
        #expect(lens.count == 120 && lens.hasSuffix("…"))
    }

    @Test func aFileThatIsNotAnImageStillHasItsFileFactsAndAGoneOneHasNone() throws {
        let text = FilePath(Fixtures.root.appendingPathComponent("facts-not-an-image.jpg").path)
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text.string))
        let facts = try #require(PhotoFacts.gather(text, decoder: decoder))
        #expect(facts.byteCount == 5 && facts.embedded == nil)
        #expect(PhotoFacts.gather(FilePath("/nonexistent/photo.jpg"), decoder: decoder) == nil)
    }

    @Test(arguments: [(1.0 / 8000, "1/8000 s"), (1.0 / 3, "1/3 s"), (0.5, "0.5 s"), (2.0, "2 s"), (2.5, "2.5 s"), (30.0, "30 s")])
    func exposureTimesReadAsPhotographersWriteThem(seconds: Double, text: String) {
        var facts = EmbeddedFacts()
        facts.exposureTime = seconds
        #expect(facts.exposureText == text)
    }
}

/// The details panel's rows, against what exiftool reads from the same file.
@Suite struct DetailsTests {
    let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])

    @Test func theDetailsSayWhatExiftoolReadsWherePlaceIncluded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("details-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("placed.jpg")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: FactsTests.fact("full.jpg").string), to: photo)
        let placed = try runExternalTool(["exiftool", "-q", "-overwrite_original", "-GPSLatitude=33.8568", "-GPSLatitudeRef=S",
                                          "-GPSLongitude=151.2153", "-GPSLongitudeRef=E", photo.path])
        try #require(placed.status == 0)
        let facts = try #require(PhotoFacts.gather(FilePath(photo.path), decoder: decoder))
        let rows = Dictionary(facts.details.map { ($0.label, $0.value) }) { first, _ in first }
        func exiftool(_ tag: String) throws -> String {
            try runExternalTool(["exiftool", "-s3", "-\(tag)", photo.path]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(rows["Name"] == "placed.jpg" && rows["Folder"] == folder.path)
        #expect(rows["Camera"] == (try exiftool("Model")))
        #expect(rows["Lens"] == (try exiftool("LensModel")))
        #expect(rows["Exposure"] == "\(try exiftool("ExposureTime")) s")
        #expect(rows["ISO"] == (try exiftool("ISO")))
        #expect(rows["Aperture"] == "f/\(try exiftool("FNumber"))".replacingOccurrences(of: ".0", with: ""))
        #expect(rows["Focal length"] == (try exiftool("FocalLength")).replacingOccurrences(of: ".0 mm", with: " mm"))
        #expect(rows["Dimensions"] == "200 × 300 pixels (0.1 MP)")
        let position = try exiftool("GPSPosition")
        #expect(rows["Location"] == "33.8568° S, 151.2153° E", "\(String(describing: rows["Location"])), exiftool: \(position)")
        #expect(rows["Taken"] == "2024-05-01 14:03")
    }
}
