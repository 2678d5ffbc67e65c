import Foundation
import Synchronization
import SystemPackage

/// The app's side of process isolation: a small pool of decode helper processes, each
/// used by one request at a time. A helper that does not answer within the deadline is
/// killed; one that dies is reaped; either way the request fails as "cannot open" and a
/// fresh helper is started for the next one. (GNOME's image loader, glycin, works the
/// same way.)
public final class IsolatedDecoder: Sendable {
    /// How long one decode may take before its helper is presumed hung. Generous: a large
    /// PNG on a busy two-core machine can take a second or two.
    public static let defaultDeadline: Double = 10

    private let command: [String]
    private let deadline: Double
    private let idle = Mutex<[Helper]>([])

    /// `command` runs a helper: an executable and its arguments, e.g. Flick itself with
    /// `decode-helper`.
    public init(command: [String], deadline: Double = IsolatedDecoder.defaultDeadline) {
        precondition(!command.isEmpty, "a helper command is needed")
        self.command = command
        self.deadline = deadline
    }

    deinit {
        for helper in idle.withLock({ $0 }) { helper.stop() }
    }

    public func decode(_ path: FilePath, kind: DecodeKind = .image, maximumPixelSize: Int?) -> Result<PixelBuffer, DecodeError> {
        guard let helper = idle.withLock({ $0.popLast() }) ?? Helper(command: command) else {
            return .failure(.decoderFailed("could not be started"))
        }
        let outcome = helper.decode(path, kind: kind, maximumPixelSize: maximumPixelSize, deadline: Wire.monotonicSeconds() + deadline)
        switch outcome {
        case let .answered(result):
            idle.withLock { $0.append(helper) }
            return result
        case .timedOut:
            helper.stop()
            return .failure(.decoderFailed("took too long and was stopped"))
        case .died:
            helper.stop()
            return .failure(.decoderFailed("crashed"))
        }
    }

    /// Helpers started and still alive, for tests.
    public var idleHelperIDs: [Int32] { idle.withLock { $0.map(\.pid) } }
}

/// One helper process and the pipes to it.
final class Helper: @unchecked Sendable {
    enum Outcome {
        case answered(Result<PixelBuffer, DecodeError>)
        case timedOut
        case died
    }

    let pid: pid_t
    private let toHelper: Wire
    private let fromHelper: Wire

    /// Pipes are made and marked close-on-exec under this lock, so a helper spawned by
    /// another thread in between cannot inherit (and hold open) this helper's pipe ends.
    private static let spawning = Mutex(())

    init?(command: [String]) {
        let spawned: (pid: pid_t, input: Int32, output: Int32)? = Self.spawning.withLock { _ in Self.spawn(command) }
        guard let spawned else { return nil }
        pid = spawned.pid
        toHelper = Wire(fd: spawned.input)
        fromHelper = Wire(fd: spawned.output)
        // A helper that dies mid-write must not kill Flick with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    private static func spawn(_ command: [String]) -> (pid: pid_t, input: Int32, output: Int32)? {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { return nil }
        guard pipe(&output) == 0 else { close(input[0]); close(input[1]); return nil }
        for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The helper starts with no signals blocked, whatever this thread has blocked.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, command[0], &actions, &attributes, &arguments, environ)
        close(input[0])
        close(output[1])
        guard status == 0 else { close(input[1]); close(output[0]); return nil }
        return (child, input[1], output[0])
    }

    func decode(_ path: FilePath, kind: DecodeKind, maximumPixelSize: Int?, deadline: Double) -> Outcome {
        var request: [UInt8] = [kind.rawValue]
        Wire.append(UInt32(maximumPixelSize ?? 0), to: &request)
        let pathBytes = path.withPlatformString { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
        Wire.append(UInt32(pathBytes.count), to: &request)
        request += pathBytes
        guard toHelper.write(request) else { return .died }
        guard let status = fromHelper.read(1, deadline: deadline) else { return timedOutOrDied(deadline) }
        if status[0] == 0 {
            guard let width = fromHelper.readUInt32(deadline: deadline), let height = fromHelper.readUInt32(deadline: deadline),
                  let opaque = fromHelper.read(1, deadline: deadline), width > 0, height > 0, width * height <= 1 << 28,
                  let bytes = fromHelper.read(Int(width) * Int(height) * 4, deadline: deadline) else { return timedOutOrDied(deadline) }
            return .answered(.success(PixelBuffer(width: Int(width), height: Int(height), bytesPerRow: Int(width) * 4,
                                                  bytes: bytes, isOpaque: opaque[0] == 1)))
        }
        guard let kind = fromHelper.read(1, deadline: deadline), let width = fromHelper.readUInt32(deadline: deadline),
              let height = fromHelper.readUInt32(deadline: deadline), let length = fromHelper.readUInt32(deadline: deadline),
              length < 1 << 16, let text = fromHelper.read(Int(length), deadline: deadline) else { return timedOutOrDied(deadline) }
        let error: DecodeError = kind[0] == 1 ? .tooLarge(width: Int(width), height: Int(height)) : .unreadable(String(decoding: text, as: UTF8.self))
        return .answered(.failure(error))
    }

    private func timedOutOrDied(_ deadline: Double) -> Outcome {
        Wire.monotonicSeconds() >= deadline ? .timedOut : .died
    }

    /// Ends the helper for good and reaps it.
    func stop() {
        close(toHelper.fd)
        close(fromHelper.fd)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
