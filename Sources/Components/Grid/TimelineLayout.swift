// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Marks

/// Where the grid's cells and day headers go: `GridLayout`'s columns, cut into sections, each
/// a header band then its own rows. Without sections (the album not sorted by a date) it is
/// the plain grid, to the point. A folded burst takes one cell, its first frame's: the
/// others lie under it. Cells are counted in slots (a place on the grid), photos by index.
/// Pure, so it tests alone; searches are by halving, so a 100,000-photo album lays out as
/// quickly as a small one.
public struct TimelineLayout: Equatable, Sendable {
    /// A day's header band: its words and the gap before its first row.
    public static let headerHeight = 44.0

    public let grid: GridLayout
    public let sections: [DaySection]
    /// Runs of photos shown as one cell (a folded burst), in order, none across a day.
    public let folds: [Range<Int>]
    /// How many photos the folds before each one hide.
    private let hiddenBefore: [Int]
    /// Each section's top (its header's), and where its first row starts.
    private let tops: [Double]
    private let rowTops: [Double]
    /// Each section's first slot and how many it has.
    private let slotStarts: [Int]
    private let slotCounts: [Int]
    private let height: Double
    private let count: Int

    /// `sections` empty: one untitled run of `count` photos, the plain grid. `folds`: runs
    /// of two or more photos, in order, each shown as its first (cut where a day ends).
    /// `lead`: room above the first day (On this day), in a timeline only.
    public init(grid: GridLayout, sections: [DaySection], count: Int, folds: [Range<Int>] = [], lead: Double = 0) {
        self.grid = grid
        self.count = count
        self.sections = sections
        var cut: [Range<Int>] = []
        for fold in folds where fold.lowerBound >= (cut.last?.upperBound ?? 0) && fold.upperBound <= count {
            var start = fold.lowerBound
            for section in sections where section.start > start && section.start < fold.upperBound {
                if section.start - start >= 2 { cut.append(start..<section.start) }
                start = section.start
            }
            if fold.upperBound - start >= 2 { cut.append(start..<fold.upperBound) }
        }
        self.folds = cut
        var hidden: [Int] = [], total = 0
        for fold in cut {
            hidden.append(total)
            total += fold.count - 1
        }
        hiddenBefore = hidden
        let runs = sections.isEmpty ? [DaySection(start: 0, count: count, day: CalendarDay(year: 1, month: 1, day: 1))] : sections
        var tops: [Double] = [], rowTops: [Double] = [], slotStarts: [Int] = [], slotCounts: [Int] = []
        var y = sections.isEmpty ? 0 : lead
        let headerHeight = sections.isEmpty ? grid.spacing : Self.headerHeight
        for run in runs {
            let first = Self.slot(of: run.start, folds: cut, hiddenBefore: hidden)
            let slots = run.count == 0 ? 0 : Self.slot(of: run.start + run.count - 1, folds: cut, hiddenBefore: hidden) + 1 - first
            tops.append(y)
            rowTops.append(y + headerHeight)
            slotStarts.append(first)
            slotCounts.append(slots)
            y += headerHeight + Double(grid.rowCount(of: slots)) * grid.rowPitch
        }
        self.tops = tops
        self.rowTops = rowTops
        self.slotStarts = slotStarts
        self.slotCounts = slotCounts
        // Each row's pitch already holds the gap below it; the plain grid's is the grid's own.
        height = sections.isEmpty ? grid.contentHeight(of: slotCounts[0]) : y
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

    // MARK: Folds

    /// The last fold starting at or before `index`.
    private static func foldBefore(_ index: Int, folds: [Range<Int>]) -> Int? {
        guard let first = folds.first, first.lowerBound <= index else { return nil }
        var low = 0, high = folds.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if folds[middle].lowerBound <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private static func slot(of index: Int, folds: [Range<Int>], hiddenBefore: [Int]) -> Int {
        guard let fold = foldBefore(index, folds: folds) else { return index }
        let lead = folds[fold].lowerBound - hiddenBefore[fold]
        return folds[fold].contains(index) ? lead : index - hiddenBefore[fold] - (folds[fold].count - 1)
    }

    /// The cell photo `index` is shown in: its own, or its folded burst's.
    public func slot(of index: Int) -> Int { Self.slot(of: index, folds: folds, hiddenBefore: hiddenBefore) }

    /// The photo shown in slot `slot` (a folded burst's first).
    public func index(ofSlot slot: Int) -> Int {
        var low = 0, high = folds.count - 1, found: Int?
        while low <= high {
            let middle = (low + high) / 2
            if folds[middle].lowerBound - hiddenBefore[middle] <= slot {
                found = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard let fold = found else { return slot }
        let lead = folds[fold].lowerBound - hiddenBefore[fold]
        return slot == lead ? folds[fold].lowerBound : slot + hiddenBefore[fold] + folds[fold].count - 1
    }

    /// The folded burst photo `index` is in, if any.
    public func fold(of index: Int) -> Range<Int>? {
        Self.foldBefore(index, folds: folds).map { folds[$0] }.flatMap { $0.contains(index) ? $0 : nil }
    }

    /// Photo `index` lies under its folded burst's first: no cell of its own.
    public func isFoldedAway(_ index: Int) -> Bool { fold(of: index).map { $0.lowerBound != index } ?? false }

    /// The photo in the cell after (or before) `index`'s, across folds; `index` at an end.
    public func index(after index: Int) -> Int {
        let next = slot(of: index) + 1
        return next < cellCount ? self.index(ofSlot: next) : index
    }

    public func index(before index: Int) -> Int {
        let slot = slot(of: index)
        return slot > 0 ? self.index(ofSlot: slot - 1) : index
    }

    /// How many cells there are: the photos less those folded away.
    public var cellCount: Int { (slotStarts.last ?? 0) + (slotCounts.last ?? 0) }

    public func frame(of index: Int) -> Rect {
        let section = section(of: index)
        let position = slot(of: index) - slotStarts[section]
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

    /// The photos whose cells meet the band `minY..<maxY`: a run of indices, as in the grid
    /// (with the frames folded under a burst's cell).
    public func indices(from minY: Double, to maxY: Double) -> Range<Int> {
        guard count > 0, maxY > minY else { return 0..<0 }
        var lower = Int.max, upper = Int.min
        var section = section(at: minY)
        while section < tops.count && tops[section] < maxY {
            let rows = grid.rowCount(of: slotCounts[section])
            let first = max(0, Int(((minY - rowTops[section]) / grid.rowPitch).rounded(.down)))
            let last = min(rows - 1, Int(((maxY - rowTops[section]) / grid.rowPitch).rounded(.down)))
            if first <= last && rows > 0 {
                lower = min(lower, slotStarts[section] + first * grid.columns)
                upper = max(upper, min(slotStarts[section] + slotCounts[section], slotStarts[section] + (last + 1) * grid.columns))
            }
            section += 1
        }
        guard lower < upper else { return 0..<0 }
        let lastIndex = index(ofSlot: upper - 1)
        return index(ofSlot: lower)..<(fold(of: lastIndex)?.upperBound ?? lastIndex + 1)
    }

    /// The photo a row up from `index`, in the same column where it can be: across a
    /// header into the last row of the day before.
    public func index(above index: Int) -> Int {
        let section = section(of: index), position = slot(of: index) - slotStarts[section]
        if position >= grid.columns { return self.index(ofSlot: slot(of: index) - grid.columns) }
        guard section > 0 else { return index }
        let lastRow = (slotCounts[section - 1] - 1) / grid.columns
        return self.index(ofSlot: min(slotStarts[section - 1] + lastRow * grid.columns + position, slotStarts[section] - 1))
    }

    /// The photo a row down from `index`: the same column, else the day's last photo, else
    /// across a header into the first row of the next day.
    public func index(below index: Int) -> Int {
        let section = section(of: index), slot = slot(of: index), position = slot - slotStarts[section], count = slotCounts[section]
        if position + grid.columns < count { return self.index(ofSlot: slot + grid.columns) }
        if position / grid.columns < (count - 1) / grid.columns { return self.index(ofSlot: slotStarts[section] + count - 1) }
        guard hasHeaders, section + 1 < sections.count else { return index }
        return self.index(ofSlot: min(slotStarts[section + 1] + position % grid.columns, slotStarts[section + 1] + slotCounts[section + 1] - 1))
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
