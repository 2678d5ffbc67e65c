internal import CPNG

/// Decodes PNGs with libpng directly, under limits of its own: a crafted chunk, a length
/// that runs past the end of the file or a header promising more pixels than the file can
/// hold fails at once as "incomplete file" or "too large", where SDL_image let libpng spin
/// or allocate a gigabyte first.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        var message = [CChar](repeating: 0, count: 160)
        var width: UInt32 = 0, height: UInt32 = 0
        var hasAlpha: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            flick_png_read($0.baseAddress, $0.count, &width, &height, nil, nil, &hasAlpha, &message, Int32(message.count))
        }
        try check(header, message: message, width: Int(width), height: Int(height))
        try limits.check(width: Int(width), height: Int(height))

        let byteCount = Int(width) * Int(height) * 4
        var status: Int32 = 0
        var rows = [UnsafeMutablePointer<UInt8>?](repeating: nil, count: Int(height))
        // Left uninitialised: libpng writes every byte, so no page is touched twice.
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            status = bytes.withUnsafeBufferPointer { source in
                flick_png_read(source.baseAddress, source.count, &width, &height, buffer.baseAddress, &rows, &hasAlpha, &message, Int32(message.count))
            }
            count = byteCount
        }
        try check(status, message: message, width: Int(width), height: Int(height))
        var opaque = true
        if hasAlpha != 0 {
            for index in stride(from: 3, to: pixels.count, by: 4) where pixels[index] != 255 { opaque = false; break }
        }
        return PixelBuffer(width: Int(width), height: Int(height), bytesPerRow: Int(width) * 4, bytes: pixels, isOpaque: opaque)
    }

    private static func check(_ status: Int32, message: [CChar], width: Int, height: Int) throws(DecodeError) {
        switch Int(status) {
        case Int(FLICK_PNG_OK): return
        case Int(FLICK_PNG_NOT_PNG): throw .unreadable("not a PNG")
        case Int(FLICK_PNG_INCOMPLETE): throw .incomplete
        case Int(FLICK_PNG_TOO_LARGE): throw .tooLarge(width: width, height: height)
        default:
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .unreadable(reason.isEmpty ? "broken PNG" : "broken PNG (\(reason))")
        }
    }
}
