// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion
import ViewTree

/// Routes pointer sequences to gesture recognizers and arbitrates between them.
///
/// On a press, the competitors are the recognizers of the view under the pointer and of
/// its ancestors: the hit view's first, then its parent's, each view's in the order they
/// were added. That array order decides every tie. The first recognizer to succeed wins;
/// the others on the sequence fail (or, if already under way, are cancelled), except those
/// that pair may run together (`canRecognizeSimultaneously(with:)`, asked both ways). A
/// recognizer that requires another to fail waits.
/// A multi-click spans several presses, so a competition lasts until every competitor has
/// finished, not merely until the button is released.
public final class GestureArena {
    public let root: View
    private var attached: [GestureRecognizer] = []
    private var active: [GestureRecognizer] = []
    private var pressedButton: PointerButton?

    public init(root: View) {
        self.root = root
    }

    public func add(_ recognizer: GestureRecognizer, to view: View) {
        recognizer.view = view
        recognizer.arena = self
        attached.append(recognizer)
    }

    public func remove(_ recognizer: GestureRecognizer) {
        if active.contains(where: { $0 === recognizer }) { recognizer.isEnabled = false }
        attached.removeAll { $0 === recognizer }
        active.removeAll { $0 === recognizer }
    }

    public func recognizers(on view: View) -> [GestureRecognizer] {
        attached.filter { $0.view === view }
    }

    /// True while a button is held or a gesture is still undecided: the frame loop keeps
    /// stepping time meanwhile.
    public var isTracking: Bool { pressedButton != nil || !active.isEmpty }

    /// The earliest time a recognizer needs `advance(to:)` though no event arrives.
    public var nextDeadline: Seconds? { active.compactMap(\.nextDeadline).min() }

    public func handle(_ event: PointerEvent) {
        switch event.phase {
        case .down: pointerDown(event)
        case .moved: deliver(event) { $0.pointerMoved(event) }
        case .up:
            guard event.button == pressedButton else { return }
            pressedButton = nil
            deliver(event) { $0.pointerUp(event) }
            // Whatever has not decided by the release, and waits for no timer, has failed.
            for recognizer in active where recognizer.state == .possible && recognizer.proposal == nil && recognizer.nextDeadline == nil {
                recognizer.fail()
            }
            resolve()
            finishIfDone()
        case .cancelled:
            pressedButton = nil
            for recognizer in active { recognizer.cancel() }
            resolve()
            finishIfDone()
        }
    }

    /// Runs recognizer timers (multi-click and long-press deadlines) up to `now`.
    public func advance(to now: Seconds) {
        for recognizer in active where !recognizer.state.isFinal { recognizer.advance(to: now) }
        resolve()
        finishIfDone()
    }

    func recognizerWasDisabled(_ recognizer: GestureRecognizer) {
        guard active.contains(where: { $0 === recognizer }) else { return }
        recognizer.cancel()
        resolve()
        finishIfDone()
    }

    // MARK: - Sequence

    private func pointerDown(_ event: PointerEvent) {
        guard pressedButton == nil else { return }
        advance(to: event.time)

        let hitView = root.hitTest(event.locationInWindow)
        let candidates = (hitView?.ancestry ?? []).flatMap { view in
            attached.filter { $0.view === view && $0.isEnabled && $0.buttons.contains(event.button) }
        }
        // A press elsewhere ends any multi-click that was waiting for this one.
        for recognizer in active where recognizer.state == .possible && recognizer.proposal == nil
            && !candidates.contains(where: { $0 === recognizer }) {
            recognizer.fail()
        }
        resolve()
        finishIfDone()

        let waiting = active
        active = candidates.map { candidate in
            if !waiting.contains(where: { $0 === candidate }) { candidate.resetForNextSequence() }
            return candidate
        } + waiting.filter { old in !candidates.contains { $0 === old } }
        pressedButton = event.button
        deliver(event) { $0.pointerDown(event) }
    }

    private func deliver(_ event: PointerEvent, _ send: (GestureRecognizer) -> Void) {
        guard pressedButton != nil || event.phase == .up else { return }
        for recognizer in active {
            let listening = recognizer.state == .possible ? recognizer.proposal == nil : !recognizer.state.isFinal
            guard listening else { continue }
            recognizer.lastLocationInWindow = event.locationInWindow
            send(recognizer)
        }
        resolve()
    }

    /// Grants or refuses the recognizers' proposals, in arbitration order, until nothing changes.
    private func resolve() {
        var changed = true
        while changed {
            changed = false
            for recognizer in active where recognizer.state == .possible {
                guard let proposal = recognizer.proposal else { continue }
                let requirements = recognizer.failureRequirements
                if requirements.contains(where: { $0.state.hasSucceeded }) {
                    recognizer.fail()
                    changed = true
                    continue
                }
                let stillUndecided = requirements.contains { requirement in
                    requirement.state == .possible && active.contains { $0 === requirement }
                }
                if stillUndecided { continue }
                if active.contains(where: { $0 !== recognizer && $0.state.hasSucceeded && !Self.mayRunTogether($0, recognizer) }) {
                    recognizer.fail()
                    changed = true
                    continue
                }
                recognizer.transition(to: proposal)
                changed = true
                for other in active where other !== recognizer && !Self.mayRunTogether(other, recognizer) {
                    other.cancel()
                }
            }
        }
    }

    private static func mayRunTogether(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.canRecognizeSimultaneously(with: b) || b.canRecognizeSimultaneously(with: a)
    }

    private func finishIfDone() {
        guard pressedButton == nil, active.allSatisfy({ $0.state.isFinal }) else { return }
        for recognizer in active { recognizer.resetForNextSequence() }
        active = []
    }
}
