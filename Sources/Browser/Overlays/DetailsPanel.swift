// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import Motion
import PhotoSources
import ViewTree

/// A photo's details beside it (I, in every view and over the pager): name, folder,
/// dimensions, size, when it was taken and changed, camera, lens, exposure, place. A click
/// (or Up/Down) chooses a row; Ctrl+C copies it (with no row chosen, all of them, a
/// "label: value" line each). Esc or I closes it.
public final class DetailsPanel: View {
    public static let width = 340.0
    public static let padding = 20.0
    public static let rowGap = 10.0
    public static let labelSize = 12.0
    public static let valueSize = 14.0
    public static let panelColor = Color(white: 0.1, alpha: 0.94)
    public static let labelColor = Color(white: 0.6)
    public static let chosenColor = Color(red: 0.35, green: 0.6, blue: 1, alpha: 0.3)
    public static let slide = Timing.easeOut(0.2)

    private let context: ComponentContext
    private let title = TextView()
    private var rows: [(label: TextView, value: TextView, backing: View)] = []
    private(set) var details: [(label: String, value: String)] = []
    /// The row a click chose, if any.
    public private(set) var chosenRow: Int?
    public private(set) var isShown = false
    private lazy var click = TapGestureRecognizer { [unowned self] in handleClick($0) }

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "details"
        backgroundColor = Self.panelColor
        isHidden = true
        clipsToBounds = true
        title.name = "details title"
        title.pointSize = 17
        title.text = localized("Details")
        addSubview(title)
        context.arena.add(click, to: self)
    }

    /// Shows photo `index`'s details (read from `source`; "Reading…" until they are).
    public func show(_ index: Int, from source: PhotoSource?) {
        isShown = true
        isHidden = false
        update(index, from: source)
    }

    /// The photo in hand changed, or its details arrived.
    public func update(_ index: Int?, from source: PhotoSource?) {
        guard isShown else { return }
        let fresh = index.flatMap { source?.details(at: $0) } ?? [(label: "", value: localized("Reading…"))]
        guard fresh.map(\.label) != details.map(\.label) || fresh.map(\.value) != details.map(\.value) else { return }
        details = fresh
        chosenRow = nil
        setNeedsLayout()
    }

    public func hide() {
        isShown = false
        isHidden = true
        chosenRow = nil
    }

    /// What Ctrl+C copies: the chosen row's value, else every row.
    public var textToCopy: String {
        if let chosenRow, chosenRow < details.count { return details[chosenRow].value }
        return details.map { $0.label.isEmpty ? $0.value : "\($0.label): \($0.value)" }.joined(separator: "\n")
    }

    /// Its place: along the right edge of `area`, the whole height, narrower in a small window.
    func place(in area: Rect) {
        let width = min(Self.width, (area.width * 0.5).rounded())
        frame = Rect(x: area.maxX - width, y: area.minY, width: width, height: area.height)
    }

    public override func layoutSubviews() {
        let labels = context.labels
        let room = bounds.width - 2 * Self.padding
        title.sizeToFit(maximumWidth: room, labels: labels)
        title.frame = Rect(origin: Point(x: Self.padding, y: Self.padding), size: title.bounds.size)
        while rows.count < details.count {
            let label = TextView(), value = TextView(), backing = View()
            label.pointSize = Self.labelSize
            label.textColor = Self.labelColor
            label.maximumLines = 1
            value.pointSize = Self.valueSize
            value.maximumLines = 4
            backing.cornerRadius = 4
            for view in [backing, label, value] {
                view.isUserInteractionEnabled = false
                addSubview(view)
            }
            rows.append((label, value, backing))
        }
        var y = title.frame.maxY + Self.padding
        for (index, row) in rows.enumerated() {
            let shown = index < details.count
            for view in [row.label, row.value, row.backing] { view.isHidden = !shown }
            guard shown else { continue }
            row.label.name = "details label \(index)"
            row.value.name = "details value \(index)"
            row.label.text = details[index].label
            row.value.text = details[index].value
            row.label.sizeToFit(maximumWidth: room, labels: labels)
            row.value.sizeToFit(maximumWidth: room, labels: labels)
            let top = y
            row.label.frame = Rect(origin: Point(x: Self.padding, y: y), size: row.label.bounds.size)
            if !details[index].label.isEmpty { y += row.label.bounds.height + 2 }
            row.value.frame = Rect(origin: Point(x: Self.padding, y: y), size: row.value.bounds.size)
            y += row.value.bounds.height
            row.backing.frame = Rect(x: Self.padding - 6, y: top - 4, width: room + 12, height: y - top + 8)
            row.backing.backgroundColor = index == chosenRow ? Self.chosenColor : .clear
            y += Self.rowGap
        }
    }

    /// Up/Down: the keyboard's way to choose a row (from none, Down takes the first).
    public func chooseRow(by step: Int) {
        guard !details.isEmpty else { return }
        let next = (chosenRow ?? (step > 0 ? -1 : details.count)) + step
        chosenRow = next < 0 || next >= details.count ? nil : next
        setNeedsLayout()
    }

    private func handleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, let point = tap.location(in: self) else { return }
        let row = rows.indices.first { $0 < details.count && rows[$0].backing.frame.contains(point) }
        chosenRow = row == chosenRow ? nil : row
        setNeedsLayout()
    }
}
