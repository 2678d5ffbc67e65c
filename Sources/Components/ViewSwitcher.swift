// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import ViewTree

/// The small control that switches the album's view (Grid, Stack, Deck, Cull), the current
/// one marked; a click on a name shows that view, as Ctrl+1…4 do (or Tab to it, arrows,
/// Enter).
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
        let padding = Self.segmentPadding
        var height = 0.0
        for (index, kind) in kinds.enumerated() {
            if labels[index].content == nil, let rendered = context.labels?.label(kind.shortTitle, pointSize: Self.textSize, color: .white) {
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
