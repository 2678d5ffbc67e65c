// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Motion
import ViewTree

/// A window's worth of the core, run headless: a root view, an animator, a gesture arena
/// and a manual clock, stepped frame by frame at `frameRateHz` as the platform's frame loop
/// would. Every frame's draw list is kept by `recorder`.
public final class TestScene {
    public let root: View
    public let animator: Animator
    public let arena: GestureArena
    public let clock: ManualClock
    public let frameRateHz: Double
    public let recorder = DrawListRecorder()

    public init(size: Size = Size(width: 800, height: 600), frameRateHz: Double = 60, startTime: Seconds = 0) {
        root = View(frame: Rect(origin: .zero, size: size))
        root.name = "root"
        clock = ManualClock(start: startTime)
        animator = Animator(startTime: startTime)
        arena = GestureArena(root: root)
        self.frameRateHz = frameRateHz
    }

    public var now: Seconds { clock.now }

    /// One frame at `time`: timers, animations, layout, then the draw list.
    public func frame(at time: Seconds) {
        clock.advance(to: time)
        arena.advance(to: clock.now)
        animator.advance(to: clock.now)
        root.layoutIfNeeded()
        recorder.record(root.drawList())
    }

    /// Frames at the frame rate for `duration` from now.
    public func runFrames(for duration: Seconds) {
        runFrames(until: clock.now + duration)
    }

    public func runFrames(until time: Seconds) {
        let interval = 1 / frameRateHz
        var next = clock.now + interval
        while next <= time + 1e-9 {
            frame(at: next)
            next += interval
        }
        if clock.now < time { frame(at: time) }
    }

    /// Runs until nothing animates and no gesture is pending (at most `limit` seconds); at
    /// least one frame, so what the last event changed is laid out and drawn.
    public func settle(limit: Seconds = 10) {
        let end = clock.now + limit
        repeat {
            runFrames(for: 1 / frameRateHz)
        } while (animator.isAnimating || arena.isTracking) && clock.now < end
    }

    /// Delivers events in order, with frames at the frame rate between them.
    public func play(_ events: [PointerEvent]) {
        for event in events {
            runFrames(until: event.time)
            arena.handle(event)
        }
    }

    /// Delivers events as `play` does, except that the last `count` are read together
    /// `lateness` after the last of them happened, as a busy loop reads a backlog: each
    /// keeps the time it happened, frames run on meanwhile.
    public func play(_ events: [PointerEvent], lastReadTogether count: Int, lateBy lateness: Seconds) {
        let onTime = events.dropLast(count)
        play(Array(onTime))
        guard let last = events.last else { return }
        runFrames(until: last.time + lateness)
        for event in events.suffix(count) { arena.handle(event) }
    }
}

/// Keeps the draw list of each frame.
public final class DrawListRecorder {
    public private(set) var frames: [[DrawCommand]] = []

    public init() {}

    public func record(_ commands: [DrawCommand]) { frames.append(commands) }

    public var last: [DrawCommand] { frames.last ?? [] }

    /// The commands a named view emitted in the last frame.
    public func commands(ofView name: String) -> [DrawCommand] {
        last.filter { $0.viewName == name }
    }

    /// The window bounds of a named view's first command in each frame it appeared in.
    public func trajectory(ofView name: String) -> [Rect] {
        frames.compactMap { frame in frame.first { $0.viewName == name }?.boundsInWindow }
    }
}
