// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import Marks
import ViewTree

/// What the album shows and in which order, as a small control beside the view switcher
/// ("All photos · Name ↑"); a click opens its menu.
public final class ArrangementControl: View {
    public static let textSize = ViewSwitcher.textSize
    public static let pill = PillStyle(color: PillStyle.standard.color, cornerRadius: PillStyle.standard.cornerRadius,
                                       padding: EdgeInsets(horizontal: 12, vertical: 8))
    private let context: ComponentContext
    private let label = View()
    private var shown: String?
    private lazy var tap = TapGestureRecognizer { [unowned self] in if $0.state == .recognized { onOpen?() } }
    var onOpen: (() -> Void)?

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "arrangement"
        Self.pill.apply(to: self)
        label.isUserInteractionEnabled = false
        label.name = "arrangement label"
        addSubview(label)
        context.arena.add(tap, to: self)
    }

    /// The words on it.
    static func text(filter: PhotoFilter, order: PhotoOrder) -> String { "\(filter.title) · \(order.title)" }

    /// The narrowest it is shown: a few letters and the ellipsis. With less room (a small
    /// window beside a long language's switcher) it steps aside; its keys still work.
    static let minimumTextWidth = 40.0

    /// Shows `filter` and `order`, sized to them, its right edge at `maxX`, its top at `minY`;
    /// the words cut short with an ellipsis where they would pass `minX`.
    func show(filter: PhotoFilter, order: PhotoOrder, minX: Double, maxX: Double, minY: Double, height: Double) {
        let room = maxX - minX - Self.pill.padding.horizontal
        var text = Self.text(filter: filter, order: order)
        if let labels = context.labels {
            text = TextLayout.truncated(text, toFit: room) { labels.width(of: $0, pointSize: Self.textSize) ?? 0 }
        }
        if text != shown, let rendered = context.labels?.label(text, pointSize: Self.textSize, color: .white) {
            shown = text
            label.content = rendered.content
            label.bounds = Rect(origin: .zero, size: rendered.size)
        }
        isHidden = label.content == nil || room < Self.minimumTextWidth

        let size = label.bounds.size
        let width = size.width + Self.pill.padding.horizontal
        frame = Rect(x: (maxX - width).rounded(), y: minY, width: width, height: height)
        label.frame = Rect(origin: Point(x: Self.pill.padding.left, y: ((height - size.height) / 2).rounded()), size: size)
    }
}

/// The arrangement's menu: what to show (all, picks, stars, unrated, rejects, a label) and
/// how to sort (name, date taken, date modified, size; the current one again turns it
/// round). Clicks choose; arrows move the focus ring, Enter chooses, Esc or a click
/// outside closes it.
public final class ArrangementMenu: View {
    public enum Choice: Hashable, Sendable {
        case filter(PhotoFilter)
        case order(PhotoOrder.Key)
        /// "Group bursts": on or off, each burst's frames together (the grid folds them).
        case groupBursts
        /// "Move rejects to Trash…": shows them, then asks.
        case trashRejects
        /// "Copy picks to Selects…": shows them, then asks.
        case copyPicks
        /// "Move picks to Selects…": shows them, then asks.
        case movePicks
        /// "Import from Card…": asks, then copies the card the album is on.
        case importCard
        /// "Find Duplicates…": shows them together, then asks.
        case findDuplicates

        /// The command the row does, as its keys do.
        var action: CommandAction {
            switch self {
            case let .filter(filter): .filter(filter)
            case let .order(key): .sort(key)
            case .groupBursts: .toggleBurstGrouping
            case .trashRejects: .trashRejects
            case .copyPicks: .copyPicks
            case .movePicks: .movePicks
            case .importCard: .importCard
            case .findDuplicates: .findDuplicates
            }
        }
    }

    public static let textSize = 13.0
    public static let headingColor = Color(white: 0.6)
    public static let panelColor = Color(white: 0.13, alpha: 0.97)
    public static let markColor = Color(white: 1, alpha: 0.18)
    public static let focusColor = Color(red: 0.35, green: 0.6, blue: 1, alpha: 0.45)
    public static let rowHeight = 24.0
    public static let padding = 10.0
    public static let columnGap = 16.0
    public static let rowPadding = 8.0

    private let context: ComponentContext
    private let panel = View()
    private var rows: [(choice: Choice, view: View, label: View)] = []
    private var headings: [View] = []
    private lazy var tap = TapGestureRecognizer { [unowned self] in handleTap($0) }
    public private(set) var isShown = false
    /// The row the keys are on.
    public private(set) var focused = 0
    private var filter = PhotoFilter.all
    private var order = PhotoOrder.byName
    private var groupsBursts = false
    var onChoose: ((Choice) -> Void)?

    /// The rows in order: filters (the first column), then orders.
    public static let choices: [Choice] = PhotoFilter.choices.map(Choice.filter) + PhotoOrder.Key.allCases.map(Choice.order) + [.groupBursts, .trashRejects, .copyPicks, .movePicks, .findDuplicates, .importCard]

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "arrangement menu"
        isHidden = true
        panel.name = "arrangement panel"
        panel.backgroundColor = Self.panelColor
        panel.cornerRadius = 8
        panel.isUserInteractionEnabled = false
        addSubview(panel)
        context.arena.add(tap, to: self)
    }

    /// The words a row says.
    static func title(of choice: Choice) -> String {
        switch choice {
        case let .filter(filter): filter.title
        case let .order(key): key.title
        case .groupBursts: localized("Group bursts")
        case .trashRejects: localized("Move rejects to Trash…")
        case .copyPicks: localized("Copy picks to Selects…")
        case .movePicks: localized("Move picks to Selects…")
        case .importCard: localized("Import from Card…")
        case .findDuplicates: localized("Find Duplicates…")
        }
    }

    func show(filter: PhotoFilter, order: PhotoOrder, groupsBursts: Bool, below anchor: Rect) {
        self.filter = filter
        self.order = order
        self.groupsBursts = groupsBursts
        isShown = true
        isHidden = false
        focused = Self.choices.firstIndex(of: .filter(filter)) ?? 0
        build()
        layout(below: anchor)
    }

    func hide() {
        isShown = false
        isHidden = true
    }

    /// The current arrangement changed while open: the marks follow.
    func update(filter: PhotoFilter, order: PhotoOrder, groupsBursts: Bool) {
        self.filter = filter
        self.order = order
        self.groupsBursts = groupsBursts
        mark()
    }

    /// Moves the ring down a column or across to the other, chooses, closes.
    func perform(_ action: MenuAction) {
        let filters = PhotoFilter.choices.count
        switch action {
        case .close: hide()
        case let .move(step): focused = min(max(focused + step, 0), Self.choices.count - 1)
        case .side(1) where focused < filters: focused = filters + min(focused, Self.choices.count - filters - 1)
        case .side(-1) where focused >= filters: focused = focused - filters
        case .choose: choose(Self.choices[focused])
        default: return
        }
        mark()
    }

    private func choose(_ choice: Choice) {
        // A filter is one choice, made; an order may be turned round at once, and grouping
        // turned back, so the menu stays.
        switch choice {
        case .order, .groupBursts: break
        default: hide()
        }
        onChoose?(choice)
    }

    private func build() {
        guard rows.isEmpty else { return mark() }
        // TRANSLATORS: the arrangement menu's two column headings.
        for (heading, words) in [("Show", localized("Show")), ("Sort by", localized("Sort by"))] {
            let view = View()
            view.name = "arrangement heading \(heading)"
            view.isUserInteractionEnabled = false
            if let rendered = context.labels?.label(words, pointSize: Self.textSize, color: Self.headingColor) {

                view.content = rendered.content
                view.bounds = Rect(origin: .zero, size: rendered.size)
            }
            panel.addSubview(view)
            headings.append(view)
        }
        for choice in Self.choices {
            let row = View(), label = View()
            row.name = "arrangement row \(Self.title(of: choice))"
            label.name = "arrangement row \(Self.title(of: choice)) label"
            row.cornerRadius = 4
            row.isUserInteractionEnabled = false
            label.isUserInteractionEnabled = false
            if let rendered = context.labels?.label(Self.title(of: choice), pointSize: Self.textSize, color: .white) {
                label.content = rendered.content
                label.bounds = Rect(origin: .zero, size: rendered.size)
            }
            row.addSubview(label)
            panel.addSubview(row)
            rows.append((choice, row, label))
        }
        mark()
    }

    /// The current filter and order are marked; the focused row has a ring of colour.
    private func mark() {
        for (index, row) in rows.enumerated() {
            let isCurrent = switch row.choice {
            case let .filter(each): each == filter
            case let .order(key): key == order.key
            case .groupBursts: groupsBursts
            case .trashRejects, .copyPicks, .movePicks, .importCard, .findDuplicates: false
            }
            row.view.backgroundColor = index == focused ? Self.focusColor : isCurrent ? Self.markColor : .clear
        }
    }

    private func layout(below anchor: Rect) {
        frame = superview?.bounds ?? bounds
        let filters = rows.filter { if case .filter = $0.choice { true } else { false } }
        let orders = rows.filter { if case .filter = $0.choice { false } else { true } }
        let widths = [filters, orders].enumerated().map { column, rows in
            max(headings[column].bounds.width, rows.map { $0.label.bounds.width }.max() ?? 0) + 2 * Self.rowPadding
        }
        var x = Self.padding
        var height = 0.0
        for (column, columnRows) in [filters, orders].enumerated() {
            headings[column].frame = Rect(origin: Point(x: x + Self.rowPadding, y: Self.padding), size: headings[column].bounds.size)
            var y = Self.padding + Self.rowHeight
            for row in columnRows {
                // Grouping and the action stand apart from the orders above them.
                if row.choice == .groupBursts { y += Self.rowHeight / 2 }
                row.view.frame = Rect(x: x, y: y, width: widths[column], height: Self.rowHeight)
                row.label.frame = Rect(origin: Point(x: Self.rowPadding, y: ((Self.rowHeight - row.label.bounds.height) / 2).rounded()),
                                       size: row.label.bounds.size)
                y += Self.rowHeight
            }
            height = max(height, y)
            x += widths[column] + Self.columnGap
        }
        let size = Size(width: x - Self.columnGap + Self.padding, height: height + Self.padding)
        let left = min(max(anchor.maxX - size.width, 8), max(bounds.width - size.width - 8, 8))
        panel.frame = Rect(x: left, y: anchor.maxY + 6, width: size.width, height: size.height)
    }

    private func handleTap(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, let point = tap.location(in: panel) else { return }
        guard panel.bounds.contains(point) else { return hide() }
        guard let index = rows.firstIndex(where: { $0.view.frame.contains(point) }) else { return }
        focused = index
        choose(rows[index].choice)
        mark()
    }
}
