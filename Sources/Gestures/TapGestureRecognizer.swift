// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

/// Recognizes `numberOfTaps` clicks in quick succession at about one place.
public final class TapGestureRecognizer: GestureRecognizer {
    /// The longest wait from one release to the next press of a multi-click; also how long
    /// a single click that waits for a double-click to fail is delayed. Longer = easier to
    /// double-click, slower single clicks.
    public static let multiTapInterval: Seconds = 0.4
    /// A press that wanders farther than this is a drag, not a click.
    public static let allowableMovement = 10.0
    /// The presses of one multi-click must land within this distance of the first.
    public static let maximumDistanceBetweenTaps = 20.0

    public let numberOfTaps: Int
    public private(set) var tapCount = 0
    private var firstDownLocation: Point?
    private var downLocation: Point?
    private var deadline: Seconds?

    public init(numberOfTaps: Int = 1, handler: @escaping (TapGestureRecognizer) -> Void) {
        precondition(numberOfTaps >= 1)
        self.numberOfTaps = numberOfTaps
        super.init(onStateChange: { handler($0 as! TapGestureRecognizer) })
    }

    /// The modifiers held when the pointer went down (a Ctrl+click, a Shift+click).
    public private(set) var modifiers: KeyModifiers = []

    public override func pointerDown(_ event: PointerEvent) {
        if let deadline, event.time > deadline { return fail() }
        modifiers = event.modifiers
        if let first = firstDownLocation, first.distance(to: event.locationInWindow) > Self.maximumDistanceBetweenTaps {
            return fail()
        }
        deadline = nil
        firstDownLocation = firstDownLocation ?? event.locationInWindow
        downLocation = event.locationInWindow
    }

    public override func pointerMoved(_ event: PointerEvent) {
        guard let down = downLocation else { return }
        if down.distance(to: event.locationInWindow) > Self.allowableMovement { fail() }
    }

    public override func pointerUp(_ event: PointerEvent) {
        guard downLocation != nil else { return }
        downLocation = nil
        tapCount += 1
        if tapCount >= numberOfTaps {
            proposeRecognition()
        } else {
            deadline = event.time + Self.multiTapInterval
        }
    }

    public override func advance(to now: Seconds) {
        if let deadline, now > deadline, downLocation == nil { fail() }
    }

    public override var nextDeadline: Seconds? { state == .possible ? deadline : nil }

    public override func reset() {
        tapCount = 0
        firstDownLocation = nil
        downLocation = nil
        deadline = nil
    }
}
