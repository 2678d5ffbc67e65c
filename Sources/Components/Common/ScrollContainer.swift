// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import ViewTree

/// What a scroll container shows: which items a stretch of content needs, a cell for each,
/// and how to fill and place one.
public protocol ScrollContainerDataSource<Cell>: AnyObject {
    associatedtype Cell: View
    /// The items that need a view while `shown` (content coordinates) is on screen, in the
    /// order their cells are to be filled.
    func items(shownIn shown: Rect) -> [Int]
    func makeCell() -> Cell
    /// Items of different kinds (the grid's photos and its day headers) get cells of their
    /// own kind, each reused only for its kind.
    func makeCell(for item: Int) -> Cell
    func reuseKind(of item: Int) -> Int
    /// Fills `cell` with item `index` and places it; the cell may come from another item.
    func update(_ cell: Cell, item index: Int)
    /// A cell leaves the screen and waits to be reused.
    func prepareForReuse(_ cell: Cell)
    /// After each pass: what lies over the items, the pictures to ask for.
    func didLayOutItems()
}

extension ScrollContainerDataSource {
    /// One kind of item: every cell is `makeCell()`'s.
    public func makeCell(for item: Int) -> Cell { makeCell() }
    public func reuseKind(of item: Int) -> Int { 0 }
    public func prepareForReuse(_ cell: Cell) {}
    public func didLayOutItems() {}
}

/// A view that scrolls its content through `bounds.origin` (UIKit's way) and keeps a view
/// only for each item on screen, reusing those that scroll away. It lays out on every frame
/// its bounds animate, so a glide brings cells in as it goes. The grid, the album strip,
/// the stack's spread and the pager's pages are all one of these; what scrolls it (a
/// `Scroller`, the pager's swipe) is its owner's choice.
public class ScrollContainer<Cell: View>: View {
    weak var dataSource: (any ScrollContainerDataSource<Cell>)?
    private(set) var cells: [Int: Cell] = [:]
    /// Cells off screen, by the kind of item they were made for.
    private var spareCells: [Int: [Cell]] = [:]

    /// The items with cells, in order.
    public var visibleIndices: [Int] { cells.keys.sorted() }

    public override func layoutSubviews() {
        layoutItems()
    }

    /// Brings the cells in step with what is on screen now (the presentation, mid-glide).
    func layoutItems() {
        guard let dataSource else { return }
        let wanted = dataSource.items(shownIn: animatedBounds.presentation)
        let kept = Set(wanted)
        for (index, cell) in cells where !kept.contains(index) {
            dataSource.prepareForReuse(cell)
            cell.removeFromSuperview()
            cells[index] = nil
            spareCells[dataSource.reuseKind(of: index), default: []].append(cell)
        }
        for index in wanted {
            let cell = cells[index] ?? dequeueCell(for: index, from: dataSource)
            cells[index] = cell
            dataSource.update(cell, item: index)
        }
        dataSource.didLayOutItems()
    }

    /// The items changed places (the album changed): each cell follows its item to the
    /// item's new index, so the data source moves it there from where it is. The cells of
    /// items that are gone are handed back, no longer kept, for the data source to see off
    /// and then `recycle`.
    public func moveItems(_ newIndex: (Int) -> Int?) -> [Cell] {
        var moved: [Int: Cell] = [:]
        var leaving: [Cell] = []
        for (index, cell) in cells {
            if let new = newIndex(index), moved[new] == nil { moved[new] = cell } else { leaving.append(cell) }
        }
        cells = moved
        setNeedsLayout()
        return leaving
    }

    /// Takes back a cell `moveItems` handed out for `item`, once it has gone.
    public func recycle(_ cell: Cell, of item: Int = 0) {
        dataSource?.prepareForReuse(cell)
        cell.removeFromSuperview()
        spareCells[dataSource?.reuseKind(of: item) ?? 0, default: []].append(cell)
    }

    private func dequeueCell(for item: Int, from dataSource: any ScrollContainerDataSource<Cell>) -> Cell {
        let cell = spareCells[dataSource.reuseKind(of: item)]?.popLast() ?? dataSource.makeCell(for: item)
        addSubview(cell)
        return cell
    }
}
