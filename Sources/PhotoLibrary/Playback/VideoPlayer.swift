// SPDX-License-Identifier: GPL-3.0-or-later
internal import CProcess
import Foundation
import Pixels
import Synchronization
import SystemPackage

/// One video playing in a player helper (`PlayerHelper`): told what to do, it answers with
/// events, and its frames wait in memory shared with it until Flick has taken them. Its
/// events are read on a thread of their own and wait in an inbox until the UI thread
/// drains it (`wake` says when). Stopped when it is let go; it dies with Flick.
public final class VideoPlayer: @unchecked Sendable {
    /// A frame drawn into shared memory, waiting to be taken (`pixels(of:)`).
    public struct Frame: Equatable, Sendable {
        public let slot: Int
        public let width: Int
        public let height: Int
        public let bytesPerRow: Int
        /// Where in the video it is, in seconds.
        public let seconds: Double
    }

    public enum Event: Equatable, Sendable {
        /// The video opened: its picture upright, its length, whether it has sound.
        case ready(width: Int, height: Int, seconds: Double, hasSound: Bool)
        case frame(Frame)
        case paused(Bool)
        /// It played to its end (it stays on its last frame).
        case ended
        /// It has sound, but no audio output would open (no sound server, no card).
        case noSound
        /// It cannot be played, in words (the player's, or that it stopped).
        case failed(String)
    }

    /// Frames drawn ahead of the one shown: one on screen, one waiting, one being drawn.
    static let slots = 3

    /// What the reading thread and the UI thread share.
    private final class Shared: Sendable {
        let inbox = Mutex<[Event]>([])
        let stopped = Mutex(false)
        let reaped = Mutex(false)
    }

    private let pid: Int32
    private let commands: Int32
    private let memory: UnsafeMutableRawPointer
    private let slotBytes: Int
    private let shared = Shared()

    /// Starts playing nothing yet (paused at the start) the video at `path` (its bytes `part`
    /// alone where given: a Motion Photo's), its frames fitted to `box` (pixels, never
    /// enlarged), turned `turn` more than its track says (a sidecar's turn, as its poster
    /// is), from `start` seconds in; nil where no player could be started. `wake` runs on
    /// the reading thread whenever events arrive.
    public init?(path: FilePath, part: Range<Int>? = nil, box: PixelBox, turn: Orientation = .up, start: Double = 0,
                 command: [String] = PlayerHelper.ownCommand, wake: @escaping @Sendable () -> Void) {
        // A player that dies mid-command must not kill Flick with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let stride = (box.width * 4 + 63) & ~63
        slotBytes = max(stride * max(box.height, 1), 4096)
        let file = flick_memory_file("flick-frames")
        guard file >= 0 else { return nil }
        defer { close(file) }
        guard ftruncate(file, off_t(slotBytes * Self.slots)) == 0,
              let mapped = mmap(nil, slotBytes * Self.slots, PROT_READ, MAP_SHARED, file, 0), mapped != MAP_FAILED else { return nil }
        var toPlayer: [Int32] = [0, 0], fromPlayer: [Int32] = [0, 0]
        guard flick_pipe_cloexec(&toPlayer) == 0 else { munmap(mapped, slotBytes * Self.slots); return nil }
        guard flick_pipe_cloexec(&fromPlayer) == 0 else {
            close(toPlayer[0]); close(toPlayer[1]); munmap(mapped, slotBytes * Self.slots)
            return nil
        }
        let arguments = [path.string, String(box.width), String(box.height), String(Self.slots), String(slotBytes),
                         String(part?.lowerBound ?? 0), String(part?.count ?? 0), String(turn.rawValue),
                         String(start.isFinite ? max(0, start) : 0)]
        let child = HelperSpawn.start(command + arguments, descriptors: [toPlayer[0], fromPlayer[1], 2, file])
        close(toPlayer[0])
        close(fromPlayer[1])
        guard let child else {
            close(toPlayer[1]); close(fromPlayer[0]); munmap(mapped, slotBytes * Self.slots)
            return nil
        }
        pid = child
        commands = toPlayer[1]
        memory = mapped
        let events = fromPlayer[0]
        let thread = Thread { [shared, pid] in
            Self.read(events, into: shared, wake: wake)
            close(events)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            shared.reaped.withLock { $0 = true }
        }
        thread.name = "flick-player-events"
        thread.start()
    }

    deinit {
        stop()
        munmap(memory, slotBytes * Self.slots)
    }

    public func play() { send("play") }
    public func pause() { send("pause") }
    public func seek(to seconds: Double) { send("seek \(seconds.isFinite ? max(0, seconds) : 0)") }
    /// `level` from 0 (silent) to 1 (the video's own loudness).
    public func setVolume(_ level: Double) { send("volume \(Int((min(max(level, 0), 1) * 100).rounded()))") }
    public func setMuted(_ muted: Bool) { send("mute \(muted ? 1 : 0)") }
    /// Frames fit `box` from now on (the frame shown is drawn again at it).
    public func fit(_ box: PixelBox) { send("box \(box.width) \(box.height)") }

    /// The events that arrived since last asked, in order.
    public func drainEvents() -> [Event] { shared.inbox.withLock { events in defer { events.removeAll() }; return events } }

    /// The frame's pixels, copied out of the shared memory (B, G, R, 255), and its slot given
    /// back to the player; nil for a frame that does not fit its slot (never, from Flick's own
    /// player).
    public func pixels(of frame: Frame) -> PixelBuffer? {
        defer { send("done \(frame.slot)") }
        guard frame.slot >= 0, frame.slot < Self.slots, frame.width > 0, frame.height > 0, frame.bytesPerRow >= frame.width * 4,
              frame.bytesPerRow * frame.height <= slotBytes else { return nil }
        let start = memory + frame.slot * slotBytes
        let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: frame.bytesPerRow * frame.height))
        return PixelBuffer(width: frame.width, height: frame.height, bytesPerRow: frame.bytesPerRow, bytes: bytes, isOpaque: true)
    }

    /// Gives a frame's slot back without taking its pixels (a frame superseded before shown).
    public func release(_ frame: Frame) { send("done \(frame.slot)") }

    /// Stops the player: told to quit, and killed if it has not within a second.
    public func stop() {
        let first = shared.stopped.withLock { stopped in defer { stopped = true }; return !stopped }
        guard first else { return }
        _ = "quit\n".withCString { Glibc.write(commands, $0, 5) }
        close(commands)
        let pid = pid, shared = shared
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            if !shared.reaped.withLock({ $0 }) { kill(pid, SIGKILL) }
        }
    }

    /// The player's process, for tests that end it.
    public var processID: Int32 { pid }

    private func send(_ line: String) {
        guard !shared.stopped.withLock({ $0 }) else { return }
        let bytes = Array((line + "\n").utf8)
        // A player that has gone (crashed, killed) leaves a broken pipe (SIGPIPE is ignored):
        // its events say so.
        _ = bytes.withUnsafeBytes { Glibc.write(commands, $0.baseAddress, $0.count) }
    }

    private static func read(_ events: Int32, into shared: Shared, wake: @Sendable () -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var said = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(events, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            var parsed: [Event] = []
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                if let event = event(String(decoding: pending[..<newline], as: UTF8.self)) {
                    if case .failed = event { said = true }
                    parsed.append(event)
                }
                pending.removeSubrange(...newline)
            }
            // A line longer than any event: not the player speaking.
            if pending.count > 4096 { pending.removeAll() }
            if !parsed.isEmpty {
                shared.inbox.withLock { $0 += parsed }
                wake()
            }
        }
        if !said && !shared.stopped.withLock({ $0 }) {
            shared.inbox.withLock { $0.append(.failed("the player stopped")) }
            wake()
        }
    }

    /// One line of the player's (CPlayer.h), or nil for one it does not say.
    static func event(_ line: String) -> Event? {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let name = words.first else { return nil }
        let values = words.count > 1 ? words[1].split(separator: " ").map(String.init) : []
        switch name {
        case "ready":
            guard values.count == 4, let width = Int(values[0]), let height = Int(values[1]), let seconds = Double(values[2]),
                  width > 0, height > 0 else { return nil }
            return .ready(width: width, height: height, seconds: seconds.isFinite ? max(seconds, 0) : 0, hasSound: values[3] == "1")
        case "frame":
            guard values.count == 5, let slot = Int(values[0]), let width = Int(values[1]), let height = Int(values[2]),
                  let stride = Int(values[3]), let seconds = Double(values[4]) else { return nil }
            return .frame(Frame(slot: slot, width: width, height: height, bytesPerRow: stride, seconds: seconds.isFinite ? seconds : 0))
        case "paused": return values.first.map { .paused($0 == "1") }
        case "ended": return .ended
        case "nosound": return .noSound
        case "error": return .failed(words.count > 1 ? words[1] : "the video cannot be played")
        default: return nil
        }
    }
}
