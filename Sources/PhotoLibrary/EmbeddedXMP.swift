// SPDX-License-Identifier: GPL-3.0-or-later
import SystemPackage

/// The XMP packet a photo carries inside itself (a camera's or an earlier tool's marks),
/// found without decoding: in a JPEG, the APP1 segment Adobe's specification names, among
/// the segments before the picture; in anything else (TIFF and the RAWs built on it, HEIF,
/// JPEG XL, PNG), the packet's own markers, looked for in the file's first megabytes,
/// where writers put it. Read only: Flick never writes into a photo.
public enum EmbeddedXMP {
    /// How much of a JPEG is walked: its segments before the picture (EXIF, XMP and ICC
    /// are each at most 64 KB).
    public static let jpegHeadBytes = 512 << 10
    /// How much of a file that is not a JPEG is searched.
    public static let searchedBytes = 4 << 20

    static let jpegSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let packetStart = Array("<x:xmpmeta".utf8)
    static let packetEnd = Array("</x:xmpmeta>".utf8)

    /// The packet in the file at `path`, or nil (none, or the file cannot be read).
    public static func packet(at path: FilePath) -> [UInt8]? {
        guard let head = try? ImageDecoder.read(path, limits: DecodeLimits(), atMost: jpegHeadBytes) else { return nil }
        if head.starts(with: [0xFF, 0xD8]) { return jpegPacket(head) }
        let searched = head.count < jpegHeadBytes ? head : (try? ImageDecoder.read(path, limits: DecodeLimits(), atMost: searchedBytes)) ?? head
        return scannedPacket(searched)
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

    static func scannedPacket(_ bytes: [UInt8]) -> [UInt8]? {
        guard let start = bytes.firstRange(of: packetStart),
              let end = bytes[start.upperBound...].firstRange(of: packetEnd) else { return nil }
        return Array(bytes[start.lowerBound..<end.upperBound])
    }
}
