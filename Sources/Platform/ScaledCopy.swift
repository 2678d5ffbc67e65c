// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// A copy of whole texture pixels stretched onto a window rectangle, and the part of it
/// that can show.
///
/// SDL's software renderer stretches a copy that crosses the window's edge into a scratch
/// surface of the copy's full size, then blits what shows: a stand-in sliding in while
/// paging allocated and filled a screen-sized surface every frame, and a photo zoomed
/// eight times over one of hundreds of megabytes. Cut to the source pixels that cover what
/// shows, the copy costs what shows and lands exactly where the whole one would: each
/// source pixel keeps its place and size on screen.
struct ScaledCopy: Equatable {
    var sourceX: Int
    var sourceY: Int
    var sourceWidth: Int
    var sourceHeight: Int
    /// Where the source pixels land, in window pixels.
    var target: Rect

    /// The whole source pixels whose landing overlaps `visible` (and their neighbours), and
    /// where they land; nil when none shows.
    func clipped(to visible: Rect) -> ScaledCopy? {
        guard sourceWidth > 0, sourceHeight > 0, target.width > 0, target.height > 0,
              let shown = target.intersection(visible),
              let x = Self.span(start: sourceX, count: sourceWidth, landsFrom: target.minX, length: target.width,
                                showing: shown.minX, to: shown.maxX),
              let y = Self.span(start: sourceY, count: sourceHeight, landsFrom: target.minY, length: target.height,
                                showing: shown.minY, to: shown.maxY) else { return nil }
        return ScaledCopy(sourceX: x.start, sourceY: y.start, sourceWidth: x.count, sourceHeight: y.count,
                          target: Rect(x: x.from, y: y.from, width: x.length, height: y.length))
    }

    /// One axis: `count` source pixels from `start` landing over `length` from `from`, cut
    /// to those covering `low…high` and one more each side: a smoothed copy blends every
    /// pixel with its neighbours, so the edges that show are blended as in the whole copy.
    private static func span(start: Int, count: Int, landsFrom from: Double, length: Double,
                             showing low: Double, to high: Double) -> (start: Int, count: Int, from: Double, length: Double)? {
        let perPixel = length / Double(count)
        guard high > low else { return nil }
        let first = max(0, Int(((low - from) / perPixel).rounded(.down)) - 1)
        let end = min(count, Int(((high - from) / perPixel).rounded(.up)) + 1)
        return (start + first, end - first, from + Double(first) * perPixel, Double(end - first) * perPixel)
    }
}
