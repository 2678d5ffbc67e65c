// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import ViewTree

/// A row of a form: a label and a line typed, or a switch; what is wrong with it said
/// under it.
public struct FormRow: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case text(String)
        case toggle(Bool)
    }

    /// What the row is to its owner (stays as the rows change around it).
    public var id: String
    public var label: String
    public var value: Value
    /// Shown, greyed, while the line is empty ("none").
    public var placeholder: String
    public var problem: String?

    public init(id: String, label: String, value: Value, placeholder: String = "", problem: String? = nil) {
        (self.id, self.label, self.value, self.placeholder, self.problem) = (id, label, value, placeholder, problem)
    }
}

/// What a form shows: its title, its rows, lines of what the rows make (the first names of
/// an import), and whether it can be confirmed as it stands.
public struct FormContent: Equatable, Sendable {
    public var title: String
    public var rows: [FormRow]
    public var notes: [String]
    public var confirmTitle: String
    public var canConfirm: Bool

    public init(title: String, rows: [FormRow], notes: [String] = [], confirmTitle: String, canConfirm: Bool = true) {
        (self.title, self.rows, self.notes, self.confirmTitle, self.canConfirm) = (title, rows, notes, confirmTitle, canConfirm)
    }
}

/// A form in front of everything (the import's choices), owned by whoever opened it: each
/// edit goes to `onEdit`, which answers with the form as it now stands (a template's
/// mistake said under its row, the names it makes below). Tab, Shift+Tab, Up and Down go
/// from row to row; what is typed goes to the row in hand, Backspace takes it back (Ctrl: a
/// word), Space flips a switch; Enter confirms where nothing is wrong, Esc leaves. A click
/// takes a row (and flips a switch). The keys are its own while it is up, but for commands.
public final class FormSheet: View {
    static let width = 680.0
    static let padding = 22.0
    /// The label column's least width.
    static let labelWidth = 150.0
    static let rowHeight = 30.0
    static let rowGap = 6.0
    static let problemSize = 12.0
    static let panelColor = Color(white: 0.1, alpha: 0.96)
    static let fieldColor = Color(white: 0.2)
    static let focusedFieldColor = Color(white: 0.26)
    static let focusColor = Color(red: 0.35, green: 0.6, blue: 1)
    static let problemColor = Color(red: 1, green: 0.6, blue: 0.3)
    static let dimColor = Color(white: 0.55)
    /// Over the album behind: the form is the one thing that answers until it is left.
    static let scrimColor = Color(white: 0, alpha: 0.45)

    private let context: ComponentContext
    private let panel = View()
    private let title = TextView()
    private let notes = TextView()
    private let confirmButton = LabelButton(title: "")
    private let cancelButton = LabelButton(title: localized("Cancel"))
    private var rowViews: [(label: TextView, field: View, value: TextView, problem: TextView)] = []
    /// What is shown; nil while the sheet is away.
    public private(set) var form: FormContent?
    /// The row in hand (an index into the rows).
    public private(set) var focusedRow = 0
    /// An edit: the row's id and its new value; answers with the form as it now stands.
    public var onEdit: ((String, FormRow.Value) -> FormContent?)?
    public var onConfirm: (() -> Void)?
    public var onCancel: (() -> Void)?
    private lazy var click = TapGestureRecognizer { [unowned self] in handleClick($0) }

    public var isShown: Bool { form != nil }

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "form"
        backgroundColor = Self.scrimColor
        isHidden = true
        panel.name = "form panel"
        panel.backgroundColor = Self.panelColor
        panel.cornerRadius = 10
        panel.clipsToBounds = true
        addSubview(panel)
        title.name = "form title"
        title.pointSize = 18
        title.maximumLines = 2
        notes.name = "form notes"
        notes.pointSize = 13
        notes.textColor = Color(white: 0.8)
        notes.maximumLines = 12
        panel.addSubview(title)
        panel.addSubview(notes)
        confirmButton.name = "form confirm button"
        confirmButton.attach(to: context) { [unowned self] in confirm() }
        cancelButton.name = "form cancel button"
        cancelButton.attach(to: context) { [unowned self] in cancel() }
        panel.addSubview(confirmButton)
        panel.addSubview(cancelButton)
        context.arena.add(click, to: self)
    }

    /// Up with `form`, its first row in hand.
    public func begin(_ form: FormContent) {
        focusedRow = 0
        show(form)
    }

    /// The form as it now stands (its owner learnt more: a camera found on the card); the
    /// row in hand stays in hand.
    public func show(_ form: FormContent) {
        let held = self.form.flatMap { $0.rows.indices.contains(focusedRow) ? $0.rows[focusedRow].id : nil }
        self.form = form
        if let held, let row = form.rows.firstIndex(where: { $0.id == held }) { focusedRow = row }
        focusedRow = min(focusedRow, max(form.rows.count - 1, 0))
        isHidden = false
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    public func close() {
        form = nil
        isHidden = true
        superview?.setNeedsLayout()
    }

    /// Text typed into the row in hand (a switch takes none).
    public func insert(_ typed: String) {
        guard case let .text(text)? = focused?.value else { return }
        var line = TypedLine(text: text)
        guard line.insert(typed) else { return }
        edit(.text(line.text))
    }

    public func handleKey(_ key: KeyEvent) -> Bool {
        guard isShown else { return false }
        if TypedLine.isCommand(key) && key.key != .backspace { return false }
        switch key.key {
        case .escape: cancel()
        case .enter: confirm()
        case .tab: move(by: key.modifiers.contains(.shift) ? -1 : 1)
        case .down: move(by: 1)
        case .up: move(by: -1)
        case .space:
            if case let .toggle(on)? = focused?.value { edit(.toggle(!on)) }
        case .backspace:
            if case let .text(text)? = focused?.value {
                var line = TypedLine(text: text)
                if line.erase(key) { edit(.text(line.text)) }
            }
        default: break
        }
        return true
    }

    private var focused: FormRow? {
        guard let rows = form?.rows, rows.indices.contains(focusedRow) else { return nil }
        return rows[focusedRow]
    }

    private func move(by step: Int) {
        guard let count = form?.rows.count, count > 0 else { return }
        focusedRow = (focusedRow + step + count) % count
        setNeedsLayout()
    }

    private func edit(_ value: FormRow.Value) {
        guard let row = focused, let answer = onEdit?(row.id, value) else { return }
        show(answer)
    }

    private func confirm() {
        guard form?.canConfirm == true else { return }
        close()
        onConfirm?()
    }

    private func cancel() {
        close()
        onCancel?()
    }

    private func handleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, let point = tap.location(in: panel), let rows = form?.rows else { return }
        guard let index = rowViews.indices.first(where: { $0 < rows.count && rowFrame($0).contains(point) }) else { return }
        focusedRow = index
        if case let .toggle(on) = rows[index].value {
            edit(.toggle(!on))
        } else {
            setNeedsLayout()
        }
    }

    /// The whole row, label to field and the problem under it.
    private func rowFrame(_ index: Int) -> Rect {
        let row = rowViews[index]
        let bottom = row.problem.isHidden ? row.field.frame.maxY : row.problem.frame.maxY
        return Rect(x: 0, y: row.field.frame.minY - Self.rowGap / 2, width: panel.bounds.width, height: bottom - row.field.frame.minY + Self.rowGap)
    }

    /// Over `area`, the form centred in it and no taller: a long form keeps the row in hand
    /// in view.
    func place(in area: Rect) {
        guard isShown else { return }
        frame = area
        let width = min(Self.width, area.width - 32)
        let height = layoutRows(width: width, scroll: 0)
        let shown = min(height, area.height - 32)
        panel.frame = Rect(x: ((area.width - width) / 2).rounded(), y: ((area.height - shown) / 2).rounded(), width: width, height: shown)
    }

    public override func layoutSubviews() {
        let full = layoutRows(width: panel.bounds.width, scroll: 0)
        guard full > panel.bounds.height, rowViews.indices.contains(focusedRow) else { return }
        // Too tall for the window: the row in hand is scrolled into view, the buttons stay.
        let field = rowViews[focusedRow].field.frame
        let room = panel.bounds.height - confirmButton.bounds.height - 2 * Self.padding
        let scroll = max(0, min(field.maxY + Self.padding - room, full - panel.bounds.height))
        _ = layoutRows(width: panel.bounds.width, scroll: scroll)
        let buttonsY = panel.bounds.height - Self.padding - confirmButton.bounds.height
        cancelButton.frame.origin.y = buttonsY
        confirmButton.frame.origin.y = buttonsY
    }

    /// Lays everything out `scroll` points up and returns the height it all takes.
    private func layoutRows(width: Double, scroll: Double) -> Double {
        guard let form else { return 0 }
        let labels = context.labels
        let room = width - 2 * Self.padding
        title.text = form.title
        title.sizeToFit(maximumWidth: room, labels: labels)
        title.frame = Rect(origin: Point(x: Self.padding, y: Self.padding - scroll), size: title.bounds.size)
        while rowViews.count < form.rows.count {
            let label = TextView(), field = View(), value = TextView(), problem = TextView()
            let index = rowViews.count
            label.name = "form label \(index)"
            field.name = "form field \(index)"
            value.name = "form value \(index)"
            problem.name = "form problem \(index)"
            label.maximumLines = 1
            label.textColor = Color(white: 0.75)
            value.maximumLines = 1
            problem.maximumLines = 2
            problem.pointSize = Self.problemSize
            problem.textColor = Self.problemColor
            field.cornerRadius = 5
            field.isUserInteractionEnabled = false
            field.addSubview(value)
            for view in [label, field, problem] as [View] { panel.addSubview(view) }
            rowViews.append((label, field, value, problem))
        }
        var y = title.frame.maxY + Self.padding
        // The label column as wide as its longest label (a switch's goes after its box), at most
        // two fifths of the form.
        let widest = form.rows.filter { if case .text = $0.value { true } else { false } }
            .compactMap { labels?.width(of: $0.label, pointSize: 14) }.max() ?? Self.labelWidth
        let labelWidth = min(max(widest + 16, Self.labelWidth), (room * 0.4).rounded())
        let fieldX = Self.padding + labelWidth, fieldWidth = room - labelWidth
        for (index, views) in rowViews.enumerated() {
            let shown = index < form.rows.count
            for view in [views.label, views.field, views.problem] as [View] { view.isHidden = !shown }
            guard shown else { continue }
            let row = form.rows[index], isFocused = index == focusedRow
            let isToggle = if case .toggle = row.value { true } else { false }
            views.label.text = row.label
            views.label.sizeToFit(maximumWidth: isToggle ? fieldWidth - 34 : labelWidth - 12, labels: labels)
            let labelX = isToggle ? fieldX + 32 : Self.padding
            views.label.frame = Rect(origin: Point(x: labelX, y: (y + (Self.rowHeight - views.label.bounds.height) / 2).rounded()), size: views.label.bounds.size)
            views.field.backgroundColor = isFocused ? Self.focusedFieldColor : Self.fieldColor
            views.field.borderColor = Self.focusColor
            views.field.borderWidth = isFocused ? 1.5 : 0
            switch row.value {
            case let .text(text):
                views.value.textColor = text.isEmpty ? Self.dimColor : .white
                let caret = isFocused ? "▏" : ""
                views.value.text = text.isEmpty ? caret + row.placeholder : text + caret
                views.field.frame = Rect(x: fieldX, y: y, width: fieldWidth, height: Self.rowHeight)
            case let .toggle(on):
                views.value.textColor = .white
                views.value.text = on ? "✓" : ""
                views.field.frame = Rect(x: fieldX, y: y + (Self.rowHeight - 22) / 2, width: 22, height: 22)
                views.field.backgroundColor = on ? Self.focusColor : views.field.backgroundColor
            }
            // The end of a long line is what was just typed: it is the end that shows.
            views.value.sizeToFit(maximumWidth: .infinity, labels: labels)
            let valueRoom = views.field.bounds.width - 16
            let valueX = isToggle
                ? ((views.field.bounds.width - views.value.bounds.width) / 2).rounded()
                : min(8, valueRoom - views.value.bounds.width + 8)
            views.value.frame = Rect(origin: Point(x: valueX, y: ((views.field.bounds.height - views.value.bounds.height) / 2).rounded()), size: views.value.bounds.size)
            views.field.clipsToBounds = true
            y += Self.rowHeight
            views.problem.isHidden = row.problem == nil
            if let problem = row.problem {
                views.problem.text = problem
                views.problem.sizeToFit(maximumWidth: fieldWidth, labels: labels)
                views.problem.frame = Rect(origin: Point(x: fieldX, y: y + 2), size: views.problem.bounds.size)
                y += views.problem.bounds.height + 2
            }
            y += Self.rowGap
        }
        notes.text = form.notes.joined(separator: "\n")
        notes.isHidden = form.notes.isEmpty
        notes.sizeToFit(maximumWidth: room, labels: labels)
        notes.frame = Rect(origin: Point(x: Self.padding, y: y + Self.padding / 2), size: notes.bounds.size)
        if !form.notes.isEmpty { y = notes.frame.maxY + Self.padding / 2 }
        confirmButton.title = form.confirmTitle
        confirmButton.opacity = form.canConfirm ? 1 : 0.4
        for button in [confirmButton, cancelButton] { button.update(labels: labels) }
        let buttonsY = y + Self.padding / 2
        confirmButton.frame.origin = Point(x: width - Self.padding - confirmButton.bounds.width, y: buttonsY)
        cancelButton.frame.origin = Point(x: confirmButton.frame.minX - MessagePill.spacing - cancelButton.bounds.width, y: buttonsY)
        return buttonsY + confirmButton.bounds.height + Self.padding + scroll
    }
}
