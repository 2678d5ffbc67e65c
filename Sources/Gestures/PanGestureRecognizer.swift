// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion
import ViewTree

/// Recognizes a drag: it begins once the pointer has moved past a threshold, reports
/// translation and a windowed velocity as it moves, and ends on release.
public final class PanGestureRecognizer: GestureRecognizer {
    /// Movement before a press becomes a drag. Larger = fewer accidental drags from
    /// clicks, a less immediate grab.
    public static let defaultMinimumDistance = 5.0

    /// Which way a drag must go to begin.
    public enum Axis: Sendable {
        case free
        /// Begins only if mostly horizontal; fails if it leaves vertically first.
        case horizontal
        case vertical
    }

    public var minimumDistance = PanGestureRecognizer.defaultMinimumDistance
    public var axis: Axis

    public private(set) var startLocationInWindow: Point = .zero
    private var tracker = VelocityTracker()
    private var lastTime: Seconds = 0
    private var isTracking = false

    public init(axis: Axis = .free, handler: @escaping (PanGestureRecognizer) -> Void) {
        self.axis = axis
        super.init(onStateChange: { handler($0 as! PanGestureRecognizer) })
    }

    /// Movement since the press, in window points. It includes the threshold, so what is
    /// grabbed stays under the pointer.
    public var translationInWindow: Point { lastLocationInWindow - startLocationInWindow }

    /// Movement since the press in `view`'s coordinates.
    public func translation(in view: View) -> Point {
        guard let start = view.convert(startLocationInWindow, from: nil),
              let now = view.convert(lastLocationInWindow, from: nil) else { return translationInWindow }
        return now - start
    }

    /// Pointer velocity in window points per second, as of the last event.
    public var velocityInWindow: Point { tracker.velocity(at: lastTime) }

    /// The modifiers held when the pointer went down (a Ctrl+drag, a Shift+drag).
    public private(set) var modifiers: KeyModifiers = []

    public override func pointerDown(_ event: PointerEvent) {
        guard !isTracking else { return }
        isTracking = true
        modifiers = event.modifiers
        startLocationInWindow = event.locationInWindow
        lastTime = event.time
        tracker.reset()
        tracker.add(event.locationInWindow, at: event.time)
    }

    public override func pointerMoved(_ event: PointerEvent) {
        guard isTracking else { return }
        lastTime = event.time
        tracker.add(event.locationInWindow, at: event.time)
        switch state {
        case .possible:
            let moved = event.locationInWindow - startLocationInWindow
            let along: Double, across: Double
            switch axis {
            case .free: (along, across) = (moved.length, 0)
            case .horizontal: (along, across) = (abs(moved.x), abs(moved.y))
            case .vertical: (along, across) = (abs(moved.y), abs(moved.x))
            }
            if across > minimumDistance && across > along { fail() } else if along > minimumDistance { proposeBegin() }
        case .began, .changed:
            change()
        default:
            break
        }
    }

    public override func pointerUp(_ event: PointerEvent) {
        guard isTracking else { return }
        // The release is a sample too: where and when the motion ended.
        lastTime = event.time
        tracker.add(event.locationInWindow, at: event.time)
        end()
    }

    public override func reset() {
        isTracking = false
        tracker.reset()
    }
}
