// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import PhotoLibrary
import Pixels

@Suite struct FillScalingTests {
    @Test func scaledToFillCoversTheSquareWithItsShorterSide() {
        let landscape = PixelBuffer(width: 256, height: 192, blue: 10, green: 20, red: 30).scaledToFill(160)
        #expect(landscape.width == 213 && landscape.height == 160)
        let portrait = PixelBuffer(width: 171, height: 256, blue: 10, green: 20, red: 30).scaledToFill(160)
        #expect(portrait.width == 160 && portrait.height == 240)
        #expect(portrait.pixel(x: 80, y: 120) == (10, 20, 30, 255))
    }

    @Test func scaledToFillNeverEnlarges() {
        let small = PixelBuffer(width: 120, height: 90, blue: 0, green: 0, red: 0).scaledToFill(160)
        #expect(small.width == 120 && small.height == 90)
    }
}
