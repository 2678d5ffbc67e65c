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
/// key or click closes it.
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
                                          (actions, Self.textSize, Self.actionColor, "help actions")] {
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
        inputs.text = entries.map(\.input).joined(separator: "\n")
        actions.text = entries.map(\.action).joined(separator: "\n")
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

    public override func layoutSubviews() {
        guard isShown else { return }
        let labels = context.labels
        let width = max(bounds.width - 4 * Self.padding, 100)
        title.sizeToFit(maximumWidth: width, labels: labels)
        // One line per entry in each column, so the rows line up.
        inputs.sizeToFit(maximumWidth: .greatestFiniteMagnitude, labels: labels)
        actions.sizeToFit(maximumWidth: .greatestFiniteMagnitude, labels: labels)
        let columns = inputs.bounds.width + Self.columnGap + actions.bounds.width
        let size = Size(width: max(columns, title.bounds.width) + 2 * Self.padding,
                        height: title.bounds.height + Self.titleGap + max(inputs.bounds.height, actions.bounds.height) + 2 * Self.padding)
        panel.frame = Rect(center: Point(x: bounds.midX.rounded(), y: bounds.midY.rounded()), size: size)
        title.frame = Rect(origin: Point(x: Self.padding, y: Self.padding), size: title.bounds.size)
        let top = Self.padding + title.bounds.height + Self.titleGap
        inputs.frame = Rect(origin: Point(x: Self.padding, y: top), size: inputs.bounds.size)
        actions.frame = Rect(origin: Point(x: Self.padding + inputs.bounds.width + Self.columnGap, y: top), size: actions.bounds.size)
    }
}
