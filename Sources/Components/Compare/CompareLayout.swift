// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where Compare's candidates go: equal panes in rows, as many rows as give the photos the
/// most room (two wide photos stack, two tall ones sit side by side), the last row centred.
public enum CompareLayout {
    public static let gap = 8.0
    public static let maximumCandidates = 4

    /// The panes for photos of `aspects` (one per candidate, in order) in `bounds`.
    public static func panes(for aspects: [Size], in bounds: Rect) -> [Rect] {
        let count = aspects.count
        guard count > 0, bounds.width > 0, bounds.height > 0 else { return [] }
        var best: (rows: Int, area: Double) = (1, -1)
        for rows in 1...count {
            let columns = (count + rows - 1) / rows
            let pane = paneSize(rows: rows, columns: columns, in: bounds.size)
            guard pane.width > 0, pane.height > 0 else { continue }
            // The smallest photo is what limits the comparison.
            let area = aspects.map { aspect -> Double in
                let fitted = PhotoZoom.fitted(imageSize: aspect.isEmpty ? Size(width: 3, height: 2) : aspect, in: pane)
                return fitted.width * fitted.height
            }.min() ?? 0
            if area > best.area * 1.001 { best = (rows, area) }
        }
        let rows = best.rows, columns = (count + rows - 1) / rows
        let pane = paneSize(rows: rows, columns: columns, in: bounds.size)
        return (0..<count).map { index in
            let row = index / columns, column = index % columns
            let inRow = row == rows - 1 ? count - row * columns : columns
            let rowWidth = Double(inRow) * pane.width + Double(inRow - 1) * gap
            let left = bounds.minX + (bounds.width - rowWidth) / 2
            return Rect(x: (left + Double(column) * (pane.width + gap)).rounded(), y: (bounds.minY + Double(row) * (pane.height + gap)).rounded(),
                        width: pane.width.rounded(), height: pane.height.rounded())
        }
    }

    private static func paneSize(rows: Int, columns: Int, in size: Size) -> Size {
        Size(width: (size.width - Double(columns - 1) * gap) / Double(columns), height: (size.height - Double(rows - 1) * gap) / Double(rows))
    }
}
