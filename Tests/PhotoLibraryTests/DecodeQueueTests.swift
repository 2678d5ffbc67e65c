import Foundation
import Synchronization
import Testing
import PhotoLibrary
import SystemPackage

@Suite struct DecodeQueueTests {
    /// A queue whose one worker records the order it decodes in, starting only when told.
    final class Recorder: Sendable {
        let order = Mutex<[String]>([])
        let gate = NSCondition()
        let open = Mutex(false)

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
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
        let deadline = Date().addingTimeInterval(5)
        while !condition() && Date() < deadline { usleep(5_000) }
    }

    @Test func visibleWorkGoesFirstThenNeighboursThenPrefetchEachInTheOrderAsked() {
        let recorder = Recorder()
        let queue = DecodeQueue(workerCount: 1, decode: recorder.decode, wake: {})
        // The worker takes the first request and waits at the gate; the rest queue up.
        queue.submit(DecodeRequest(path: "/first", maximumPixelSize: 1, priority: .prefetch))
        usleep(50_000)
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

    @Test func cancelledWorkIsNeverDecoded() {
        let recorder = Recorder()
        let queue = DecodeQueue(workerCount: 1, decode: recorder.decode, wake: {})
        queue.submit(DecodeRequest(path: "/first", maximumPixelSize: 1, priority: .visible))
        usleep(50_000)
        for name in ["a", "b", "c"] { queue.submit(DecodeRequest(path: FilePath("/" + name), maximumPixelSize: 1, priority: .visible)) }
        let cancelled = queue.cancelPending { $0.path != "/b" }
        recorder.start()
        waitUntil { recorder.order.withLock { $0.count } == 2 }
        usleep(50_000)
        #expect(Set(cancelled.map(\.path.string)) == ["/a", "/c"])
        #expect(recorder.order.withLock { $0 } == ["/first", "/b"])
        queue.stop()
    }
}
