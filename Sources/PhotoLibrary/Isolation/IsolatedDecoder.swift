// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CProcess
import Synchronization
import SystemPackage
import Pixels
import Marks

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
    let deadline: Double
    private let idle = Mutex<[Helper]>([])
    private let busy = Mutex<Set<Int32>>([])
    /// What sidecars turn: every picture, region, thumbnail and shared copy of a photo is
    /// made turned so. One for the app, shared by its decoders.
    public let turns: PhotoTurns

    /// `command` runs a helper: an executable and its arguments, e.g. Flick itself with
    /// `decode-helper`; `turns` is what sidecars turn, the app's other decoders' too.
    public init(command: [String], deadline: Double = IsolatedDecoder.defaultDeadline, turns: PhotoTurns = PhotoTurns()) {
        precondition(!command.isEmpty, "a helper command is needed")
        self.command = command
        self.deadline = deadline
        self.turns = turns
    }

    deinit {
        for helper in idle.withLock({ $0 }) {
            IdleHelperWatch.shared.forget(helper)
            helper.stop()
        }
    }

    /// The display's profile and how often it was set: a helper is sent it before its next
    /// request whenever it has an older one.
    private let displayProfile = Mutex<(generation: Int, icc: [UInt8]?)>((0, nil))

    /// Pictures decoded from now on for `.display` are converted to `icc` (nil: sRGB).
    public func setDisplayProfile(_ icc: [UInt8]?) {
        displayProfile.withLock { $0 = ($0.generation + 1, icc) }
    }

    /// sRGB pixels (a thumbnail from the shared cache, which holds sRGB) in the display's
    /// colours, converted here: they are Flick's own, not a file's.
    public func inDisplayColours(_ pixels: PixelBuffer) -> PixelBuffer {
        guard let icc = displayProfile.withLock({ $0.icc }) else { return pixels }
        return ColourManagement.converted(pixels, to: .profile(icc))
    }

    /// With a `box`, the picture also fits that rectangle; its colours are `colours`'. A
    /// JPEG's `rawBeside` (a RAW+JPEG pair's RAW) may give its picture (`PairPreview`).
    public func decode(_ path: FilePath, kind: DecodeKind = .image, maximumPixelSize: Int?, box: PixelBox? = nil,
                       colours: ColourChoice = .display, rawBeside: FilePath? = nil) -> Result<PixelBuffer, DecodeError> {
        ask(.picture(path, kind: kind, maximumPixelSize: maximumPixelSize, box: box, colours: colours, turn: turns.turn(of: path),
                     rawBeside: rawBeside)).flatMap { answer in
            guard case let .pixels(pixels) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(pixels)
        }
    }

    /// The upright rectangle `region` of the photo at `path`, at full scale (`DecodeKind.region`).
    public func decodeRegion(_ path: FilePath, _ region: PixelRect, colours: ColourChoice = .display) -> Result<PixelBuffer, DecodeError> {
        ask(.region(path, region, colours: colours, turn: turns.turn(of: path))).flatMap { answer in
            guard case let .pixels(pixels) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(pixels)
        }
    }

    /// The RAW's histogram of its sensor's own values, drawn (`Histogram.drawn(markedRAW:)`);
    /// an error for anything but a RAW LibRaw unpacks.
    public func sensorHistogram(_ path: FilePath) -> Result<PixelBuffer, DecodeError> {
        ask(.sensorLevels(path)).flatMap { answer in
            guard case let .pixels(pixels) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(pixels)
        }
    }

    /// What the file records about its photo (size, EXIF), read in a helper like pixels.
    public func facts(_ path: FilePath) -> Result<EmbeddedFacts, DecodeError> {
        ask(.facts(path)).flatMap { answer in
            guard case let .facts(facts) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(facts)
        }
    }

    /// The marks (and a date taken) an XMP packet records: the sidecar at `path` (a name
    /// ending in .xmp), or the packet inside the photo there.
    public func marks(_ path: FilePath) -> Result<XMPRecord, DecodeError> {
        ask(.marks(path)).flatMap { answer in
            guard case let .marks(marks) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(marks)
        }
    }

    /// How sharp the photo at `path` is and what it looks like (`PhotoLikeness`), measured in
    /// a helper on a small decode.
    public func likeness(_ path: FilePath) -> Result<PhotoLikeness, DecodeError> {
        ask(.likeness(path)).flatMap { answer in
            guard case let .likeness(likeness) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(likeness)
        }
    }

    /// The photo's likeness, with a thumbnail within `thumbnailSize` where one decode gives
    /// both (`DecodeKind.likenessWithThumbnail`).
    public func likeness(_ path: FilePath, withThumbnail thumbnailSize: Int,
                         colours: ColourChoice = .sRGB) -> Result<(likeness: PhotoLikeness, thumbnail: PixelBuffer?), DecodeError> {
        ask(.likenessWithThumbnail(path, thumbnailSize: thumbnailSize, colours: colours, turn: turns.turn(of: path))).flatMap { answer in
            guard case let .likenessWithThumbnail(likeness, thumbnail) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success((likeness, thumbnail))
        }
    }

    /// The bytes of the sidecar at `existing` (nil: a new one) with `marks` written in and
    /// everything else kept, for the caller to write.
    public func sidecar(_ existing: FilePath?, updatedWith marks: PhotoMarks) -> Result<[UInt8], DecodeError> {
        ask(.sidecarUpdate(existing: existing, marks: marks)).flatMap { answer in
            guard case let .sidecar(bytes) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(bytes)
        }
    }

    /// The photo at `path` as a shared copy: an sRGB JPEG within `longSide` (nil: its own
    /// size), carrying `metadata` (a date fixed in its sidecar as `dateTaken`).
    public func export(_ path: FilePath, longSide: Int?, metadata: ExportMetadata, dateTaken: String?) -> Result<[UInt8], DecodeError> {
        ask(.export(path, longSide: longSide, metadata: metadata, dateTaken: dateTaken, turn: turns.turn(of: path))).flatMap { answer in
            guard case let .encoded(bytes) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(bytes)
        }
    }

    /// The bytes of the sidecar at `existing` (nil: a new one) with its date taken set to
    /// `date` (EXIF's style; nil: taken out) and everything else kept, for the caller to write.
    public func sidecar(_ existing: FilePath?, datedAt date: String?) -> Result<[UInt8], DecodeError> {
        ask(.sidecarDate(existing: existing, date: date)).flatMap { answer in
            guard case let .sidecar(bytes) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(bytes)
        }
    }

    /// The bytes of the sidecar at `existing` (nil: a new one) with its orientation set to
    /// `orientation` (nil: taken out) and everything else kept, for the caller to write.
    public func sidecar(_ existing: FilePath?, orientedAs orientation: Orientation?) -> Result<[UInt8], DecodeError> {
        ask(.sidecarOrientation(existing: existing, orientation: orientation)).flatMap { answer in
            guard case let .sidecar(bytes) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(bytes)
        }
    }

    /// The bytes of the sidecar at `existing` (nil: a new one) with `caption` written in and
    /// everything else kept, for the caller to write.
    public func sidecar(_ existing: FilePath?, captionedWith caption: XMPCaption) -> Result<[UInt8], DecodeError> {
        ask(.sidecarCaption(existing: existing, caption: caption)).flatMap { answer in
            guard case let .sidecar(bytes) = answer else { return .failure(.decoderFailed("answered something else")) }
            return .success(bytes)
        }
    }

    /// A small read (a photo's facts or marks, a sidecar's new bytes) whose helper was lost —
    /// it hung or died, as a helper starved on a busy machine may — is asked once more of a
    /// fresh one: a date or a mark is worth a second wait, and a file that hangs its reader
    /// costs two deadlines, in the background. Pictures are not asked again: a view is
    /// waiting, and a hostile file would hold it twice as long.
    private func ask(_ request: HelperRequest) -> Result<Helper.Answer, DecodeError> {
        let first = askOnce(request)
        guard first.helperLost, request.isSmallRead else { return first.result }
        return askOnce(request).result
    }

    private func askOnce(_ request: HelperRequest) -> (result: Result<Helper.Answer, DecodeError>, helperLost: Bool) {
        guard let helper = borrowHelper() else { return (.failure(.decoderFailed("could not be started")), false) }
        let deadline = Wire.monotonicSeconds() + self.deadline
        let display = displayProfile.withLock { $0 }
        if helper.displayProfileGeneration != display.generation {
            guard helper.toHelper.write(Helper.displayProfileCommand(display.icc)) else { return (.failure(lost(helper, deadline: deadline)), true) }
            helper.displayProfileGeneration = display.generation
        }
        switch helper.answer(request, deadline: deadline) {
        case let .answered(result):
            giveBack(helper, healthy: true)
            return (result, false)
        case .timedOut, .died:
            return (.failure(lost(helper, deadline: deadline)), true)
        }
    }

    /// Starts a helper now, to wait in the pool: a helper takes tens of milliseconds to load
    /// and reach its first request, which it then spends while the caller does other work.
    /// The spawn itself is quick. A helper forked earlier (`forkOwnHelper`) is taken
    /// instead, if there is one.
    public func prestart(_ forked: ForkedHelper? = nil) {
        guard let helper = forked.map({ Helper(adopting: $0.spawned) }) ?? Helper(command: command) else { return }
        makeIdle(helper)
    }

    /// The first helper without its start-up: Flick itself, forked while it has one thread
    /// and has opened nothing, becomes a helper with its libraries already loaded and
    /// linked. Started fresh, a helper spends ≈ 12 ms of processor time mapping 75
    /// libraries before it can decode, on the path to the first photo. Nil (the caller
    /// then starts helpers the usual way) when helpers are another program
    /// (`DecodeHelper.overrideVariable`), when a thread is already running (forking then is
    /// unsafe), or when the fork fails.
    public static func forkOwnHelper() -> ForkedHelper? {
        guard DecodeHelper.command == DecodeHelper.ownCommand, runningThreadCount() == 1 else { return nil }
        return HelperLauncher.forkHelper().map(ForkedHelper.init)
    }

    static func runningThreadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    /// Takes a helper out of the pool (or starts one) for a conversation of its own; it
    /// counts as busy until given back.
    func borrowHelper() -> Helper? {
        guard let helper = idle.withLock({ $0.popLast() }) ?? Helper(command: command) else { return nil }
        IdleHelperWatch.shared.forget(helper)
        busy.withLock { _ = $0.insert(helper.pid) }
        return helper
    }

    /// Puts `helper` in the pool, watched: if it dies there, it leaves the pool and is reaped.
    private func makeIdle(_ helper: Helper) {
        idle.withLock { $0.append(helper) }
        IdleHelperWatch.shared.watch(helper) { [weak self] in
            self?.idle.withLock { idle in idle.firstIndex { $0 === helper }.map { idle.remove(at: $0) } }
        }
    }

    /// A borrowed helper returns to the pool if it is fit to serve again, else is ended.
    /// Returns the signal that ended it, if one did before it was stopped.
    @discardableResult
    func giveBack(_ helper: Helper, healthy: Bool, expectingDeath: Bool = false) -> Int32? {
        busy.withLock { _ = $0.remove(helper.pid) }
        guard !healthy else {
            makeIdle(helper)
            return nil
        }
        return helper.stop(expectingDeath: expectingDeath)
    }

    /// Ends a borrowed helper whose answer was cut off by `deadline` passing or by its
    /// death, and says why in the words a tile shows.
    func lost(_ helper: Helper, deadline: Double) -> DecodeError {
        let timedOut = Wire.monotonicSeconds() >= deadline
        let signal = giveBack(helper, healthy: false, expectingDeath: !timedOut)
        return .decoderFailed(timedOut || signal == SIGXCPU ? "took too long and was stopped" : "crashed")
    }

    /// Helpers started and waiting for work, for tests.
    public var idleHelperIDs: [Int32] { idle.withLock { $0.map(\.pid) } }
    /// Helpers decoding now, for tests.
    public var busyHelperIDs: [Int32] { busy.withLock { $0.sorted() } }
}

/// A helper forked from Flick itself, not yet in a pool (`IsolatedDecoder.forkOwnHelper`).
public struct ForkedHelper: Sendable {
    let spawned: HelperLauncher.Spawned
}

/// One helper process and the pipes to it.
final class Helper: @unchecked Sendable {
    enum Answer {
        case pixels(PixelBuffer)
        case facts(EmbeddedFacts)
        case marks(XMPRecord)
        case sidecar([UInt8])
        case encoded([UInt8])
        case likeness(PhotoLikeness)
        case likenessWithThumbnail(PhotoLikeness, PixelBuffer?)
    }

    enum Outcome {
        case answered(Result<Answer, DecodeError>)
        case timedOut
        /// Its answer was cut off: it crashed, or a limit of its own stopped it.
        case died
    }

    let pid: pid_t
    let toHelper: Wire
    let fromHelper: Wire

    convenience init?(command: [String]) {
        guard let spawned = HelperLauncher.shared.launch(command) else { return nil }
        self.init(adopting: spawned)
    }

    /// A helper process already started (spawned, or forked from Flick).
    init(adopting process: HelperLauncher.Spawned) {
        pid = process.pid
        toHelper = Wire(fd: process.input)
        fromHelper = Wire(fd: process.output)
    }

    /// The display profile this helper was last sent (`IsolatedDecoder.setDisplayProfile`).
    var displayProfileGeneration = 0

    func answer(_ request: HelperRequest, deadline: Double) -> Outcome {
        guard toHelper.write(request.encoded) else { return .died }
        guard let status = fromHelper.read(1, deadline: deadline) else { return timedOutOrDied(deadline) }
        if status[0] == 0 {
            guard let pixels = readPixels(deadline: deadline) else { return timedOutOrDied(deadline) }
            return .answered(.success(.pixels(pixels)))
        }
        if status[0] == 2 {
            guard let length = fromHelper.readUInt32(deadline: deadline), length < 1 << 16,
                  let text = fromHelper.read(Int(length), deadline: deadline) else { return timedOutOrDied(deadline) }
            return .answered(.success(.facts(EmbeddedFacts(decoding: text))))
        }
        if status[0] == 5 {
            guard let present = fromHelper.read(1, deadline: deadline), let value = fromHelper.readUInt32(deadline: deadline),
                  let length = fromHelper.readUInt32(deadline: deadline), length <= 64,
                  let date = fromHelper.read(Int(length), deadline: deadline),
                  let orientation = fromHelper.read(1, deadline: deadline) else { return timedOutOrDied(deadline) }
            let marks = present[0] == 1 ? PhotoMarks(wireValue: value) : nil
            return .answered(.success(.marks(XMPRecord(marks: marks, dateTaken: date.isEmpty ? nil : String(decoding: date, as: UTF8.self),
                                                       orientation: Orientation(rawValue: Int(orientation[0]))))))
        }
        if status[0] == 7 {
            guard let likeness = readLikeness(deadline: deadline) else { return timedOutOrDied(deadline) }
            return .answered(.success(.likeness(likeness)))
        }
        if status[0] == 8 {
            guard let likeness = readLikeness(deadline: deadline), let hasThumbnail = fromHelper.read(1, deadline: deadline) else {
                return timedOutOrDied(deadline)
            }
            guard hasThumbnail == [1] else { return .answered(.success(.likenessWithThumbnail(likeness, nil))) }
            guard fromHelper.read(1, deadline: deadline) == [0], let pixels = readPixels(deadline: deadline) else { return timedOutOrDied(deadline) }
            return .answered(.success(.likenessWithThumbnail(likeness, pixels)))
        }
        if status[0] == 9 {
            guard let length = fromHelper.readUInt32(deadline: deadline), length <= 1 << 28,
                  let bytes = fromHelper.read(Int(length), deadline: deadline) else { return timedOutOrDied(deadline) }
            return .answered(.success(.encoded(bytes)))
        }
        if status[0] == 6 {
            guard let length = fromHelper.readUInt32(deadline: deadline), length <= UInt32(XMPMarks.maximumPacketBytes) * 2,
                  let bytes = fromHelper.read(Int(length), deadline: deadline) else { return timedOutOrDied(deadline) }
            return .answered(.success(.sidecar(bytes)))
        }
        guard let kind = fromHelper.read(1, deadline: deadline), let width = fromHelper.readUInt32(deadline: deadline),
              let height = fromHelper.readUInt32(deadline: deadline), let length = fromHelper.readUInt32(deadline: deadline),
              length < 1 << 16, let text = fromHelper.read(Int(length), deadline: deadline) else { return timedOutOrDied(deadline) }
        let reason = String(decoding: text, as: UTF8.self)
        return .answered(.failure(DecodeError(wireKind: kind[0], width: Int(width), height: Int(height), reason: reason)))
    }

    /// A picture's size, flags and pixels, after its status byte.
    private func readPixels(deadline: Double) -> PixelBuffer? {
        guard let width = fromHelper.readUInt32(deadline: deadline), let height = fromHelper.readUInt32(deadline: deadline),
              let flags = fromHelper.read(1, deadline: deadline), width > 0, height > 0, Int(width) * Int(height) <= 1 << 28,
              let bytes = fromHelper.read(Int(width) * Int(height) * 4, deadline: deadline) else { return nil }
        var pixels = PixelBuffer(width: Int(width), height: Int(height), bytesPerRow: Int(width) * 4, bytes: bytes, isOpaque: flags[0] & 1 != 0)
        pixels.isIncomplete = flags[0] & 2 != 0
        return pixels
    }

    /// A likeness's sharpness and look hash, after its status byte.
    private func readLikeness(deadline: Double) -> PhotoLikeness? {
        guard let sharpness = fromHelper.readUInt64(deadline: deadline), let hash = fromHelper.readUInt64(deadline: deadline) else { return nil }
        let value = Double(bitPattern: sharpness)
        return PhotoLikeness(sharpness: value.isFinite ? max(value, 0) : 0, hash: hash)
    }

    /// Sets the helper's display profile (DecodeHelper's wire format).
    static func displayProfileCommand(_ icc: [UInt8]?) -> [UInt8] {
        var command: [UInt8] = [DecodeHelper.displayProfileCommand]
        Wire.append(UInt32(icc?.count ?? 0), to: &command)
        return command + (icc ?? [])
    }

    func timedOutOrDied(_ deadline: Double) -> Outcome {
        Wire.monotonicSeconds() >= deadline ? .timedOut : .died
    }

    /// How long a helper whose answer was cut off is given to finish dying, so its own
    /// cause of death is read rather than our kill (its pipes close a moment before it
    /// can be reaped). Microseconds.
    static let dyingGraceMicroseconds: useconds_t = 200_000

    /// Ends the helper for good and reaps it. Returns the signal that ended it, if one did
    /// before this (SIGXCPU: its CPU budget ran out).
    @discardableResult
    func stop(expectingDeath: Bool = false) -> Int32? {
        close(toHelper.fd)
        close(fromHelper.fd)
        var status: Int32 = 0
        let step: useconds_t = 5_000
        var waited: useconds_t = 0
        repeat {
            if waitpid(pid, &status, WNOHANG) == pid { return Self.terminatingSignal(status) }
            guard expectingDeath else { break }
            usleep(step)
            waited += step
        } while waited < Self.dyingGraceMicroseconds
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    /// WTERMSIG for a status WIFSIGNALED accepts (both are macros Swift cannot import).
    private static func terminatingSignal(_ status: Int32) -> Int32? {
        let signal = status & 0x7f
        return signal != 0 && signal != 0x7f ? signal : nil
    }
}

/// Starts helper processes, all from one thread that lives as long as Flick. A helper asks
/// the kernel to kill it when its parent ends, and on Linux its "parent" is the *thread*
/// that started it: started from a worker that comes and goes, a healthy helper would be
/// killed mid-decode. One thread also means one spawn at a time.
final class HelperLauncher: Sendable {
    struct Spawned: Sendable {
        let pid: pid_t
        /// Our ends: requests go into `input`, answers come out of `output`.
        let input: Int32
        let output: Int32
    }

    private struct Job {
        let command: [String]
        let done: @Sendable (Spawned?) -> Void
    }

    /// Process-wide by nature: the thread helpers belong to.
    static let shared = HelperLauncher()

    private let jobs = Mutex<[Job]>([])
    private let ready = NSCondition()

    private init() {
        // A helper that dies mid-write must not kill Flick with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let thread = Thread { [self] in run() }
        thread.name = "flick-helper-launcher"
        thread.start()
    }

    /// Starts `command` with the request pipe as its stdin and the answer pipe as its
    /// stdout, and nothing else open; waits for the launcher thread to do it.
    func launch(_ command: [String]) -> Spawned? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Spawned?>(nil)
        jobs.withLock { $0.append(Job(command: command) { spawned in
            result.withLock { $0 = spawned }
            done.signal()
        }) }
        ready.lock(); ready.signal(); ready.unlock()
        done.wait()
        return result.withLock { $0 }
    }

    private func run() {
        while true {
            ready.lock()
            while jobs.withLock({ $0.isEmpty }) { ready.wait() }
            ready.unlock()
            for job in jobs.withLock({ jobs in defer { jobs.removeAll() }; return jobs }) {
                job.done(Self.spawn(job.command))
            }
        }
    }

    /// Forks the calling process, which must have no other thread, into a helper serving on
    /// a new pair of pipes, with nothing else open. Its "parent" for the death signal is
    /// the calling thread, so it is called from the main thread.
    static func forkHelper() -> Spawned? {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard flick_pipe_cloexec(&input) == 0 else { return nil }
        guard flick_pipe_cloexec(&output) == 0 else { close(input[0]); close(input[1]); return nil }
        // Output buffered here would be written again by the helper when it exits.
        fflush(nil)
        let child = fork()
        if child == 0 {
            guard dup2(input[0], 0) == 0, dup2(output[1], 1) == 1 else { _exit(127) }
            flick_close_from(3)
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            sigprocmask(SIG_SETMASK, &noSignals, nil)
            signal(SIGPIPE, SIG_DFL)
            DecodeHelper.serve()
        }
        close(input[0])
        close(output[1])
        guard child > 0 else { close(input[1]); close(output[0]); return nil }
        return Spawned(pid: child, input: input[1], output: output[0])
    }

    private static func spawn(_ command: [String]) -> Spawned? {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard flick_pipe_cloexec(&input) == 0 else { return nil }
        guard flick_pipe_cloexec(&output) == 0 else { close(input[0]); close(input[1]); return nil }
        let child = HelperSpawn.start(command, descriptors: [input[0], output[1]])
        close(input[0])
        close(output[1])
        guard let child else { close(input[1]); close(output[0]); return nil }
        return Spawned(pid: child, input: input[1], output: output[0])
    }
}
