import Geometry
import Gestures
import Motion
import ViewTree

/// Scrolls a view vertically through its `bounds.origin.y`, as UIKit does: a drag follows
/// the pointer with a rubber band past the ends, a release glides with momentum, the wheel
/// eases in. The grid and the stack's spread scroll alike because they share this.
final class VerticalScroller {
    /// How a released drag glides. Closer to 1 = farther.
    static let momentum = Decay.scrolling
    /// How the content returns inside its range after a pull past an end or a fling that
    /// would leave it. Critically damped: no wobble.
    static let edgeSpring = Spring(dampingRatio: 1, response: 0.45)
    /// How a wheel notch's scroll eases in.
    static let wheelTiming = Timing.easeOut(0.18)

    private unowned let view: View
    private let animator: Animator
    /// The scrolled content's height, asked whenever the range matters.
    private let contentHeight: () -> Double
    private var animation: AnimationID?
    private var dragStartOffset = 0.0
    private(set) var isDragging = false

    init(view: View, animator: Animator, contentHeight: @escaping () -> Double) {
        self.view = view
        self.animator = animator
        self.contentHeight = contentHeight
    }

    var offset: Double { view.bounds.minY }

    /// The scroll offset's allowed range.
    var offsetRange: ClosedRange<Double> {
        0...max(0, contentHeight() - view.bounds.height)
    }

    /// True while a glide, spring or wheel scroll moves the content.
    var isMoving: Bool { view.animatedBounds.isAnimating }

    /// Stops any glide where it is, so what the user sees stays put.
    func stop() {
        if let animation { animator.cancel(animation) }
        animation = nil
    }

    func setOffset(_ offset: Double, animated: Bool) {
        let target = Rect(origin: Point(x: view.bounds.minX, y: offset), size: view.bounds.size)
        if animated {
            animation = animator.animate(view, \.animatedBounds, to: target, timing: Self.wheelTiming)
        } else {
            stop()
            view.bounds = target
        }
        view.setNeedsLayout()
    }

    /// Scrolls by `delta` points (the wheel): toward the model target, so notches add up.
    func scroll(by delta: Double) {
        setOffset(clamped(offset + delta), animated: true)
    }

    /// Scrolls the least that shows `minY..<maxY` (content coordinates) whole.
    func scrollToShow(minY: Double, maxY: Double, animated: Bool) {
        var target = offset
        if minY < target { target = minY }
        if maxY > target + view.bounds.height { target = maxY - view.bounds.height }
        setOffset(clamped(target), animated: animated)
    }

    /// After the content shrank: back inside the range, unless the user or a glide holds it.
    func clampIfIdle() {
        guard !isDragging, !isMoving, offset > offsetRange.upperBound else { return }
        view.bounds = Rect(origin: Point(x: view.bounds.minX, y: offsetRange.upperBound), size: view.bounds.size)
    }

    /// Follows a pan: drag with the rubber band, glide or spring back on release.
    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stop()
            isDragging = true
            dragStartOffset = view.animatedBounds.presentation.minY
            fallthrough
        case .changed:
            let proposed = dragStartOffset - pan.translationInWindow.y
            let offset = RubberBand.clamp(proposed, to: offsetRange, dimension: view.bounds.height)
            view.bounds = Rect(origin: Point(x: view.bounds.minX, y: offset), size: view.bounds.size)
        case .ended, .cancelled:
            isDragging = false
            release(velocity: pan.state == .ended ? -pan.velocityInWindow.y : 0)
        default:
            break
        }
    }

    private func clamped(_ offset: Double) -> Double {
        min(max(offset, offsetRange.lowerBound), offsetRange.upperBound)
    }

    /// After a drag: glide with momentum, or spring back inside the range when the glide
    /// would end outside it (or the content is already past an end).
    private func release(velocity: Double) {
        let range = offsetRange
        let resting = Self.momentum.restingValue(from: offset, velocity: velocity)
        let velocityVector = SIMD4(0, velocity, 0, 0)
        if range.contains(offset) && range.contains(resting) {
            animation = animator.fling(view, \.animatedBounds, velocity: velocityVector, decay: Self.momentum)
        } else {
            let edge = resting < range.lowerBound ? range.lowerBound : range.upperBound
            animation = animator.animate(view, \.animatedBounds, to: Rect(origin: Point(x: view.bounds.minX, y: edge), size: view.bounds.size),
                                         timing: .spring(Self.edgeSpring), initialVelocity: velocityVector)
        }
        view.setNeedsLayout()
    }
}
