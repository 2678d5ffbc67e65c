import Foundation
import Synchronization
import Testing
import PhotoLibrary
import SystemPackage

@Suite struct DecodeQueueTests {
    /// A queue whose one worker records the order it decodes in, starting only when told.
    final class Recorder: Sendable {
        let order = Mutex<[String]>([])
        let claimed = Mutex<[String]>([])
        let gate = NSCondition()
        let open = Mutex(false)

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            claimed.withLock { $0.append(request.path.string) }
            gate.lock()
            while !open.withLock({ $0 }) { gate.wait() }
            gate.unlock()
            order.withLock { $0.append(request.path.string) }
            return .success(PixelBuffer(width: 1, height: 1, blue: 0, green: 0, red: 0))
        }

        func start() {
            gate.lock(); open.withLock { $0 = true }; gate.broadcast(); gate.unlock()
        }
    }

    func waitUntil(_ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { usleep(5_000) }
    }

    @Test func visibleWorkGoesFirstThenNeighboursThenPrefetchEachInTheOrderAsked() {
        let recorder = Recorder()
        let queue = DecodeQueue(workerCount: 1, extraWorkers: 0, decode: recorder.decode, wake: {})
        // The worker takes the first request and waits at the gate; the rest queue up.
        queue.submit(DecodeRequest(path: "/first", maximumPixelSize: 1, priority: .prefetch))
        waitUntil { !recorder.claimed.withLock { $0 }.isEmpty }
        for (name, priority) in [("p1", DecodeRequest.Priority.prefetch), ("n1", .neighbour), ("v1", .visible),
                                 ("v2", .visible), ("n2", .neighbour), ("v3", .visible)] {
            queue.submit(DecodeRequest(path: FilePath("/" + name), maximumPixelSize: 1, priority: priority))
        }
        recorder.start()
        waitUntil { recorder.order.withLock { $0.count } == 7 }
        #expect(recorder.order.withLock { $0 } == ["/first", "/v1", "/v2", "/v3", "/n1", "/n2", "/p1"])
        #expect(queue.drain().count == 7)
        queue.stop()
    }

    @Test func aHeldQueueStartsNothingUntilReleasedThenDoesItAll() {
        let recorder = Recorder()
        recorder.start()
        let queue = DecodeQueue(workerCount: 2, extraWorkers: 2, slowJobSeconds: 0.01, decode: recorder.decode, wake: {})
        queue.hold(for: 600)
        for name in ["a", "b", "c"] { queue.submit(DecodeRequest(path: FilePath("/" + name), maximumPixelSize: 1, priority: .visible)) }
        // Held: however long it is given, no worker (nor one added for slow jobs) starts.
        usleep(200_000)
        #expect(recorder.claimed.withLock { $0 }.isEmpty)
        queue.release()
        waitUntil { queue.drain().count == 3 || recorder.order.withLock { $0.count } == 3 }
        #expect(Set(recorder.order.withLock { $0 }) == ["/a", "/b", "/c"])
        queue.stop()
    }

    /// The photo Flick opens on is decoded alone; the ones beside it wait until it is shown.
    @Test func aQueueHeldForItsMostUrgentWorkStartsThatAloneUntilReleased() {
        let recorder = Recorder()
        recorder.start()
        let queue = DecodeQueue(workerCount: 2, extraWorkers: 2, slowJobSeconds: 0.01, decode: recorder.decode, wake: {})
        queue.hold(for: 600, lessUrgentThan: .visible)
        queue.submit(DecodeRequest(path: "/next", maximumPixelSize: 1, priority: .neighbour))
        queue.submit(DecodeRequest(path: "/shown", maximumPixelSize: 1, priority: .visible))
        queue.submit(DecodeRequest(path: "/later", maximumPixelSize: 1, priority: .prefetch))
        waitUntil { recorder.order.withLock { $0.count } == 1 }
        // However long it is given, with workers free (and more added for slow jobs).
        usleep(200_000)
        #expect(recorder.claimed.withLock { $0 } == ["/shown"])
        queue.release()
        waitUntil { recorder.order.withLock { $0.count } == 3 }
        // Two workers take the rest together (which first is the ordering test's business).
        #expect(recorder.order.withLock { $0 }.first == "/shown")
        #expect(Set(recorder.order.withLock { $0 }) == ["/shown", "/next", "/later"])
        queue.stop()
    }

    @Test func aHoldEndsByItselfWhenItsTimeIsUp() {
        let recorder = Recorder()
        recorder.start()
        let queue = DecodeQueue(workerCount: 1, extraWorkers: 0, decode: recorder.decode, wake: {})
        queue.hold(for: 0.05)
        queue.submit(DecodeRequest(path: "/late", maximumPixelSize: 1, priority: .visible))
        waitUntil { recorder.order.withLock { $0.count } == 1 }
        #expect(recorder.order.withLock { $0 } == ["/late"])
        queue.stop()
    }

    @Test func cancelledWorkIsNeverDecoded() {
        let recorder = Recorder()
        let queue = DecodeQueue(workerCount: 1, extraWorkers: 0, decode: recorder.decode, wake: {})
        queue.submit(DecodeRequest(path: "/first", maximumPixelSize: 1, priority: .visible))
        waitUntil { !recorder.claimed.withLock { $0 }.isEmpty }
        for name in ["a", "b", "c"] { queue.submit(DecodeRequest(path: FilePath("/" + name), maximumPixelSize: 1, priority: .visible)) }
        let cancelled = queue.cancelPending { $0.path != "/b" }
        recorder.start()
        waitUntil { recorder.order.withLock { $0.count } == 2 }
        usleep(50_000)
        #expect(Set(cancelled.map(\.path.string)) == ["/a", "/c"])
        #expect(recorder.order.withLock { $0 } == ["/first", "/b"])
        queue.stop()
    }

    @Test func aGoodPhotoIsDecodedWhileSlowOnesStillHoldEveryWorker() {
        // Given a queue of two workers, both stuck on files that never finish
        let recorder = Recorder()
        let queue = DecodeQueue(workerCount: 2, decode: { request in
            request.path.string.hasPrefix("/slow") ? recorder.decode(request) : .success(PixelBuffer(width: 1, height: 1, blue: 0, green: 0, red: 0))
        }, wake: {})
        queue.submit(DecodeRequest(path: "/slow-1", maximumPixelSize: 1, priority: .visible))
        queue.submit(DecodeRequest(path: "/slow-2", maximumPixelSize: 1, priority: .visible))
        waitUntil { recorder.claimed.withLock { $0.count } == 2 }

        // When a good photo is asked for
        queue.submit(DecodeRequest(path: "/good", maximumPixelSize: 1, priority: .visible))

        // Then it arrives while the slow ones are still held
        var arrived: [DecodeResult] = []
        waitUntil { arrived += queue.drain(); return !arrived.isEmpty }
        #expect(arrived.map(\.key.path) == ["/good"])
        #expect(recorder.order.withLock { $0 }.isEmpty, "the slow decodes are still running")

        // And once they finish, the workers added for them leave
        recorder.start()
        waitUntil { queue.workerCount == 2 }
        #expect(queue.workerCount == 2)
        queue.stop()
    }

    /// A queue of one worker busy decoding `path` (until `urgent.recorder` starts), and a
    /// queue yielding to it whose decodes run at once.
    struct Yielding {
        let urgent: (queue: DecodeQueue, recorder: Recorder)
        let yielding: (queue: DecodeQueue, recorder: Recorder)

        init(busyWith path: FilePath, at priority: DecodeRequest.Priority, slowJobSeconds: Double = 600, workers: Int = 1) {
            let busy = Recorder()
            let urgent = DecodeQueue(workerCount: 1, extraWorkers: 0, slowJobSeconds: slowJobSeconds, decode: busy.decode, wake: {})
            urgent.submit(DecodeRequest(path: path, maximumPixelSize: 1, priority: priority))
            let deadline = Date().addingTimeInterval(10)
            while busy.claimed.withLock({ $0 }).isEmpty && Date() < deadline { usleep(5_000) }
            let free = Recorder()
            free.start()
            self.urgent = (urgent, busy)
            yielding = (DecodeQueue(workerCount: workers, extraWorkers: 0, yieldingTo: urgent, decode: free.decode, wake: {}), free)
        }

        var decoded: [String] { yielding.recorder.order.withLock { $0 } }

        func stop() {
            urgent.recorder.start()
            urgent.queue.stop()
            yielding.queue.stop()
        }
    }

    @Test func aQueueThatYieldsWaitsWhileTheUrgentQueueDecodesWhatIsShownThenCatchesUp() {
        // Given the pager's photo being decoded on the urgent queue
        let queues = Yielding(busyWith: "/photo", at: .visible, workers: 2)
        defer { queues.stop() }

        // When thumbnails of a covered grid, and a camera preview for what is shown, are asked
        let thumbnails = queues.yielding.queue
        thumbnails.submit(DecodeRequest(path: "/cell", maximumPixelSize: 1, priority: .prefetch))
        thumbnails.submit(DecodeRequest(path: "/cell-on-screen", maximumPixelSize: 1, priority: .visible))
        thumbnails.submit(DecodeRequest(path: "/preview", kind: .embeddedPreview, maximumPixelSize: 1, priority: .instant))

        // Then only the preview, more urgent than the photo, is decoded meanwhile
        waitUntil { !queues.decoded.isEmpty }
        usleep(100_000)
        #expect(queues.decoded == ["/preview"])

        // And once the photo is decoded, the thumbnails follow, the one on screen first
        queues.urgent.recorder.start()
        waitUntil { queues.decoded.count == 3 }
        #expect(queues.decoded == ["/preview", "/cell-on-screen", "/cell"])
    }

    @Test func aQueueThatYieldsGoesAheadOfUrgentWorkLessUrgentThanItsOwnAndOfWorkDropped() {
        let queues = Yielding(busyWith: "/next", at: .neighbour)
        defer { queues.stop() }
        queues.urgent.queue.submit(DecodeRequest(path: "/after-next", maximumPixelSize: 1, priority: .prefetch))
        queues.yielding.queue.submit(DecodeRequest(path: "/prefetched", maximumPixelSize: 1, priority: .prefetch))

        // A cell on screen goes before a neighbour's page is decoded
        queues.yielding.queue.submit(DecodeRequest(path: "/cell-on-screen", maximumPixelSize: 1, priority: .visible))
        waitUntil { !queues.decoded.isEmpty }
        usleep(100_000)
        #expect(queues.decoded == ["/cell-on-screen"])

        // And the rest goes once nothing as urgent waits there (the page was let go)
        queues.urgent.queue.cancelPending { $0.path == "/after-next" }
        usleep(100_000)
        #expect(queues.decoded == ["/cell-on-screen"], "the neighbour is still decoded")
        queues.urgent.recorder.start()
        waitUntil { queues.decoded.count == 2 }
        #expect(queues.decoded == ["/cell-on-screen", "/prefetched"])
    }

    @Test func aSlowUrgentDecodeDoesNotHoldUpTheQueuesThatYieldToIt() {
        // A photo that never finishes decoding (its helper will be stopped in time)
        let queues = Yielding(busyWith: "/hostile", at: .visible, slowJobSeconds: 0.05)
        defer { queues.stop() }
        queues.yielding.queue.submit(DecodeRequest(path: "/cell", maximumPixelSize: 1, priority: .visible))
        waitUntil { queues.decoded.count == 1 }
        #expect(queues.decoded == ["/cell"])
        #expect(queues.urgent.recorder.order.withLock { $0 }.isEmpty)
    }
}
