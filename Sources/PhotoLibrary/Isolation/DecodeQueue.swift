// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Pixels
import SystemPackage
import Synchronization

/// What to decode, and how urgently.
public struct DecodeRequest: Sendable, Hashable {
    public let path: FilePath
    public let kind: DecodeKind
    public let maximumPixelSize: Int?
    /// If set, the picture also fits this rectangle: a window's shape.
    public let box: PixelBox?
    /// If set, the result is then scaled down so its shorter side is this: a square cell
    /// of this many pixels shows it cropped but unscaled, which is what a software renderer
    /// draws fastest.
    public let fillSide: Int?
    /// For kind `.region`: the rectangle of the photo, upright, at full scale.
    public let region: PixelRect?
    public var priority: PicturePriority
    /// A RAW of the same shot beside the JPEG at `path` (a RAW+JPEG pair's), whose preview
    /// may be the picture (`PairPreview`): the same picture either way, so not in the key.
    public let rawBeside: FilePath?

    public init(path: FilePath, kind: DecodeKind = .image, maximumPixelSize: Int?, box: PixelBox? = nil, fillSide: Int? = nil,
                region: PixelRect? = nil, priority: PicturePriority, rawBeside: FilePath? = nil) {
        self.path = path
        self.rawBeside = rawBeside
        self.kind = kind
        self.maximumPixelSize = maximumPixelSize
        self.box = box
        self.fillSide = fillSide
        self.region = region
        self.priority = priority
    }

    /// The rectangle `region` of the photo at `path` at full scale.
    public init(path: FilePath, region: PixelRect, priority: PicturePriority) {
        self.init(path: path, kind: .region, maximumPixelSize: nil, region: region, priority: priority)
    }

    /// Two requests for the same file at the same sizes are one job.
    public struct Key: Hashable, Sendable {
        public let path: FilePath
        public let kind: DecodeKind
        public let maximumPixelSize: Int?
        public let box: PixelBox?
        public let fillSide: Int?
        public let region: PixelRect?
    }

    public var key: Key { Key(path: path, kind: kind, maximumPixelSize: maximumPixelSize, box: box, fillSide: fillSide, region: region) }
}

/// A finished decode, as delivered to the UI thread.
public struct DecodeResult: Sendable {
    public let key: DecodeRequest.Key
    public let outcome: Result<PixelBuffer, DecodeError>
    /// The file as it was when its decode began (nil: it could not be looked at): a
    /// result of a file since rewritten is of the old one.
    public let stamp: FileStamp?

    public init(key: DecodeRequest.Key, outcome: Result<PixelBuffer, DecodeError>, stamp: FileStamp? = nil) {
        (self.key, self.outcome, self.stamp) = (key, outcome, stamp)
    }
}

/// A bounded pool of decoding threads, taking the most urgent request first. Results wait
/// in an inbox that the frame loop drains; `wake` tells it there is something (the platform
/// passes a function that posts an SDL event). The UI thread never blocks on a worker.
public final class DecodeQueue: Sendable {
    /// A job running longer than this (seconds) no longer counts as a worker: while it
    /// runs, another worker takes the queue, so a file that decodes slowly (or hangs until
    /// its helper is stopped) never holds up the photos behind it.
    public static let slowJobSeconds = 0.3
    /// Workers added for slow jobs at most, beyond the queue's own. Larger = more slow
    /// files at once before good ones wait, and more helper processes.
    public static let defaultExtraWorkers = 4

    private struct State {
        /// Each waiting request with its submission number: within a priority, earlier
        /// submissions go first, so a screen fills in reading order.
        var pending: [DecodeRequest.Key: (request: DecodeRequest, sequence: UInt64)] = [:]
        var nextSequence: UInt64 = 0
        /// Requests being decoded, with when each started (monotonic seconds) and how urgent it was.
        var inFlight: [DecodeRequest.Key: (started: Double, priority: PicturePriority)] = [:]
        var inbox: [DecodeResult] = []
        var stopped = false
        /// Worker threads alive.
        var workers = 0
        /// Until when (monotonic seconds) no new job starts: `hold(for:lessUrgentThan:)`;
        /// only jobs less urgent than `heldBelow`, if set.
        var heldUntil: Double?
        var heldBelow: PicturePriority?
        /// For `waitUntilIdle`: the live workers' ids (the supervisor is 0); per thread that
        /// looked and found nothing to do, until when that holds (the next hold's end or job
        /// turning slow; infinity if none); and the threads woken by a change they may act on
        /// since they last looked.
        var workerIDs: Set<Int> = []
        var nextThreadID = 1
        var idleUntil: [Int: Double] = [:]
        var changedSinceLook: Set<Int> = []

        /// True when every thread waits with nothing it could start, neither now nor before
        /// the clock moves on.
        func isIdle(at now: Double) -> Bool {
            changedSinceLook.isEmpty && idleUntil.count == workerIDs.count + 1 && idleUntil.values.allSatisfy { $0 > now }
        }

        /// A change the workers may act on: each looks again (the caller wakes them).
        mutating func workersMayAct() { changedSinceLook.formUnion(workerIDs) }
        /// A change the supervisor may act on: it looks again (the caller wakes it).
        mutating func supervisorMayAct() { changedSinceLook.insert(0) }

        /// Thread `id` begins to look at the state.
        mutating func beginLook(_ id: Int) {
            changedSinceLook.remove(id)
            idleUntil[id] = nil
        }

        /// Worker `id` ends.
        mutating func leave(_ id: Int) {
            workerIDs.remove(id)
            idleUntil[id] = nil
            changedSinceLook.remove(id)
        }

        func isHeld(_ priority: PicturePriority, at now: Double) -> Bool {
            guard let heldUntil, now < heldUntil else { return false }
            return heldBelow.map { priority < $0 } ?? true
        }

        func slowJobCount(at now: Double, threshold: Double) -> Int {
            // Compared as the deadline it is (started + threshold), the way waits are timed: a
            // difference can round below the threshold at the very deadline, and a wait then spins.
            inFlight.values.count { now >= $0.started + threshold }
        }

        /// The most urgent job waiting or running (slow ones aside), and when the next
        /// running one turns slow.
        func urgency(at now: Double, threshold: Double) -> (priority: PicturePriority?, changes: Double?) {
            let running = inFlight.values.filter { now < $0.started + threshold }
            return ((pending.values.map(\.request.priority) + running.map(\.priority)).max(),
                    running.map { $0.started + threshold }.min())
        }
    }

    /// A queue whose work comes first (`yieldingTo:`), and the ones that make way for this.
    private let urgent: DecodeQueue?
    private let yielders = Mutex<[WeakQueue]>([])
    private struct WeakQueue { weak var queue: DecodeQueue? }

    private let state = Mutex(State())
    private let work = NSCondition()
    /// Wakes the supervisor when a job starts or work arrives.
    private let supervision = NSCondition()
    private let baseWorkerCount: Int
    private let extraWorkers: Int
    private let slowJobSeconds: Double
    private let clock: any QueueClock
    /// Signalled whenever a thread is about to wait, for `waitUntilIdle`.
    private let idleChanged = NSCondition()
    private let wake: @Sendable () -> Void
    private let decode: @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError>

    /// `workerCount` defaults to the number of cores, so both of a 2-core machine's work.
    /// `decode` does the work on a worker thread: in the app, through isolated helper
    /// processes (`IsolatedDecoder`).
    /// `extraWorkers` may be added while jobs run longer than `slowJobSeconds`.
    /// With `urgent`, a job starts only while that queue has nothing as urgent waiting or
    /// running (a slow job aside): both share the machine's cores, and what `urgent`
    /// decodes is what the person is looking at. Holds and slow jobs are timed by `clock`.
    public init(workerCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                extraWorkers: Int = DecodeQueue.defaultExtraWorkers, slowJobSeconds: Double = DecodeQueue.slowJobSeconds,
                clock: any QueueClock = MonotonicQueueClock(),
                yieldingTo urgent: DecodeQueue? = nil,
                decode: @escaping @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError>,
                wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        self.decode = decode
        self.urgent = urgent
        baseWorkerCount = max(1, workerCount)
        self.extraWorkers = max(0, extraWorkers)
        self.slowJobSeconds = slowJobSeconds
        self.clock = clock
        urgent?.yielders.withLock { $0.append(WeakQueue(queue: self)) }
        for _ in 0..<baseWorkerCount { startWorker() }
        let supervisor = Thread { [self] in superviseSlowJobs() }
        supervisor.name = "flick-decode-supervisor"
        supervisor.start()
    }

    private func startWorker() {
        let (index, id) = state.withLock { state in
            state.workers += 1
            state.nextThreadID += 1
            state.workerIDs.insert(state.nextThreadID - 1)
            return (state.workers, state.nextThreadID - 1)
        }
        let thread = Thread { [self] in runWorker(id: id) }
        thread.name = "flick-decode-\(index)"
        thread.start()
    }

    /// Queues `request`, or moves the same request already waiting to its new priority
    /// (behind the others there).
    public func submit(_ request: DecodeRequest) {
        let added = state.withLock { state -> Bool in
            // Decoding, or decoded and waiting to be drained (the photo Flick opened on, done
            // before its window asked for it): the answer is on its way.
            guard state.inFlight[request.key] == nil, !state.inbox.contains(where: { $0.key == request.key }) else { return false }
            if let existing = state.pending[request.key], existing.request.priority == request.priority { return false }
            state.pending[request.key] = (request, state.nextSequence)
            state.nextSequence += 1
            state.workersMayAct()
            state.supervisorMayAct()
            return true
        }
        if added {
            // Every worker looks: the one that takes it, and the others to see that it is taken.
            work.lock(); work.broadcast(); work.unlock()
            supervision.lock(); supervision.signal(); supervision.unlock()
            // It may have been asked again at a lower priority.
            wakeYielders()
        }
    }

    /// Drops the waiting requests `shouldCancel` picks, work nobody needs any more, and
    /// returns them.
    @discardableResult
    public func cancelPending(where shouldCancel: (DecodeRequest) -> Bool) -> [DecodeRequest] {
        let cancelled = state.withLock { state in
            let cancelled = state.pending.values.map(\.request).filter(shouldCancel)
            for request in cancelled { state.pending.removeValue(forKey: request.key) }
            return cancelled
        }
        if !cancelled.isEmpty { wakeYielders() }
        return cancelled
    }

    /// The queues making way for this one look again: its work may no longer be as urgent.
    private func wakeYielders() {
        for queue in yielders.withLock({ $0.compactMap(\.queue) }) {
            queue.state.withLock { $0.workersMayAct() }
            queue.work.lock(); queue.work.broadcast(); queue.work.unlock()
        }
    }

    /// Takes the results that arrived since the last call.
    public func drain() -> [DecodeResult] {
        state.withLock { state in
            defer { state.inbox.removeAll(keepingCapacity: true) }
            return state.inbox
        }
    }

    public var pendingCount: Int { state.withLock { $0.pending.count + $0.inFlight.count } }

    /// Starts no new job for `seconds`, or until `release()`: requests still queue up and
    /// jobs already running finish. For making room for a more urgent queue's work, or, with
    /// `lessUrgentThan`, for this queue's own most urgent work: only less urgent jobs wait.
    public func hold(for seconds: Double, lessUrgentThan priority: PicturePriority? = nil) {
        state.withLock {
            $0.heldUntil = clock.now + seconds
            $0.heldBelow = priority
        }
    }

    public func release() {
        let wasHeld = state.withLock { state -> Bool in
            guard state.heldUntil != nil else { return false }
            state.heldUntil = nil
            state.workersMayAct()
            state.supervisorMayAct()
            return true
        }
        guard wasHeld else { return }
        work.lock(); work.broadcast(); work.unlock()
        supervision.lock(); supervision.signal(); supervision.unlock()
    }

    public func stop() {
        state.withLock { state in
            state.stopped = true
            state.workersMayAct()
            state.supervisorMayAct()
        }
        work.lock(); work.broadcast(); work.unlock()
        supervision.lock(); supervision.broadcast(); supervision.unlock()
    }

    /// Worker threads alive now, for tests.
    public var workerCount: Int { state.withLock { $0.workers } }

    /// Returns once every thread of this queue waits with nothing it could start: for tests
    /// with a clock that stands still, to say that nothing more happens until they act. A
    /// decode still running, or the monotonic clock, keeps it waiting.
    public func waitUntilIdle() {
        idleChanged.lock()
        defer { idleChanged.unlock() }
        while !state.withLock({ $0.isIdle(at: clock.now) }) { idleChanged.wait() }
    }

    private func announceLooked() {
        idleChanged.lock(); idleChanged.broadcast(); idleChanged.unlock()
    }

    private func runWorker(id: Int) {
        while true {
            guard let request = nextRequest(id: id) else {
                state.withLock { $0.leave(id) }
                announceLooked()
                return
            }
            let stamp = FileStamp(of: request.path)
            let outcome = decode(request)
            let surplus = state.withLock { state -> Bool in
                state.inFlight[request.key] = nil
                state.inbox.append(DecodeResult(key: request.key, outcome: outcome, stamp: stamp))
                state.supervisorMayAct()
                // A worker added for a slow job leaves once that job is no longer slow.
                guard state.workers - state.slowJobCount(at: clock.now, threshold: slowJobSeconds) > baseWorkerCount else { return false }
                state.workers -= 1
                state.leave(id)
                return true
            }
            wake()
            wakeYielders()
            supervision.lock(); supervision.signal(); supervision.unlock()
            if surplus {
                announceLooked()
                return
            }
        }
    }

    /// Adds a worker whenever slow jobs leave fewer than the queue's own number working
    /// and something waits; checks again as each running job turns slow.
    private func superviseSlowJobs() {
        supervision.lock()
        defer { supervision.unlock() }
        while true {
            let now = clock.now
            let (stopped, shouldAdd, nextTurn) = state.withLock { state -> (Bool, Bool, Double?) in
                state.beginLook(0)
                let slow = state.slowJobCount(at: now, threshold: slowJobSeconds)
                let shouldAdd = state.pending.values.contains { !state.isHeld($0.request.priority, at: now) } && state.workers - slow < baseWorkerCount
                    && state.workers < baseWorkerCount + extraWorkers
                let nextTurn = (state.inFlight.values.filter { now < $0.started + slowJobSeconds }.map { $0.started + slowJobSeconds }
                    + [state.heldUntil].compactMap { $0 }.filter { $0 > now }).min()
                if !state.stopped && !shouldAdd { state.idleUntil[0] = nextTurn ?? .infinity }
                return (state.stopped, shouldAdd, nextTurn)
            }
            if stopped { return }
            if shouldAdd {
                startWorker()
                continue
            }
            announceLooked()
            if let nextTurn {
                clock.wait(supervision, until: nextTurn)
            } else {
                supervision.wait()
            }
        }
    }

    /// Blocks until there is work (nil once stopped), then claims the most urgent request.
    private func nextRequest(id: Int) -> DecodeRequest? {
        work.lock()
        defer { work.unlock() }
        while true {
            let now = clock.now
            // From here, a change (to the urgent queue, say) has this worker look again.
            state.withLock { $0.beginLook(id) }
            // Read outside this queue's state lock: two queues' state locks are never held together.
            let urgency = urgent.map { queue in queue.state.withLock { $0.urgency(at: now, threshold: queue.slowJobSeconds) } }
            let claimed = state.withLock { state -> (DecodeRequest?, Bool, Double?) in
                if state.stopped { return (nil, true, nil) }
                guard let best = state.pending.values.max(by: { a, b in
                    a.request.priority != b.request.priority ? a.request.priority < b.request.priority : a.sequence > b.sequence
                })?.request else {
                    state.idleUntil[id] = .infinity
                    return (nil, false, nil)
                }
                // The most urgent waiting held: every other one is too.
                if state.isHeld(best.priority, at: now) {
                    state.idleUntil[id] = state.heldUntil
                    return (nil, false, state.heldUntil)
                }
                if let urgency, let busy = urgency.priority, busy >= best.priority {
                    // Woken when the urgent queue finishes or drops a job; else when its job turns slow.
                    state.idleUntil[id] = urgency.changes ?? .infinity
                    return (nil, false, urgency.changes)
                }
                state.pending.removeValue(forKey: best.key)
                state.inFlight[best.key] = (now, best.priority)
                state.supervisorMayAct()
                return (best, false, nil)
            }
            if claimed.1 { return nil }
            if let request = claimed.0 {
                supervision.lock(); supervision.signal(); supervision.unlock()
                return request
            }
            announceLooked()
            if let until = claimed.2 {
                clock.wait(work, until: until)
            } else {
                work.wait()
            }
        }
    }
}
