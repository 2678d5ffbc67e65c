// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CProcess
import Synchronization

/// Watches the helpers that wait in the pools between requests, so one that dies there —
/// killed from outside, or by the out-of-memory killer — is reaped at once, not left
/// `<defunct>` until its pool next lends it. An idle helper writes nothing: its answer
/// pipe becoming readable means it hung up (or misbehaves), and either way it is done.
/// One thread, polling the idle helpers' answer pipes and a pipe of its own that wakes it
/// when the set changes; process-wide by nature, as the helpers' launcher is.
final class IdleHelperWatch: Sendable {
    static let shared = IdleHelperWatch()

    private struct Watched {
        let pid: pid_t
        let fd: Int32
        /// Takes the helper out of its pool, if it is still there (then the watch ends
        /// and reaps it).
        let remove: @Sendable () -> Helper?
    }

    private let watched = Mutex<[pid_t: Watched]>([:])
    private let wakeRead: Int32, wakeWrite: Int32

    private init() {
        var fds: [Int32] = [0, 0]
        if flick_pipe_cloexec(&fds) != 0 { fds = [-1, -1] }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        if wakeRead >= 0 { _ = fcntl(wakeRead, F_SETFL, O_NONBLOCK) }
        let thread = Thread { [self] in run() }
        thread.name = "flick-idle-helpers"
        thread.start()
    }

    /// `helper` waits in a pool: if it dies there, `remove` takes it out of the pool and it
    /// is reaped.
    func watch(_ helper: Helper, remove: @escaping @Sendable () -> Helper?) {
        watched.withLock { $0[helper.pid] = Watched(pid: helper.pid, fd: helper.fromHelper.fd, remove: remove) }
        wake()
    }

    /// `helper` left its pool (lent, or stopped): no longer watched.
    func forget(_ helper: Helper) {
        let wasWatched = watched.withLock { $0.removeValue(forKey: helper.pid) != nil }
        if wasWatched { wake() }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func run() {
        guard wakeRead >= 0 else { return }
        while true {
            let current = watched.withLock { Array($0.values) }
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
                + current.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { continue }
            if descriptors[0].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &drained, drained.count) > 0 {}
            }
            for (index, helper) in current.enumerated() where descriptors[index + 1].revents != 0 {
                // Still the one watched (not lent meanwhile, its descriptor not reused)?
                let stillWatched = watched.withLock { watched -> Bool in
                    guard watched[helper.pid]?.fd == helper.fd else { return false }
                    watched[helper.pid] = nil
                    return true
                }
                // It hung up: it is dead or dying. Reaped (killed first if need be).
                guard stillWatched, let removed = helper.remove() else { continue }
                removed.stop(expectingDeath: true)
            }
        }
    }
}
