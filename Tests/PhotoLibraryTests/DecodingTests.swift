// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import Pixels
import SystemPackage
import TestSupport

@Suite struct OrientationTests {
    /// A 3×2 buffer whose pixels are numbered 0…5 in their blue byte.
    let numbered: PixelBuffer = {
        var bytes = [UInt8](repeating: 255, count: 3 * 2 * 4)
        for i in 0..<6 { bytes[i * 4] = UInt8(i) }
        return PixelBuffer(width: 3, height: 2, bytesPerRow: 12, bytes: bytes, isOpaque: true)
    }()

    func layout(_ buffer: PixelBuffer) -> [[Int]] {
        (0..<buffer.height).map { y in (0..<buffer.width).map { x in Int(buffer.pixel(x: x, y: y).blue) } }
    }

    /// A window's box, not a square of its longer side: a 4:3 photo in a 16:9 box is cut to
    /// the box's height, upright photos by their upright shape, and a small one stays whole.
    @Test func aPictureFitsTheBoxItIsDecodedFor() throws {
        let wide = try ImageDecoder.decode(Fixtures.photo("progressive.jpg"), maximumPixelSize: 192,
                                           box: PixelBox(width: 192, height: 108))
        #expect(wide.width == 144 && wide.height == 108, "\(wide)")
        let turned = try ImageDecoder.decode(Fixtures.photo("orient-6.jpg"), maximumPixelSize: 30, box: PixelBox(width: 30, height: 30))
        #expect(turned.width == 30 && turned.height == 20, "upright 60×40 in 30×30: \(turned)")
        let tall = try ImageDecoder.decode(Fixtures.photo("orient-6.png"), maximumPixelSize: 100, box: PixelBox(width: 100, height: 20))
        #expect(tall.width == 30 && tall.height == 20, "60×40 in 100×20: \(tall)")
        let small = try ImageDecoder.decode(Fixtures.photo("progressive.jpg"), maximumPixelSize: 1920,
                                            box: PixelBox(width: 1920, height: 1080))
        #expect(small.width == 320 && small.height == 240, "never enlarged: \(small)")
    }

    @Test func everyOrientationMovesThePixelsAsEXIFSays() {
        // Stored:  0 1 2
        //          3 4 5
        let expected: [Orientation: [[Int]]] = [
            .up: [[0, 1, 2], [3, 4, 5]],
            .upMirrored: [[2, 1, 0], [5, 4, 3]],
            .down: [[5, 4, 3], [2, 1, 0]],
            .downMirrored: [[3, 4, 5], [0, 1, 2]],
            .leftMirrored: [[0, 3], [1, 4], [2, 5]],
            .right: [[3, 0], [4, 1], [5, 2]],
            .rightMirrored: [[5, 2], [4, 1], [3, 0]],
            .left: [[2, 5], [1, 4], [0, 3]],
        ]
        for orientation in Orientation.allCases {
            #expect(layout(numbered.applying(orientation)) == expected[orientation], "\(orientation)")
        }
    }

    @Test(arguments: ["jpg", "png", "webp"], 1...8)
    func aPhotoWithOrientationTagDecodesUpright(format: String, tag: Int) throws {
        expectUpright(try ImageDecoder.decode(Fixtures.photo("orient-\(tag).\(format)"), maximumPixelSize: nil))
    }

    @Test func orientationIsAppliedToThumbnailsToo() throws {
        let pixels = try ImageDecoder.decode(Fixtures.photo("orient-6.jpg"), maximumPixelSize: 30)
        #expect(pixels.width == 30 && pixels.height == 20)
        #expect(near(rgb(pixels, 7, 5), (255, 0, 0)) && near(rgb(pixels, 22, 15), (255, 255, 255)))
    }
}

@Suite struct DecodingTests {
    @Test func aCameraSizeJPEGIsDecodedAtAReducedDCTScaleToTheRequestedSize() throws {
        #expect(JPEGScale.covering(width: 4000, height: 3000, limit: 256) == (500, 375))
        #expect(JPEGScale.covering(width: 4000, height: 3000, limit: 1920) == (2000, 1500))
        #expect(JPEGScale.covering(width: 4000, height: 3000, limit: nil) == (4000, 3000))
        let pixels = try ImageDecoder.decode(Fixtures.photo("camera-size.jpg"), maximumPixelSize: 256)
        #expect(pixels.width == 256 && pixels.height == 192)
    }

    @Test func cmykJPEGsKeepTheirColours() throws {
        let pixels = try ImageDecoder.decode(Fixtures.photo("cmyk.jpg"), maximumPixelSize: nil)
        #expect(near(rgb(pixels, 32, 24), (255, 0, 0)), "\(rgb(pixels, 32, 24))")
    }

    @Test func progressiveJPEGsDecode() throws {
        let pixels = try ImageDecoder.decode(Fixtures.photo("progressive.jpg"), maximumPixelSize: nil)
        #expect(pixels.width == 320 && pixels.height == 240 && pixels.isOpaque)
    }

    @Test func aTruncatedJPEGShowsWhatArrivedOrFailsCleanly() {
        do {
            let pixels = try ImageDecoder.decode(Fixtures.photo("truncated.jpg"), maximumPixelSize: nil)
            #expect(pixels.width == 400 && pixels.height == 300)
        } catch {
            #expect(error.description.hasPrefix("cannot open"))
        }
    }

    /// Pixels are not zeroed before a decode writes them: what did not arrive of a cut
    /// photo shows mid-grey (libjpeg's fill for missing data), never zeros nor what an
    /// earlier photo left in that memory.
    @Test func whatACutJPEGLacksIsMidGreyNotLeftoversOfAnotherPhoto() throws {
        for _ in 0..<3 {
            // A navy-to-orange picture of the same size first: its memory may come next.
            _ = try ImageDecoder.decode(Fixtures.photo("camera-size.jpg"), maximumPixelSize: 400)
            let pixels = try ImageDecoder.decode(Fixtures.photo("truncated.jpg"), maximumPixelSize: nil)
            let lastRow = pixels.bytes[(pixels.height - 1) * pixels.bytesPerRow..<(pixels.height * pixels.bytesPerRow)]
            #expect(lastRow.elementsEqual((0..<pixels.width).flatMap { _ in [128, 128, 128, 255] as [UInt8] }))
        }
    }

    @Test func anAbsurdDeclaredSizeIsRefusedAsTooLarge() {
        #expect(throws: DecodeError.tooLarge(width: 64250, height: 64250)) {
            try ImageDecoder.decode(Fixtures.photo("huge.jpg"), maximumPixelSize: 256)
        }
    }

    @Test func anEmptyFileAndATextFileAreNotImages() {
        #expect(throws: DecodeError.unreadable("the file is empty")) {
            try ImageDecoder.decode(Fixtures.odd("empty.jpg"), maximumPixelSize: 256)
        }
        #expect(throws: DecodeError.unreadable("not an image")) {
            try ImageDecoder.decode(Fixtures.odd("text.jpg"), maximumPixelSize: 256)
        }
    }

    @Test func pngsOfEveryDepthAndAlphaDecode() throws {
        let deep = try ImageDecoder.decode(Fixtures.photo("deep.png"), maximumPixelSize: nil)
        #expect(deep.width == 32 && deep.isOpaque)
        let alpha = try ImageDecoder.decode(Fixtures.photo("alpha.png"), maximumPixelSize: nil)
        #expect(!alpha.isOpaque && alpha.pixel(x: 0, y: 0).alpha == 0 && alpha.pixel(x: 16, y: 16).alpha == 255)
    }

    @Test func anAnimatedGIFShowsItsFirstFrame() throws {
        let pixels = try ImageDecoder.decode(Fixtures.photo("animated.gif"), maximumPixelSize: nil)
        #expect(near(rgb(pixels, 12, 12), (0, 0, 255)))
    }

    @Test func aFIFOAndAFolderAreRefusedWithoutBlocking() {
        #expect(throws: DecodeError.self) { try ImageDecoder.decode(Fixtures.odd("pipe.jpg"), maximumPixelSize: 64) }
        #expect(throws: DecodeError.self) { try ImageDecoder.decode(Fixtures.odd("folder.jpg"), maximumPixelSize: 64) }
    }
}

@Suite struct JPEGWarningTests {
    @Test func aJPEGOnWhichLibjpegOnlyWarnsIsShown() throws {
        let pixels = try ImageDecoder.decode(Fixtures.photo("stray-marker.jpg"), maximumPixelSize: nil)
        #expect(pixels.width == 64 && pixels.height == 48)
        let centre = pixels.pixel(x: 32, y: 24)
        #expect(centre.red > 240 && abs(Int(centre.green) - 165) < 12 && centre.blue < 12, "orange: \(centre)")
    }
}

@Suite struct ScalingTests {
    @Test func downscalingAveragesTheCoveredPixels() {
        // 4×2: left two columns black, right two white → 2×1: black, white.
        var bytes = [UInt8](repeating: 255, count: 4 * 2 * 4)
        for y in 0..<2 { for x in 0..<2 { let i = (y * 4 + x) * 4; bytes[i] = 0; bytes[i + 1] = 0; bytes[i + 2] = 0 } }
        let small = PixelBuffer(width: 4, height: 2, bytesPerRow: 16, bytes: bytes, isOpaque: true).scaledToFit(2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.pixel(x: 0, y: 0).red == 0 && small.pixel(x: 1, y: 0).red == 255)
        // A checkerboard averages to grey rather than aliasing to one colour.
        var checker = [UInt8](repeating: 255, count: 4 * 4 * 4)
        for y in 0..<4 { for x in 0..<4 where (x + y) % 2 == 0 { let i = (y * 4 + x) * 4; checker[i] = 0; checker[i + 1] = 0; checker[i + 2] = 0 } }
        let grey = PixelBuffer(width: 4, height: 4, bytesPerRow: 16, bytes: checker, isOpaque: true).scaledToFit(1)
        #expect(abs(Int(grey.pixel(x: 0, y: 0).red) - 128) <= 1)
    }

    @Test func transparentPixelsDoNotDarkenTheEdge() {
        // One opaque red pixel beside a transparent black one: the average is red at half alpha.
        let bytes: [UInt8] = [0, 0, 255, 255, 0, 0, 0, 0]
        let half = PixelBuffer(width: 2, height: 1, bytesPerRow: 8, bytes: bytes, isOpaque: false).scaledToFit(1)
        #expect(half.pixel(x: 0, y: 0).red == 255 && abs(Int(half.pixel(x: 0, y: 0).alpha) - 128) <= 1)
    }

    @Test func aMildReductionKeepsEachSidesColourAndBlendsOnlyAtTheSeam() {
        // 300×200, red to x = 149, blue after → 240×160 (less than halving); the seam falls
        // between output pixels' sources, so one of them blends the two.
        var bytes = [UInt8](repeating: 255, count: 300 * 200 * 4)
        for y in 0..<200 { for x in 0..<300 { let i = (y * 300 + x) * 4; bytes[i] = x < 149 ? 0 : 255; bytes[i + 1] = 0; bytes[i + 2] = x < 149 ? 255 : 0 } }
        let small = PixelBuffer(width: 300, height: 200, bytesPerRow: 1200, bytes: bytes, isOpaque: true).scaledToFit(240)
        #expect(small.width == 240 && small.height == 160 && small.isOpaque)
        let left = small.pixel(x: 10, y: 80), right = small.pixel(x: 229, y: 80)
        #expect(left.red == 255 && left.blue == 0 && left.alpha == 255, "\(left)")
        #expect(right.blue == 255 && right.red == 0, "\(right)")
        let seam = (115..<125).map { small.pixel(x: $0, y: 80) }
        #expect(seam.contains { $0.red > 0 && $0.blue > 0 }, "the seam averages both: \(seam)")
    }

    @Test func aMildReductionFollowsGradientsToTheLastColumnAndRow() {
        // Blue ramps across, green down, red is flat: each output pixel has the ramps'
        // values at its centre, as mapped back into the source, within a level. Odd sizes
        // leave a last column to the plain path beside the SIMD one.
        let (width, height) = (1501, 301)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8((Double(x) * 255 / Double(width - 1)).rounded())
                bytes[i + 1] = UInt8((Double(y) * 255 / Double(height - 1)).rounded())
                (bytes[i + 2], bytes[i + 3]) = (77, 255)
            }
        }
        let small = PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: true).scaledToFit(1441)
        #expect(small.width == 1441 && small.height == 289)
        func expected(_ index: Int, _ count: Int, _ sourceCount: Int) -> Double {
            let source = min(max((Double(index) + 0.5) * Double(sourceCount) / Double(count) - 0.5, 0), Double(sourceCount - 1))
            return source * 255 / Double(sourceCount - 1)
        }
        var worst = 0.0, flatChanged = 0
        for y in 0..<small.height {
            for x in 0..<small.width {
                let pixel = small.pixel(x: x, y: y)
                if pixel.red != 77 || pixel.alpha != 255 { flatChanged += 1 }
                worst = max(worst, abs(Double(pixel.blue) - expected(x, small.width, width)),
                            abs(Double(pixel.green) - expected(y, small.height, height)))
            }
        }
        #expect(flatChanged == 0)
        #expect(worst <= 1, "a level off at most, not \(worst)")
    }

    @Test func smallImagesAreNeverScaledUp() {
        let pixels = PixelBuffer(width: 10, height: 5, blue: 1, green: 2, red: 3)
        #expect(pixels.scaledToFit(100).width == 10)
    }
}

/// The camera's EXIF thumbnail, shown while the photo itself decodes.
@Suite struct EmbeddedPreviewTests {
    @Test func aLetterboxedPreviewLosesItsBarsAndTakesThePhotosProportions() throws {
        let preview = try ImageDecoder.embeddedPreview(Fixtures.photo("preview-letterbox.jpg"), maximumPixelSize: nil)
        // 160×120 stored; the photo is 3:2, so 160×107 of green is left.
        #expect(preview.width == 160 && abs(preview.height - 107) <= 1)
        for (x, y) in [(2, 2), (157, 2), (2, preview.height - 3), (80, preview.height / 2)] {
            #expect(near(rgb(preview, x, y), (0, 255, 0)), "green at \(x),\(y), not a black band or the grey photo")
        }
    }

    @Test func aPreviewIsTurnedUprightLikeItsPhoto() throws {
        let preview = try ImageDecoder.embeddedPreview(Fixtures.photo("preview-turned.jpg"), maximumPixelSize: nil)
        #expect(preview.width == 107 && preview.height == 160)
        #expect(near(rgb(preview, 53, 20), (255, 0, 0)), "red on top")
        #expect(near(rgb(preview, 53, 140), (0, 0, 255)), "blue below")
    }

    @Test func aPreviewIsScaledToTheSizeAskedFor() throws {
        let preview = try ImageDecoder.embeddedPreview(Fixtures.photo("preview-turned.jpg"), maximumPixelSize: 80)
        #expect(max(preview.width, preview.height) == 80)
    }

    @Test func photosWithoutAPreviewSaySo() {
        #expect(throws: DecodeError.unreadable("no embedded preview")) {
            try ImageDecoder.embeddedPreview(Fixtures.photo("orient-6.jpg"), maximumPixelSize: nil)
        }
        #expect(throws: DecodeError.unreadable("only JPEGs and HEIFs carry an embedded preview")) {
            try ImageDecoder.embeddedPreview(Fixtures.photo("alpha.png"), maximumPixelSize: nil)
        }
        #expect(throws: DecodeError.unreadable("only JPEGs and HEIFs carry an embedded preview")) {
            try ImageDecoder.embeddedPreview(Fixtures.odd("empty.jpg"), maximumPixelSize: nil)
        }
    }

    @Test func theEXIFBlockGivesOrientationSizeAndThumbnail() throws {
        let bytes = try [UInt8](Data(contentsOf: Fixtures.photos.appendingPathComponent("preview-turned.jpg")))
        let exif = ExifInfo(jpeg: bytes)
        #expect(exif.orientation == .right)
        #expect(exif.pixelDimensions?.width == 300 && exif.pixelDimensions?.height == 200)
        #expect(exif.embeddedThumbnail?.prefix(2) == [0xFF, 0xD8])
        #expect(ExifInfo(jpeg: Array(bytes.prefix(100))).embeddedThumbnail == nil, "a cut-off block gives nothing, safely")
    }
}
