// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Motion
import ViewTree

/// Where a scroll thumb sits on its track and where dragging it takes the content: the
/// thumb's travel is the whole content's, so one drag from end to end crosses the album,
/// however long. Lengths run along the scrolling axis. Pure, so it tests alone.
public struct ScrubberGeometry: Equatable, Sendable {
    /// Never shorter than this, so it can be grabbed in a 100,000-photo album.
    public static let minimumThumbLength = 48.0

    public let trackLength: Double
    public let visibleLength: Double
    public let contentLength: Double

    public init(trackLength: Double, visibleLength: Double, contentLength: Double) {
        self.trackLength = trackLength
        self.visibleLength = visibleLength
        self.contentLength = contentLength
    }

    /// How far the content scrolls.
    public var scrollRange: Double { max(0, contentLength - visibleLength) }

    /// The content is longer than the view: there is something to scrub.
    public var isScrollable: Bool { scrollRange > 0 }

    public var thumbLength: Double {
        guard contentLength > 0 else { return trackLength }
        return min(trackLength, max(Self.minimumThumbLength, trackLength * visibleLength / contentLength))
    }

    /// Where the thumb starts on the track for the content scrolled to `offset`.
    public func thumbStart(at offset: Double) -> Double {
        guard isScrollable else { return 0 }
        return (trackLength - thumbLength) * min(max(offset / scrollRange, 0), 1)
    }

    /// The offset that starts the thumb at `start` (the pointer less where it holds the thumb).
    public func offset(forThumbStart start: Double) -> Double {
        let travel = trackLength - thumbLength
        guard travel > 0 else { return 0 }
        return scrollRange * min(max(start / travel, 0), 1)
    }
}

/// A scroll thumb along a scrolling view's far edge (the grid's right, the album strip's
/// underside): it shows while the view scrolls or the pointer comes near that edge (and
/// fades a moment after), and can then be grabbed to jump through the album, with a label
/// beside it saying where the album is (the day, the name's first letters, the album).
final class Scrubber: View {
    static let thickness = 6.0
    /// A press this close to the edge, level with the thumb, grabs it.
    static let grabDepth = 28.0
    static let margin = 3.0
    static let thumbColor = Color(white: 0.85, alpha: 0.75)
    static let lingering: Seconds = 1.2
    static let fade = Timing.easeOut(0.25)
    static let labelSize = 15.0
    static let labelGap = 12.0

    private let context: ComponentContext
    let axis: Scroller.Axis
    let thumb = View()
    private let label = View()
    private let labelText = View()
    private(set) var geometry = ScrubberGeometry(trackLength: 0, visibleLength: 0, contentLength: 0)
    private lazy var hiding = context.scheduler.task { [unowned self] in
        guard !isScrubbing, !isPointerNear else { return }
        context.animator.animate(self, \.animatedOpacity, to: 0, timing: Self.fade)
    }
    /// The thumb is held (a drag from it).
    private(set) var isScrubbing = false
    /// Where along the thumb the pointer holds it.
    private var grip = 0.0
    /// The pointer is near the edge: the thumb stays while it is.
    private var isPointerNear = false

    init(context: ComponentContext, axis: Scroller.Axis = .vertical) {
        self.context = context
        self.axis = axis
        super.init()
        name = "scrubber"
        isUserInteractionEnabled = false
        opacity = 0
        thumb.name = "scrubber thumb"
        thumb.backgroundColor = Self.thumbColor
        thumb.cornerRadius = Self.thickness / 2
        addSubview(thumb)
        label.name = "scrubber label"
        labelText.name = "scrubber label text"
        MessagePill.style.apply(to: label)
        label.addSubview(labelText)
        label.isHidden = true
        addSubview(label)
    }

    /// `point`'s place along the scrolling axis, and across it.
    private func along(_ point: Point) -> Double { axis == .vertical ? point.y : point.x }
    private func across(_ point: Point) -> Double { axis == .vertical ? point.x : point.y }
    /// How deep the view is across the axis: the thumb runs along its far edge.
    private var depth: Double { axis == .vertical ? bounds.width : bounds.height }

    /// Lays it over `visible` (the view's bounds, in its content's coordinates) for content
    /// `contentLength` long scrolled to `offset`.
    func place(over visible: Rect, contentLength: Double, offset: Double) {
        frame = visible
        let visibleLength = axis == .vertical ? visible.height : visible.width
        geometry = ScrubberGeometry(trackLength: visibleLength - 2 * Self.margin, visibleLength: visibleLength, contentLength: contentLength)
        thumb.isHidden = !geometry.isScrollable
        let start = Self.margin + geometry.thumbStart(at: offset), edge = depth - Self.thickness - Self.margin
        thumb.frame = axis == .vertical
            ? Rect(x: edge, y: start, width: Self.thickness, height: geometry.thumbLength)
            : Rect(x: start, y: edge, width: geometry.thumbLength, height: Self.thickness)
        if !label.isHidden { placeLabel() }
    }

    var isShown: Bool { animatedOpacity.model > 0 }

    /// The view scrolled: the thumb shows, and goes a moment after the scrolling stops.
    func reveal() {
        guard geometry.isScrollable else { return }
        if animatedOpacity.model < 1 { context.animator.animate(self, \.animatedOpacity, to: 1, timing: .easeOut(0.12)) }
        hiding.reschedule(after: Self.lingering)
    }

    /// The pointer is at `point` (the scrubber's coordinates, nil outside the view): near the
    /// edge the thumb shows, so it can be found without scrolling first.
    func pointerMoved(to point: Point?) {
        let near = point.map { bounds.contains($0) && across($0) >= depth - Self.grabDepth } ?? false
        defer { isPointerNear = near }
        if near {
            reveal()
        } else if isPointerNear {
            hiding.reschedule(after: Self.lingering)
        }
    }

    /// Whether a press at `point` (the scrubber's coordinates) takes the thumb: one shown,
    /// near the edge, level with the thumb.
    func grabs(_ point: Point) -> Bool {
        guard geometry.isScrollable, isShown, across(point) >= depth - Self.grabDepth else { return false }
        let start = axis == .vertical ? thumb.frame.minY : thumb.frame.minX
        return along(point) >= start - 8 && along(point) <= start + geometry.thumbLength + 8
    }

    /// Follows `pan` where it started on the thumb: the content `scroller` scrolls jumps to
    /// where the thumb is dragged, and the label says `title()` of where it is. False for a
    /// pan that is no scrub (the view scrolls with it); true up to and with its release.
    func follow(_ pan: PanGestureRecognizer, scroller: Scroller, title: () -> String?) -> Bool {
        if pan.state == .began, let start = convert(pan.startLocationInWindow, from: nil), grabs(start) {
            scroller.stop()
            beginScrub(at: start)
        }
        guard isScrubbing else { return false }
        switch pan.state {
        case .began, .changed:
            guard let point = pan.location(in: self) else { return true }
            scroller.setOffset(offset(forPointerAt: point), animated: false)
            superview?.layoutIfNeeded()
            showLabel(title())
        default:
            endScrub()
        }
        return true
    }

    /// A drag took the thumb at `point`.
    private func beginScrub(at point: Point) {
        isScrubbing = true
        let start = axis == .vertical ? thumb.frame.minY : thumb.frame.minX
        grip = min(max(along(point) - start, 0), geometry.thumbLength)
        opacity = 1
        hiding.cancel()
    }

    /// The offset the thumb held at `point` asks for.
    private func offset(forPointerAt point: Point) -> Double {
        geometry.offset(forThumbStart: along(point) - Self.margin - grip)
    }

    /// What the label beside the held thumb says; nil hides it.
    private func showLabel(_ title: String?) {
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

    private func endScrub() {
        isScrubbing = false
        label.isHidden = true
        hiding.reschedule(after: Self.lingering)
    }

    /// Beside the thumb (left of it, or above it), level with its middle, inside the view.
    private func placeLabel() {
        let size = label.bounds.size
        let origin = axis == .vertical
            ? Point(x: thumb.frame.minX - Self.labelGap - size.width, y: min(max(thumb.frame.midY - size.height / 2, 0), bounds.height - size.height))
            : Point(x: min(max(thumb.frame.midX - size.width / 2, 0), bounds.width - size.width), y: thumb.frame.minY - Self.labelGap / 2 - size.height)
        label.frame = Rect(origin: Point(x: origin.x.rounded(), y: origin.y.rounded()), size: size)
    }
}
