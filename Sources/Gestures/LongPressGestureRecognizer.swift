// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

/// Recognizes a press held still: it begins after `minimumDuration`, reports movement
/// after that as changes, and ends on release.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the press must last. Shorter = quicker, more accidental.
    public static let defaultMinimumDuration: Seconds = 0.5
    /// Drift allowed before the press has lasted long enough.
    public static let allowableMovement = 10.0

    public var minimumDuration = LongPressGestureRecognizer.defaultMinimumDuration
    private var downLocation: Point?
    private var deadline: Seconds?

    public init(handler: @escaping (LongPressGestureRecognizer) -> Void) {
        super.init(onStateChange: { handler($0 as! LongPressGestureRecognizer) })
    }

    public override func pointerDown(_ event: PointerEvent) {
        guard downLocation == nil else { return }
        downLocation = event.locationInWindow
        deadline = event.time + minimumDuration
    }

    public override func pointerMoved(_ event: PointerEvent) {
        if state == .possible, let down = downLocation, down.distance(to: event.locationInWindow) > Self.allowableMovement {
            fail()
        } else {
            change()
        }
    }

    public override func pointerUp(_ event: PointerEvent) {
        end()
    }

    public override func advance(to now: Seconds) {
        if let deadline, now >= deadline, downLocation != nil { proposeBegin() }
    }

    public override var nextDeadline: Seconds? { state == .possible ? deadline : nil }

    public override func reset() {
        downLocation = nil
        deadline = nil
    }
}
