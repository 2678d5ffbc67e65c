// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Localization
import ViewTree

/// While several photos are chosen (the grid's Ctrl+click, Shift+click, Ctrl+A): how many,
/// at the top of the album, with a button that chooses none again (as Esc does). The
/// album's actions (marks, the Trash, turning) then act on all of them, as one undo step.
public final class ChoiceBar: View {
    static let topMargin = 10.0

    private let context: ComponentContext
    private let pill = MessagePill(name: "choice")
    private let clearButton = LabelButton(title: localized("Choose None"))
    public private(set) var count = 0
    /// The button was clicked.
    var onClear: (() -> Void)?

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "choice"
        pill.attach(to: self)
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

    /// Top centre of `area`, below `above` (the search's words) when they show.
    func place(in area: Rect, below above: Rect?) {
        guard count > 0 else { return }
        pill.place(self, buttons: [clearButton], in: area, bottomMargin: 0, labels: context.labels)
        let top = (above.map { $0.maxY } ?? area.minY) + Self.topMargin
        center = Point(x: center.x, y: (top + bounds.height / 2).rounded())
    }
}
