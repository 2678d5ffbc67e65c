// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import SystemPackage

/// Where an animation's frames come from: a stream from a helper, or memory in tests.
public protocol AnimationSource: AnyObject {
    var info: AnimationInfo { get }
    /// The next frame; nil after the last one of a pass.
    func nextFrame() -> Result<AnimationFrame?, DecodeError>
    func rewind()
    func close()
}

extension AnimationStream: AnimationSource {}

/// An animation's frames in the order they play, every pass of it, decoded ahead on a
/// thread of its own within a memory budget. An animation whose frames all fit the budget
/// is decoded once and replayed from memory; a longer one is streamed, rewinding its
/// source for each pass, so even a file of 40,000 frames holds only a budget's worth.
public final class AnimationFeed: Sendable {
    public enum State: Sendable, Equatable {
        case opening
        /// The file holds a single picture: nothing to play.
        case still
        case playing(AnimationInfo)
        /// Every frame of every pass was taken out of the source (the last one stays).
        case ended
        /// The source could not be opened at all.
        case failed(DecodeError)
    }

    /// Bytes of frames held ahead at most, however many frames that is (two at least,
    /// whatever their size). Larger = more animations replayed from memory rather than
    /// decoded again on each pass, and more memory while one plays. 48 MB holds 48 frames
    /// of 500×500 or 6 of a 1920×1080 screen.
    public static let defaultBudgetBytes = 48 << 20
    /// Frames held ahead at most, however small: seconds of tiny frames, not a file's
    /// 40,000 (each frame costs bookkeeping beyond its pixels).
    public static let maximumFramesAhead = 120
    /// A first pass of more frames than this is decoded again on the next pass rather than
    /// kept to replay.
    public static let maximumKeptFrames = 1000

    private struct Buffer {
        var state: State = .opening
        var frames: [AnimationFrame] = []
        var bytes = 0
        var stopped = false
        /// True once the source has given all it will.
        var finished = false
    }

    private let budgetBytes: Int
    private let buffer = Mutex(Buffer())
    private let changed = NSCondition()
    private let wake: @Sendable () -> Void

    /// Starts feeding at once: `open` runs on the feed's thread. `wake` is called when a
    /// frame arrives after the buffer ran dry, and when the state changes.
    public init(budgetBytes: Int = AnimationFeed.defaultBudgetBytes,
                open: @escaping @Sendable () -> Result<AnimationSource?, DecodeError>,
                wake: @escaping @Sendable () -> Void) {
        self.budgetBytes = budgetBytes
        self.wake = wake
        let thread = Thread { [self] in run(open) }
        thread.name = "flick-animation-feed"
        thread.start()
    }

    /// Plays the animation at `path` as `decoder`'s helpers decode it, its frames fitted to
    /// `maximumPixelSize`.
    public convenience init(_ path: FilePath, maximumPixelSize: Int?, decoder: IsolatedDecoder,
                            wake: @escaping @Sendable () -> Void) {
        self.init(open: { decoder.openAnimation(path, maximumPixelSize: maximumPixelSize).map { $0 } }, wake: wake)
    }

    public var state: State { buffer.withLock { $0.state } }

    /// Frames decoded and not yet taken.
    public var bufferedCount: Int { buffer.withLock { $0.frames.count } }
    public var bufferedBytes: Int { buffer.withLock { $0.bytes } }

    /// The next frame in play order, if it is decoded.
    public func takeFrame() -> AnimationFrame? {
        let frame = buffer.withLock { buffer -> AnimationFrame? in
            guard !buffer.frames.isEmpty else { return nil }
            let frame = buffer.frames.removeFirst()
            buffer.bytes -= frame.pixels.byteCount
            return frame
        }
        if frame != nil { signal() }
        return frame
    }

    /// True once no frame will come any more: all were taken, or there were none to play.
    public var isExhausted: Bool {
        buffer.withLock { buffer in
            switch buffer.state {
            case .still, .failed: true
            case .opening: false
            case .playing, .ended: buffer.finished && buffer.frames.isEmpty
            }
        }
    }

    /// Ends the feed: its thread lets the source go as soon as it is between frames.
    public func stop() {
        buffer.withLock { $0.stopped = true }
        signal()
    }

    /// Waits until `count` frames are buffered or no more will come, at most `timeout`
    /// seconds; for tests and benchmarks. Returns whether the condition was met.
    @discardableResult
    public func waitForFrames(_ count: Int, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        changed.lock()
        defer { changed.unlock() }
        while true {
            let met = buffer.withLock { buffer in
                buffer.frames.count >= count || buffer.finished || buffer.state == .still || { if case .failed = buffer.state { true } else { false } }()
            }
            if met { return true }
            guard changed.wait(until: deadline) else { return false }
        }
    }

    // MARK: The feed's thread

    private func signal() {
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }

    private func setState(_ state: State) {
        buffer.withLock { $0.state = state }
        signal()
        wake()
    }

    private func run(_ open: @Sendable () -> Result<AnimationSource?, DecodeError>) {
        let source: AnimationSource
        switch open() {
        case let .failure(error):
            setState(.failed(error))
            return
        case .success(nil):
            setState(.still)
            return
        case let .success(opened?):
            source = opened
        }
        defer { source.close() }
        setState(.playing(source.info))
        let plays = source.info.plays
        // The first pass, kept while it fits the budget, to replay from memory.
        var kept: [AnimationFrame]? = []
        var keptBytes = 0
        var pass = 0
        passes: while true {
            var framesThisPass = 0
            while true {
                // An error mid-file (a file cut short) ends the pass where it stands.
                guard case let .success(next) = source.nextFrame(), let frame = next else { break }
                framesThisPass += 1
                if pass == 0, kept != nil {
                    keptBytes += frame.pixels.byteCount
                    if keptBytes <= budgetBytes && kept!.count < Self.maximumKeptFrames { kept?.append(frame) } else { kept = nil }
                }
                guard enqueue(frame) else { return }
            }
            pass += 1
            guard framesThisPass > 0, plays == 0 || pass < plays else { break passes }
            if let kept, kept.count == framesThisPass {
                source.close()
                while plays == 0 || pass < plays {
                    for frame in kept { guard enqueue(frame) else { return } }
                    pass += 1
                }
                break passes
            }
            source.rewind()
        }
        buffer.withLock { $0.finished = true }
        setState(.ended)
    }

    /// Adds a frame, first waiting while the budget is spent. False once stopped.
    private func enqueue(_ frame: AnimationFrame) -> Bool {
        changed.lock()
        defer { changed.unlock() }
        while true {
            let (stopped, full) = buffer.withLock { buffer in
                (buffer.stopped, buffer.frames.count >= Self.maximumFramesAhead
                    || buffer.frames.count >= 2 && buffer.bytes + frame.pixels.byteCount > budgetBytes)
            }
            if stopped { return false }
            if !full { break }
            changed.wait()
        }
        let wasEmpty = buffer.withLock { buffer in
            defer {
                buffer.frames.append(frame)
                buffer.bytes += frame.pixels.byteCount
            }
            return buffer.frames.isEmpty
        }
        changed.broadcast()
        if wasEmpty { wake() }
        return true
    }
}

/// When each frame of a playing animation shows, on a clock the caller keeps: a frame
/// stays for its delay, then gives way to the next as soon as that one is ready. Times
/// are anchored to when frames were due, so a late loop does not make the animation
/// drift; one that fell further behind than a frame starts afresh from now rather than
/// racing through the frames it missed.
public struct AnimationTimeline: Sendable {
    /// When the frame on show gives way; nil before the first.
    public private(set) var dueTime: Double?

    public init() {}

    public func isDue(at now: Double) -> Bool { dueTime.map { now >= $0 } ?? true }

    /// A frame lasting `delay` shows from `now`.
    public mutating func show(delay: Double, at now: Double) {
        var start = now
        if let due = dueTime, now - due < delay { start = due }
        dueTime = start + delay
    }
}
