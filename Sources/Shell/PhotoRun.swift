// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import PhotoLibrary
import Synchronization

/// Work done to a run of photos on a thread of its own, one after another (the picks
/// copied, shared copies made), and how far it got: the UI thread takes the reports each
/// frame (`takeReports`), woken as they come. The work never waits for the screen, nor the
/// screen for the work. Quitting finishes the photo in hand and starts no other.
final class PhotoRun<Job: Sendable, Step: Sendable>: @unchecked Sendable {
    enum Report {
        case progress(Job, done: Int, of: Int)
        /// What each photo came to, in order; those not reached (quitting) are not there.
        case finished(Job, [(photo: Photo, step: Step)])
    }

    /// A progress report at most this often: a toast that counts, not a flood.
    static var progressSeconds: Double { 0.1 }

    private let queue: DispatchQueue
    private let stopping = Atomic(false)
    private let reports = Mutex<[Report]>([])
    private let wake: @Sendable () -> Void

    init(label: String, wake: @escaping @Sendable () -> Void) {
        queue = DispatchQueue(label: label)
        self.wake = wake
    }

    /// Does `work` to each of `photos` in turn; reports follow. `finish` runs on the run's
    /// thread after the last (a temporary folder handed on, say).
    func start(_ photos: [Photo], job: Job, work: @escaping @Sendable (Photo, Int) -> Step, finish: @escaping @Sendable () -> Void = {}) {
        queue.async { [self] in
            var steps: [(photo: Photo, step: Step)] = []
            var lastReport = 0.0
            for (index, photo) in photos.enumerated() {
                guard !stopping.load(ordering: .relaxed) else { break }
                steps.append((photo, work(photo, index)))
                let now = ProcessInfo.processInfo.systemUptime
                if now - lastReport > Self.progressSeconds, index + 1 < photos.count {
                    lastReport = now
                    post(.progress(job, done: index + 1, of: photos.count))
                }
            }
            finish()
            post(.finished(job, steps))
        }
    }

    /// Blocks until the work asked for so far is done (tests).
    func waitUntilIdle() { queue.sync {} }

    /// Quitting: the photo in hand is finished (no file is left half written), the rest
    /// are not started.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        queue.sync {}
    }

    func takeReports() -> [Report] { reports.withLock { reports in defer { reports = [] }; return reports } }

    private func post(_ report: Report) {
        reports.withLock { $0.append(report) }
        wake()
    }
}
