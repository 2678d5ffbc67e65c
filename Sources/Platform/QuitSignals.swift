// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// SIGTERM (logout, `kill`), SIGINT (Ctrl+C in a terminal) and SIGHUP (its terminal closed)
/// end Flick as its close button does, in whatever state it is: opening, drawing, or busy.
///
/// Every thread blocks them (`block()`, first thing in `main`, so that threads started
/// later inherit the block), and one thread takes them with `sigwait` (`listen()`). A
/// blocked signal waits, pending, for that thread, so none is lost; nothing runs inside a
/// signal handler; and no disposition is changed, so the programs Flick starts do not
/// inherit an ignored signal (they are started with an empty mask). The first signal asks
/// the loop to quit (`isRequested`, and the wake the window registers); if Flick has not
/// ended `graceSeconds` later, or a second signal comes, it ends at once: a sidecar is
/// written to a new file renamed into place, so even then no mark file is left half written.
public enum QuitSignals {
    public static let numbers: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// How long an orderly quit (marks written, settings kept) may take after the first
    /// signal before Flick ends regardless. Shorter = ends sooner when something is stuck;
    /// longer = more time for a slow disk to take the last mark.
    public static let graceSeconds = 0.9

    private struct State {
        var requested: Int32?
        var wake: (@Sendable () -> Void)?
        var listening = false
    }

    private static let state = Mutex(State())

    private static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// Blocks the quit signals in the calling thread, and so in every thread it starts.
    /// Call while the process has one thread.
    public static func block() {
        var blocked = set
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
    }

    /// Starts the thread that takes the quit signals (once).
    public static func listen() {
        let isNew = state.withLock { state in
            defer { state.listening = true }
            return !state.listening
        }
        guard isNew else { return }
        let thread = Thread {
            var waited = set
            var number: Int32 = 0
            while sigwait(&waited, &number) != 0 {}
            request(number)
            var timeout = timespec(tv_sec: Int(graceSeconds), tv_nsec: Int((graceSeconds - graceSeconds.rounded(.down)) * 1e9))
            // A second signal, or the grace running out, ends Flick now.
            while sigtimedwait(&waited, nil, &timeout) < 0 && errno == EINTR {}
            _exit(128 + number)
        }
        thread.name = "flick-quit-signals"
        thread.start()
    }

    /// True once a quit signal has come.
    public static var isRequested: Bool { state.withLock { $0.requested != nil } }

    /// `wake` runs (on the signals' thread) when a quit signal comes, or at once if one
    /// came already: it should only wake the loop that reads `isRequested`.
    public static func onRequest(_ wake: @escaping @Sendable () -> Void) {
        let already = state.withLock { state in
            state.wake = wake
            return state.requested != nil
        }
        if already { wake() }
    }

    static func request(_ number: Int32) {
        let wake = state.withLock { state in
            state.requested = number
            return state.wake
        }
        wake?()
    }
}
