// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import Pixels
import SystemPackage
import TestSupport

/// Formats decoded through SDL_image (behind PhotoLibrary's narrow C API): colours, shape,
/// transparency, and the bilinear reduction.
@Suite struct SDLImageDecodingTests {
    @Test func aBitmapDecodesToItsColoursOpaque() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("upright.bmp"), maximumPixelSize: nil)
        #expect(pixels.isOpaque)
        expectUpright(pixels)
    }

    @Test func aReducedBitmapIsStretchedSmoothlyToTheSizeAsked() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("upright.bmp"), maximumPixelSize: 45)
        #expect(pixels.width == 45 && pixels.height == 30, "\(pixels)")
        #expect(near(rgb(pixels, 8, 5), (255, 0, 0)) && near(rgb(pixels, 36, 24), (255, 255, 255)))
    }

}

/// TIFF through libtiff: scans and exports as scanners and editors write them.
@Suite struct TIFFDecodingTests {
    @Test(arguments: ["upright.tif", "deep.tif", "cmyk.tif", "tiled.tif"])
    func eightAndSixteenBitCMYKAndTiledTIFFsDecodeToTheirColours(name: String) throws {
        let pixels = try ImageDecoder.decode(Fixtures.format(name), maximumPixelSize: nil)
        #expect(pixels.isOpaque)
        expectUpright(pixels)
    }

    @Test(arguments: 1...8)
    func aTIFFIsTurnedUprightByItsOrientationTag(tag: Int) throws {
        expectUpright(try ImageDecoder.decode(Fixtures.format("orient-\(tag).tif"), maximumPixelSize: nil))
    }

    @Test func aTIFFWithTransparencyKeepsItUnmultiplied() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("alpha.tif"), maximumPixelSize: nil)
        #expect(!pixels.isOpaque)
        #expect(pixels.pixel(x: 0, y: 0).alpha == 0, "the corner is transparent")
        #expect(pixels.pixel(x: 16, y: 16).alpha == 255 && near(rgb(pixels, 16, 16), (255, 0, 0)), "the circle is red")
        // The circle's soft edge: partly clear, but still red, not darkened towards black.
        let edge = (0..<32 * 32).map { pixels.pixel(x: $0 % 32, y: $0 / 32) }.first { $0.alpha > 20 && $0.alpha < 235 }
        if let edge { #expect(edge.red > 230, "edge \(edge)") } else { Issue.record("no soft edge") }
    }

    @Test func aTIFFCutBeforeItsDirectoryOrInsideItsDataIsIncomplete() {
        for name in ["cut-directory.tif", "cut-data.tif"] {
            #expect(throws: DecodeError.incomplete, "\(name)") { try ImageDecoder.decode(Fixtures.format(name), maximumPixelSize: nil) }
        }
    }

    @Test func aTIFFDeclaringSixtyThousandPixelsASideIsTooLarge() {
        #expect(throws: DecodeError.tooLarge(width: 60000, height: 60000)) {
            try ImageDecoder.decode(Fixtures.format("bomb.tif"), maximumPixelSize: nil)
        }
    }

    /// 16384² is within the limits, so only the missing tiles stop it: before the gigabyte
    /// its picture would take is asked for (the helper's limit is two).
    @Test func aPageOfSixtyFiveThousandAbsentTilesIsIncompleteAtOnce() {
        #expect(throws: DecodeError.incomplete) { try ImageDecoder.decode(Fixtures.format("many-tiles.tif"), maximumPixelSize: nil) }
    }

    @Test func aTIFFIsAPhotoToTheListingAndRAWsAreNot() {
        #expect(FolderScanner.photo(at: Fixtures.format("deep.tif"))?.format == .tiff)
        #expect(FolderScanner.photo(at: Fixtures.format("preview.dng"))?.format == .raw)
    }
}

/// HEIF and AVIF through libheif: sniffed by content, turned by their own boxes, refused
/// clearly when cut short.
@Suite struct HEIFDecodingTests {
    @Test(arguments: ["upright.heic", "upright.avif"])
    func aHEICAndAnAVIFDecodeToTheirColours(name: String) throws {
        let pixels = try ImageDecoder.decode(Fixtures.format(name), maximumPixelSize: nil)
        #expect(pixels.isOpaque)
        expectUpright(pixels)
    }

    @Test func anAVIFStoredTurnedIsStoodUprightByItsRotationBox() throws {
        expectUpright(try ImageDecoder.decode(Fixtures.format("irot-1.avif"), maximumPixelSize: nil))
    }

    @Test func aHEICIsReducedToTheSizeAsked() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("upright.heic"), maximumPixelSize: 30)
        #expect(pixels.width == 30 && pixels.height == 20, "\(pixels)")
    }

    @Test func aHEICCutShortSaysSoWithoutTakingTheHelperDown() throws {
        #expect(throws: DecodeError.incomplete) { try ImageDecoder.decode(Fixtures.format("truncated.heic"), maximumPixelSize: nil) }
        // Through a helper process too: a clear failure, and the helper serves the next photo.
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        if case .success = decoder.decode(Fixtures.format("truncated.heic"), maximumPixelSize: 256) { Issue.record("a cut HEIC decoded") }
        guard case let .success(pixels) = decoder.decode(Fixtures.format("upright.heic"), maximumPixelSize: 256) else {
            Issue.record("the next photo did not decode")
            return
        }
        #expect(pixels.width == 60)
    }

    @Test func theyAreRecognisedByContentWhateverTheirName() throws {
        let heic = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.format("upright.heic").string)).prefix(ImageFormat.sniffLength))
        let avif = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.format("upright.avif").string)).prefix(ImageFormat.sniffLength))
        #expect(ImageFormat.sniff(heic, fileExtension: "jpg") == .heif)
        #expect(ImageFormat.sniff(avif, fileExtension: "") == .avif)
        #expect(FolderScanner.photo(at: Fixtures.format("upright.heic"))?.format == .heif)
    }
}

@Suite struct HEIFBoxWalkTests {
    /// A box of `size` bytes as its header declares it, of type `type`.
    func box(_ type: String, declaring size: Int, holding count: Int) -> [UInt8] {
        [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8)
            + [UInt8](repeating: 0, count: count)
    }

    @Test func aFileIsCutShortWhenABoxRunsPastItsEnd() {
        let whole = box("ftyp", declaring: 16, holding: 8) + box("meta", declaring: 40, holding: 32)
        #expect(!HEIFDecoder.isCutShort(whole))
        #expect(HEIFDecoder.isCutShort(Array(whole.prefix(30))), "inside the second box")
        #expect(HEIFDecoder.isCutShort(Array(whole.prefix(20))), "inside a box header")
        #expect(!HEIFDecoder.isCutShort(box("ftyp", declaring: 16, holding: 8) + box("mdat", declaring: 0, holding: 5)), "a last box to the end")
    }
}

@Suite struct HEIFHostileTests {
    /// An iPhone's HEIC is a grid of tiles: its canvas is what is checked, before any tile
    /// is decoded.
    @Test func aGridDeclaringA65535PixelCanvasIsTooLargeBeforeAnyTileIsDecoded() {
        #expect(throws: DecodeError.tooLarge(width: 65535, height: 65535)) {
            try ImageDecoder.decode(Fixtures.format("grid-bomb.heic"), maximumPixelSize: nil)
        }
    }

    @Test func anAVIFDeclaringSixtyThousandPixelsASideIsTooLargeBeforeItIsDecoded() {
        #expect(throws: DecodeError.tooLarge(width: 60000, height: 60000)) {
            try ImageDecoder.decode(Fixtures.format("bomb.avif"), maximumPixelSize: nil)
        }
    }
}

/// JPEG XL through libjxl.
@Suite struct JXLDecodingTests {
    @Test func aJPEGXLDecodesToItsColoursOpaque() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("upright.jxl"), maximumPixelSize: nil)
        #expect(pixels.isOpaque)
        expectUpright(pixels)
    }

    @Test func aJPEGXLWithTransparencyKeepsIt() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("alpha.jxl"), maximumPixelSize: nil)
        #expect(!pixels.isOpaque && pixels.pixel(x: 0, y: 0).alpha == 0)
        #expect(near(rgb(pixels, 16, 16), (255, 0, 0)) && pixels.pixel(x: 16, y: 16).alpha == 255)
    }

    @Test func aJPEGXLCutShortIsIncompleteAndItIsRecognisedByContent() throws {
        #expect(throws: DecodeError.incomplete) { try ImageDecoder.decode(Fixtures.format("truncated.jxl"), maximumPixelSize: nil) }
        let header = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.format("upright.jxl").string)).prefix(ImageFormat.sniffLength))
        #expect(ImageFormat.sniff(header, fileExtension: "png") == .jxl)
    }
}

/// SVG through librsvg: drawn at the size asked, reaching no other file.
@Suite struct SVGDecodingTests {
    @Test func anSVGIsDrawnAtItsOwnSizeWhenNoneIsAsked() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("upright.svg"), maximumPixelSize: nil)
        #expect(pixels.isOpaque)
        expectUpright(pixels)
    }

    @Test func anSVGIsDrawnSharpAtTheSizeAskedLargerThanItsOwn() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("viewbox.svg"), maximumPixelSize: 600, box: PixelBox(width: 600, height: 300))
        #expect(pixels.width == 450 && pixels.height == 300, "fitted to the box, enlarged: \(pixels)")
        #expect(near(rgb(pixels, 10, 10), (255, 0, 0)) && near(rgb(pixels, 440, 290), (255, 255, 255)))
        // Drawn, not stretched: the edge between red and green is one pixel wide.
        #expect(near(rgb(pixels, 224, 10), (255, 0, 0), within: 8) && near(rgb(pixels, 226, 10), (0, 255, 0), within: 8))
    }

    @Test func anSVGReadsNoOtherFile() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("external.svg"), maximumPixelSize: nil)
        #expect(near(rgb(pixels, 30, 20), (255, 255, 255), within: 4), "the red picture it names was not read: \(rgb(pixels, 30, 20))")
    }

    @Test func entitiesExpandingABillionFoldAreRefusedInAHelperThatServesOn() {
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        if case let .success(pixels) = decoder.decode(Fixtures.format("laughs.svg"), maximumPixelSize: 256) {
            #expect(pixels.width <= 256, "if drawn at all, within the size asked")
        }
        guard case let .success(next) = decoder.decode(Fixtures.format("upright.svg"), maximumPixelSize: 256) else {
            Issue.record("the next photo did not decode")
            return
        }
        #expect(next.width == 256)
    }

    @Test func aCompressedSVGIsListedAndDrawn() throws {
        #expect(FolderScanner.photo(at: Fixtures.format("upright.svgz"))?.format == .svg)
        expectUpright(try ImageDecoder.decode(Fixtures.format("upright.svgz"), maximumPixelSize: nil))
    }

    @Test func anSVGIsRecognisedByContentBehindItsDeclarationAndComment() throws {
        let header = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.format("upright.svg").string)).prefix(ImageFormat.sniffLength))
        #expect(ImageFormat.sniff(header, fileExtension: "txt") == .svg)
        #expect(ImageFormat.sniff(Array("<!DOCTYPE html><html><body><svg></svg>".utf8), fileExtension: "html") == nil, "a page is not a drawing")
    }
}

@Suite struct HEIFFactsTests {
    @Test func aPhonesHEICTellsItsCameraExposureAndWhenItWasTaken() throws {
        let facts = try ImageDecoder.embeddedFacts(Fixtures.format("camera.heic"))
        #expect(facts.cameraMake == "Apple" && facts.cameraModel == "iPhone 15", "\(facts)")
        #expect(facts.dateTaken == "2025-07-12 18:30:05")
        #expect(facts.iso == 64 && facts.fNumber == 1.8)
        #expect(facts.exposureTime.map { abs($0 - 1.0 / 120) < 1e-6 } == true)
        #expect(facts.pixelWidth == 60 && facts.pixelHeight == 40)
    }
}

/// TIFFs libtiff reads beyond its RGBA reader's reach.
@Suite struct TIFFVariantTests {
    @Test func aBigTIFFIsRecognisedAndShown() throws {
        let header = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.format("big.tif").string)).prefix(ImageFormat.sniffLength))
        #expect(header.starts(with: [0x49, 0x49, 0x2B, 0x00]), "the fixture is a BigTIFF")
        #expect(ImageFormat.sniff(header, fileExtension: "tif") == .tiff)
        expectUpright(try ImageDecoder.decode(Fixtures.format("big.tif"), maximumPixelSize: nil))
    }

    /// 32-bit floating-point samples, shown as other viewers show them: 0 to 1 as black to
    /// white, over-range and negative values clipped.
    @Test func floatingPointSamplesAreShownZeroToOne() throws {
        expectUpright(try ImageDecoder.decode(Fixtures.format("float.tif"), maximumPixelSize: nil))
        let grey = try ImageDecoder.decode(Fixtures.format("float-grey.tif"), maximumPixelSize: nil)
        #expect(rgb(grey, 0, 20) == (0, 0, 0) && rgb(grey, 59, 20) == (255, 255, 255), "\(rgb(grey, 0, 20)) \(rgb(grey, 59, 20))")
        #expect(near(rgb(grey, 30, 20), (130, 130, 130), within: 3), "a ramp: \(rgb(grey, 30, 20))")
    }
}

/// Camera RAW through LibRaw, on DNGs laid out as cameras write them.
@Suite struct RAWDecodingTests {
    @Test func theEmbeddedPreviewIsThePhotoTurnedByTheRAWsOrientation() throws {
        // The preview covers the size asked: it is shown, stood upright (orientation 6).
        expectUpright(try ImageDecoder.decode(Fixtures.format("preview.dng"), maximumPixelSize: 60))
    }

    /// Cameras keep a smaller preview beside the full-size one: a thumbnail is cut from it
    /// (a fraction of the work), a larger picture from the full one.
    @Test func theSmallestPreviewThatCoversWhatIsAskedIsTheOneDecoded() throws {
        let thumbnail = try ImageDecoder.decode(Fixtures.format("two-previews.dng"), maximumPixelSize: 30)
        #expect(thumbnail.width == 30 && thumbnail.height == 20, "turned like the photo: \(thumbnail)")
        #expect(near(rgb(thumbnail, 15, 10), (255, 255, 0)), "the small, yellow preview")
        // 45 is more than the small one has: the full one, reduced.
        let larger = try ImageDecoder.decode(Fixtures.format("two-previews.dng"), maximumPixelSize: 45)
        #expect(larger.width == 45 && larger.height == 30, "\(larger)")
        #expect(near(rgb(larger, 11, 7), (255, 0, 0)) && near(rgb(larger, 34, 22), (255, 255, 255)), "the full preview")
        expectUpright(try ImageDecoder.decode(Fixtures.format("two-previews.dng"), maximumPixelSize: 60))
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.format("two-previews.dng").string)))
        #expect(RAWPreviews.jpegs(in: file, count: file.count).count == 2)
    }

    @Test func zoomedPastThePreviewsPixelsTheRAWIsRendered() throws {
        // Asked for the photo's own 64 pixels, more than the 60-pixel preview has: the Bayer
        // data is demosaiced (red left, blue right) and turned by LibRaw.
        let pixels = try ImageDecoder.decode(Fixtures.format("preview.dng"), maximumPixelSize: nil)
        #expect(pixels.width == 48 && pixels.height == 64, "turned a quarter: \(pixels)")
        #expect(rgb(pixels, 24, 8).0 > 150 && rgb(pixels, 24, 8).2 < 100, "red on top once turned: \(rgb(pixels, 24, 8))")
        #expect(rgb(pixels, 24, 56).2 > 150 && rgb(pixels, 24, 56).0 < 100, "blue below: \(rgb(pixels, 24, 56))")
    }

    /// Sony's 24 MP RAWs keep a 1616 px preview; a 1080p screen asks for 1620. A preview a
    /// few percent short is shown (enlarged by a hair), not the RAW rendered from its
    /// sensor data; zoomed past it, the RAW is rendered.
    @Test func aPreviewAFewPercentShortOfWhatIsAskedIsShownNotARender() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-preview-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = folder.appendingPathComponent("green.jpg").path, raw = folder.appendingPathComponent("sony.dng").path
        try #require(try runExternalTool(["convert", "-size", "1616x1077", "xc:rgb(40,200,60)", "-quality", "92", preview]).status == 0)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        try #require(try runExternalTool(["python3", script, raw, "1700", "1134", "--preview", preview, "--preview-size", "1616x1077"]).status == 0)
        let screen = try ImageDecoder.decode(FilePath(raw), maximumPixelSize: 1620)
        #expect(screen.width == 1620 && screen.height == 1080, "the preview, made the size asked: \(screen)")
        #expect(near(rgb(screen, 800, 500), (40, 200, 60), within: 8), "green, the preview's: \(rgb(screen, 800, 500))")
        let whole = try ImageDecoder.decode(FilePath(raw), maximumPixelSize: nil)
        #expect(whole.width >= 1700 - 16, "the RAW rendered: \(whole)")
        #expect(rgb(whole, 100, 567).0 > 150 && rgb(whole, 100, 567).1 < 120, "red on the left, as the sensor data is: \(rgb(whole, 100, 567))")
    }

    /// A RAW+JPEG pair at a screen's size: the RAW's 1616 px preview is the picture (one
    /// rendering of one exposure, a fraction of the 24 MP JPEG's decode); zoomed past it,
    /// or where the JPEG is plainly another picture (cropped, turned), the JPEG is.
    @Test func aPairsJPEGIsShownFromItsRAWsPreviewWhereThatIsOnePictureAndEnough() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-pair-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        // The preview green, the JPEGs blue: which one was decoded shows.
        try #require(try runExternalTool(["convert", "-size", "1616x1077", "xc:rgb(40,200,60)", "-quality", "92", path("green.jpg")]).status == 0)
        try #require(try runExternalTool(["convert", "-size", "2400x1600", "xc:rgb(30,60,220)", "-quality", "92", path("DSC1.JPG")]).status == 0)
        try #require(try runExternalTool(["convert", "-size", "2400x1350", "xc:rgb(30,60,220)", "-quality", "92", path("cropped.JPG")]).status == 0)
        for (name, orientation) in [("DSC1.DNG", "1"), ("turned.DNG", "6")] {
            try #require(try runExternalTool(["python3", script, path(name), "2400", "1600", "--preview", path("green.jpg"),
                                              "--preview-size", "1616x1077", "--orientation", orientation]).status == 0)
        }
        func decoded(_ jpeg: String, beside raw: String?, _ size: Int?) throws -> PixelBuffer {
            try ImageDecoder.decode(FilePath(path(jpeg)), maximumPixelSize: size, box: size.map { PixelBox(width: $0, height: $0 * 2 / 3) },
                                    colours: .sRGB, rawBeside: raw.map { FilePath(path($0)) })
        }
        let green = (40, 200, 60), blue = (30, 60, 220)
        let screen = try decoded("DSC1.JPG", beside: "DSC1.DNG", 1620)
        #expect(screen.width == 1620 && near(rgb(screen, 800, 500), green, within: 8), "the RAW's preview: \(screen), \(rgb(screen, 800, 500))")
        let alone = try decoded("DSC1.JPG", beside: nil, 1620)
        #expect(alone.width == 1620 && near(rgb(alone, 800, 500), blue, within: 8), "without its RAW, the JPEG: \(rgb(alone, 800, 500))")
        let zoomed = try decoded("DSC1.JPG", beside: "DSC1.DNG", 2400)
        #expect(zoomed.width == 2400 && near(rgb(zoomed, 800, 500), blue, within: 8), "past the preview, the JPEG: \(rgb(zoomed, 800, 500))")
        let cropped = try decoded("cropped.JPG", beside: "DSC1.DNG", 1620)
        #expect(near(rgb(cropped, 800, 400), blue, within: 8), "a JPEG of another shape is another picture: \(rgb(cropped, 800, 400))")
        let turned = try decoded("DSC1.JPG", beside: "turned.DNG", 1620)
        #expect(near(rgb(turned, 800, 500), blue, within: 8), "a RAW turned otherwise: \(rgb(turned, 800, 500))")
        let missing = try decoded("DSC1.JPG", beside: "gone.DNG", 1620)
        #expect(near(rgb(missing, 800, 500), blue, within: 8), "a RAW gone meanwhile: the JPEG")
    }

    /// A RAW cut off in its sensor data (a copy still arriving, a card pulled) shows its
    /// preview, marked incomplete, where the whole photo is asked for: not LibRaw's black
    /// for what is missing. Without a preview it says "incomplete file".
    @Test func aRAWCutOffInItsSensorDataShowsItsPreviewMarkedIncomplete() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cut-raw-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = folder.appendingPathComponent("green.jpg").path, whole = folder.appendingPathComponent("whole.dng").path
        try #require(try runExternalTool(["convert", "-size", "300x200", "xc:rgb(40,200,60)", preview]).status == 0)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        try #require(try runExternalTool(["python3", script, whole, "600", "400", "--preview", preview, "--preview-size", "300x200"]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let file = [UInt8](bytes)
        let end = try #require(RAWPreviews.rawDataEnd(in: file, count: file.count))
        #expect(end == file.count, "the sensor data runs to the file's end")
        // Cut halfway through the sensor data (it lies after the preview).
        let cut = folder.appendingPathComponent("cut.dng").path
        try bytes.prefix(file.count - 600 * 400).write(to: URL(fileURLWithPath: cut))
        let shown = try ImageDecoder.decode(FilePath(cut), maximumPixelSize: nil)
        #expect(shown.isIncomplete, "marked incomplete")
        #expect(near(rgb(shown, shown.width / 2, shown.height / 2), (40, 200, 60), within: 12), "the preview's green: \(rgb(shown, shown.width / 2, shown.height / 2))")
        // The preview covers a thumbnail: that is shown as usual.
        let thumbnail = try ImageDecoder.decode(FilePath(cut), maximumPixelSize: 128)
        #expect(near(rgb(thumbnail, thumbnail.width / 2, thumbnail.height / 2), (40, 200, 60), within: 12))
    }

    @Test func aRAWWithoutAPreviewIsRendered() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("bare.dng"), maximumPixelSize: 256)
        #expect(pixels.isOpaque)
        #expect(max(pixels.width, pixels.height) >= 32, "\(pixels)")
        let left = rgb(pixels, pixels.width / 8, pixels.height / 2), right = rgb(pixels, pixels.width * 7 / 8, pixels.height / 2)
        #expect(left.0 > 150 && left.2 < 100 && right.2 > 150 && right.0 < 100, "red | blue: \(left) \(right)")
    }

    @Test func aCutOrEmptyRAWIsAClearFailure() {
        for name in ["truncated.dng", "empty.dng"] {
            #expect(throws: DecodeError.self, "\(name)") { try ImageDecoder.decode(Fixtures.format(name), maximumPixelSize: 256) }
        }
    }

    @Test func RAWFilesAreRAWNotTheirTIFFShapesFirstPicture() throws {
        let header = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.format("bare.dng").string)).prefix(ImageFormat.sniffLength))
        #expect(ImageFormat.sniff(header, fileExtension: "dng") == .raw)
        #expect(ImageFormat.sniff(header, fileExtension: "tif") == .tiff, "a scan stays a TIFF")
        #expect(ImageFormat.sniff(Array("FUJIFILMCCD-RAW 0201".utf8), fileExtension: "") == .raw)
        // Canon's CRW (CIFF), little- and big-endian, whatever its name says.
        #expect(ImageFormat.sniff([0x49, 0x49, 0x1A, 0x00, 0x00, 0x00] + Array("HEAPCCDR".utf8) + [0x01, 0x00], fileExtension: "") == .raw)
        #expect(ImageFormat.sniff([0x4D, 0x4D, 0x00, 0x00, 0x00, 0x1A] + Array("HEAPCCDR".utf8), fileExtension: "jpg") == .raw)
        #expect(ImageFormat.sniff([0x49, 0x49, 0x1A, 0x00, 0x00, 0x00] + Array("HEAPJUNK".utf8), fileExtension: "crw") != .raw,
                "the name alone does not make a RAW")
        #expect(ImageFormat.claimed(byExtension: "cr3") == .raw && ImageFormat.claimed(byExtension: "nef") == .raw)
        #expect(RAWDecoder.orientation(flip: 6) == .right && RAWDecoder.orientation(flip: 5) == .left && RAWDecoder.orientation(flip: 3) == .down)
    }
}

@Suite struct RAWFactsTests {
    @Test func aRAWTellsItsCameraExposureAndSizeAsShown() throws {
        let facts = try ImageDecoder.embeddedFacts(Fixtures.format("preview.dng"))
        #expect(facts.cameraMake == "Flick" && facts.cameraModel == "Test Camera", "\(facts)")
        #expect(facts.iso == 400 && facts.fNumber == 2.8 && facts.focalLength == 50)
        #expect(facts.exposureTime.map { abs($0 - 1.0 / 250) < 1e-6 } == true)
        #expect(facts.dateTaken == "2025-07-12 09:15:42")
        #expect(facts.pixelWidth == 48 && facts.pixelHeight == 64, "turned by its orientation")
    }
}

@Suite struct RAWHostileTests {
    @Test func aRAWClaimingSixtyThousandPixelsASideIsRefusedBeforeItIsUnpacked() {
        #expect(FileManager.default.fileExists(atPath: Fixtures.format("bomb.dng").string), "the fixture is there")
        #expect(throws: DecodeError.tooLarge(width: 60000, height: 60000)) { try ImageDecoder.decode(Fixtures.format("bomb.dng"), maximumPixelSize: 256) }
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        if case .success = decoder.decode(Fixtures.format("bomb.dng"), maximumPixelSize: 256) { Issue.record("a pixel bomb decoded") }
        guard case .success = decoder.decode(Fixtures.format("bare.dng"), maximumPixelSize: 256) else {
            Issue.record("the next RAW did not decode")
            return
        }
    }
}

@Suite struct HEIFThumbnailTests {
    @Test func aHEICsOwnThumbnailIsItsEmbeddedPreview() throws {
        let preview = try ImageDecoder.embeddedPreview(Fixtures.format("thumbnailed.heic"), maximumPixelSize: nil)
        #expect(max(preview.width, preview.height) <= 32 && preview.width > preview.height, "\(preview)")
        #expect(near(rgb(preview, 2, 2), (255, 0, 0)) && near(rgb(preview, preview.width - 3, preview.height - 3), (255, 255, 255)))
        #expect(throws: DecodeError.self, "one without a thumbnail has none") {
            try ImageDecoder.embeddedPreview(Fixtures.format("upright.heic"), maximumPixelSize: nil)
        }
    }
}

@Suite struct JPEGCutTests {
    @Test func aJPEGCutInsideItsHeaderIsIncompleteNotUnreadable() {
        #expect(throws: DecodeError.incomplete) { try ImageDecoder.decode(Fixtures.format("cut-header.jpg"), maximumPixelSize: nil) }
        #expect(!JPEGDecoder.isCutInHeader([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]), "the scan began: not cut in the header")
        #expect(!JPEGDecoder.isCutInHeader(Array("not a jpeg".utf8)))
    }
}

@Suite struct JPEGZeroTailTests {
    @Test func whatArrivedOfACutOrUnfinishedJPEGIsMarkedIncompleteAndAWholeOneIsNot() throws {
        #expect(try ImageDecoder.decode(Fixtures.photo("truncated.jpg"), maximumPixelSize: nil).isIncomplete)
        #expect(try ImageDecoder.decode(Fixtures.format("zero-tail.jpg"), maximumPixelSize: 100).isIncomplete, "kept through the reduction")
        #expect(try ImageDecoder.decode(Fixtures.photo("orient-6.jpg"), maximumPixelSize: nil).isIncomplete == false)
        #expect(try ImageDecoder.decode(Fixtures.photo("stray-marker.jpg"), maximumPixelSize: nil).isIncomplete == false,
                "stray bytes are a warning, not a missing end")
        // Through a helper, as the app decodes.
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        guard case let .success(pixels) = decoder.decode(Fixtures.photo("truncated.jpg"), maximumPixelSize: 256) else {
            Issue.record("the cut JPEG did not decode through the helper")
            return
        }
        #expect(pixels.isIncomplete)
    }

    /// A JPEG still being written: what arrived, then mid-grey, never bands of false colour.
    @Test func aJPEGWhoseTailIsStillZerosShowsWhatArrivedThenGrey() throws {
        let pixels = try ImageDecoder.decode(Fixtures.format("zero-tail.jpg"), maximumPixelSize: nil)
        #expect(pixels.width == 400 && pixels.height == 300)
        #expect(rgb(pixels, 200, 10) != (128, 128, 128), "the top arrived")
        let firstGrey = try #require((0..<pixels.height).first { y in (0..<pixels.width).allSatisfy { rgb(pixels, $0, y) == (128, 128, 128) } })
        for y in firstGrey..<pixels.height {
            #expect((0..<pixels.width).allSatisfy { rgb(pixels, $0, y) == (128, 128, 128) }, "row \(y) is grey")
        }
        // Just above the grey, the picture's own colours, not a band of green.
        #expect(firstGrey > 100)
        let above = rgb(pixels, 10, firstGrey - 1)
        #expect(!(above.0 < 30 && above.2 < 30 && above.1 > 100), "no false-colour band: \(above)")
    }

    @Test func zerosAfterTheEndMarkerAreLeftAlone() {
        let padded: [UInt8] = [0xFF, 0xD8, 1, 2, 0xFF, 0xD9] + [UInt8](repeating: 0, count: 100)
        #expect(JPEGDecoder.withoutUnwrittenTail(padded).count == padded.count)
        let cut: [UInt8] = [0xFF, 0xD8, 1, 2, 3] + [UInt8](repeating: 0, count: 100)
        #expect(JPEGDecoder.withoutUnwrittenTail(cut).count == 5)
    }
}
