// SPDX-License-Identifier: GPL-3.0-or-later
internal import CVideo
import Pixels
import SystemPackage

/// A video, through FFmpeg (`CVideo`): its poster (a key frame a tenth of the way in,
/// upright) stands for it as a photo's picture does, and its container's facts (size, length,
/// when and where it was recorded, by what) for a photo's EXIF. Read from the open file a
/// part at a time, whatever its size; only the bytes it had when opened (one still being
/// written is read as it was).
enum VideoDecoder: FormatDecoder {
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        throw .unreadable("a video is read from its file")
    }

    static func decode(_ file: FileBytes, _ request: PictureRequest) throws(DecodeError) -> PixelBuffer? {
        try withVideo(file, limits: request.limits) { video, facts throws(DecodeError) in
            let turn = orientation(quarterTurns: Int(facts.quarter_turns))
            let upright = turn.swapsDimensions ? (facts.height, facts.width) : (facts.width, facts.height)
            let side = request.longestSide(uprightWidth: Int(upright.0), height: Int(upright.1)) ?? 0
            var pixels: UnsafeMutablePointer<UInt8>?
            var width: Int32 = 0, height: Int32 = 0, bytesPerRow: Int32 = 0
            var status = FLICK_VIDEO_OK
            var error = [CChar](repeating: 0, count: 256)
            let result = flick_video_poster(video, Int32(clamping: side), &pixels, &width, &height, &bytesPerRow, &status, &error, error.count)
            defer { flick_video_free(pixels) }
            guard result == 0, let pixels, width > 0, height > 0, bytesPerRow >= width * 4 else {
                throw failure(status, error, width: Int(facts.width), height: Int(facts.height))
            }
            let count = Int(bytesPerRow) * Int(height)
            let poster = PixelBuffer(width: Int(width), height: Int(height), bytesPerRow: Int(bytesPerRow),
                                     bytes: Array(UnsafeBufferPointer(start: pixels, count: count)), isOpaque: true)
            return poster.applying(turn)
        }
    }

    static func facts(of path: FilePath, _ file: FileBytes) throws(DecodeError) -> EmbeddedFacts? {
        try withVideo(file, limits: DecodeLimits()) { _, read in
            var facts = EmbeddedFacts()
            let turned = orientation(quarterTurns: Int(read.quarter_turns)).swapsDimensions
            facts.pixelWidth = Int(turned ? read.height : read.width)
            facts.pixelHeight = Int(turned ? read.width : read.height)
            facts.duration = read.duration > 0 && read.duration.isFinite ? read.duration : nil
            facts.dateTaken = text(read.date_taken)
            facts.cameraMake = text(read.make)
            facts.cameraModel = text(read.model)
            facts.contentIdentifier = text(read.content_identifier)
            if read.has_location != 0 {
                facts.latitude = read.latitude
                facts.longitude = read.longitude
            }
            return facts
        }
    }

    /// What a player must do to the video at `path` (the bytes `range` of it, where given)
    /// that it would not: the clockwise quarter turns that stand it upright, and how its light
    /// is coded (0 SDR, 1 PQ, 2 HLG); nothing where it cannot be read.
    static func playbackFacts(of path: FilePath, range: Range<Int>? = nil) -> (quarterTurns: Int, highDynamicRange: Int) {
        let facts = try? ImageDecoder.withRegularFile(path, limits: DecodeLimits()) { file throws(DecodeError) in
            try withVideo(file, range: range, limits: DecodeLimits()) { _, facts in (Int(facts.quarter_turns), Int(facts.high_dynamic_range)) }
        }
        return facts ?? (0, 0)
    }

    /// `body` given the video in `file`, open, and what its container says.
    private static func withVideo<T>(_ file: FileBytes, range: Range<Int>? = nil, limits: DecodeLimits,
                                     _ body: (OpaquePointer, flick_video_facts) throws(DecodeError) -> T) throws(DecodeError) -> T {
        var facts = flick_video_facts()
        var status = FLICK_VIDEO_OK
        var error = [CChar](repeating: 0, count: 256)
        let bytes = range?.clamped(to: 0..<file.count) ?? 0..<file.count
        guard let video = flick_video_open(file.descriptor, Int64(bytes.lowerBound), Int64(bytes.count), Int64(limits.maximumSourcePixels), &facts,
                                           &status, &error, error.count) else {
            if status == FLICK_VIDEO_UNREADABLE, ISOMediaBoxes.endsEarly(file) { throw .incomplete }
            throw failure(status, error, width: Int(facts.width), height: Int(facts.height))
        }
        defer { flick_video_close(video) }
        return try body(video, facts)
    }

    private static func failure(_ status: flick_video_status, _ error: [CChar], width: Int, height: Int) -> DecodeError {
        switch status {
        case FLICK_VIDEO_TOO_LARGE: .tooLarge(width: width, height: height)
        case FLICK_VIDEO_INCOMPLETE: .incomplete
        default: .unreadable(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    /// A track turned `quarterTurns` clockwise to stand upright, as EXIF says it of a photo.
    static func orientation(quarterTurns: Int) -> Orientation {
        switch quarterTurns {
        case 1: .right
        case 2: .down
        case 3: .left
        default: .up
        }
    }

    private static func text<T>(_ field: T) -> String? {
        withUnsafeBytes(of: field) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = EmbeddedFacts.singleLine(String(decoding: bytes, as: UTF8.self))
            return text.isEmpty ? nil : text
        }
    }
}

/// The top-level boxes of an ISO media or QuickTime file, as far as they go.
enum ISOMediaBoxes {
    /// Boxes a file of either kind starts with.
    static let topLevel: Set<String> = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]

    /// True where a box runs past the end of the file, or the boxes end without the movie's
    /// index (`moov`): a copy cut short, or a recording never finished.
    static func endsEarly(_ file: FileBytes) -> Bool {
        guard let start = file.read(0..<min(file.count, 8)), start.count == 8,
              topLevel.contains(String(decoding: start[4..<8], as: UTF8.self)) else { return false }
        var offset = 0
        var sawIndex = false
        var sawAny = false
        for _ in 0..<10_000 {
            guard offset < file.count else { return sawAny && !sawIndex }
            guard let header = file.read(offset..<min(file.count, offset + 16)), header.count >= 8 else { return sawAny }
            let declared = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            var size = declared
            if declared == 1 {
                guard header.count >= 16 else { return true }
                size = header[8..<16].reduce(0) { $0 << 8 | Int($1) }
            } else if declared == 0 {
                size = file.count - offset
            }
            guard size >= 8 else { return false }
            if type == "moov" { sawIndex = true }
            sawAny = true
            if offset + size > file.count { return true }
            offset += size
        }
        return false
    }
}
