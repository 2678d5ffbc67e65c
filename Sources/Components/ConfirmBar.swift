// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Motion
import ViewTree

/// A question that waits for an answer, bottom centre ("Move these 7 rejected photos to
/// the Trash?"): a button that does it (Enter), and Cancel (Esc). Unlike a toast it does
/// not go by itself.
public struct Confirmation {
    public var question: String
    public var confirmTitle: String
    public var confirm: () -> Void
    public var cancel: () -> Void

    public init(_ question: String, confirmTitle: String, confirm: @escaping () -> Void, cancel: @escaping () -> Void) {
        self.question = question
        self.confirmTitle = confirmTitle
        self.confirm = confirm
        self.cancel = cancel
    }
}

public final class ConfirmBar: View {
    static let pill = ToastView.pill
    static let spacing = 12.0
    static let bottomMargin = 24.0

    private let context: ComponentContext
    private let text = TextView()
    private var buttons: [String: LabelButton] = [:]
    private var shownButtons: [LabelButton] = []
    public private(set) var confirmation: Confirmation?

    public var isShown: Bool { confirmation != nil }

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "confirm"
        Self.pill.apply(to: self)
        text.name = "confirm text"
        text.pointSize = ToastView.pointSize
        text.maximumLines = 2
        addSubview(text)
        isHidden = true
    }

    func show(_ confirmation: Confirmation) {
        self.confirmation = confirmation
        text.text = confirmation.question
        for button in shownButtons { button.removeFromSuperview() }
        shownButtons = [button(confirmation.confirmTitle, confirming: true), button("Cancel", confirming: false)]
        for button in shownButtons { addSubview(button) }
        isHidden = false
        opacity = 1
        superview?.setNeedsLayout()
    }

    /// Enter confirms, Esc cancels; every other key waits for the answer.
    func handleKey(_ key: KeyEvent) -> Bool {
        switch key.key {
        case .enter: answer(confirming: true)
        case .escape: answer(confirming: false)
        default: break
        }
        return true
    }

    func answer(confirming: Bool) {
        guard let confirmation else { return }
        self.confirmation = nil
        isHidden = true
        if confirming { confirmation.confirm() } else { confirmation.cancel() }
    }

    private func button(_ title: String, confirming: Bool) -> LabelButton {
        let key = "\(title)-\(confirming)"
        if let button = buttons[key] { return button }
        let button = LabelButton(title: title)
        button.name = "confirm \(title) button"
        button.attach(to: context) { [unowned self] in answer(confirming: confirming) }
        buttons[key] = button
        return button
    }

    func place(in area: Rect) {
        guard isShown else { return }
        let padding = Self.pill.padding
        for button in shownButtons { button.update(labels: context.labels) }
        let buttonsWidth = shownButtons.reduce(0) { $0 + $1.bounds.width + Self.spacing }
        text.sizeToFit(maximumWidth: max(area.width * 0.8 - padding.horizontal - buttonsWidth, 40), labels: context.labels)
        let height = max(text.bounds.height, shownButtons.map(\.bounds.height).max() ?? 0)
        bounds = Rect(origin: .zero, size: Size(width: text.bounds.width + buttonsWidth + padding.horizontal, height: height + padding.vertical))
        text.frame = Rect(origin: Point(x: padding.left, y: padding.top + (height - text.bounds.height) / 2), size: text.bounds.size)
        var x = padding.left + text.bounds.width
        for button in shownButtons {
            x += Self.spacing
            button.frame = Rect(origin: Point(x: x, y: padding.top + (height - button.bounds.height) / 2), size: button.bounds.size)
            x += button.bounds.width
        }
        center = Point(x: area.midX.rounded(), y: (area.maxY - Self.bottomMargin - bounds.height / 2).rounded())
    }
}
