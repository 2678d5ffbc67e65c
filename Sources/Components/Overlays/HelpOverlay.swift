// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Motion
import ViewTree

/// One line of help: what to do, and what it does.
public struct HelpEntry: Equatable, Sendable {
    public var input: String
    public var action: String

    public init(_ input: String, _ action: String) {
        self.input = input
        self.action = action
    }
}

/// The keys and mouse actions of what is on screen, over a dimmed window (? or F1). Any
/// key or click closes it. Taller than the window, the list goes on in a second pair of
/// columns beside the first, never off the screen.
public final class HelpOverlay: View {
    public static let dimming = Color(white: 0, alpha: 0.72)
    public static let panelColor = Color(white: 0.13, alpha: 0.96)
    public static let panelCornerRadius = 10.0
    public static let titleSize = 17.0
    public static let textSize = 14.0
    public static let inputColor = Color(white: 0.95)
    public static let actionColor = Color(white: 0.72)
    public static let padding = 28.0
    public static let columnGap = 28.0
    public static let titleGap = 16.0
    public static let fade = Timing.easeOut(0.15)

    private let context: ComponentContext
    private let panel = View()
    private let title = TextView()
    private let inputs = TextView()
    private let actions = TextView()
    /// The second half, beside the first, when one column would not fit the window's height.
    private let moreInputs = TextView()
    private let moreActions = TextView()
    private var entries: [HelpEntry] = []
    private lazy var close = TapGestureRecognizer { [unowned self] in if $0.state == .recognized { hide() } }

    public private(set) var isShown = false

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "help"
        backgroundColor = Self.dimming
        isHidden = true
        panel.name = "help panel"
        panel.backgroundColor = Self.panelColor
        panel.cornerRadius = Self.panelCornerRadius
        panel.isUserInteractionEnabled = false
        addSubview(panel)
        for (view, size, color, name) in [(title, Self.titleSize, Self.inputColor, "help title"), (inputs, Self.textSize, Self.inputColor, "help keys"),
                                          (actions, Self.textSize, Self.actionColor, "help actions"),
                                          (moreInputs, Self.textSize, Self.inputColor, "help keys 2"),
                                          (moreActions, Self.textSize, Self.actionColor, "help actions 2")] {
            view.name = name
            view.pointSize = size
            view.textColor = color
            view.lineSpacing = 8
            panel.addSubview(view)
        }
        context.arena.add(close, to: self)
    }

    /// Shows `entries` under `heading`.
    public func show(heading: String, entries: [HelpEntry]) {
        title.text = heading
        self.entries = entries
        isShown = true
        isHidden = false
        opacity = 0
        context.animator.animate(self, \.animatedOpacity, to: 1, timing: Self.fade)
        setNeedsLayout()
    }

    public func hide() {
        guard isShown else { return }
        isShown = false
        context.animator.animate(self, \.animatedOpacity, to: 0, timing: Self.fade) { [weak self] outcome in
            guard outcome == .finished, let self, !self.isShown else { return }
            isHidden = true
        }
    }

    /// The sizes the keys and actions are tried at, largest first, until they fit the
    /// window in one pair of columns or two; at the last, what still does not fit is cut short.
    public static let textSizes = [textSize, 13, 12, 11]

    public override func layoutSubviews() {
        guard isShown else { return }
        let labels = context.labels
        let width = max(bounds.width - 4 * Self.padding, 100)
        title.sizeToFit(maximumWidth: width, labels: labels)
        let chrome = title.bounds.height + Self.titleGap + 2 * Self.padding
        let columnsRoom = bounds.height - chrome
        let halves = Self.halves(of: entries)

        // One line's height at the first size, as drawn; the others in proportion.
        setTextSize(Self.textSize)
        fill(first: entries, second: [], room: .greatestFiniteMagnitude)
        let rows = Double(max(entries.count, 1)), spacing = inputs.lineSpacing
        let lineHeight = (inputs.bounds.height + spacing) / rows
        func height(rows: Int, size: Double) -> Double { Double(rows) * (lineHeight * size / Self.textSize + spacing) - spacing }
        func pairWidth(_ entries: [HelpEntry], size: Double) -> Double {
            guard let labels, !entries.isEmpty else { return 0 }
            let keys = entries.map { labels.width(of: $0.input, pointSize: size) ?? 0 }.max() ?? 0
            let actions = entries.map { labels.width(of: $0.action, pointSize: size) ?? 0 }.max() ?? 0
            return keys + Self.columnGap + actions
        }
        var chosen: (size: Double, split: Bool)?
        for size in Self.textSizes {
            if height(rows: entries.count, size: size) <= columnsRoom && pairWidth(entries, size: size) <= width {
                chosen = (size, false)
                break
            }
            let two = pairWidth(halves.0, size: size) + 3 * Self.columnGap + pairWidth(halves.1, size: size)
            if entries.count > 1 && height(rows: max(halves.0.count, halves.1.count), size: size) <= columnsRoom && two <= width {
                chosen = (size, true)
                break
            }
        }
        let smallest = Self.textSizes.last!
        let (size, split) = chosen ?? (smallest, entries.count > 1 && height(rows: entries.count, size: smallest) > columnsRoom)
        setTextSize(size)
        // Still too tall (a tiny window): each column keeps the rows that fit, the last of
        // them an ellipsis, rather than leave the window.
        let fitting = max(Int(((columnsRoom + spacing) / (lineHeight * size / Self.textSize + spacing)).rounded(.down)), 1)
        func kept(_ column: [HelpEntry]) -> [HelpEntry] {
            column.count <= fitting ? column : Array(column.prefix(fitting - 1)) + [HelpEntry("…", "")]
        }
        if split {
            // Each pair of columns gets room as it needs it; what is too long is cut short.
            let natural = (pairWidth(halves.0, size: size), pairWidth(halves.1, size: size))
            let room = width - 3 * Self.columnGap
            fill(first: kept(halves.0), second: kept(halves.1), room: room * natural.0 / max(natural.0 + natural.1, 1),
                 secondRoom: room * natural.1 / max(natural.0 + natural.1, 1))
        } else {
            fill(first: kept(entries), second: [], room: width)
        }
        let firstPair = inputs.bounds.width + Self.columnGap + actions.bounds.width
        // Three gaps between the pairs, as they are laid out below.
        let secondPair = moreInputs.lines.isEmpty ? 0 : 3 * Self.columnGap + moreInputs.bounds.width + Self.columnGap + moreActions.bounds.width
        let columnsHeight = [inputs, actions, moreInputs, moreActions].map(\.bounds.height).max() ?? 0
        let panelSize = Size(width: max(firstPair + secondPair, title.bounds.width) + 2 * Self.padding, height: chrome + columnsHeight)
        panel.frame = Rect(center: Point(x: bounds.midX.rounded(), y: bounds.midY.rounded()), size: panelSize)
        title.frame = Rect(origin: Point(x: Self.padding, y: Self.padding), size: title.bounds.size)
        let top = Self.padding + title.bounds.height + Self.titleGap
        var x = Self.padding
        for view in [inputs, actions, moreInputs, moreActions] {
            view.frame = Rect(origin: Point(x: x, y: top), size: view.bounds.size)
            x += view.bounds.width + (view === actions ? 3 : 1) * Self.columnGap
        }
    }

    /// Split in the middle, or at a blank line near it (what works everywhere starts after one).
    private static func halves(of entries: [HelpEntry]) -> ([HelpEntry], [HelpEntry]) {
        let middle = (entries.count + 1) / 2
        let blanks = entries.indices.filter { entries[$0].input.isEmpty && $0 > 0 && abs($0 - middle) <= entries.count / 8 }
        let split = blanks.min { abs($0 - middle) < abs($1 - middle) } ?? middle
        return (Array(entries[..<split]), Array(entries[split...].drop { $0.input.isEmpty }))
    }

    private func setTextSize(_ size: Double) {
        for view in [inputs, actions, moreInputs, moreActions] { view.pointSize = size }
    }

    /// One line per entry in each column, so the rows line up; each pair of columns within
    /// `room` points: the keys take at most half, the actions the rest, and what is too
    /// long for its column is cut short with an ellipsis.
    private func fill(first: [HelpEntry], second: [HelpEntry], room: Double, secondRoom: Double? = nil) {
        for (keys, actions, entries, room) in [(inputs, actions, first, room), (moreInputs, moreActions, second, secondRoom ?? room)] {
            let size = keys.pointSize
            keys.text = entries.map { elided($0.input, toFit: max(room / 2, 40), pointSize: size) }.joined(separator: "\n")
            keys.sizeToFit(maximumWidth: .greatestFiniteMagnitude, labels: context.labels)
            let left = max(room - keys.bounds.width - Self.columnGap, 40)
            actions.text = entries.map { elided($0.action, toFit: left, pointSize: size) }.joined(separator: "\n")
            actions.sizeToFit(maximumWidth: .greatestFiniteMagnitude, labels: context.labels)
        }
    }

    private func elided(_ text: String, toFit width: Double, pointSize: Double) -> String {
        guard let labels = context.labels else { return text }
        return TextLayout.lines(of: text, maximumWidth: width, maximumLines: 1) { labels.width(of: $0, pointSize: pointSize) ?? 0 }.first ?? text
    }
}
