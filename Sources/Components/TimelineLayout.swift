// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Marks

/// Where the grid's cells and day headers go: `GridLayout`'s columns, cut into sections, each
/// a header band then its own rows. Without sections (the album not sorted by a date) it is
/// the plain grid, to the point. Pure, so it tests alone; searches are by halving, so a
/// 100,000-photo album lays out as quickly as a small one.
public struct TimelineLayout: Equatable, Sendable {
    /// A day's header band: its words and the gap before its first row.
    public static let headerHeight = 44.0

    public let grid: GridLayout
    public let sections: [DaySection]
    /// Each section's top (its header's), and where its first row starts.
    private let tops: [Double]
    private let rowTops: [Double]
    private let height: Double
    private let count: Int

    /// `sections` empty: one untitled run of `count` photos, the plain grid.
    public init(grid: GridLayout, sections: [DaySection], count: Int) {
        self.grid = grid
        self.count = count
        self.sections = sections
        guard !sections.isEmpty else {
            tops = [0]
            rowTops = [grid.spacing]
            height = grid.contentHeight(of: count)
            return
        }
        var tops: [Double] = [], rowTops: [Double] = []
        var y = 0.0
        for section in sections {
            tops.append(y)
            rowTops.append(y + Self.headerHeight)
            y += Self.headerHeight + Double(grid.rowCount(of: section.count)) * grid.rowPitch
        }
        self.tops = tops
        self.rowTops = rowTops
        // Each row's pitch already holds the gap below it.
        height = y
    }

    public var hasHeaders: Bool { !sections.isEmpty }

    public var contentHeight: Double { height }

    /// The section photo `index` is in (0 without sections).
    public func section(of index: Int) -> Int {
        guard hasHeaders else { return 0 }
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].start <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private func start(of section: Int) -> Int { hasHeaders ? sections[section].start : 0 }
    private func count(of section: Int) -> Int { hasHeaders ? sections[section].count : count }

    public func frame(of index: Int) -> Rect {
        let section = section(of: index)
        let position = index - start(of: section)
        let row = position / grid.columns, column = position % grid.columns
        return Rect(x: grid.leadingInset + Double(column) * (grid.cellSide + grid.spacing), y: rowTops[section] + Double(row) * grid.rowPitch,
                    width: grid.cellSide, height: grid.cellSide)
    }

    /// Section `section`'s header where it scrolls with its photos: the band above its
    /// first row, less the gap the selection ring is drawn in.
    public func headerFrame(of section: Int) -> Rect {
        Rect(x: 0, y: tops[section], width: grid.leadingInset * 2 + Double(grid.columns) * grid.cellSide + Double(grid.columns - 1) * grid.spacing,
             height: Self.headerHeight - grid.spacing)
    }

    /// The header as shown with the content's top at `visibleTop`: held at the top while
    /// its section passes under it, pushed up by the next section's header.
    public func pinnedHeaderFrame(of section: Int, visibleTop: Double) -> Rect {
        var frame = headerFrame(of: section)
        let sectionBottom = section + 1 < tops.count ? tops[section + 1] : height
        frame.origin.y = min(max(frame.minY, visibleTop), sectionBottom - frame.height)
        return frame
    }

    /// The section whose band holds `y` (the last one that starts at or above it).
    public func section(at y: Double) -> Int {
        var low = 0, high = tops.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if tops[middle] <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The photos whose cells meet the band `minY..<maxY`: a run of indices, as in the grid.
    public func indices(from minY: Double, to maxY: Double) -> Range<Int> {
        guard count > 0, maxY > minY else { return 0..<0 }
        var lower = Int.max, upper = Int.min
        var section = section(at: minY)
        while section < tops.count && tops[section] < maxY {
            let rows = grid.rowCount(of: count(of: section))
            let first = max(0, Int(((minY - rowTops[section]) / grid.rowPitch).rounded(.down)))
            let last = min(rows - 1, Int(((maxY - rowTops[section]) / grid.rowPitch).rounded(.down)))
            if first <= last && rows > 0 {
                lower = min(lower, start(of: section) + first * grid.columns)
                upper = max(upper, min(start(of: section) + count(of: section), start(of: section) + (last + 1) * grid.columns))
            }
            section += 1
        }
        return lower <= upper ? lower..<upper : 0..<0
    }

    /// The photo a row up from `index`, in the same column where it can be: across a
    /// header into the last row of the day before.
    public func index(above index: Int) -> Int {
        let section = section(of: index), position = index - start(of: section)
        if position >= grid.columns { return index - grid.columns }
        guard section > 0 else { return index }
        let lastRow = (count(of: section - 1) - 1) / grid.columns
        return min(start(of: section - 1) + lastRow * grid.columns + position, start(of: section) - 1)
    }

    /// The photo a row down from `index`: the same column, else the day's last photo, else
    /// across a header into the first row of the next day.
    public func index(below index: Int) -> Int {
        let section = section(of: index), position = index - start(of: section), count = count(of: section)
        if position + grid.columns < count { return index + grid.columns }
        if position / grid.columns < (count - 1) / grid.columns { return start(of: section) + count - 1 }
        guard hasHeaders, section + 1 < sections.count else { return index }
        return min(start(of: section + 1) + position % grid.columns, start(of: section + 1) + self.count(of: section + 1) - 1)
    }

    /// The sections whose headers meet the band, and the one held at its top.
    public func headers(from minY: Double, to maxY: Double) -> [Int] {
        guard hasHeaders, maxY > minY else { return [] }
        var found = [section(at: minY)]
        var section = found[0] + 1
        while section < tops.count && tops[section] < maxY {
            found.append(section)
            section += 1
        }
        return found
    }
}
