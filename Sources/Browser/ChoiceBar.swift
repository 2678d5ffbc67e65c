// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Localization
import ViewTree

/// While several photos are chosen (the grid's Ctrl+click, Shift+click, Ctrl+A): how many,
/// at the bottom of the album (under where messages show; the top has the strip, the
/// search and On this day), with buttons for what is done to all of them at once (turning,
/// the Trash: one undo step each) and one that chooses none again (as Esc does).
public final class ChoiceBar: View {
    static let bottomMargin = 16.0

    private let context: ComponentContext
    private let pill = MessagePill(name: "choice")
    private let clearButton = LabelButton(title: localized("Choose None"))
    /// What the mouse can do to all of them, as the keys can.
    private let actionButtons: [(button: LabelButton, action: PhotoAction)] = [
        (LabelButton(title: localized("Rotate Left")), .turn(clockwise: false)),
        (LabelButton(title: localized("Rotate Right")), .turn(clockwise: true)),
        (LabelButton(title: localized("Fix Date…")), .fixDate),
        (LabelButton(title: localized("Share…")), .share),
        (LabelButton(title: localized("Move to Trash")), .trash),
    ]
    public private(set) var count = 0
    /// Choose None was clicked.
    var onClear: (() -> Void)?
    /// An action's button was clicked.
    var onAction: ((PhotoAction) -> Void)?

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "choice"
        pill.attach(to: self)
        for (button, action) in actionButtons {
            button.name = "chosen \(action) button"
            button.attach(to: context) { [unowned self] in onAction?(action) }
            addSubview(button)
        }
        clearButton.name = "choose none button"
        clearButton.attach(to: context) { [unowned self] in onClear?() }
        addSubview(clearButton)
        isHidden = true
    }

    /// `count` photos are chosen (none: the bar goes).
    func show(count: Int) {
        guard count != self.count else { return }
        self.count = count
        isHidden = count == 0
        pill.text.text = localizedPlural("{count} photo chosen", "{count} photos chosen", count: count)
        superview?.setNeedsLayout()
    }

    /// Bottom centre of `area`.
    func place(in area: Rect) {
        guard count > 0 else { return }
        pill.place(self, buttons: actionButtons.map(\.button) + [clearButton], in: area, bottomMargin: Self.bottomMargin, labels: context.labels)
    }
}
