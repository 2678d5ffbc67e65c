/// Where PNG and WebP keep their EXIF block (JPEG's is read by libexif from the file
/// itself): PNG's eXIf chunk and WebP's EXIF chunk, both a TIFF structure. Walked by
/// length fields within the bytes given, never past them.
enum EmbeddedExif {
    /// The EXIF block of `bytes` in `format`, as libexif reads it ("Exif\0\0" and the TIFF
    /// structure); nil when there is none.
    static func block(in bytes: [UInt8], format: ImageFormat) -> [UInt8]? {
        let payload: ArraySlice<UInt8>? = switch format {
        case .png: pngChunk(named: "eXIf", in: bytes)
        case .webp: webpChunk(named: "EXIF", in: bytes)
        default: nil
        }
        guard let payload, !payload.isEmpty else { return nil }
        let header: [UInt8] = Array("Exif".utf8) + [0, 0]
        // Some writers keep the "Exif\0\0" prefix inside the chunk.
        return payload.starts(with: header) ? Array(payload) : header + payload
    }

    /// The orientation recorded for a PNG or WebP (`.up` without one).
    static func orientation(in bytes: [UInt8], format: ImageFormat) -> Orientation {
        block(in: bytes, format: format).map { ExifInfo(jpeg: $0).orientation } ?? .up
    }

    private static func pngChunk(named name: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let wanted = Array(name.utf8)
        var at = 8
        while at + 8 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = Array(bytes[at + 4..<at + 8])
            let start = at + 8
            guard length >= 0, start + length <= bytes.count else { return nil }
            if type == wanted { return bytes[start..<start + length] }
            // EXIF after the image data does not count (PNG 1.5: eXIf comes before IDAT).
            if type == Array("IDAT".utf8) { return nil }
            at = start + length + 4
        }
        return nil
    }

    private static func webpChunk(named name: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let wanted = Array(name.utf8)
        var at = 12
        while at + 8 <= bytes.count {
            let type = Array(bytes[at..<at + 4])
            let length = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            let start = at + 8
            guard start + length <= bytes.count else { return nil }
            if type == wanted { return bytes[start..<start + length] }
            at = start + length + (length & 1)
        }
        return nil
    }
}
