// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry

@Suite struct RectTests {
    @Test func edgesAndCentreFollowOriginAndSize() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.maxX == 110 && r.maxY == 70 && r.center == Point(x: 60, y: 45))
        #expect(Rect(center: Point(x: 60, y: 45), size: Size(width: 100, height: 50)) == r)
    }

    @Test func containmentIsHalfOpenSoNeighboursNeverShareAPoint() {
        let left = Rect(x: 0, y: 0, width: 10, height: 10)
        let right = Rect(x: 10, y: 0, width: 10, height: 10)
        let edge = Point(x: 10, y: 5)
        #expect(!left.contains(edge) && right.contains(edge))
    }

    @Test func intersectionIsTheOverlapOrNothing() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)
        #expect(!a.intersects(Rect(x: 20, y: 20, width: 1, height: 1)))
    }

    @Test func unionAndInsetsAndBoundingBox() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.union(Rect(x: 20, y: 5, width: 5, height: 10)) == Rect(x: 0, y: 0, width: 25, height: 15))
        #expect(a.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 2, y: 1, width: 4, height: 6))
        #expect(a.insetBy(dx: 20, dy: 0).width == 0)
        #expect(Rect(boundingPoints: [Point(x: 3, y: -1), Point(x: -2, y: 4)]) == Rect(x: -2, y: -1, width: 5, height: 5))
    }

    @Test func aspectFitKeepsAThinPictureAtLeastTheMinimumAcross() {
        let window = Rect(x: 0, y: 0, width: 800, height: 600)
        let strip = Rect.aspectFit(Size(width: 16, height: 40_000), in: window, minimumSide: 8)
        #expect(strip.width == 8 && strip.height == 600 && strip.midX == 400)
        #expect(Rect.aspectFit(Size(width: 40_000, height: 16), in: window, minimumSide: 8).height == 8)
        // Anything thicker keeps its own shape.
        #expect(Rect.aspectFit(Size(width: 300, height: 600), in: window, minimumSide: 8).width == 300)
    }

    @Test func aspectFitShowsAllOfAWidePhotoWithBarsAboveAndBelow() {
        let window = Rect(x: 0, y: 0, width: 1280, height: 800)
        let fit = Rect.aspectFit(Size(width: 4000, height: 2000), in: window)
        #expect(close(fit, Rect(x: 0, y: 80, width: 1280, height: 640)))
    }

    @Test func aspectFillCoversASquareCellAndCropsTheOverflow() {
        let cell = Rect(x: 100, y: 100, width: 100, height: 100)
        let fill = Rect.aspectFill(Size(width: 300, height: 200), in: cell)
        #expect(close(fill, Rect(x: 75, y: 100, width: 150, height: 100)))
        let source = Rect.aspectFillSourceRect(imageSize: Size(width: 300, height: 200), targetSize: cell.size)
        #expect(close(source, Rect(x: 50, y: 0, width: 200, height: 200)))
    }

    @Test func aspectOfAnEmptyImageIsAnEmptyRectNotADivisionByZero() {
        let fit = Rect.aspectFit(.zero, in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(fit.isEmpty && fit.center == Point(x: 5, y: 5))
    }
}

@Suite struct ColorTests {
    @Test func interpolationAndBytes() {
        let mid = Color.black.interpolated(to: .white, fraction: 0.5)
        #expect(mid.bytes.red == 128 && mid.bytes.alpha == 255)
        #expect(Color(red8: 255, green8: 0, blue8: 51).blue == 0.2)
        #expect(!Color.white.withAlpha(0.5).isOpaque)
    }
}
