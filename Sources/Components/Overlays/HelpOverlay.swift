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
    /// window in one pair of columns or two, each entry on one line or, where it is long,
    /// on up to three; at the last, what still does not fit is cut short.
    public static let textSizes = [textSize, 13, 12, 11]
    /// The lines an entry's keys or action may take before they are cut short.
    public static let lines = 3

    /// A pair of columns as laid out: each entry's keys and action on as many lines as they
    /// take, the shorter padded with blank lines so the rows line up.
    private struct Pair {
        var keys: [String] = []
        var actions: [String] = []
        /// How many keys and actions had to be cut short.
        var cuts = 0
    }

    public override func layoutSubviews() {
        guard isShown else { return }
        let width = max(bounds.width - 4 * Self.padding, 100)
        title.sizeToFit(maximumWidth: width, labels: context.labels)
        let chrome = title.bounds.height + Self.titleGap + 2 * Self.padding
        arrange(within: Size(width: width, height: bounds.height - chrome))
        let firstPair = inputs.bounds.width + Self.columnGap + actions.bounds.width
        // Three gaps between the pairs, as they are laid out below.
        let secondPair = moreInputs.lines.isEmpty ? 0 : 3 * Self.columnGap + moreInputs.bounds.width + Self.columnGap + moreActions.bounds.width
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

    private var columnsHeight: Double { [inputs, actions, moreInputs, moreActions].map(\.bounds.height).max() ?? 0 }

    /// Fills the columns `room` holds: the largest type at which every entry is there
    /// whole — in one pair of columns, else two, each entry on one line, else on more —
    /// else, of the ways that fit, the one that cuts the fewest entries short; in a window
    /// too small for that, the smallest type, one line an entry, and each column keeps the
    /// rows that fit, the last of them an ellipsis. Each way is tried as drawn, so the
    /// panel never leaves the window.
    private func arrange(within room: Size) {
        let halves = Self.halves(of: entries)
        // One line's height at the first size, as drawn, to skip at once the ways that
        // cannot fit; the others in proportion, the spacing between lines as it is.
        setTextSize(Self.textSize)
        show(pair(entries, room: .greatestFiniteMagnitude, size: Self.textSize, lines: 1), Pair())
        let rows = Double(max(entries.count, 1)), spacing = inputs.lineSpacing
        let lineHeight = (inputs.bounds.height - (rows - 1) * spacing) / rows
        func mayFit(_ pairs: (Pair, Pair), size: Double) -> Bool {
            Double(max(pairs.0.keys.count, pairs.1.keys.count)) * (lineHeight * size / Self.textSize + spacing) - spacing <= room.height
        }
        func fits(_ pairs: (Pair, Pair), size: Double) -> Bool {
            guard mayFit(pairs, size: size) else { return false }
            setTextSize(size)
            show(pairs.0, pairs.1)
            return columnsHeight <= room.height
        }
        func natural(_ entries: [HelpEntry], size: Double) -> Double {
            guard let labels = context.labels, !entries.isEmpty else { return 0 }
            let keys = entries.map { labels.width(of: $0.input, pointSize: size) ?? 0 }.max() ?? 0
            let actions = entries.map { labels.width(of: $0.action, pointSize: size) ?? 0 }.max() ?? 0
            return keys + Self.columnGap + actions
        }
        /// Two halves side by side, each pair given room as it needs it.
        func split(_ halves: ([HelpEntry], [HelpEntry]), size: Double, lines: Int) -> (Pair, Pair) {
            let needs = (natural(halves.0, size: size), natural(halves.1, size: size))
            let width = room.width - 3 * Self.columnGap, total = max(needs.0 + needs.1, 1)
            return (pair(halves.0, room: width * needs.0 / total, size: size, lines: lines),
                    pair(halves.1, room: width * needs.1 / total, size: size, lines: lines))
        }
        var cutShort: [(size: Double, pairs: (Pair, Pair), cuts: Int)] = []
        for size in Self.textSizes {
            for lines in 1...Self.lines {
                var ways = [(pair(entries, room: room.width, size: size, lines: lines), Pair())]
                if entries.count > 1 { ways.append(split(halves, size: size, lines: lines)) }
                for pairs in ways where mayFit(pairs, size: size) {
                    let cuts = pairs.0.cuts + pairs.1.cuts
                    if cuts > 0 { cutShort.append((size, pairs, cuts)) } else if fits(pairs, size: size) { return }
                }
            }
        }
        // Sorted stably: of as many cuts, the larger type first.
        for way in cutShort.enumerated().sorted(by: { ($0.element.cuts, $0.offset) < ($1.element.cuts, $1.offset) }).map(\.element)
        where fits(way.pairs, size: way.size) { return }
        let size = Self.textSizes.last!
        let splitting = entries.count > 1 && !mayFit((pair(entries, room: room.width, size: size, lines: 1), Pair()), size: size)
        var fitting = max(Int(((room.height + spacing) / (lineHeight * size / Self.textSize + spacing)).rounded(.down)), 1)
        while true {
            func kept(_ column: [HelpEntry]) -> [HelpEntry] {
                column.count <= fitting ? column : Array(column.prefix(fitting - 1)) + [HelpEntry("…", "")]
            }
            let pairs = splitting ? split((kept(halves.0), kept(halves.1)), size: size, lines: 1)
                                  : (pair(kept(entries), room: room.width, size: size, lines: 1), Pair())
            setTextSize(size)
            show(pairs.0, pairs.1)
            if columnsHeight <= room.height || fitting <= 1 { return }
            fitting -= 1
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

    /// The shares of a pair's room its keys may take, tried in turn: long keys beside long
    /// actions wrap into fewer rows with the keys narrower.
    static let keyShares = [0.5, 0.4, 0.3]

    /// `entries` within `room` points at `size`, each keys and action on at most `lines`
    /// lines (what is longer cut short with an ellipsis): of the keys' shares, the one that
    /// cuts the fewest short, then takes the fewest rows.
    private func pair(_ entries: [HelpEntry], room: Double, size: Double, lines: Int) -> Pair {
        guard let labels = context.labels else { return Pair(keys: entries.map(\.input), actions: entries.map(\.action)) }
        let measure = { (text: String) in labels.width(of: text, pointSize: size) ?? 0 }
        func laidOut(keyShare: Double) -> Pair {
            var pair = Pair()
            func wrapped(_ text: String, within width: Double) -> [String] {
                let wrapped = TextLayout.lines(of: text, maximumWidth: width, maximumLines: lines, measure: measure)
                if wrapped.last?.hasSuffix(TextLayout.ellipsis) == true && !text.hasSuffix(TextLayout.ellipsis) { pair.cuts += 1 }
                return wrapped.isEmpty ? [""] : wrapped
            }
            let keys = entries.map { wrapped($0.input, within: max(room * keyShare, 40)) }
            let left = max(room - (keys.joined().map(measure).max() ?? 0) - Self.columnGap, 40)
            for (entry, key) in zip(entries, keys) {
                let action = wrapped(entry.action, within: left)
                let rows = max(key.count, action.count)
                pair.keys += key + Array(repeating: "", count: rows - key.count)
                pair.actions += action + Array(repeating: "", count: rows - action.count)
            }
            return pair
        }
        let tried = (lines == 1 ? [0.5] : Self.keyShares).map(laidOut)
        return tried.min { ($0.cuts, $0.keys.count) < ($1.cuts, $1.keys.count) }!
    }

    /// Fills the columns, every line of them as tall as the tallest, so each row stays
    /// level across the four (a script drawn taller in one column included).
    private func show(_ first: Pair, _ second: Pair) {
        let columns = [(inputs, first.keys), (actions, first.actions), (moreInputs, second.keys), (moreActions, second.actions)]
        for (view, lines) in columns {
            view.lineHeight = nil
            view.text = lines.joined(separator: "\n")
            view.sizeToFit(maximumWidth: .greatestFiniteMagnitude, labels: context.labels)
        }
        let tallest = columns.map(\.0.tallestLine).max() ?? 0
        if tallest > 0 { for (view, _) in columns { view.lineHeight = tallest } }
    }
}
