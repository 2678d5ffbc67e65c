// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Testing
@testable import Platform

@Suite struct ScaledCopyTests {
    let window = Rect(x: 0, y: 0, width: 1920, height: 1080)

    /// Where source pixel `index` (along x) lands.
    func landing(of index: Int, in copy: ScaledCopy) -> Double {
        copy.target.minX + Double(index - copy.sourceX) * copy.target.width / Double(copy.sourceWidth)
    }

    @Test func aCopyCrossingTheEdgeKeepsEachPixelWhereTheWholeCopyPutsIt() throws {
        // A stand-in of 227×170 stretched over a page sliding in from the right.
        let whole = ScaledCopy(sourceX: 0, sourceY: 0, sourceWidth: 227, sourceHeight: 170,
                               target: Rect(x: 1751.2, y: 0, width: 1442.1, height: 1080))
        let shown = try #require(whole.clipped(to: window))
        #expect(shown.sourceX == 0 && shown.sourceWidth < 40, "only the columns that show: \(shown)")
        #expect(shown.sourceHeight == 170)
        for index in shown.sourceX...(shown.sourceX + shown.sourceWidth) {
            #expect(abs(landing(of: index, in: shown) - landing(of: index, in: whole)) < 1e-9)
        }
        #expect(shown.target.minX <= window.minX + 1751.2 && shown.target.maxX >= window.maxX)
    }

    @Test func aPhotoZoomedFarPastTheWindowIsCutToWhatShowsAndANeighbourEachSide() throws {
        // 1440×1080 pixels zoomed eight times, panned so the window shows its middle.
        let whole = ScaledCopy(sourceX: 0, sourceY: 0, sourceWidth: 1440, sourceHeight: 1080,
                               target: Rect(x: -4800, y: -3780, width: 11520, height: 8640))
        let shown = try #require(whole.clipped(to: window))
        // 1920 / 8 = 240 columns show, from 600; 1080 / 8 = 135 rows, from 472.5.
        #expect(shown.sourceX == 599 && shown.sourceWidth == 242)
        #expect(shown.sourceY == 471 && shown.sourceHeight == 138)
        #expect(shown.target.minX == -8 && shown.target.width == 242 * 8)
        #expect(shown.target.minY == -12 && shown.target.height == 138 * 8)
    }

    @Test func aCopyInsideTheWindowIsLeftWhole() {
        let whole = ScaledCopy(sourceX: 3, sourceY: 5, sourceWidth: 100, sourceHeight: 50, target: Rect(x: 10, y: 10, width: 300, height: 150))
        #expect(whole.clipped(to: window) == whole)
    }

    @Test func aCopyOutsideTheWindowOrClipIsNotDrawn() {
        let offRight = ScaledCopy(sourceX: 0, sourceY: 0, sourceWidth: 10, sourceHeight: 10, target: Rect(x: 1920, y: 0, width: 50, height: 50))
        #expect(offRight.clipped(to: window) == nil)
        let inside = ScaledCopy(sourceX: 0, sourceY: 0, sourceWidth: 10, sourceHeight: 10, target: Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(inside.clipped(to: Rect(x: 100, y: 100, width: 20, height: 20)) == nil)
    }

    @Test func aCropKeepsItsOffsetIntoTheTexture() throws {
        // Pixels 40…59 of a texture, doubled, half off the left edge.
        let whole = ScaledCopy(sourceX: 40, sourceY: 0, sourceWidth: 20, sourceHeight: 10, target: Rect(x: -20, y: 0, width: 40, height: 20))
        let shown = try #require(whole.clipped(to: window))
        #expect(shown.sourceX == 49 && shown.sourceWidth == 11 && shown.target.minX == -2 && shown.target.width == 22)
    }
}
