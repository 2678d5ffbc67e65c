// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import PhotoLibrary
import Pixels

@Suite struct FrameImageTests {
    /// A `width`×`height` frame: opaque white within the given distances of each edge,
    /// transparent inside.
    static func frame(width: Int, height: Int, top: Int, left: Int, bottom: Int, right: Int) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where y < top || x < left || y >= height - bottom || x >= width - right {
                let i = (y * width + x) * 4
                bytes[i] = 255; bytes[i + 1] = 255; bytes[i + 2] = 255; bytes[i + 3] = 255
            }
        }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: false)
    }

    @Test func theCapsEndWhereTheFramesTransparentMiddleBegins() {
        let image = FrameImage(pixels: Self.frame(width: 40, height: 30, top: 4, left: 6, bottom: 8, right: 10))
        #expect(image.capInsets == (top: 4, left: 6, bottom: 8, right: 10))
    }

    @Test func aPictureWithoutAHoleIsCutInThirds() {
        let card = FrameImage(pixels: PixelBuffer(width: 30, height: 60, blue: 240, green: 240, red: 250))
        #expect(card.capInsets == (top: 20, left: 10, bottom: 20, right: 10))
    }
}
