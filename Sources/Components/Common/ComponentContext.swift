// SPDX-License-Identifier: GPL-3.0-or-later
import Gestures
import Motion

/// What every component needs from the app, passed down instead of reached through
/// singletons: the animator, the gesture arena, text rendering and the display's scale.
public final class ComponentContext {
    public let animator: Animator
    public let arena: GestureArena
    public let labels: LabelRenderer?
    /// Device pixels per point, so components ask for images at the size they show.
    public var pixelScale: Double

    /// Timed work (a caption's fade, a toast's life), on the animator's clock.
    public var scheduler: Scheduler { animator.scheduler }

    public init(animator: Animator, arena: GestureArena, labels: LabelRenderer? = nil, pixelScale: Double = 1) {
        self.animator = animator
        self.arena = arena
        self.labels = labels
        self.pixelScale = pixelScale
    }
}
