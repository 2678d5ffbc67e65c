// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Motion
import ViewTree

/// Scrolls a view along one axis through its `bounds.origin`, as UIKit does: a drag follows
/// the pointer with a rubber band past the ends, a release glides with momentum, the wheel
/// eases in. The grid, the stack's spread and the album strip scroll alike because they
/// share this.
final class Scroller {
    enum Axis {
        case vertical, horizontal
    }

    /// How a released drag glides. Closer to 1 = farther.
    static let momentum = Decay.scrolling
    /// How the content returns inside its range after a pull past an end or a fling that
    /// would leave it, and how it settles on a snap point. Critically damped: no wobble.
    static let edgeSpring = Spring(dampingRatio: 1, response: 0.45)
    /// How a wheel notch's scroll eases in.
    static let wheelTiming = Timing.easeOut(0.18)

    private unowned let view: View
    private let animator: Animator
    private let axis: Axis
    /// The scrolled content's length along the axis, asked whenever the range matters.
    private let contentLength: () -> Double
    /// Where a released drag settles, given where its glide would have stopped; nil glides
    /// freely. The album strip uses it to stop with a cover centred.
    var snap: ((Double) -> Double)?
    /// Runs once a drag's glide or settle has come to rest (not when a new drag stops it).
    var onSettled: (() -> Void)?
    private var animation: AnimationID?
    private var dragStartOffset = 0.0
    private(set) var isDragging = false

    init(view: View, animator: Animator, axis: Axis = .vertical, contentLength: @escaping () -> Double) {
        self.view = view
        self.animator = animator
        self.axis = axis
        self.contentLength = contentLength
    }

    var offset: Double { along(view.bounds.origin) }

    /// The view's length along the axis: what one screen of content is.
    private var visibleLength: Double { axis == .vertical ? view.bounds.height : view.bounds.width }

    /// The scroll offset's allowed range.
    var offsetRange: ClosedRange<Double> {
        0...max(0, contentLength() - visibleLength)
    }

    /// True while a glide, spring or wheel scroll moves the content.
    var isMoving: Bool { view.animatedBounds.isAnimating }

    /// Stops any glide where it is, so what the user sees stays put.
    func stop() {
        if let animation { animator.cancel(animation) }
        animation = nil
    }

    func setOffset(_ offset: Double, animated: Bool, timing: Timing = Scroller.wheelTiming) {
        if animated {
            animation = animator.animate(view, \.animatedBounds, to: bounds(at: offset), timing: timing)
        } else {
            stop()
            view.bounds = bounds(at: offset)
        }
        view.setNeedsLayout()
    }

    /// Scrolls by `delta` points (the wheel): toward the model target, so notches add up.
    func scroll(by delta: Double) {
        setOffset(clamped(offset + delta), animated: true)
    }

    /// Scrolls the least that shows `start..<end` (content coordinates along the axis) whole.
    func scrollToShow(from start: Double, to end: Double, animated: Bool) {
        var target = offset
        if start < target { target = start }
        if end > target + visibleLength { target = end - visibleLength }
        setOffset(clamped(target), animated: animated)
    }

    /// After the content shrank: back inside the range, unless the user or a glide holds it.
    func clampIfIdle() {
        guard !isDragging, !isMoving, offset > offsetRange.upperBound else { return }
        view.bounds = bounds(at: offsetRange.upperBound)
    }

    /// Follows a pan: drag with the rubber band, glide or spring back on release.
    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stop()
            isDragging = true
            dragStartOffset = along(view.animatedBounds.presentation.origin)
            fallthrough
        case .changed:
            let proposed = dragStartOffset - along(pan.translationInWindow)
            view.bounds = bounds(at: RubberBand.clamp(proposed, to: offsetRange, dimension: visibleLength))
            view.setNeedsLayout()
        case .ended, .cancelled:
            isDragging = false
            release(velocity: pan.state == .ended ? -along(pan.velocityInWindow) : 0)
        default:
            break
        }
    }

    private func along(_ point: Point) -> Double { axis == .vertical ? point.y : point.x }

    private func bounds(at offset: Double) -> Rect {
        let origin = axis == .vertical ? Point(x: view.bounds.minX, y: offset) : Point(x: offset, y: view.bounds.minY)
        return Rect(origin: origin, size: view.bounds.size)
    }

    private func clamped(_ offset: Double) -> Double {
        min(max(offset, offsetRange.lowerBound), offsetRange.upperBound)
    }

    /// After a drag: glide with momentum, or spring back inside the range when the glide
    /// would end outside it (or the content is already past an end); with a snap, spring
    /// straight to the snap point nearest the glide's end, keeping the fling's speed.
    private func release(velocity: Double) {
        let range = offsetRange
        let resting = Self.momentum.restingValue(from: offset, velocity: velocity)
        let velocityVector = axis == .vertical ? SIMD4(0, velocity, 0, 0) : SIMD4(velocity, 0, 0, 0)
        let settled: (AnimationOutcome) -> Void = { [weak self] outcome in
            if outcome == .finished { self?.onSettled?() }
        }
        if let snap {
            animation = animator.animate(view, \.animatedBounds, to: bounds(at: snap(resting)), timing: .spring(Self.edgeSpring),
                                         initialVelocity: velocityVector, completion: settled)
        } else if range.contains(offset) && range.contains(resting) {
            animation = animator.fling(view, \.animatedBounds, velocity: velocityVector, decay: Self.momentum, completion: settled)
        } else {
            let edge = resting < range.lowerBound ? range.lowerBound : range.upperBound
            animation = animator.animate(view, \.animatedBounds, to: bounds(at: edge), timing: .spring(Self.edgeSpring),
                                         initialVelocity: velocityVector, completion: settled)
        }
        view.setNeedsLayout()
    }
}
