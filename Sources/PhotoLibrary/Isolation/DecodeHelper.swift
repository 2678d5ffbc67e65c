// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CMalloc
internal import CProcess
import SystemPackage
import Synchronization
import Pixels
import Marks

/// The decoding side of process isolation: a helper process reads requests on stdin and
/// answers on stdout, one at a time. Codec libraries hang or crash on hostile files
/// (seen: SDL_image spinning on corrupt PNG chunks, crashing on a 30000×30000 PNG); in a helper that costs one "cannot open" tile, not the app.
///
/// Wire format, little-endian:
///   request:  a `HelperRequest`, as it writes and reads itself
///           | u8 254, u32 length, the display's ICC profile (0 bytes: sRGB); no answer
///   response: u8 0, u32 width, u32 height, u8 flags (1 opaque, 2 incomplete), width·height·4 pixel bytes
///           | u8 1, u8 kind (DecodeError.wire), u32 width, u32 height, u32 length, UTF-8 reason
///           | u8 2, u32 length, the facts (`EmbeddedFacts`, kind `.facts` only)
///           | u8 3, u32 width, u32 height, u32 frame count, u32 plays (kind `.animation` only;
///             a frame count below 2: no animation, and the helper takes requests again)
///           | u8 5, u8 1 and u32 marks (`PhotoMarks.wireValue`), or u8 0: none, then u32 length
///             and the date taken as EXIF writes it (0: none), u8 orientation (0: none) (kind `.marks`)
///           | u8 6, u32 length, the sidecar's new bytes (kinds `.sidecarUpdate`, `.sidecarCaption`,
///             `.sidecarDate`, `.sidecarOrientation`)
///           | u8 9, u32 length, a JPEG file's bytes (kind `.export`)
///           | u8 7, u64 sharpness (an IEEE double's bits), u64 look hash (kind `.likeness`)
///           | u8 8, u64 sharpness, u64 look hash, u8 1 and the thumbnail as status 0 above, or
///             u8 0: none (kind `.likenessWithThumbnail`)
/// An animation open, the helper then takes commands, u8 each, until the one to close it:
///   0 next frame: u8 0, u32 width, u32 height, u8 flags, u32 delay (µs), pixels
///                 | u8 4 (no more frames) | an error as above
///   1 rewind (no answer), 2 close (no answer; requests again)
public enum DecodeHelper {
    /// The hidden argument that turns a Flick process into a decode helper.
    public static let subcommand = "decode-helper"

    /// The environment variable naming another helper program to use instead (a
    /// decoder being tried out; the end-to-end tests' misbehaving one).
    public static let overrideVariable = "FLICK_DECODE_HELPER"

    /// The command Flick starts helpers with: the program `overrideVariable` names, or
    /// else `ownCommand`.
    public static var command: [String] {
        if let program = ProcessInfo.processInfo.environment[overrideVariable], !program.isEmpty { return [program] }
        return ownCommand
    }

    /// The command that starts a helper: this very executable with `subcommand`.
    public static var ownCommand: [String] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable = length > 0 ? String(filledBuffer: buffer) : CommandLine.arguments[0]
        return [executable, subcommand]
    }

    /// Address space a helper may use. A decode that needs more fails in the helper (and
    /// is reported as a crash) instead of pushing the desktop into swap. Room for the
    /// largest image Flick opens (DecodeLimits) decoded whole, plus its scaled copy.
    public static let memoryLimitBytes = 2 << 30

    /// Linux's F_SETPIPE_SZ, and the pipe size asked for (an unprivileged process may have
    /// up to /proc/sys/fs/pipe-max-size, 1 MB by default).
    static let setPipeSize: Int32 = 1031
    static let pipeBytes: Int32 = 1 << 20

    /// Buffers below this size are carved from the helper's heap, where they can be kept
    /// for the next picture. A screen-sized decode needs a few of megabytes (the file,
    /// the decoded picture, its scaled copy): fresh mappings for them cost the kernel
    /// zeroing and mapping every page again, 15 of the 85 ms a 12 MP photo took for a
    /// 1920×1080 screen. Larger ones (a photo decoded whole, for zooming) still get their
    /// own mappings, returned the moment they are freed.
    public static let reusedBufferBytes: Int32 = 64 << 20
    /// After a picture of at least this many pixels (a screen's, not a thumbnail's), and
    /// after a likeness (megabytes of brightness, asked for photo after photo), the helper
    /// keeps its buffers for `keepSeconds`; after anything smaller it gives them back at
    /// once unless the next request is already waiting.
    public static let keptAfterPixels = 1 << 20
    /// How long freed buffers are kept for a next request: long enough for the pager's
    /// requests that follow one another (a held key's pages), short enough that photos paged
    /// at a person's pace, and thumbnails, leave Flick's peak memory as it was.
    public static let keepSeconds = 0.05

    /// Processor time one decode may use, in seconds. A 108-megapixel JPEG takes under
    /// one; a decoder spinning on a crafted file is stopped here instead of holding a
    /// helper until the wall-clock deadline. Larger = more patience with huge files.
    public static let cpuSecondsPerDecode = 4

    /// Serves requests until stdin closes, each within `cpuSecondsPerDecode` of processor
    /// time. `decode` is the in-process decoder; tests pass one that hangs or crashes on
    /// purpose.
    public static func serve(cpuSecondsPerDecode: Int = DecodeHelper.cpuSecondsPerDecode,
                             decode: (FilePath, DecodeKind, Int?, PixelBox?, ColourChoice, FilePath?) throws(DecodeError) -> PixelBuffer = DecodeHelper.decode) -> Never {
        bindLifetimeToParent()
        // Told apart from Flick itself in `top`; the first helper, forked from Flick, even
        // keeps Flick's command line.
        _ = flick_set_process_name("flick-helper")
        limit(RLIMIT_AS, to: rlim_t(memoryLimitBytes))
        // A helper stopped by a limit or a crash leaves no core file behind.
        limit(RLIMIT_CORE, to: 0)
        let input = Wire(fd: 0), output = Wire(fd: 1)
        // A screen-sized picture is megabytes: in a pipe of the default 64 KB it crosses in
        // a hundred turns of both processes; in 1 MB, a few.
        _ = fcntl(1, Self.setPipeSize, Self.pipeBytes)
        keepFreedBuffersWhileBusy()
        var keepsBuffers = false
        while input.awaitRequest(idleAfter: keepsBuffers ? keepSeconds : 0, whenIdle: { malloc_trim(0) }),
              let kindByte = input.read(1) {
            if kindByte[0] == Self.displayProfileCommand {
                guard let length = input.readUInt32(), length <= UInt32(EmbeddedColour.maximumProfileBytes),
                      let profile = input.read(Int(length)) else { break }
                displayProfile.withLock { $0 = profile.isEmpty ? nil : profile }
                continue
            }
            guard let request = HelperRequest.read(kind: kindByte[0], from: input) else { break }
            allowProcessorTime(seconds: cpuSecondsPerDecode)
            keepsBuffers = false
            do throws(DecodeError) {
                switch request {
                case let .animation(path, maximumPixelSize):
                    try serveAnimation(path, maximumPixelSize: maximumPixelSize, input: input, output: output,
                                       cpuSecondsPerFrame: cpuSecondsPerDecode)
                case let .facts(path):
                    let facts = try ImageDecoder.embeddedFacts(path).encoded
                    var response: [UInt8] = [2]
                    Wire.append(UInt32(facts.count), to: &response)
                    guard output.write(response + facts) else { exit(0) }
                case let .marks(path):
                    guard output.write(marksResponse(try readMarks(path))) else { exit(0) }
                case let .sidecarUpdate(existing, marks):
                    guard output.write(try sidecarResponse(existing) { XMPMarks.updating($0, with: marks) }) else { exit(0) }
                case let .sidecarCaption(existing, caption):
                    guard output.write(try sidecarResponse(existing) { caption.written(into: $0) }) else { exit(0) }
                case let .export(path, side, metadata, date, turn):
                    let pixels = try decode(path, .image, side, nil, .sRGB, nil).applying(turn)
                    keepsBuffers = true
                    let facts = metadata == .none ? nil : try? ImageDecoder.embeddedFacts(path)
                    guard let jpeg = JPEGEncoder.encode(pixels, app1: facts.flatMap { ExportExif.block($0, metadata: metadata, dateTaken: date) }) else {
                        throw .decoderFailed("the copy could not be made")
                    }
                    var response: [UInt8] = [9]
                    Wire.append(UInt32(jpeg.count), to: &response)
                    guard output.write(response + jpeg) else { exit(0) }
                case let .sidecarDate(existing, date):
                    guard output.write(try sidecarResponse(existing) { XMPDate.updating($0, dateTaken: date) }) else { exit(0) }
                case let .sidecarOrientation(existing, orientation):
                    guard output.write(try sidecarResponse(existing) { XMPOrientation.updating($0, orientation: orientation) }) else { exit(0) }
                case let .likeness(path):
                    let likeness = try ImageDecoder.likeness(path)
                    keepsBuffers = true
                    var response: [UInt8] = [7]
                    Wire.append(likeness.sharpness.bitPattern, to: &response)
                    Wire.append(likeness.hash, to: &response)
                    guard output.write(response) else { exit(0) }
                case let .likenessWithThumbnail(path, thumbnailSize, colours, turn):
                    // The likeness stays the file's: a burst's frames are compared as shot.
                    var both = try ImageDecoder.likeness(path, withThumbnail: thumbnailSize, colours: target(colours))
                    both.thumbnail = both.thumbnail?.applying(turn)
                    keepsBuffers = true
                    var response: [UInt8] = [8]
                    Wire.append(both.likeness.sharpness.bitPattern, to: &response)
                    Wire.append(both.likeness.hash, to: &response)
                    response.append(both.thumbnail == nil ? 0 : 1)
                    guard output.write(response), both.thumbnail.map({ send($0, delay: nil, to: output) }) ?? true else { exit(0) }
                case let .sensorLevels(path):
                    // Unpacking a 24 MP sensor takes most of a second: it has the time a decode has.
                    let graph = try ImageDecoder.sensorHistogram(path).drawn(markedRAW: true)
                    guard send(graph, delay: nil, to: output) else { exit(0) }
                case let .region(path, rect, colours, turn):
                    let pixels = try ImageDecoder.decodeRegion(path, rect, colours: target(colours), turn: turn)
                    keepsBuffers = true
                    guard send(pixels, delay: nil, to: output) else { exit(0) }
                case let .picture(path, kind, maximumPixelSize, box, colours, turn, rawBeside):
                    // The window's shape is the turned picture's: the file's is across it.
                    let fitted = turn.swapsDimensions ? box.map { PixelBox(width: $0.height, height: $0.width) } : box
                    let pixels = try decode(path, kind, maximumPixelSize, fitted, colours, rawBeside).applying(turn)
                    keepsBuffers = pixels.width * pixels.height >= keptAfterPixels
                    guard send(pixels, delay: nil, to: output) else { exit(0) }
                }
            } catch {
                guard output.write(errorResponse(error)) else { exit(0) }
            }
        }
        exit(0)
    }

    /// The marks (and a date taken) in the sidecar at `path`, or in the photo there. A
    /// sidecar that cannot be read (too large, not readable) is an error, so that the user
    /// hears why its marks are not shown; a photo without a packet simply has none.
    static func readMarks(_ path: FilePath) throws(DecodeError) -> XMPRecord {
        let packet = path.extension?.lowercased() == "xmp" ? try ImageDecoder.read(path, limits: sidecarLimits) : EmbeddedXMP.packet(at: path)
        return packet.map(XMPMarks.record(inPacket:)) ?? XMPRecord()
    }

    /// A sidecar is read whole, up to XMPMarks' limit.
    private static var sidecarLimits: DecodeLimits {
        var limits = DecodeLimits()
        limits.maximumFileBytes = XMPMarks.maximumPacketBytes
        return limits
    }

    private static func marksResponse(_ record: XMPRecord) -> [UInt8] {
        var response: [UInt8] = [5, record.marks == nil ? 0 : 1]
        Wire.append(record.marks?.wireValue ?? 0, to: &response)
        let date = Array((record.dateTaken ?? "").utf8.prefix(64))
        Wire.append(UInt32(date.count), to: &response)
        return response + date + [UInt8(record.orientation?.rawValue ?? 0)]
    }

    private static func sidecarResponse(_ path: FilePath?, update: ([UInt8]?) -> [UInt8]?) throws(DecodeError) -> [UInt8] {
        let existing = try path.map { path throws(DecodeError) in try ImageDecoder.read(path, limits: sidecarLimits) }
        try DeferredLibrary.exempi.load()
        guard let bytes = update(existing) else { throw .decoderFailed("the sidecar is not XMP Flick can read") }
        var response: [UInt8] = [6]
        Wire.append(UInt32(bytes.count), to: &response)
        return response + bytes
    }

    /// The command that sets the display's profile (then no answer).
    static let displayProfileCommand: UInt8 = 254

    /// The display's profile as Flick last sent it; nil: sRGB.
    private static let displayProfile = Mutex<[UInt8]?>(nil)

    /// A request decoded as a helper does it: its colours `colours`, the display's being
    /// the profile Flick last sent; a JPEG's RAW beside it (`rawBeside`) may give its picture.
    public static func decode(_ path: FilePath, kind: DecodeKind, maximumPixelSize: Int?, box: PixelBox?,
                              colours: ColourChoice, rawBeside: FilePath? = nil) throws(DecodeError) -> PixelBuffer {
        try ImageDecoder.decode(path, kind: kind, maximumPixelSize: maximumPixelSize, box: box, colours: target(colours), rawBeside: rawBeside)
    }

    /// What `colours` means here: the display's being the profile Flick last sent.
    private static func target(_ colours: ColourChoice) -> ColourTarget {
        switch colours {
        case .untouched: .untouched
        case .sRGB: .sRGB
        case .display: .profile(displayProfile.withLock { $0 })
        }
    }

    /// Sends a picture: status 0, its size, whether it is opaque or incomplete, an animation frame's delay,
    /// and its pixels. Rows without padding go out as they are, not copied first.
    private static func send(_ pixels: PixelBuffer, delay: Double?, to output: Wire) -> Bool {
        var response: [UInt8] = [0]
        Wire.append(UInt32(pixels.width), to: &response)
        Wire.append(UInt32(pixels.height), to: &response)
        response.append((pixels.isOpaque ? 1 : 0) | (pixels.isIncomplete ? 2 : 0))
        if let delay { Wire.append(UInt32(min(delay * 1e6, Double(UInt32.max)).rounded()), to: &response) }
        if pixels.bytesPerRow == pixels.width * 4 { return output.write(response) && output.write(pixels.bytes) }
        response.reserveCapacity(response.count + pixels.width * pixels.height * 4)
        for row in 0..<pixels.height {
            response += pixels.bytes[(row * pixels.bytesPerRow)..<(row * pixels.bytesPerRow + pixels.width * 4)]
        }
        return output.write(response)
    }

    private static func errorResponse(_ error: DecodeError) -> [UInt8] {
        var response: [UInt8] = [1]
        let wire = error.wire
        response.append(wire.kind)
        Wire.append(UInt32(wire.width), to: &response)
        Wire.append(UInt32(wire.height), to: &response)
        let text = Array(wire.reason.utf8)
        Wire.append(UInt32(text.count), to: &response)
        response += text
        return response
    }

    /// Opens the animation at `path` and answers commands for its frames until told to
    /// close it. Each frame is upright and fits `maximumPixelSize`, and has its own share of
    /// processor time, so a long animation plays on while a crafted frame is stopped.
    private static func serveAnimation(_ path: FilePath, maximumPixelSize: Int?, input: Wire, output: Wire,
                                       cpuSecondsPerFrame: Int) throws(DecodeError) {
        let limits = DecodeLimits()
        let bytes = try ImageDecoder.read(path, limits: limits)
        guard let format = ImageFormat.sniff(Array(bytes.prefix(ImageFormat.sniffLength)), fileExtension: "") else {
            throw .unreadable(bytes.isEmpty ? "the file is empty" : "not an image")
        }
        let decoder = try AnimationDecoders.open(bytes, format: format, limits: limits)
        var header: [UInt8] = [3]
        for value in [decoder?.info.width ?? 0, decoder?.info.height ?? 0, decoder?.info.frameCount ?? 1, decoder?.info.plays ?? 1] {
            Wire.append(UInt32(clamping: value), to: &header)
        }
        guard output.write(header) else { exit(0) }
        guard let decoder else { return }
        let orientation = EmbeddedExif.orientation(in: bytes, format: format)
        while let command = input.read(1) {
            switch command[0] {
            case 0:
                allowProcessorTime(seconds: cpuSecondsPerFrame)
                do throws(DecodeError) {
                    guard let frame = try decoder.nextFrame() else {
                        guard output.write([4]) else { exit(0) }
                        continue
                    }
                    var pixels = frame.pixels.applying(orientation)
                    if let maximumPixelSize { pixels = pixels.scaledToFit(maximumPixelSize) }
                    guard send(pixels, delay: frame.delay, to: output) else { exit(0) }
                } catch {
                    guard output.write(errorResponse(error)) else { exit(0) }
                }
            case 1:
                try? decoder.rewind()
            default:
                return
            }
        }
        exit(0)
    }

    /// A helper never outlives Flick: the kernel kills it when Flick's launcher thread
    /// ends (with Flick, however it ends), and a watchdog ends it when its request pipe has
    /// no writer left, also while a decode is busy. Only Flick holds that pipe's write end
    /// (helpers inherit no descriptors), so a hang-up means Flick is gone or let it go.
    private static func bindLifetimeToParent() {
        _ = flick_set_parent_death_signal(SIGKILL)
        // Flick may have died before the signal was armed: then the pipe is already hung up.
        if requestPipeHungUp(waitMilliseconds: 0) { _exit(0) }
        let watchdog = Thread {
            while !requestPipeHungUp(waitMilliseconds: -1) {}
            _exit(0)
        }
        watchdog.name = "flick-helper-watchdog"
        watchdog.start()
    }

    /// glibc's policy for a process that decodes one picture after another: buffers up to
    /// `reusedBufferBytes` from the heap, and the heap's free top kept (up to twice that)
    /// until the serving loop trims it. Flick itself sets a small fixed threshold, which a
    /// forked helper inherits.
    private static func keepFreedBuffersWhileBusy() {
        mallopt(M_MMAP_THRESHOLD, reusedBufferBytes)
        mallopt(M_TRIM_THRESHOLD, 2 * reusedBufferBytes)
    }

    /// True once stdin's writer is gone. Polled for no events, so it reads nothing: only a
    /// hang-up or an error wakes it.
    private static func requestPipeHungUp(waitMilliseconds: Int32) -> Bool {
        var request = pollfd(fd: 0, events: 0, revents: 0)
        let ready = poll(&request, 1, waitMilliseconds)
        if ready < 0 { return errno != EINTR }
        return ready > 0 && request.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private static func limit(_ resource: __rlimit_resource, to value: rlim_t) {
        var limit = rlimit(rlim_cur: value, rlim_max: value)
        setrlimit(Int32(resource.rawValue), &limit)
    }

    /// Lets the next decode use `seconds` of processor time from now: SIGXCPU (which ends
    /// the helper) past that; the wall-clock deadline backs it up. The limit counts the
    /// helper's whole life, so it is moved on before each request: the soft limit only.
    /// Raising the hard one needs a privilege helpers lack; the call then failed whole, the
    /// first request's limit stayed, and a helper that had decoded a hundred photos (5 s)
    /// was killed in the middle of the next, which showed as "cannot open".
    private static func allowProcessorTime(seconds: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        // Whole seconds, rounded up from the sum: the two parts' seconds rounded down each
        // could leave a decode almost nothing of its budget (2.99 s + 0.99 s counted as 3).
        let microseconds = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
        let used = rlim_t((microseconds + 999_999) / 1_000_000)
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
        limit.rlim_cur = min(used + rlim_t(seconds), limit.rlim_max)
        setrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
    }
}

/// Blocking reads and writes of whole byte runs on a file descriptor, with an optional
/// deadline for reads.
struct Wire {
    let fd: Int32

    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + sent, $0.count - sent) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// `count` bytes, or nil on end of file, error, or when `deadline` (seconds on the
    /// monotonic clock) passes first.
    func read(_ count: Int, deadline: Double? = nil) -> [UInt8]? {
        // Every byte is read over, or the whole is dropped.
        let bytes = [UInt8](capacity: count) { buffer in
            var filled = 0
            while filled < count {
                if let deadline {
                    let remaining = deadline - Wire.monotonicSeconds()
                    guard remaining > 0 else { return 0 }
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&poller, 1, Int32(min(remaining * 1000 + 1, Double(Int32.max))))
                    if ready < 0 && errno == EINTR { continue }
                    guard ready > 0 else { return 0 }
                }
                let got = Glibc.read(fd, buffer.baseAddress! + filled, count - filled)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return 0 }
                filled += got
            }
            return count
        }
        return bytes.count == count ? bytes : nil
    }

    /// Waits for something to read (or the end), calling `whenIdle` once if nothing comes
    /// within `idleAfter` seconds (0: nothing is waiting already). False on an error other
    /// than an interruption.
    func awaitRequest(idleAfter seconds: Double, whenIdle: () -> Void) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var timeout = Int32(seconds * 1000)
        while true {
            let ready = poll(&poller, 1, timeout)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
            if ready == 0 {
                whenIdle()
                timeout = -1
            }
        }
    }

    func readUInt32(deadline: Double? = nil) -> UInt32? {
        guard let bytes = read(4, deadline: deadline) else { return nil }
        return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    func readUInt64(deadline: Double? = nil) -> UInt64? {
        guard let bytes = read(8, deadline: deadline) else { return nil }
        return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
