// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import Marks
import ViewTree

/// Fixing the date taken of the photo in hand, or of the photos chosen together: a line
/// typed at the top of the album — a shift ("+1h", "-1d 2h", "+1y") or a date
/// ("2024-06-14 10:03", a day alone keeping each photo's time) — with what it makes of the
/// earliest photo shown as it is typed. Enter (or the button) fixes them as one step
/// Ctrl+Z takes back; Esc (or Cancel) leaves them as they were. While it is up the keys
/// are its own, but for commands (Ctrl+Q).
public final class DateBar: View {
    /// Under the album's controls, which float at its top.
    static let topMargin = 56.0

    private let context: ComponentContext
    private let pill = MessagePill(name: "date")
    private let applyButton = LabelButton(title: localized("Fix Dates"))
    private let cancelButton = LabelButton(title: localized("Cancel"))
    private var line = TypedLine()
    /// The photos it fixes (indices, in order); none while it is away.
    public private(set) var photos: [Int] = []
    /// What a fix makes of the earliest of `photos`: its date taken as shown before and after.
    var preview: ((DateFix, [Int]) -> (before: String, after: String)?)?
    /// The fix asked for, on these photos.
    var onFix: ((DateFix, [Int]) -> Void)?

    public var isShown: Bool { !photos.isEmpty }
    /// What is typed, understood; nil while it is not a shift or a date.
    public var fix: DateFix? { DateFix(typed: line.text) }

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "date bar"
        pill.attach(to: self)
        applyButton.name = "fix dates button"
        applyButton.attach(to: context) { [unowned self] in apply() }
        cancelButton.name = "cancel dates button"
        cancelButton.attach(to: context) { [unowned self] in close() }
        addSubview(applyButton)
        addSubview(cancelButton)
        isHidden = true
    }

    /// Up, for `photos`, with nothing typed.
    func begin(_ photos: [Int]) {
        guard !photos.isEmpty else { return }
        self.photos = photos
        line.clear()
        refresh()
    }

    func close() {
        photos = []
        line.clear()
        refresh()
    }

    func insert(_ typed: String) {
        guard isShown, line.insert(typed) else { return }
        refresh()
    }

    /// Every key is the bar's while it is up, but for commands: Enter fixes (where what is
    /// typed is a fix), Esc closes, Backspace edits.
    func handleKey(_ key: KeyEvent) -> Bool {
        guard isShown else { return false }
        if TypedLine.isCommand(key) && key.key != .backspace { return false }
        switch key.key {
        case .escape: close()
        case .enter: apply()
        case .backspace: if line.erase(key) { refresh() }
        default: break
        }
        return true
    }

    private func apply() {
        guard let fix else { return }
        let chosen = photos
        close()
        onFix?(fix, chosen)
    }

    /// Shows again what the fix makes of the dates (they were read meanwhile).
    public func refresh() {
        if isHidden == isShown {
            isHidden = !isShown
            superview?.setNeedsLayout()
        }
        guard isShown else { return }
        let whose = photos.count == 1 ? localized("Date taken") : localizedPlural("Date taken of {count} photo", "Date taken of {count} photos", count: photos.count)
        var text = whose + ": " + line.text + "▏"
        if line.text.isEmpty {
            // TRANSLATORS: what may be typed to fix a date; the units (y, d, h, m) are typed as they are.
            text += "  " + localized("+1h, -1d, +1y 2h, or 2024-06-14 10:03")
        } else if let fix, let shown = preview?(fix, photos) {
            text += "  " + shown.before + " → " + shown.after
        } else if fix == nil {
            text += "  " + localized("not a shift or a date yet")
        }
        applyButton.opacity = fix == nil ? 0.4 : 1
        // Asked on every frame while dates may arrive: laid out again only when it reads otherwise.
        guard text != pill.text.text else { return }
        pill.text.text = text
        superview?.setNeedsLayout()
    }

    /// Top centre of `area`.
    func place(in area: Rect) {
        guard isShown else { return }
        pill.place(self, buttons: [applyButton, cancelButton], in: area, bottomMargin: 0, labels: context.labels)
        center = Point(x: center.x, y: (area.minY + Self.topMargin + bounds.height / 2).rounded())
    }
}
