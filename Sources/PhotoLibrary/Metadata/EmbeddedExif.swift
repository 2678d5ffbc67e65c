// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where PNG and WebP keep their EXIF block (JPEG's is read by libexif from the file
/// itself): PNG's eXIf chunk and WebP's EXIF chunk, both a TIFF structure. Walked by
/// length fields within the bytes there are, never past them. A WebP's EXIF chunk comes
/// after its image data, megabytes in: walked in the file itself, only the chunks' headers
/// are read on the way.
enum EmbeddedExif {
    /// Largest EXIF block read (a JPEG's cannot exceed 64 KB; a camera's maker notes fit).
    static let maximumBlockBytes = 1 << 20
    /// Chunks walked at most: a file of nothing but tiny chunks is not read header by header
    /// to its end (an animated WebP has a chunk per frame).
    static let maximumChunks = 65_536

    /// The EXIF block of `bytes` in `format`, as libexif reads it ("Exif\0\0" and the TIFF
    /// structure); nil when there is none.
    static func block(in bytes: some ByteSource, format: ImageFormat) -> [UInt8]? {
        let payload: [UInt8]? = switch format {
        case .png: pngChunk(named: "eXIf", in: bytes)
        case .webp: webpChunk(named: "EXIF", in: bytes)
        default: nil
        }
        guard let payload, !payload.isEmpty else { return nil }
        let header: [UInt8] = Array("Exif".utf8) + [0, 0]
        // Some writers keep the "Exif\0\0" prefix inside the chunk.
        return payload.starts(with: header) ? payload : header + payload
    }

    /// The orientation recorded for a PNG or WebP (`.up` without one).
    static func orientation(in bytes: [UInt8], format: ImageFormat) -> Orientation {
        block(in: bytes, format: format).map { ExifInfo(jpeg: $0).orientation } ?? .up
    }

    /// The payload of the first chunk `name` before a PNG's image data, at most `maximumBytes`.
    static func pngChunk(named name: String, in bytes: some ByteSource, maximumBytes: Int = maximumBlockBytes) -> [UInt8]? {
        let wanted = Array(name.utf8)
        var at = 8
        for _ in 0..<maximumChunks {
            guard let head = bytes.read(at..<at + 8) else { return nil }
            let length = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
            let type = Array(head[4..<8])
            let start = at + 8
            if type == wanted { return length <= maximumBytes ? bytes.read(start..<start + length) : nil }
            // EXIF after the image data does not count (PNG 1.5: eXIf comes before IDAT).
            if type == Array("IDAT".utf8) { return nil }
            at = start + length + 4
        }
        return nil
    }

    /// The payload of a WebP's first chunk `name`, at most `maximumBytes`.
    static func webpChunk(named name: String, in bytes: some ByteSource, maximumBytes: Int = maximumBlockBytes) -> [UInt8]? {
        let wanted = Array(name.utf8)
        var at = 12
        for _ in 0..<maximumChunks {
            guard let head = bytes.read(at..<at + 8) else { return nil }
            let type = Array(head[0..<4])
            let length = Int(head[4]) | Int(head[5]) << 8 | Int(head[6]) << 16 | Int(head[7]) << 24
            let start = at + 8
            if type == wanted { return length <= maximumBytes ? bytes.read(start..<start + length) : nil }
            at = start + length + (length & 1)
        }
        return nil
    }
}

/// Bytes read by range: a file's bytes in memory, or the file itself read piecewise.
protocol ByteSource {
    /// The bytes in `range`; nil unless all of them are there.
    func read(_ range: Range<Int>) -> [UInt8]?
}

extension Array: ByteSource where Element == UInt8 {
    func read(_ range: Range<Int>) -> [UInt8]? {
        range.lowerBound >= 0 && range.upperBound <= count ? Array(self[range]) : nil
    }
}

/// An open file, read where asked (pread), up to its size when opened.
struct FileBytes: ByteSource {
    let descriptor: Int32
    let count: Int

    func read(_ range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
        var bytes = [UInt8](repeating: 0, count: range.count)
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(range.lowerBound + filled)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            filled += got
        }
        return bytes
    }
}
