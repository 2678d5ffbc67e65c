import Foundation
import SystemPackage
import Synchronization

/// What to decode, and how urgently.
public struct DecodeRequest: Sendable, Hashable {
    public enum Priority: Int, Sendable, Comparable {
        /// Neither shown nor next: fetched ahead in idle time.
        case prefetch = 0
        /// Next to what is shown: needed on the next scroll or page.
        case neighbour = 1
        /// On screen now.
        case visible = 2
        /// A near-instant stand-in for something on screen (an embedded preview): worth
        /// doing before any full decode, so the screen fills at once.
        case instant = 3

        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let path: FilePath
    public let kind: DecodeKind
    public let maximumPixelSize: Int?
    /// If set, the result is then scaled down so its shorter side is this: a square cell
    /// of this many pixels shows it cropped but unscaled, which is what a software renderer
    /// draws fastest.
    public let fillSide: Int?
    public var priority: Priority

    public init(path: FilePath, kind: DecodeKind = .image, maximumPixelSize: Int?, fillSide: Int? = nil, priority: Priority) {
        self.path = path
        self.kind = kind
        self.maximumPixelSize = maximumPixelSize
        self.fillSide = fillSide
        self.priority = priority
    }

    /// Two requests for the same file at the same sizes are one job.
    public struct Key: Hashable, Sendable {
        public let path: FilePath
        public let kind: DecodeKind
        public let maximumPixelSize: Int?
        public let fillSide: Int?
    }

    public var key: Key { Key(path: path, kind: kind, maximumPixelSize: maximumPixelSize, fillSide: fillSide) }
}

/// A finished decode, as delivered to the UI thread.
public struct DecodeResult: Sendable {
    public let key: DecodeRequest.Key
    public let outcome: Result<PixelBuffer, DecodeError>
}

/// A bounded pool of decoding threads, taking the most urgent request first. Results wait
/// in an inbox that the frame loop drains; `wake` tells it there is something (the platform
/// passes a function that posts an SDL event). The UI thread never blocks on a worker.
public final class DecodeQueue: Sendable {
    private struct State {
        /// Each waiting request with its submission number: within a priority, earlier
        /// submissions go first, so a screen fills in reading order.
        var pending: [DecodeRequest.Key: (request: DecodeRequest, sequence: UInt64)] = [:]
        var nextSequence: UInt64 = 0
        var inFlight: Set<DecodeRequest.Key> = []
        var inbox: [DecodeResult] = []
        var stopped = false
    }

    private let state = Mutex(State())
    private let work = NSCondition()
    private let wake: @Sendable () -> Void
    private let decode: @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError>

    /// `workerCount` defaults to the number of cores, so both of a 2-core machine's work.
    /// `decode` does the work on a worker thread: in the app, through isolated helper
    /// processes (`IsolatedDecoder`).
    public init(workerCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                decode: @escaping @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError>,
                wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        self.decode = decode
        for index in 0..<max(1, workerCount) {
            let thread = Thread { [self] in runWorker() }
            thread.name = "flick-decode-\(index)"
            thread.start()
        }
    }

    /// Queues `request`, or raises the priority of the same request already waiting.
    public func submit(_ request: DecodeRequest) {
        let added = state.withLock { state -> Bool in
            guard !state.inFlight.contains(request.key) else { return false }
            if let existing = state.pending[request.key], existing.request.priority >= request.priority { return false }
            state.pending[request.key] = (request, state.nextSequence)
            state.nextSequence += 1
            return true
        }
        if added { work.lock(); work.signal(); work.unlock() }
    }

    /// Drops the waiting requests `shouldCancel` picks, work nobody needs any more, and
    /// returns them.
    @discardableResult
    public func cancelPending(where shouldCancel: (DecodeRequest) -> Bool) -> [DecodeRequest] {
        state.withLock { state in
            let cancelled = state.pending.values.map(\.request).filter(shouldCancel)
            for request in cancelled { state.pending.removeValue(forKey: request.key) }
            return cancelled
        }
    }

    /// Lowers every waiting request to prefetch priority; callers then re-submit what is
    /// visible now. Used when the view scrolls.
    public func demoteAll() {
        state.withLock { state in
            for key in state.pending.keys { state.pending[key]?.request.priority = .prefetch }
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

    public func stop() {
        state.withLock { $0.stopped = true }
        work.lock(); work.broadcast(); work.unlock()
    }

    private func runWorker() {
        while true {
            guard let request = nextRequest() else { return }
            let outcome = decode(request)
            state.withLock { state in
                state.inFlight.remove(request.key)
                state.inbox.append(DecodeResult(key: request.key, outcome: outcome))
            }
            wake()
        }
    }

    /// Blocks until there is work (nil once stopped), then claims the most urgent request.
    private func nextRequest() -> DecodeRequest? {
        work.lock()
        defer { work.unlock() }
        while true {
            let claimed = state.withLock { state -> (DecodeRequest?, Bool) in
                if state.stopped { return (nil, true) }
                guard let best = state.pending.values.max(by: { a, b in
                    a.request.priority != b.request.priority ? a.request.priority < b.request.priority : a.sequence > b.sequence
                })?.request else { return (nil, false) }
                state.pending.removeValue(forKey: best.key)
                state.inFlight.insert(best.key)
                return (best, false)
            }
            if claimed.1 { return nil }
            if let request = claimed.0 { return request }
            work.wait()
        }
    }
}
