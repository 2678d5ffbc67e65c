// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSDL2
import Synchronization

/// Wakes the frame loop from any thread (a decode worker, a file watcher) by posting one
/// SDL user event; further wakes before the loop runs are coalesced.
public final class Waker: Sendable {
    private let eventType: UInt32
    private let pending = Atomic<Bool>(false)

    init(eventType: UInt32) {
        self.eventType = eventType
    }

    public func wake() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var event = SDL_Event()
        event.type = eventType
        // A full queue refuses it: the next wake must try again, not find one pending.
        if SDL_PushEvent(&event) != 1 { pending.store(false, ordering: .releasing) }
    }

    /// Called by the loop once it has woken.
    func acknowledge() {
        pending.store(false, ordering: .releasing)
    }

    func matches(_ event: SDL_Event) -> Bool { event.type == eventType }
}
