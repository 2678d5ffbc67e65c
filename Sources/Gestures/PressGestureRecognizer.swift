// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

/// Begins the moment a button goes down and ends when it comes up, whatever else the
/// pointer does: for a pressed look. It never stops other gestures from recognizing.
public final class PressGestureRecognizer: GestureRecognizer {
    public init(handler: @escaping (PressGestureRecognizer) -> Void) {
        super.init(onStateChange: { handler($0 as! PressGestureRecognizer) })
    }

    /// It only watches, so it never competes.
    public override func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool { true }

    public override func pointerDown(_ event: PointerEvent) { proposeBegin() }
    public override func pointerMoved(_ event: PointerEvent) { change() }
    public override func pointerUp(_ event: PointerEvent) { end() }
}
