// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPNG
import Pixels

/// An animated PNG's frames. Debian's libpng does not read APNG, so each frame is rebuilt
/// as a PNG of its own (the file's header at the frame's size, its palette and other
/// chunks from before the image data, the frame's data as IDAT) and decoded by libpng
/// through `PNGDecoder`, under its limits; the frames are then composed as the APNG
/// specification says: blended (replacing or over) and disposed (left, cleared, or put
/// back).
final class APNGAnimation: AnimationDecoder {
    /// What an fcTL chunk says of its frame.
    struct Control: Equatable {
        var rect: PixelRect
        var delay: Double
        /// 0 none, 1 background, 2 previous.
        var dispose: UInt8
        /// 0 source, 1 over.
        var blend: UInt8
    }

    private struct Frame {
        let control: Control
        /// The frame's compressed image data, in the file's order: IDAT contents, or fdAT
        /// contents after their sequence number.
        var data: [Range<Int>]
    }

    private let bytes: [UInt8]
    private let limits: DecodeLimits
    let info: AnimationInfo
    /// IHDR's 13 bytes.
    private let header: [UInt8]
    /// Chunks before the image data every frame needs (PLTE, tRNS, gAMA…), whole.
    private let shared: [Range<Int>]
    private let frames: [Frame]
    private var next = 0
    private var canvas: AnimationCanvas
    private var previous: (control: Control, before: AnimationCanvas?)?

    /// Reads the chunk structure; nil when the PNG is not animated.
    init?(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) {
        let chunks = try Self.chunks(bytes)
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else { throw .unreadable("broken PNG") }
        guard let actl = chunks.first(where: { $0.type == "acTL" }), actl.data.count == 8,
              let firstData = chunks.firstIndex(where: { $0.type == "IDAT" }),
              chunks.firstIndex(where: { $0.type == "acTL" })! < firstData else { return nil }
        let width = Self.uint32(bytes, ihdr.data.lowerBound), height = Self.uint32(bytes, ihdr.data.lowerBound + 4)
        try limits.check(width: width, height: height)

        var frames: [Frame] = []
        var shared: [Range<Int>] = []
        // fcTL and fdAT chunks are numbered 0, 1, 2… in the file's order (APNG spec): out of
        // order, the animation is invalid and, as browsers do, only the default image shows.
        var sequence = 0
        for chunk in chunks where chunk.type == "fcTL" || chunk.type == "fdAT" {
            guard chunk.data.count >= 4, Self.uint32(bytes, chunk.data.lowerBound) == sequence else {
                throw .unreadable("broken APNG (frames out of sequence)")
            }
            sequence += 1
        }
        for (position, chunk) in chunks.enumerated() {
            switch chunk.type {
            case "fcTL":
                guard let control = Self.control(bytes, chunk.data, canvasWidth: width, canvasHeight: height) else {
                    throw .unreadable("broken APNG (a frame outside the canvas)")
                }
                frames.append(Frame(control: control, data: []))
            case "IDAT":
                // Image data with no fcTL before it is the still picture, not a frame.
                if !frames.isEmpty { frames[frames.count - 1].data.append(chunk.data) }
            case "fdAT":
                guard chunk.data.count > 4, !frames.isEmpty else { continue }
                frames[frames.count - 1].data.append((chunk.data.lowerBound + 4)..<chunk.data.upperBound)
            case "IHDR", "acTL", "IEND":
                continue
            default:
                if position < firstData { shared.append(chunk.whole) }
            }
        }
        // A whole file (it ends in IEND) whose acTL counts other frames than its fcTLs has an
        // invalid animation: the APNG specification has its default image shown, still. A
        // file cut short (still arriving) plays the frames it has.
        let declaredFrames = Self.uint32(bytes, actl.data.lowerBound)
        if chunks.last?.type == "IEND", declaredFrames != chunks.count(where: { $0.type == "fcTL" }) { return nil }
        frames.removeAll { $0.data.isEmpty }
        guard frames.count > 1 else { return nil }
        self.bytes = bytes
        self.limits = limits
        header = Array(bytes[ihdr.data])
        self.shared = shared
        self.frames = frames
        info = AnimationInfo(width: width, height: height, frameCount: frames.count, plays: Self.uint32(bytes, actl.data.lowerBound + 4))
        canvas = AnimationCanvas(width: width, height: height)
    }

    func rewind() throws(DecodeError) {
        next = 0
        canvas = AnimationCanvas(width: info.width, height: info.height)
        previous = nil
    }

    func nextFrame() throws(DecodeError) -> AnimationFrame? {
        guard next < frames.count else { return nil }
        let frame = frames[next]
        next += 1
        let pixels = try PNGDecoder.decode(png(for: frame), limits: limits)
        guard pixels.width == frame.control.rect.width, pixels.height == frame.control.rect.height else {
            throw .unreadable("broken APNG")
        }
        if let (control, before) = previous {
            switch control.dispose {
            case 1: canvas.clear(control.rect)
            case 2: if let before { canvas.restore(control.rect, from: before) } else { canvas.clear(control.rect) }
            default: break
            }
        }
        previous = (frame.control, frame.control.dispose == 2 ? canvas : nil)
        canvas.draw(pixels, x: frame.control.rect.x, y: frame.control.rect.y, over: frame.control.blend == 1)
        return AnimationFrame(pixels: canvas.picture, delay: frame.control.delay)
    }

    /// The frame as a PNG file of its own.
    private func png(for frame: Frame) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = header
        Self.put(frame.control.rect.width, into: &ihdr, at: 0)
        Self.put(frame.control.rect.height, into: &ihdr, at: 4)
        Self.appendChunk("IHDR", ihdr, to: &file)
        for chunk in shared { file += bytes[chunk] }
        var data: [UInt8] = []
        for range in frame.data { data += bytes[range] }
        Self.appendChunk("IDAT", data, to: &file)
        Self.appendChunk("IEND", [], to: &file)
        return file
    }

    // MARK: Chunks

    private struct Chunk {
        let type: String
        /// The chunk's data, and the chunk whole (length, type, data, CRC).
        let data: Range<Int>
        let whole: Range<Int>
    }

    /// The file's chunks up to IEND (or as many as are whole).
    private static func chunks(_ bytes: [UInt8]) throws(DecodeError) -> [Chunk] {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .unreadable("not a PNG")
        }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = uint32(bytes, offset)
            guard length <= bytes.count - offset - 12 else { break }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: (offset + 8)..<(offset + 8 + length), whole: offset..<(offset + 12 + length)))
            offset += 12 + length
            if type == "IEND" { break }
        }
        return chunks
    }

    private static func control(_ bytes: [UInt8], _ data: Range<Int>, canvasWidth: Int, canvasHeight: Int) -> Control? {
        guard data.count == 26 else { return nil }
        let at = data.lowerBound
        let rect = PixelRect(x: uint32(bytes, at + 12), y: uint32(bytes, at + 16), width: uint32(bytes, at + 4), height: uint32(bytes, at + 8))
        guard rect.width > 0, rect.height > 0, rect.x + rect.width <= canvasWidth, rect.y + rect.height <= canvasHeight else { return nil }
        let numerator = Double(Int(bytes[at + 20]) << 8 | Int(bytes[at + 21]))
        var denominator = Double(Int(bytes[at + 22]) << 8 | Int(bytes[at + 23]))
        if denominator == 0 { denominator = 100 }
        return Control(rect: rect, delay: AnimationFrame.delay(milliseconds: numerator * 1000 / denominator),
                       dispose: min(bytes[at + 24], 2), blend: min(bytes[at + 25], 1))
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    private static func put(_ value: Int, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        var length = [UInt8](repeating: 0, count: 4)
        put(data.count, into: &length, at: 0)
        file += length
        file += typeBytes
        file += data
        var crc = crc32(0, typeBytes, 4)
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        var crcBytes = [UInt8](repeating: 0, count: 4)
        put(Int(crc), into: &crcBytes, at: 0)
        file += crcBytes
    }
}
