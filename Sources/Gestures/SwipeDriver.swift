// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

/// What a swipe moves, as the view that owns it states it. The content has an offset in
/// points along the swipe's axis that grows as the pointer moves against the axis — a
/// scroll offset: the pager's strip of pages, the culling pager's cards — or the negative
/// of how far a thrown thing is dragged (the deck's front card).
public protocol Swipeable: AnyObject {
    /// One snap unit in points: a page's width, a card's throw distance.
    var swipeUnit: Double { get }
    /// The snap points a release may land on.
    var swipeSteps: ClosedRange<Int> { get }
    /// The snap point the content rests at, or is headed for.
    var swipeRestingStep: Int { get }
    /// Where the content is shown now, in points: mid-spring too.
    var swipeOffsetShown: Double { get }
    /// The view's length along the axis: past the first or last snap point a drag
    /// resists over this many points.
    var swipeRubberBandLength: Double { get }
    /// Shows the content at `offset` points, without animation: where the pointer has it,
    /// or (at the catch) where it was shown, stopping whatever moved it.
    func showSwipe(offset: Double)
    /// The drag was let go: settle at `landing`, or throw, as the view does.
    func swipeDidEnd(_ landing: SwipeLanding)
}

/// Where a swipe lands and how it gets there, in points.
public struct SwipeLanding: Equatable, Sendable {
    /// The snap point to settle at.
    public var step: Int
    /// The content's offset at that snap point, in points.
    public var offset: Double
    /// The content's velocity at the release, in points per second: the spring's start.
    public var velocityPointsPerSecond: Double
    /// The spring that hands the release over to rest.
    public var spring: Spring

    public init(step: Int, offset: Double, velocityPointsPerSecond: Double, spring: Spring) {
        self.step = step
        self.offset = offset
        self.velocityPointsPerSecond = velocityPointsPerSecond
        self.spring = spring
    }
}

/// The one drag of everything paged or thrown (the full-screen pager, the culling pager,
/// the card deck): it catches the content where it is shown, converts the pointer's travel
/// to the content's offset through the snap units (rubber-banded past the ends), and on
/// release picks the snap point by the tracker's policy and hands over to the tracker's
/// spring. A view states its snap points and shows the offsets it is given.
public final class SwipeDriver {
    public private(set) var tracker: SwipeTracker
    public weak var content: Swipeable?
    /// The offset last shown by the drag, in points; nil while no drag is under way.
    public private(set) var draggedOffset: Double?

    public var isDragging: Bool { draggedOffset != nil }

    public init(policy: SwipeTracker.SnapPolicy, spring: Spring) {
        tracker = SwipeTracker(policy: policy, unit: 1, steps: 0...0, spring: spring)
    }

    /// A drag begins: the content stops where it is shown and the tracker learns the snap
    /// points as they stand now.
    public func begin() {
        guard let content, content.swipeUnit > 0 else { return }
        tracker.unit = content.swipeUnit
        tracker.steps = content.swipeSteps
        let shown = content.swipeOffsetShown
        content.showSwipe(offset: shown)
        tracker.begin(at: shown / tracker.unit, step: content.swipeRestingStep)
        draggedOffset = shown
    }

    /// The pointer has moved `translation` points along the axis since the drag began.
    public func follow(translation: Double) {
        guard let content, isDragging else { return }
        let offset = tracker.progress(forTranslation: translation, dimension: content.swipeRubberBandLength) * tracker.unit
        draggedOffset = offset
        content.showSwipe(offset: offset)
    }

    /// Let go, the pointer moving at `pointerVelocity` points per second along the axis
    /// (zero for a drag cancelled).
    public func end(pointerVelocity: Double) {
        guard let offset = draggedOffset else { return }
        draggedOffset = nil
        let release = tracker.release(at: offset / tracker.unit, pointerVelocity: pointerVelocity)
        content?.swipeDidEnd(SwipeLanding(step: release.step, offset: Double(release.step) * tracker.unit,
                                          velocityPointsPerSecond: release.velocity * tracker.unit, spring: tracker.spring))
    }

    /// Drives the swipe from a horizontal pan, for a view whose every drag is the swipe.
    public func drive(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            begin()
            follow(translation: pan.translationInWindow.x)
        case .changed:
            follow(translation: pan.translationInWindow.x)
        case .ended:
            end(pointerVelocity: pan.velocityInWindow.x)
        case .cancelled:
            end(pointerVelocity: 0)
        default:
            break
        }
    }
}
