// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion
import ViewTree

/// Turns a view's pointer sequences into one gesture, as a state machine:
///
///     possible ─→ recognized                     (discrete: tap)
///     possible ─→ began ─→ changed* ─→ ended     (continuous: pan, long press)
///                      └──────────────→ cancelled
///     possible ─→ failed
///
/// A recognizer only proposes `recognized` or `began`; its `GestureArena` decides, so that
/// recognizers on one pointer sequence compete in a fixed order and a recognizer can wait
/// for another to fail. Subclasses override the pointer methods and call `propose…`,
/// `change()`, `end()` and `fail()`.
open class GestureRecognizer {
    public enum State: Hashable, Sendable {
        case possible, began, changed, ended, cancelled, failed, recognized

        /// The gesture is over, one way or another.
        public var isFinal: Bool { [.ended, .cancelled, .failed, .recognized].contains(self) }
        /// The gesture took place (or is taking place).
        public var hasSucceeded: Bool { [.began, .changed, .ended, .recognized].contains(self) }
    }

    public internal(set) var state: State = .possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Which buttons start a sequence this recognizer sees.
    public var buttons: [PointerButton] = [.primary]
    /// Disabling a recognizer mid-gesture cancels it (or, before it began, fails it).
    public var isEnabled = true {
        didSet { if !isEnabled && oldValue { arena?.recognizerWasDisabled(self) } }
    }

    weak var arena: GestureArena?
    private(set) var failureRequirements: [GestureRecognizer] = []
    private var partners: [WeakRecognizer] = []
    /// A state asked for by the subclass that waits for the arena's consent.
    var proposal: State?
    private let handler: (GestureRecognizer) -> Void

    public init(onStateChange handler: @escaping (GestureRecognizer) -> Void) {
        self.handler = handler
    }

    /// This recognizer succeeds only once `other` has failed: a single tap that must not
    /// fire on the first click of a double-click.
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(other)
    }

    /// Lets this recognizer and `other` both succeed on one pointer sequence instead of the
    /// first excluding the second: a single click that selects at once beside the
    /// double-click that opens. Every other pair still competes, so a click on a button is
    /// not also a click on the view behind it.
    public func recognizeSimultaneously(with other: GestureRecognizer) {
        partners.append(WeakRecognizer(other))
        other.partners.append(WeakRecognizer(self))
    }

    /// Whether this recognizer may succeed alongside `other`: the pairs declared with
    /// `recognizeSimultaneously(with:)`. A recognizer that only watches (a pressed look)
    /// says yes to all.
    open func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        partners.contains { $0.recognizer === other }
    }

    /// Where the pointer is in `view`'s coordinates (nil: the window's), as of the last event.
    public func location(in view: View?) -> Point? {
        guard let view else { return lastLocationInWindow }
        return view.convert(lastLocationInWindow, from: nil)
    }

    public internal(set) var lastLocationInWindow: Point = .zero

    // MARK: For subclasses

    open func pointerDown(_ event: PointerEvent) {}
    open func pointerMoved(_ event: PointerEvent) {}
    open func pointerUp(_ event: PointerEvent) {}
    /// Timers: called on every frame and event with the current time.
    open func advance(to now: Seconds) {}
    /// When the recognizer next needs `advance(to:)` although nothing happens, so an idle
    /// frame loop can sleep until then.
    open var nextDeadline: Seconds? { nil }
    /// Clears per-gesture state before the next sequence.
    open func reset() {}

    /// Asks to succeed at once (discrete gestures).
    public func proposeRecognition() {
        if state == .possible && proposal == nil { proposal = .recognized }
    }

    /// Asks to begin (continuous gestures).
    public func proposeBegin() {
        if state == .possible && proposal == nil { proposal = .began }
    }

    /// Reports movement of a gesture that has begun.
    public func change() {
        guard state == .began || state == .changed else { return }
        transition(to: .changed)
    }

    /// Ends a gesture that has begun; a gesture that never began fails instead.
    public func end() {
        if state == .began || state == .changed { transition(to: .ended) } else { fail() }
    }

    public func fail() {
        guard state == .possible else { return }
        proposal = nil
        state = .failed
    }

    func cancel() {
        if state == .began || state == .changed {
            transition(to: .cancelled)
        } else {
            fail()
        }
    }

    func transition(to newState: State) {
        proposal = nil
        state = newState
        handler(self)
    }

    func resetForNextSequence() {
        state = .possible
        proposal = nil
        reset()
    }
}

private struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}
