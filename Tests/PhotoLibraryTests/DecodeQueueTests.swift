// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
import PhotoLibrary
import Pixels
import SystemPackage

/// The queues' time is a manual clock the tests step, and a test waits for what it asserts
/// (a decode begun or finished, every worker waiting) rather than for a while: nothing here
/// depends on how promptly the machine runs the workers.
@Suite(.timeLimit(.minutes(1))) struct DecodeQueueTests {
    /// Decodes that record the order they are claimed and finished in, finishing only once
    /// the gate is opened.
    final class Recorder: Sendable {
        private let claimedPaths = Mutex<[String]>([])
        private let finishedPaths = Mutex<[String]>([])
        private let wakes = Mutex(0)
        private let gate = NSCondition()
        private let open = Mutex(false)
        /// Broadcast whenever a decode is claimed or finished.
        private let progress = NSCondition()

        var claimed: [String] { claimedPaths.withLock { $0 } }
        /// The decodes finished, in order.
        var order: [String] { finishedPaths.withLock { $0 } }
        /// How often the queue said results arrived (its `wake`).
        var arrivals: Int { wakes.withLock { $0 } }

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            record(request.path.string, in: claimedPaths)
            gate.lock()
            while !open.withLock({ $0 }) { gate.wait() }
            gate.unlock()
            record(request.path.string, in: finishedPaths)
            return .success(PixelBuffer(width: 1, height: 1, blue: 0, green: 0, red: 0))
        }

        /// The queue's `wake`: a result is in its inbox.
        @Sendable func resultArrived() {
            progress.lock()
            wakes.withLock { $0 += 1 }
            progress.broadcast()
            progress.unlock()
        }

        func start() {
            gate.lock(); open.withLock { $0 = true }; gate.broadcast(); gate.unlock()
        }

        /// Returns once `condition` holds of the recorder.
        func wait(until condition: (Recorder) -> Bool) {
            progress.lock()
            defer { progress.unlock() }
            while !condition(self) { progress.wait() }
        }

        private func record(_ path: String, in list: borrowing Mutex<[String]>) {
            progress.lock()
            list.withLock { $0.append(path) }
            progress.broadcast()
            progress.unlock()
        }
    }

    let clock = ManualQueueClock()

    @Test func visibleWorkGoesFirstThenNeighboursThenPrefetchEachInTheOrderAsked() {
        let recorder = Recorder()
        let queue = DecodeQueue(workerCount: 1, extraWorkers: 0, clock: clock, decode: recorder.decode, wake: recorder.resultArrived)
        // The worker takes the first request and waits at the gate; the rest queue up.
        queue.submit(DecodeRequest(path: "/first", maximumPixelSize: 1, priority: .ahead))
        recorder.wait { !$0.claimed.isEmpty }
        for (name, priority) in [("p1", PicturePriority.ahead), ("n1", .nearby), ("v1", .visible),
                                 ("v2", .visible), ("n2", .nearby), ("v3", .visible)] {
            queue.submit(DecodeRequest(path: FilePath("/" + name), maximumPixelSize: 1, priority: priority))
        }
        recorder.start()
        recorder.wait { $0.arrivals == 7 }
        #expect(recorder.order == ["/first", "/v1", "/v2", "/v3", "/n1", "/n2", "/p1"])
        #expect(queue.drain().count == 7)
        queue.stop()
    }

    /// The photo Flick opens on is often decoded before its window asks for it: asked again
    /// while its answer waits to be drained, it is not decoded twice.
    @Test func aRequestWhoseAnswerWaitsToBeDrainedIsNotDecodedAgain() {
        let recorder = Recorder()
        recorder.start()
        let queue = DecodeQueue(workerCount: 1, extraWorkers: 0, clock: clock, decode: recorder.decode, wake: recorder.resultArrived)
        let request = DecodeRequest(path: "/start", maximumPixelSize: 1920, priority: .visible)
        queue.submit(request)
        recorder.wait { $0.arrivals == 1 }
        queue.submit(request)
        queue.waitUntilIdle()
        #expect(recorder.claimed == ["/start"])
        #expect(queue.drain().map(\.key) == [request.key])
        // Once drained, asking again decodes again (the picture may have been let go).
        queue.submit(request)
        recorder.wait { $0.arrivals == 2 }
        #expect(recorder.claimed == ["/start", "/start"])
        queue.stop()
    }

    @Test func aHeldQueueStartsNothingUntilReleasedThenDoesItAll() {
        let recorder = Recorder()
        recorder.start()
        let queue = DecodeQueue(workerCount: 2, extraWorkers: 2, slowJobSeconds: 0.01, clock: clock, decode: recorder.decode, wake: {})
        queue.hold(for: 600)
        for name in ["a", "b", "c"] { queue.submit(DecodeRequest(path: FilePath("/" + name), maximumPixelSize: 1, priority: .visible)) }
        // Held: with every worker waiting, and time gone by short of the hold's end, none
        // (nor one added for slow jobs) starts.
        queue.waitUntilIdle()
        clock.advance(by: 599)
        queue.waitUntilIdle()
        #expect(recorder.claimed.isEmpty)
        queue.release()
        recorder.wait { $0.order.count == 3 }
        #expect(Set(recorder.order) == ["/a", "/b", "/c"])
        queue.stop()
    }

    /// The photo Flick opens on is decoded alone; the ones beside it wait until it is shown.
    @Test func aQueueHeldForItsMostUrgentWorkStartsThatAloneUntilReleased() {
        let recorder = Recorder()
        recorder.start()
        let queue = DecodeQueue(workerCount: 2, extraWorkers: 2, slowJobSeconds: 0.01, clock: clock, decode: recorder.decode, wake: {})
        queue.hold(for: 600, lessUrgentThan: .visible)
        queue.submit(DecodeRequest(path: "/next", maximumPixelSize: 1, priority: .nearby))
        queue.submit(DecodeRequest(path: "/shown", maximumPixelSize: 1, priority: .visible))
        queue.submit(DecodeRequest(path: "/later", maximumPixelSize: 1, priority: .ahead))
        recorder.wait { $0.order.count == 1 }
        // However much time goes by short of the hold's end, with workers free (and more
        // added for slow jobs).
        queue.waitUntilIdle()
        clock.advance(by: 599)
        queue.waitUntilIdle()
        #expect(recorder.claimed == ["/shown"])
        queue.release()
        recorder.wait { $0.order.count == 3 }
        // Two workers take the rest together (which first is the ordering test's business).
        #expect(recorder.order.first == "/shown")
        #expect(Set(recorder.order) == ["/shown", "/next", "/later"])
        queue.stop()
    }

    @Test func aHoldEndsByItselfWhenItsTimeIsUp() {
        let recorder = Recorder()
        recorder.start()
        let queue = DecodeQueue(workerCount: 1, extraWorkers: 0, clock: clock, decode: recorder.decode, wake: {})
        queue.hold(for: 0.05)
        queue.submit(DecodeRequest(path: "/late", maximumPixelSize: 1, priority: .visible))
        queue.waitUntilIdle()
        #expect(recorder.claimed.isEmpty, "held until its time is up")
        clock.advance(by: 0.05)
        recorder.wait { $0.order.count == 1 }
        #expect(recorder.order == ["/late"])
        queue.stop()
    }

    @Test func cancelledWorkIsNeverDecoded() {
        let recorder = Recorder()
        let queue = DecodeQueue(workerCount: 1, extraWorkers: 0, clock: clock, decode: recorder.decode, wake: {})
        queue.submit(DecodeRequest(path: "/first", maximumPixelSize: 1, priority: .visible))
        recorder.wait { !$0.claimed.isEmpty }
        for name in ["a", "b", "c"] { queue.submit(DecodeRequest(path: FilePath("/" + name), maximumPixelSize: 1, priority: .visible)) }
        let cancelled = queue.cancelPending { $0.path != "/b" }
        recorder.start()
        recorder.wait { $0.order.count == 2 }
        queue.waitUntilIdle()
        #expect(Set(cancelled.map(\.path.string)) == ["/a", "/c"])
        #expect(recorder.order == ["/first", "/b"])
        queue.stop()
    }

    @Test func aGoodPhotoIsDecodedWhileSlowOnesStillHoldEveryWorker() {
        // Given a queue of two workers, both stuck on files that never finish
        let recorder = Recorder()
        let good = Recorder()
        good.start()
        let queue = DecodeQueue(workerCount: 2, clock: clock, decode: { request in
            request.path.string.hasPrefix("/slow") ? recorder.decode(request) : good.decode(request)
        }, wake: good.resultArrived)
        queue.submit(DecodeRequest(path: "/slow-1", maximumPixelSize: 1, priority: .visible))
        queue.submit(DecodeRequest(path: "/slow-2", maximumPixelSize: 1, priority: .visible))
        recorder.wait { $0.claimed.count == 2 }

        // When a good photo is asked for, and the slow ones have run past the slow-job time
        queue.submit(DecodeRequest(path: "/good", maximumPixelSize: 1, priority: .visible))
        #expect(good.claimed.isEmpty, "both workers are busy")
        clock.advance(by: DecodeQueue.slowJobSeconds)

        // Then it arrives while the slow ones are still held
        good.wait { $0.arrivals == 1 }
        #expect(queue.drain().map(\.key.path) == ["/good"])
        #expect(recorder.order.isEmpty, "the slow decodes are still running")

        // And once they finish, the workers added for them leave
        recorder.start()
        recorder.wait { $0.order.count == 2 }
        queue.waitUntilIdle()
        #expect(queue.workerCount == 2)
        queue.stop()
    }

    /// A queue of one worker busy decoding `path` (until `urgent.recorder` starts), and a
    /// queue yielding to it whose decodes run at once.
    struct Yielding {
        let urgent: (queue: DecodeQueue, recorder: Recorder)
        let yielding: (queue: DecodeQueue, recorder: Recorder)

        init(busyWith path: FilePath, at priority: PicturePriority, slowJobSeconds: Double = 600, workers: Int = 1, clock: ManualQueueClock) {
            let busy = Recorder()
            let urgent = DecodeQueue(workerCount: 1, extraWorkers: 0, slowJobSeconds: slowJobSeconds, clock: clock, decode: busy.decode, wake: {})
            urgent.submit(DecodeRequest(path: path, maximumPixelSize: 1, priority: priority))
            busy.wait { !$0.claimed.isEmpty }
            let free = Recorder()
            free.start()
            self.urgent = (urgent, busy)
            yielding = (DecodeQueue(workerCount: workers, extraWorkers: 0, clock: clock, yieldingTo: urgent, decode: free.decode, wake: {}), free)
        }

        var decoded: [String] { yielding.recorder.order }

        func stop() {
            urgent.recorder.start()
            urgent.queue.stop()
            yielding.queue.stop()
        }
    }

    @Test func aQueueThatYieldsWaitsWhileTheUrgentQueueDecodesWhatIsShownThenCatchesUp() {
        // Given the pager's photo being decoded on the urgent queue
        let queues = Yielding(busyWith: "/photo", at: .visible, clock: clock)
        defer { queues.stop() }

        // When thumbnails of a covered grid, and a camera preview for what is shown, are asked
        let thumbnails = queues.yielding.queue
        thumbnails.submit(DecodeRequest(path: "/cell", maximumPixelSize: 1, priority: .ahead))
        thumbnails.submit(DecodeRequest(path: "/cell-on-screen", maximumPixelSize: 1, priority: .visible))
        thumbnails.submit(DecodeRequest(path: "/preview", kind: .embeddedPreview, maximumPixelSize: 1, priority: .instant))

        // Then only the preview, more urgent than the photo, is decoded meanwhile
        queues.yielding.recorder.wait { !$0.order.isEmpty }
        thumbnails.waitUntilIdle()
        #expect(queues.decoded == ["/preview"])

        // And once the photo is decoded, the thumbnails follow, the one on screen first
        queues.urgent.recorder.start()
        queues.yielding.recorder.wait { $0.order.count == 3 }
        #expect(queues.decoded == ["/preview", "/cell-on-screen", "/cell"])
    }

    @Test func aQueueThatYieldsGoesAheadOfUrgentWorkLessUrgentThanItsOwnAndOfWorkDropped() {
        let queues = Yielding(busyWith: "/next", at: .nearby, clock: clock)
        defer { queues.stop() }
        queues.urgent.queue.submit(DecodeRequest(path: "/after-next", maximumPixelSize: 1, priority: .ahead))
        queues.yielding.queue.submit(DecodeRequest(path: "/prefetched", maximumPixelSize: 1, priority: .ahead))

        // A cell on screen goes before a neighbour's page is decoded
        queues.yielding.queue.submit(DecodeRequest(path: "/cell-on-screen", maximumPixelSize: 1, priority: .visible))
        queues.yielding.recorder.wait { !$0.order.isEmpty }
        queues.yielding.queue.waitUntilIdle()
        #expect(queues.decoded == ["/cell-on-screen"])

        // And the rest goes once nothing as urgent waits there (the page was let go)
        queues.urgent.queue.cancelPending { $0.path == "/after-next" }
        queues.yielding.queue.waitUntilIdle()
        #expect(queues.decoded == ["/cell-on-screen"], "the neighbour is still decoded")
        queues.urgent.recorder.start()
        queues.yielding.recorder.wait { $0.order.count == 2 }
        #expect(queues.decoded == ["/cell-on-screen", "/prefetched"])
    }

    @Test func aSlowUrgentDecodeDoesNotHoldUpTheQueuesThatYieldToIt() {
        // A photo that never finishes decoding (its helper will be stopped in time)
        let queues = Yielding(busyWith: "/hostile", at: .visible, slowJobSeconds: 0.05, clock: clock)
        defer { queues.stop() }
        queues.yielding.queue.submit(DecodeRequest(path: "/cell", maximumPixelSize: 1, priority: .visible))
        queues.yielding.queue.waitUntilIdle()
        #expect(queues.decoded.isEmpty, "waits while the photo is decoded")
        clock.advance(by: 0.05)
        queues.yielding.recorder.wait { $0.order.count == 1 }
        #expect(queues.decoded == ["/cell"])
        #expect(queues.urgent.recorder.order.isEmpty)
    }
}
