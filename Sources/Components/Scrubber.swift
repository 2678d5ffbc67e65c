// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion
import ViewTree

/// Where a scroll thumb sits on its track and where dragging it takes the content: the
/// thumb's travel is the whole content's, so one drag from top to bottom crosses the album
/// end to end, however long. Pure, so it tests alone.
public struct ScrubberGeometry: Equatable, Sendable {
    /// Never shorter than this, so it can be grabbed in a 100,000-photo album.
    public static let minimumThumbHeight = 48.0

    public let trackHeight: Double
    public let visibleHeight: Double
    public let contentHeight: Double

    public init(trackHeight: Double, visibleHeight: Double, contentHeight: Double) {
        self.trackHeight = trackHeight
        self.visibleHeight = visibleHeight
        self.contentHeight = contentHeight
    }

    /// How far the content scrolls.
    public var scrollRange: Double { max(0, contentHeight - visibleHeight) }

    /// The content is longer than the view: there is something to scrub.
    public var isScrollable: Bool { scrollRange > 0 }

    public var thumbHeight: Double {
        guard contentHeight > 0 else { return trackHeight }
        return min(trackHeight, max(Self.minimumThumbHeight, trackHeight * visibleHeight / contentHeight))
    }

    /// The thumb's top on the track for the content scrolled to `offset`.
    public func thumbTop(at offset: Double) -> Double {
        guard isScrollable else { return 0 }
        return (trackHeight - thumbHeight) * min(max(offset / scrollRange, 0), 1)
    }

    /// The offset that puts the thumb's top at `top` (the pointer less where it holds the thumb).
    public func offset(forThumbTop top: Double) -> Double {
        let travel = trackHeight - thumbHeight
        guard travel > 0 else { return 0 }
        return scrollRange * min(max(top / travel, 0), 1)
    }
}

/// The grid's scroll thumb at its right edge: it shows while the grid scrolls (and fades a
/// moment after), and can be grabbed to jump through the album, with a label beside it
/// saying where the album is (the day, or the names' first letters).
final class Scrubber: View {
    static let width = 6.0
    /// A press this close to the right edge, level with the thumb, grabs it.
    static let grabWidth = 28.0
    static let margin = 3.0
    static let thumbColor = Color(white: 0.85, alpha: 0.75)
    static let lingering: Seconds = 1.2
    static let fade = Timing.easeOut(0.25)
    static let labelSize = 15.0

    private let context: ComponentContext
    let thumb = View()
    private let label = View()
    private let labelText = View()
    private(set) var geometry = ScrubberGeometry(trackHeight: 0, visibleHeight: 0, contentHeight: 0)
    private lazy var hiding = context.scheduler.task { [unowned self] in
        guard !isScrubbing else { return }
        context.animator.animate(self, \.animatedOpacity, to: 0, timing: Self.fade)
    }
    /// The thumb is held (a drag from it).
    private(set) var isScrubbing = false
    /// Where in the thumb the pointer holds it.
    private var grip = 0.0

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "scrubber"
        isUserInteractionEnabled = false
        opacity = 0
        thumb.name = "scrubber thumb"
        thumb.backgroundColor = Self.thumbColor
        thumb.cornerRadius = Self.width / 2
        addSubview(thumb)
        label.name = "scrubber label"
        labelText.name = "scrubber label text"
        MessagePill.style.apply(to: label)
        label.addSubview(labelText)
        label.isHidden = true
        addSubview(label)
    }

    /// Lays it over `visible` (the grid's bounds, in its content's coordinates) for content
    /// `contentHeight` tall scrolled to `offset`.
    func place(over visible: Rect, contentHeight: Double, offset: Double) {
        frame = visible
        geometry = ScrubberGeometry(trackHeight: visible.height - 2 * Self.margin, visibleHeight: visible.height, contentHeight: contentHeight)
        thumb.isHidden = !geometry.isScrollable
        thumb.frame = Rect(x: visible.width - Self.width - Self.margin, y: Self.margin + geometry.thumbTop(at: offset),
                           width: Self.width, height: geometry.thumbHeight)
        if !label.isHidden { placeLabel() }
    }

    /// The grid scrolled: the thumb shows, and goes a moment after the scrolling stops.
    func reveal() {
        guard geometry.isScrollable else { return }
        if animatedOpacity.model < 1 { context.animator.animate(self, \.animatedOpacity, to: 1, timing: .easeOut(0.12)) }
        hiding.reschedule(after: Self.lingering)
    }

    /// Whether a press at `point` (the scrubber's coordinates) takes the thumb.
    func grabs(_ point: Point) -> Bool {
        guard geometry.isScrollable else { return false }
        return point.x >= bounds.width - Self.grabWidth && point.y >= thumb.frame.minY - 8 && point.y <= thumb.frame.maxY + 8
    }

    /// A drag took the thumb at `point`; the label says `title` while it is held.
    func beginScrub(at point: Point) {
        isScrubbing = true
        grip = min(max(point.y - thumb.frame.minY, 0), thumb.frame.height)
        opacity = 1
        hiding.cancel()
    }

    /// The offset the thumb held at `point` asks for.
    func offset(forPointerAt point: Point) -> Double {
        geometry.offset(forThumbTop: point.y - Self.margin - grip)
    }

    func showLabel(_ title: String?) {
        guard let title, !title.isEmpty, let rendered = context.labels?.label(title, pointSize: Self.labelSize, color: .white) else {
            return label.isHidden = true
        }
        let padding = MessagePill.style.padding
        labelText.content = rendered.content
        labelText.frame = Rect(origin: Point(x: padding.left, y: padding.top), size: rendered.size)
        label.bounds = Rect(origin: .zero, size: Size(width: rendered.size.width + padding.horizontal, height: rendered.size.height + padding.vertical))
        label.isHidden = false
        placeLabel()
    }

    func endScrub() {
        isScrubbing = false
        label.isHidden = true
        hiding.reschedule(after: Self.lingering)
    }

    /// Beside the thumb, level with its middle, inside the view.
    private func placeLabel() {
        let size = label.bounds.size
        let y = min(max(thumb.frame.midY - size.height / 2, 0), bounds.height - size.height)
        label.frame = Rect(origin: Point(x: (thumb.frame.minX - 12 - size.width).rounded(), y: y.rounded()), size: size)
    }
}
