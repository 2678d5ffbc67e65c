// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where the album strip's covers sit, as pure arithmetic: square covers in a row, with an
/// inset at both ends wide enough that the first and last cover can be centred too.
public struct AlbumStripLayout: Equatable, Sendable {
    public static let coverSide = 100.0
    public static let spacing = 10.0
    /// The seed's end inset: on a phone it is what lets the end covers reach the middle; a
    /// wider window needs more, so the inset grows to half the width less half a cover.
    public static let minimumEndInset = 100.0
    public static let topPadding = 10.0
    /// Below each cover: its name and its photo count, a line each.
    public static let captionHeight = 34.0
    public static let bottomPadding = 6.0
    /// The strip's whole height.
    public static let height = topPadding + coverSide + captionHeight + bottomPadding

    /// The width the covers are shown in (the band left of the view switcher).
    public let width: Double
    /// What lies beyond it at the right end (under the switcher): room the content ends with,
    /// so the last cover can still come to the middle of what is shown.
    public let trailingInset: Double

    public init(width: Double, trailingInset: Double = 0) {
        self.width = width
        self.trailingInset = trailingInset
    }

    public var endInset: Double { max(Self.minimumEndInset, ((width - Self.coverSide) / 2).rounded(.down)) }
    public var pitch: Double { Self.coverSide + Self.spacing }

    public func contentWidth(of count: Int) -> Double {
        guard count > 0 else { return width + trailingInset }
        return 2 * endInset + Double(count) * Self.coverSide + Double(count - 1) * Self.spacing + trailingInset
    }

    /// Cover `index`'s square, in content coordinates.
    public func coverFrame(of index: Int) -> Rect {
        Rect(x: endInset + Double(index) * pitch, y: Self.topPadding, width: Self.coverSide, height: Self.coverSide)
    }

    /// Album `index`'s whole cell: its cover with half the spacing either side, and the
    /// caption beneath.
    public func cellFrame(of index: Int) -> Rect {
        let cover = coverFrame(of: index)
        return Rect(x: cover.minX - Self.spacing / 2, y: cover.minY, width: pitch, height: Self.coverSide + Self.captionHeight)
    }

    /// The scroll offset that puts cover `index` in the middle.
    public func centringOffset(of index: Int) -> Double {
        coverFrame(of: index).midX - width / 2
    }

    /// The cover nearest the middle when scrolled to `offset`.
    public func nearestIndex(toOffset offset: Double, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let index = ((offset + width / 2 - endInset - Self.coverSide / 2) / pitch).rounded()
        return Int(min(max(index, 0), Double(count - 1)))
    }

    /// The covers any part of which lies within `minX..<maxX`.
    public func indices(from minX: Double, to maxX: Double, count: Int) -> Range<Int> {
        guard count > 0, maxX > minX else { return 0..<0 }
        let first = Int(((minX - endInset - Self.coverSide) / pitch).rounded(.down)) + 1
        let last = Int(((maxX - endInset) / pitch).rounded(.up))
        let lower = min(max(first, 0), count), upper = min(max(last, lower), count)
        return lower..<upper
    }
}
