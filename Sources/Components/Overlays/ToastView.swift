// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Motion
import ViewTree

/// A short message for the user, with at most one action ("Undo").
public struct Toast {
    public var message: String
    public var action: (title: String, perform: () -> Void)?
    /// How long it stays, in seconds.
    public var duration: Seconds

    /// Long enough to read a line and reach for its button.
    public static let standardDuration: Seconds = 4
    public static let actionDuration: Seconds = 6

    public init(_ message: String, action: (title: String, perform: () -> Void)? = nil, duration: Seconds? = nil) {
        self.message = message
        self.action = action
        self.duration = duration ?? (action == nil ? Self.standardDuration : Self.actionDuration)
    }
}

/// Shows toasts one at a time, bottom centre: a new one replaces the one showing; each goes
/// after its time (the scheduler's), or at once when its action is clicked.
public final class ToastView: View {
    /// From the bottom of the area it floats over.
    public static let bottomMargin = 72.0
    public static let fade = Timing.easeOut(0.2)

    private let context: ComponentContext
    private let pill = MessagePill(name: "toast")
    private var button: LabelButton?
    private var buttons: [String: LabelButton] = [:]
    private var action: (() -> Void)?
    private lazy var hiding = context.scheduler.task { [unowned self] in dismiss() }

    /// The message showing, if any.
    public private(set) var message: String?

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "toast"
        pill.attach(to: self)
        isHidden = true
    }

    /// Shows `toast` in place of whatever shows now.
    public func show(_ toast: Toast) {
        message = toast.message
        pill.text.text = toast.message
        button?.removeFromSuperview()
        button = toast.action.map { self.button(titled: $0.title) }
        if let button { addSubview(button) }
        action = toast.action?.perform
        isHidden = false
        context.animator.animate(self, \.animatedOpacity, to: 1, timing: Self.fade)
        hiding.reschedule(after: toast.duration)
        superview?.setNeedsLayout()
    }

    /// One button per title, made once: its click is the arena's for good.
    private func button(titled title: String) -> LabelButton {
        if let button = buttons[title] { return button }
        let button = LabelButton(title: title)
        button.name = "toast \(title) button"
        button.attach(to: context) { [unowned self] in
            let action = self.action
            dismiss()
            action?()
        }
        buttons[title] = button
        return button
    }

    /// Fades the toast out (Esc, its time is up, its action was taken).
    public func dismiss() {
        guard message != nil else { return }
        message = nil
        action = nil
        hiding.cancel()
        context.animator.animate(self, \.animatedOpacity, to: 0, timing: Self.fade) { [weak self] outcome in
            guard outcome == .finished, let self, self.message == nil else { return }
            isHidden = true
        }
    }

    /// Sizes itself for its message and sits bottom centre of `area`.
    public func place(in area: Rect) {
        pill.place(self, buttons: button.map { [$0] } ?? [], in: area, bottomMargin: Self.bottomMargin, labels: context.labels)
    }
}
