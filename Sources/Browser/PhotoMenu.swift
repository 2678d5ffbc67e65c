// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import ViewTree

/// What the photo menu does to its photo; the browser does the ones of its own (open,
/// details, slideshow) and hands the desktop's to the app.
public enum PhotoAction: Hashable, Sendable {
    case open
    /// The picture onto the clipboard, as PNG and as the file.
    case copyImage
    case copyPath
    /// The file manager, the file selected.
    case showInFiles
    /// Another program the desktop has for the file's type (its desktop entry's id).
    case openWith(applicationID: String)
    case setWallpaper
    case details
    case slideshow
    /// Turned a quarter to the right (clockwise) or left, in its file.
    case turn(clockwise: Bool)
    /// Its date taken moved or set (the date bar, then its sidecar).
    case fixDate
    /// Copies shared as JPEGs (the share bar: a folder, or mail).
    case share
    case trash
}

/// A program the menu offers to open a photo with (the desktop's default comes first).
public struct MenuApplication: Hashable, Sendable {
    public let id: String
    public let name: String
    /// The desktop's default for the photo's type, said beside it.
    public let isDefault: Bool

    public init(id: String, name: String, isDefault: Bool = false) {
        self.id = id
        self.name = name
        self.isDefault = isDefault
    }
}

/// One panel of a menu: rows of words with their keys dimmed at the right, gaps between
/// groups, one row ringed for the keyboard (and the pointer over it).
final class MenuPanel: View {
    struct Row: Equatable {
        var title: String
        /// The key that does the same, shown dimmed at the right ("Ctrl+C"), or "▸" for a
        /// row that opens another panel.
        var hint: String = ""
        /// Nil for the row that opens the programs' panel (Open With).
        var action: PhotoAction?
        /// A gap above it: it starts a group.
        var startsGroup = false
    }

    static let textSize = ArrangementMenu.textSize
    static let hintColor = Color(white: 0.6)
    static let rowHeight = ArrangementMenu.rowHeight
    static let padding = 6.0
    static let rowPadding = 10.0
    static let hintGap = 28.0
    static let groupGap = 7.0
    /// Never wider than this; longer words (a long program's name) are cut short.
    static let maximumWidth = 340.0

    private(set) var rows: [Row] = []
    private var rowViews: [View] = []
    var focused: Int? { didSet { markFocus() } }

    init(name: String) {
        super.init()
        self.name = name
        backgroundColor = ArrangementMenu.panelColor
        cornerRadius = 8
        isUserInteractionEnabled = false
    }

    /// Builds the rows and sizes the panel to them.
    func show(_ rows: [Row], labels: LabelRenderer?) {
        self.rows = rows
        rowViews.forEach { $0.removeFromSuperview() }
        rowViews = []
        let widths = rows.map { row in
            (labels?.width(of: row.title, pointSize: Self.textSize) ?? 0, labels?.width(of: row.hint, pointSize: Self.textSize) ?? 0)
        }
        let widestHint = widths.map(\.1).max() ?? 0
        let titleRoom = Self.maximumWidth - 2 * Self.padding - 2 * Self.rowPadding - (widestHint > 0 ? widestHint + Self.hintGap : 0)
        let titleWidth = min(widths.map(\.0).max() ?? 0, titleRoom)
        let rowWidth = (titleWidth + (widestHint > 0 ? widestHint + Self.hintGap : 0) + 2 * Self.rowPadding).rounded(.up)
        var y = Self.padding
        for row in rows {
            if row.startsGroup && y > Self.padding { y += Self.groupGap }
            let view = View()
            view.name = "menu row \(row.title)"
            view.cornerRadius = 4
            view.isUserInteractionEnabled = false
            view.frame = Rect(x: Self.padding, y: y, width: rowWidth, height: Self.rowHeight)
            var title = row.title
            if let labels {
                title = TextLayout.truncated(title, toFit: titleRoom) { labels.width(of: $0, pointSize: Self.textSize) ?? 0 }
            }
            addLabel(title, named: "menu row \(row.title) label", color: .white, to: view, labels: labels) { top, _ in Point(x: Self.rowPadding, y: top) }
            addLabel(row.hint, named: "menu row \(row.title) hint", color: Self.hintColor, to: view, labels: labels) { Point(x: rowWidth - Self.rowPadding - $1, y: $0) }
            addSubview(view)
            rowViews.append(view)
            y += Self.rowHeight
        }
        bounds = Rect(x: 0, y: 0, width: rowWidth + 2 * Self.padding, height: y + Self.padding)
        markFocus()
    }

    private func addLabel(_ text: String, named name: String, color: Color, to row: View, labels: LabelRenderer?, at origin: (Double, Double) -> Point) {
        guard !text.isEmpty, let rendered = labels?.label(text, pointSize: Self.textSize, color: color) else { return }
        let label = View()
        label.name = name
        label.isUserInteractionEnabled = false
        label.content = rendered.content
        label.frame = Rect(origin: origin(((Self.rowHeight - rendered.size.height) / 2).rounded(), rendered.size.width), size: rendered.size)
        row.addSubview(label)
    }

    /// The row at `point` (the panel's coordinates).
    func row(at point: Point) -> Int? {
        rowViews.firstIndex { $0.frame.contains(point) }
    }

    /// Where row `index` is, in the panel's coordinates.
    func frame(ofRow index: Int) -> Rect? { rowViews.indices.contains(index) ? rowViews[index].frame : nil }

    private func markFocus() {
        for (index, view) in rowViews.enumerated() {
            view.backgroundColor = index == focused ? ArrangementMenu.focusColor : .clear
        }
    }
}

/// The menu a right-click opens on a photo (in any view and over the pager), or the Menu
/// key and Shift+F10 on the photo in hand: open, copy, copy the path, show in the file
/// manager, open with another program, make it the wallpaper, its details, a slideshow,
/// the Trash. Drawn like the arrangement menu; the pointer and the arrows move its ring,
/// a click or Enter chooses, Esc or a click outside closes it. "Open With" opens a second
/// panel beside it with the desktop's programs for the photo's type.
public final class PhotoMenu: View {
    private let context: ComponentContext
    private let main = MenuPanel(name: "photo menu panel")
    private let programs = MenuPanel(name: "photo menu programs")
    private lazy var tap = TapGestureRecognizer { [unowned self] in handleTap($0) }
    public private(set) var isShown = false
    /// The photo it acts on.
    public private(set) var photo: Int?
    /// The keys are in the programs' panel.
    public private(set) var isInPrograms = false
    var onChoose: ((PhotoAction, Int) -> Void)?

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "photo menu"
        isHidden = true
        addSubview(main)
        addSubview(programs)
        context.arena.add(tap, to: self)
    }

    private var applications: [MenuApplication] = []

    /// Opens the menu for photo `index` with its top left at `point` (the browser's
    /// coordinates), moved in to stay whole inside the window.
    func show(for index: Int, at point: Point, inPager: Bool, applications: [MenuApplication]) {
        photo = index
        self.applications = applications
        isShown = true
        isHidden = false
        isInPrograms = false
        frame = superview?.bounds ?? bounds
        main.show(Command.menuRows(inPager: inPager, hasApplications: !applications.isEmpty), labels: context.labels)
        main.focused = 0
        main.frame = Rect(origin: Self.placed(main.bounds.size, at: point, within: bounds), size: main.bounds.size)
        programs.isHidden = true
    }

    /// Where a panel of `size` goes with its top left at `point`: moved left and up as
    /// little as keeps it whole inside `area`.
    static func placed(_ size: Size, at point: Point, within area: Rect) -> Point {
        let margin = 4.0
        let x = min(point.x, area.maxX - size.width - margin), y = min(point.y, area.maxY - size.height - margin)
        return Point(x: max(area.minX + margin, x).rounded(), y: max(area.minY + margin, y).rounded())
    }

    func hide() {
        isShown = false
        isHidden = true
        isInPrograms = false
        photo = nil
    }

    private var openWithRow: Int? { main.rows.firstIndex { $0.action == nil } }

    /// The programs' panel beside the Open With row (to its left where the right has no room).
    private func openPrograms(focusing: Bool) {
        guard let row = openWithRow, let rowFrame = main.frame(ofRow: row) else { return }
        programs.show(applications.map { application in
            .init(title: application.name, hint: application.isDefault ? localized("Default") : "", action: .openWith(applicationID: application.id))
        }, labels: context.labels)
        let size = programs.bounds.size
        var x = main.frame.maxX - 2
        if x + size.width > bounds.maxX - 4 { x = main.frame.minX - size.width + 2 }
        let top = Self.placed(size, at: Point(x: x, y: main.frame.minY + rowFrame.minY - MenuPanel.padding), within: bounds)
        programs.frame = Rect(origin: Point(x: max(bounds.minX + 4, x), y: top.y), size: size)
        programs.isHidden = false
        isInPrograms = focusing
        programs.focused = focusing ? 0 : nil
    }

    private func closePrograms() {
        programs.isHidden = true
        programs.focused = nil
        isInPrograms = false
    }

    /// Moves the ring (Right into the programs, Left back), chooses, closes (the programs
    /// first).
    func perform(_ action: MenuAction) {
        let panel = isInPrograms ? programs : main
        let count = panel.rows.count
        let focused = panel.focused ?? 0
        switch action {
        case .close where isInPrograms, .side(-1) where isInPrograms:
            closePrograms()
        case .close:
            hide()
        case let .move(step): panel.focused = (focused + step + count) % count
        case .first: panel.focused = 0
        case .last: panel.focused = count - 1
        case .side(1) where !isInPrograms && focused == openWithRow:
            openPrograms(focusing: true)
        case .choose:
            choose(in: panel, row: focused)
        default:
            break
        }
        if !isInPrograms && main.focused != openWithRow && !programs.isHidden { closePrograms() }
    }

    /// The pointer moved to `location` (window points): the row under it is ringed, and
    /// resting on Open With shows the programs.
    func pointerMoved(to location: Point) {
        guard isShown, let point = convert(location, from: nil) else { return }
        if !programs.isHidden, programs.frame.contains(point) {
            isInPrograms = true
            programs.focused = programs.row(at: Point(x: point.x - programs.frame.minX, y: point.y - programs.frame.minY))
        } else if main.frame.contains(point), let row = main.row(at: Point(x: point.x - main.frame.minX, y: point.y - main.frame.minY)) {
            main.focused = row
            if row == openWithRow {
                if programs.isHidden { openPrograms(focusing: false) }
                isInPrograms = false
                programs.focused = nil
            } else if !programs.isHidden {
                closePrograms()
            }
        }
    }

    private func choose(in panel: MenuPanel, row: Int) {
        guard panel.rows.indices.contains(row), let photo else { return }
        guard let action = panel.rows[row].action else { return openPrograms(focusing: true) }
        hide()
        onChoose?(action, photo)
    }

    private func handleTap(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, let point = tap.location(in: self) else { return }
        for panel in [programs, main] where !panel.isHidden && panel.frame.contains(point) {
            let inside = Point(x: point.x - panel.frame.minX, y: point.y - panel.frame.minY)
            if let row = panel.row(at: inside) { choose(in: panel, row: row) }
            return
        }
        hide()
    }
}
