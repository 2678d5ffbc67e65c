// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where each cell of a photo grid goes: square cells in columns, with equal gaps
/// around them. Pure, so it tests alone.
public struct GridLayout: Equatable, Sendable {
    /// Cells are at least this wide; extra width is shared among the columns.
    public static let defaultMinimumCellSide = 160.0
    /// The gap between cells and at the edges. Small, so photos dominate.
    public static let defaultSpacing = 4.0

    public let columns: Int
    public let cellSide: Double
    public let spacing: Double
    /// From the left edge to the first column.
    public let leadingInset: Double

    /// As many columns of at least `minimumCellSide` as fit `width`, with gaps of `spacing`.
    /// Cells are whole points wide, so a thumbnail made to their size is drawn unscaled;
    /// the fraction left over widens the outer margins.
    public init(width: Double, minimumCellSide: Double = GridLayout.defaultMinimumCellSide, spacing: Double = GridLayout.defaultSpacing) {
        columns = max(1, Int((width - spacing) / (minimumCellSide + spacing)))
        cellSide = max(1, ((width - spacing * Double(columns + 1)) / Double(columns)).rounded(.down))
        self.spacing = spacing
        leadingInset = max(spacing, (width - Double(columns) * cellSide - Double(columns - 1) * spacing) / 2)
    }

    /// `columns` cells of `cellSide` across `width`, the rest shared equally among the gaps
    /// between them and at both edges (none when the width is too narrow).
    public init(width: Double, columns: Int, cellSide: Double) {
        self.columns = max(1, columns)
        self.cellSide = cellSide
        spacing = max(0, (width - Double(self.columns) * cellSide) / Double(self.columns + 1))
        leadingInset = spacing
    }

    /// Distance from one row's top to the next.
    public var rowPitch: Double { cellSide + spacing }

    public func frame(of index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: leadingInset + Double(column) * (cellSide + spacing), y: spacing + Double(row) * rowPitch,
                    width: cellSide, height: cellSide)
    }

    public func rowCount(of count: Int) -> Int { (count + columns - 1) / columns }

    public func contentHeight(of count: Int) -> Double {
        spacing + Double(rowCount(of: count)) * rowPitch
    }

    /// The indices of cells that intersect the vertical band `minY..<maxY`.
    public func indices(from minY: Double, to maxY: Double, count: Int) -> Range<Int> {
        guard count > 0, maxY > minY else { return 0..<0 }
        let firstRow = max(0, Int(((minY - spacing) / rowPitch).rounded(.down)))
        let lastRow = max(firstRow, Int(((maxY - spacing) / rowPitch).rounded(.down)))
        let lower = min(count, firstRow * columns), upper = min(count, (lastRow + 1) * columns)
        return lower..<upper
    }
}
