// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import ViewTree

/// The small control that switches the album's view (Grid, Stack, Deck, Cull, Compare), the
/// current one marked; a click on a name shows that view, as Ctrl+1…5 do (or Tab to it,
/// arrows, Enter). In a window too narrow for it (a long language, a small window) its
/// segments lose padding, then their names are cut short.
public final class ViewSwitcher: View {
    public static let textSize = 13.0
    public static let pill = PillStyle.standard
    public static let markColor = Color(white: 1, alpha: 0.22)
    public static let segmentPadding = EdgeInsets(horizontal: 10, vertical: 5)
    /// From the top right corner of the area it floats in.
    public static let margin = 12.0
    /// Between the pill's edge and the segments, whose corners follow the pill's inside it.
    static let inset = 3.0

    private let context: ComponentContext
    private let kinds: [AlbumViewKind]
    private var segments: [View] = []
    private var labels: [View] = []
    /// The words each segment shows now (a name, or the name cut short).
    private var shownTitles: [String?] = []
    /// The least room beside a name, in a segment squeezed by a narrow window.
    static let minimumSegmentPadding = 4.0
    private lazy var tap = TapGestureRecognizer { [unowned self] in handleTap($0) }

    public private(set) var current: AlbumViewKind
    public var onSelect: ((AlbumViewKind) -> Void)?

    public init(context: ComponentContext, kinds: [AlbumViewKind], current: AlbumViewKind) {
        self.context = context
        self.kinds = kinds
        self.current = current
        super.init()
        name = "switcher"
        Self.pill.apply(to: self)
        for kind in kinds {
            let segment = View()
            segment.name = "switcher \(kind.rawValue)"
            segment.cornerRadius = Self.pill.cornerRadius - Self.inset
            segment.isUserInteractionEnabled = false
            let label = View()
            label.name = "switcher \(kind.rawValue) label"
            label.isUserInteractionEnabled = false
            segment.addSubview(label)
            addSubview(segment)
            segments.append(segment)
            labels.append(label)
            shownTitles.append(nil)
        }
        context.arena.add(tap, to: self)
    }

    public func mark(_ kind: AlbumViewKind) {
        current = kind
        for (segment, each) in zip(segments, kinds) { segment.backgroundColor = each == kind ? Self.markColor : .clear }
    }

    /// Renders the names once (there may be no font) and sizes the control; top right of `area`.
    public func place(in area: Rect) {
        var x = Self.inset
        var padding = Self.segmentPadding
        var titles = kinds.map(\.shortTitle)
        // Squeezed: less padding first, then every name cut to an equal share.
        let room = area.width - 2 * Self.margin - 2 * Self.inset
        if let renderer = context.labels {
            let widths = titles.map { renderer.width(of: $0, pointSize: Self.textSize) ?? 0 }
            let count = Double(kinds.count)
            if widths.reduce(0, +) + count * padding.horizontal > room {
                let side = max(Self.minimumSegmentPadding, (room - widths.reduce(0, +)) / count / 2)
                padding = EdgeInsets(top: padding.top, left: side, bottom: padding.bottom, right: side)
                let share = room / count - 2 * side
                if widths.reduce(0, +) + count * 2 * side > room {
                    titles = titles.map { TextLayout.truncated($0, toFit: max(share, 12)) { renderer.width(of: $0, pointSize: Self.textSize) ?? 0 } }
                }
            }
        }
        var height = 0.0
        for index in kinds.indices {
            if shownTitles[index] != titles[index], let rendered = context.labels?.label(titles[index], pointSize: Self.textSize, color: .white) {
                shownTitles[index] = titles[index]
                labels[index].content = rendered.content
                labels[index].bounds = Rect(origin: .zero, size: rendered.size)
            }
            let size = labels[index].bounds.size
            segments[index].frame = Rect(x: x, y: Self.inset, width: size.width + padding.horizontal, height: size.height + padding.vertical)
            labels[index].frame = Rect(origin: Point(x: padding.left, y: padding.top), size: size)
            x += segments[index].bounds.width
            height = max(height, segments[index].bounds.height)
        }
        bounds = Rect(x: 0, y: 0, width: x + Self.inset, height: height + 2 * Self.inset)
        isHidden = labels.contains { $0.content == nil }
        center = Point(x: (area.maxX - Self.margin - bounds.width / 2).rounded(), y: (area.minY + Self.margin + bounds.height / 2).rounded())
        mark(current)
    }

    /// Where view `kind`'s segment is, in the switcher's coordinates (the keyboard's focus
    /// ring goes round it).
    public func segmentFrame(of kind: AlbumViewKind) -> Rect? {
        kinds.firstIndex(of: kind).map { segments[$0].frame }
    }

    private func handleTap(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, let point = tap.location(in: self) else { return }
        guard let index = segments.firstIndex(where: { $0.frame.contains(point) }) else { return }
        onSelect?(kinds[index])
    }
}
