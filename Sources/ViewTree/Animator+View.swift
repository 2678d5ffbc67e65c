// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

extension Animator {
    /// Animates a view's frame: its centre and its bounds size together, with one
    /// completion once both have ended.
    public func animateFrame(_ view: View, to frame: Rect, timing: Timing, delay: Seconds = 0,
                             completion: ((AnimationOutcome) -> Void)? = nil) {
        group(completion: { completion?($0) }) {
            animate(view, \.animatedCenter, to: frame.center, timing: timing, delay: delay)
            animate(view, \.animatedBounds, to: Rect(origin: view.bounds.origin, size: frame.size), timing: timing, delay: delay)
        }
        view.setNeedsLayout()
    }
}
