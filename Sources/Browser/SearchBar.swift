// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import ViewTree

/// Ctrl+F: words typed at the top of the album narrow it as they are typed ("2019",
/// "june", "lisbon", "picks"); what they find is the album while they are there — every
/// view, the slideshow, the Trash with undo. Enter gives the keys back to the album and
/// keeps the words; Esc takes them away. Text comes as the keyboard types it (`insert`),
/// so a German or Chinese layout and an input method type as they do anywhere.
public final class SearchBar: View {
    static let topMargin = 10.0

    private let context: ComponentContext
    private let pill = MessagePill(name: "search")
    private var line = TypedLine()
    public var query: String { line.text }
    /// Typed keys go into the words (else the album's keys are the album's).
    public private(set) var isEditing = false
    /// How many photos the words find, said after them.
    var found = 0
    /// The words changed: the album shows what they find.
    var onChange: ((String) -> Void)?

    public var isShown: Bool { isEditing || !query.isEmpty }

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "search"
        pill.attach(to: self)
        isHidden = true
    }

    /// Ctrl+F: the words take the keys (again).
    func begin() {
        isEditing = true
        refresh()
    }

    /// The words go, and every photo shows again.
    func clear() {
        isEditing = false
        guard !query.isEmpty else { return refresh() }
        line.clear()
        onChange?(query)
        refresh()
    }

    /// `words` instead of what was typed (the days the timeline's scrubber went over).
    func search(_ words: String) {
        isEditing = false
        line.clear()
        _ = line.insert(words)
        onChange?(query)
        refresh()
    }

    /// Text the keyboard typed, while the words have the keys.
    func insert(_ typed: String) {
        guard isEditing, line.insert(typed) else { return }
        onChange?(query)
        refresh()
    }

    /// A key typed into the words is theirs (its text comes by `insert`), and so are the
    /// keys that edit them: Backspace (Ctrl: a word), Enter (done), Esc (away). The rest —
    /// arrows, Page Up, Ctrl+Q — go on to the album and the app.
    func handleKey(_ key: KeyEvent) -> Bool {
        let commanded = TypedLine.isCommand(key)
        guard isEditing else {
            guard !query.isEmpty, key.key == .escape, !commanded else { return false }
            clear()
            return true
        }
        switch key.key {
        case .escape:
            clear()
        case .enter:
            isEditing = false
            if query.isEmpty { clear() } else { refresh() }
        case .backspace:
            guard line.erase(key) else { return true }
            onChange?(query)
            refresh()
        case .character, .space:
            return !commanded
        default:
            return false
        }
        return true
    }

    private func refresh() {
        isHidden = !isShown
        let words = query + (isEditing ? "▏" : "")
        pill.text.text = query.isEmpty && isEditing ? localized("Search: a name, a folder, a year, a month, a mark…") + " ▏"
            : localized("Search: {words}", ["words": words]) + (query.isEmpty ? "" : " · " + localizedPlural("{count} photo", "{count} photos", count: found))
        opacity = isEditing || query.isEmpty ? 1 : 0.8
        superview?.setNeedsLayout()
    }

    /// Top centre of `area` (the album's view).
    func place(in area: Rect, found count: Int) {
        guard isShown else { return }
        if count != found {
            found = count
            refresh()
        }
        pill.place(self, buttons: [], in: area, bottomMargin: 0, labels: context.labels)
        center = Point(x: center.x, y: (area.minY + Self.topMargin + bounds.height / 2).rounded())
    }
}
