// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
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
    static let bottomMargin = 24.0

    private let context: ComponentContext
    private let pill = MessagePill(name: "confirm")
    private var buttons: [String: LabelButton] = [:]
    private var shownButtons: [LabelButton] = []
    public private(set) var confirmation: Confirmation?

    public var isShown: Bool { confirmation != nil }

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "confirm"
        pill.attach(to: self)
        isHidden = true
    }

    func show(_ confirmation: Confirmation) {
        self.confirmation = confirmation
        pill.text.text = confirmation.question
        for button in shownButtons { button.removeFromSuperview() }
        shownButtons = [button(confirmation.confirmTitle, confirming: true), button(localized("Cancel"), confirming: false)]

        for button in shownButtons { addSubview(button) }
        isHidden = false
        opacity = 1
        superview?.setNeedsLayout()
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
        pill.place(self, buttons: shownButtons, in: area, bottomMargin: Self.bottomMargin, labels: context.labels)
    }
}
