// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CProcess
import SystemPackage

/// The XMP packet a photo carries inside itself (a camera's or an earlier tool's marks),
/// found without decoding and reading as little as it can, since every photo of a card is
/// looked into before its marks are known:
/// - in a JPEG, the APP1 segment Adobe's specification names, among the segments before
///   the picture;
/// - in a TIFF, and the RAWs built on it (DNG, NEF, CR2, ARW, PEF…), the XMP tag (700) of
///   its first directory, where TIFF/EP and DNG put it: a RAW without one is known to have
///   no packet from a few hundred bytes, not megabytes;
/// - in anything else (HEIF, JPEG XL, PNG, CR3, RAF), the packet's own markers, looked for
///   in the file's first megabytes, where writers put it.
/// Read only: Flick never writes into a photo.
public enum EmbeddedXMP {
    /// How much of a JPEG is walked: its segments before the picture (EXIF, XMP and ICC
    /// are each at most 64 KB).
    public static let jpegHeadBytes = 512 << 10
    /// How much of a file that is neither JPEG nor TIFF is searched.
    public static let searchedBytes = 4 << 20
    /// TIFF's tag for an XMP packet (Adobe's XMP specification, part 3).
    static let tiffXMPTag = 700

    static let jpegSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let packetStart = Array("<x:xmpmeta".utf8)
    static let packetEnd = Array("</x:xmpmeta>".utf8)

    /// The packet in the file at `path`, or nil (none, or the file cannot be read).
    public static func packet(at path: FilePath) -> [UInt8]? {
        try? ImageDecoder.withRegularFile(path, limits: DecodeLimits()) { file throws(DecodeError) -> [UInt8]? in
            guard let start = file.read(0..<min(file.count, 8)), start.count >= 4 else { return nil }
            if start.starts(with: [0xFF, 0xD8]) { return file.read(0..<min(file.count, jpegHeadBytes)).flatMap(jpegPacket) }
            if let packet = tiffPacket(in: file, header: start) { return packet }
            return file.read(0..<min(file.count, searchedBytes)).flatMap(scannedPacket)
        }
    }

    /// Walks a JPEG's segments up to the picture's start.
    static func jpegPacket(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let kind = bytes[offset + 1]
            // Start of scan, or the end: no packet before the picture.
            if kind == 0xDA || kind == 0xD9 { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let body = bytes[(offset + 4)..<(offset + 2 + length)]
            if kind == 0xE1, body.starts(with: jpegSignature) { return Array(body.dropFirst(jpegSignature.count)) }
            offset += 2 + length
        }
        return nil
    }

    /// A TIFF's packet, from its first directory's XMP tag: `.some(nil)` when the directory
    /// is read and has none; nil when `header` is not a TIFF's or the directory cannot be
    /// read (the caller then searches the bytes).
    static func tiffPacket(in file: some ByteSource, header: [UInt8]) -> [UInt8]?? {
        let little: Bool
        switch (header[0], header[1], header[2], header[3]) {
        case (0x49, 0x49, 42, 0): little = true
        case (0x4D, 0x4D, 0, 42): little = false
        default: return nil
        }
        func number(_ bytes: ArraySlice<UInt8>) -> Int {
            (little ? bytes.reversed() : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard header.count >= 8 else { return nil }
        let directory = number(header[4..<8])
        guard let countBytes = file.read(directory..<directory + 2) else { return nil }
        let entries = number(countBytes[...])
        guard let table = file.read(directory + 2..<directory + 2 + entries * 12) else { return nil }
        for entry in 0..<entries {
            let base = entry * 12
            guard number(table[base..<base + 2]) == tiffXMPTag else { continue }
            // BYTE or UNDEFINED: one byte a value, so the count is the packet's length.
            let length = number(table[base + 4..<base + 8])
            guard length > 4, length <= XMPMarks.maximumPacketBytes else { return .some(nil) }
            let offset = number(table[base + 8..<base + 12])
            return .some(file.read(offset..<offset + length))
        }
        return .some(nil)
    }

    static func scannedPacket(_ bytes: [UInt8]) -> [UInt8]? {
        // memmem, not a generic search: every photo of a folder may be searched.
        bytes.withUnsafeBytes { raw -> [UInt8]? in
            guard let base = raw.baseAddress,
                  let start = packetStart.withUnsafeBytes({ flick_find_bytes(base, raw.count, $0.baseAddress, $0.count) }) else { return nil }
            let startOffset = base.distance(to: start)
            let rest = UnsafeRawPointer(start), restCount = raw.count - startOffset
            guard let end = packetEnd.withUnsafeBytes({ flick_find_bytes(rest, restCount, $0.baseAddress, $0.count) }) else { return nil }
            let endOffset = base.distance(to: end) + packetEnd.count
            return Array(raw[startOffset..<endOffset])
        }
    }
}
