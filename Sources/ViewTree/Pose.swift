// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

/// Where a layout wants one view: what a layout function returns per item. Layouts are
/// pure functions to poses; `View.apply(_:using:)` carries them out.
public struct Pose: Sendable, Equatable {
    public var center: Point
    public var size: Size
    public var transform: Transform3D
    public var opacity: Double
    /// Order among the container's items: larger is in front.
    public var zIndex: Double

    public init(center: Point, size: Size, transform: Transform3D = .identity, opacity: Double = 1, zIndex: Double = 0) {
        self.center = center
        self.size = size
        self.transform = transform
        self.opacity = opacity
        self.zIndex = zIndex
    }

    public init(frame: Rect, transform: Transform3D = .identity, opacity: Double = 1, zIndex: Double = 0) {
        self.init(center: frame.center, size: frame.size, transform: transform, opacity: opacity, zIndex: zIndex)
    }

    public var frame: Rect { Rect(center: center, size: size) }
}

/// A claim on a view's geometry by whoever moves it by hand (a drag) or by its own
/// animation (a throw, a flight): while any claim is alive, layout leaves the view alone.
/// Taking it catches the view where it is shown: a centre, bounds or transform still
/// animating stops there, model and presentation alike, so whoever holds it moves it on
/// from what the person sees. Releasing the last one (or dropping it) asks the container
/// to lay out again, so the view goes on to wherever layout wants it, from where it is.
public final class ViewHold {
    private weak var view: View?

    init(_ view: View) {
        self.view = view
        view.holdCount += 1
        view.stopGeometryWhereShown()
    }

    public func release() {
        guard let view else { return }
        self.view = nil
        view.holdCount -= 1
        if view.holdCount == 0 { view.superview?.setNeedsLayout() }
    }

    deinit { release() }
}

extension View {
    /// Claims this view's geometry until the hold is released.
    public func hold() -> ViewHold { ViewHold(self) }

    /// True while something holds the view: layout does not move it.
    public var isHeld: Bool { holdCount > 0 }

    /// Stops the geometry's animations (centre, bounds, transform) where they are shown,
    /// model and presentation alike. Opacity goes on: a card caught mid-fade finishes
    /// fading in. A hold does this as it is taken; a view moved by hand without a hold (a
    /// zoomed photo panned within its page) calls it itself.
    public func stopGeometryWhereShown() {
        if animatedCenter.isAnimating { center = animatedCenter.presentation }
        if animatedBounds.isAnimating { bounds = animatedBounds.presentation }
        if animatedTransform.isAnimating { transform = animatedTransform.presentation }
    }

    /// Puts the view where `pose` says, unless it is held: a value already targeted is left
    /// alone, a still one is set, an animating one is retargeted from where it is and how fast
    /// it moves (`Animator.retarget`). So a layout pass may run any time, mid-flight or
    /// mid-glide, and never makes a view jump or stop. The z-index is the container's to use.
    /// With `timing`, a still view moves there by it too, after `delay` (items rearranged by
    /// a change slide to their new places rather than jump).
    public func apply(_ pose: Pose, using animator: Animator, timing: Timing? = nil, delay: Seconds = 0) {
        guard !isHeld else { return }
        func move<Value: Animatable>(_ property: ReferenceWritableKeyPath<View, Animated<Value>>, to target: Value) {
            if let timing, !self[keyPath: property].isAnimating, self[keyPath: property].model != target {
                animator.animate(self, property, to: target, timing: timing, delay: delay)
            } else {
                animator.retarget(self, property, to: target)
            }
        }
        move(\.animatedCenter, to: pose.center)
        if pose.size != bounds.size {
            move(\.animatedBounds, to: Rect(origin: bounds.origin, size: pose.size))
            setNeedsLayout()
        }
        move(\.animatedTransform, to: pose.transform)
        move(\.animatedOpacity, to: pose.opacity)
    }
}
