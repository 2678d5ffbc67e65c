// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion
import ViewTree

/// What the frame loop drives: the app.
public protocol FrameDriver: AnyObject {
    /// The view tree drawn each frame; its bounds are the window's, in points.
    var rootView: View { get }
    /// True while anything moves on screen or a gesture is live: the loop then draws at the
    /// display's refresh rate; otherwise it sleeps until an event arrives or `nextDeadline`
    /// (an animation still waiting out its delay moves nothing yet).
    var needsFrames: Bool { get }
    /// When the app next needs `update` although nothing happens (a gesture timer).
    var nextDeadline: Seconds? { get }
    /// True once the app wants the loop to end.
    var shouldQuit: Bool { get }
    var backgroundColor: Color { get }

    func handle(_ event: PlatformEvent)
    /// Brings the app to time `now` (seconds on the loop's clock): drain worker results,
    /// run timers and animations, lay out.
    func update(at now: Seconds)
    /// A frame was just presented at `time` (for measurements).
    func didPresentFrame(at time: Seconds)
}

extension FrameDriver {
    public func didPresentFrame(at time: Seconds) {}
}
