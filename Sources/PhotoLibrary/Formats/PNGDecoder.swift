// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPNG
import Pixels

/// Decodes PNGs with libpng directly, under limits of its own: a crafted chunk, a length
/// that runs past the end of the file or a header promising more pixels than the file can
/// hold fails at once as "incomplete file" or "too large", where SDL_image let libpng spin
/// or allocate a gigabyte first.
enum PNGDecoder {
    /// The size the header declares, checked against `limits` and against the bytes there
    /// are to hold it.
    private static func declaredSize(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> (width: Int, height: Int) {
        var message = [CChar](repeating: 0, count: 160)
        var width: UInt32 = 0, height: UInt32 = 0
        var hasAlpha: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            flick_png_read($0.baseAddress, $0.count, &width, &height, nil, nil, &hasAlpha, &message, Int32(message.count))
        }
        try check(header, message: message, width: Int(width), height: Int(height))
        try limits.check(width: Int(width), height: Int(height))
        return (Int(width), Int(height))
    }

    /// Decoded, and reduced so neither side exceeds the longest `longestSide` allows for the
    /// declared size (nil: whole). A reduction to half or less is made as the rows are
    /// decoded, so a huge PNG (a 30,000-pixel panorama, a scan) needs memory for its
    /// reduced picture only; otherwise, and for an interlaced image, the whole is decoded
    /// and the caller reduces it.
    ///
    /// The picture keeps the colour space the file declares (`iccProfile`), to be converted
    /// at its final size — except a 16-bit picture in a space not sRGB, converted to
    /// `colours` row by row before its values are cut to 8 bits.
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, colours: ColourTarget = .untouched,
                       longestSide: (_ width: Int, _ height: Int) -> Int? = { _, _ in nil }) throws(DecodeError) -> PixelBuffer {
        let size = try declaredSize(bytes, limits: limits)
        let profile = EmbeddedColour.pngProfile(bytes)
        if let profile, let rows = ColourManagement.deepRows(from: profile, to: colours),
           let deep = try decodeDeep(bytes, size: size, converting: rows, longestSide: longestSide(size.width, size.height)) {
            return deep
        }
        var pixels = try decodeEightBits(bytes, size: size, longestSide: longestSide)
        pixels.iccProfile = profile
        return pixels
    }

    /// A 16-bit, non-interlaced PNG's rows converted by `rows` into 8-bit ones as they are
    /// decoded, reduced to `longestSide`; nil for an 8-bit or interlaced one (nothing done).
    private static func decodeDeep(_ bytes: [UInt8], size: (width: Int, height: Int), converting rows: DeepRows,
                                   longestSide: Int?) throws(DecodeError) -> PixelBuffer? {
        let reduced = PixelBuffer.fittedSize(width: size.width, height: size.height, maximumPixelSize: longestSide ?? max(size.width, size.height))
        return try reduceRows(bytes, size: size, to: reduced, converting: rows)
    }

    private static func decodeEightBits(_ bytes: [UInt8], size: (width: Int, height: Int),
                                        longestSide: (_ width: Int, _ height: Int) -> Int?) throws(DecodeError) -> PixelBuffer {
        guard let maximumPixelSize = longestSide(size.width, size.height), maximumPixelSize > 0,
              max(size.width, size.height) >= 2 * maximumPixelSize else {
            return try decodeWhole(bytes, size: size)
        }
        let reduced = PixelBuffer.fittedSize(width: size.width, height: size.height, maximumPixelSize: maximumPixelSize)
        if let picture = try reduceRows(bytes, size: size, to: reduced, converting: nil) { return picture }
        return try decodeWhole(bytes, size: size)
    }

    /// The rows decoded one at a time into a reduction to `reduced`: memory for the reduced
    /// picture and one row. With `rows`, 16-bit rows converted by it first. Nil where rows
    /// cannot come one at a time (interlaced), or, with `rows`, the picture is not 16-bit.
    private static func reduceRows(_ bytes: [UInt8], size: (width: Int, height: Int), to reduced: (width: Int, height: Int),
                                   converting rows: DeepRows?) throws(DecodeError) -> PixelBuffer? {
        let sink = RowSink(BoxReduction(sourceWidth: size.width, sourceHeight: size.height,
                                        width: reduced.width, height: reduced.height, weighsAlpha: true), converting: rows)
        var message = [CChar](repeating: 0, count: 160)
        var hasAlpha: Int32 = 0, deep: Int32 = 0
        let status = withExtendedLifetime(sink) {
            bytes.withUnsafeBufferPointer { source in
                flick_png_read_rows_deep(source.baseAddress, source.count, UInt32(size.width), UInt32(size.height), { context, row in
                    Unmanaged<RowSink>.fromOpaque(context!).takeUnretainedValue().take(row!)
                }, Unmanaged.passUnretained(sink).toOpaque(), &hasAlpha, rows == nil ? 0 : 1, &deep, &message, Int32(message.count))
            }
        }
        if status == FLICK_PNG_INTERLACED || status == FLICK_PNG_NOT_DEEP { return nil }
        try check(status, message: message, width: size.width, height: size.height)
        guard sink.reduction.isComplete else { throw .incomplete }
        return sink.reduction.picture(isOpaque: sink.reduction.leastAlpha == 255)
    }

    /// Where decoded rows go, reached from C through an opaque pointer: into the reduction,
    /// 16-bit ones converted to 8 bits first.
    private final class RowSink {
        var reduction: BoxReduction
        private let rows: DeepRows?
        private var converted: [UInt8]

        init(_ reduction: BoxReduction, converting rows: DeepRows?) {
            self.reduction = reduction
            self.rows = rows
            converted = rows == nil ? [] : [UInt8](repeating: 0, count: reduction.sourceWidth * 4)
        }

        func take(_ row: UnsafePointer<UInt8>) {
            let width = reduction.sourceWidth
            guard let rows else {
                reduction.add(UnsafeBufferPointer(start: row, count: width * 4))
                return
            }
            converted.withUnsafeMutableBytes { rows.convert(row, to: $0.baseAddress!, pixels: width) }
            converted.withUnsafeBufferPointer { reduction.add($0) }
        }
    }

    /// Decoded whole, at the `size` its header declared.
    private static func decodeWhole(_ bytes: [UInt8], size: (width: Int, height: Int)) throws(DecodeError) -> PixelBuffer {
        var message = [CChar](repeating: 0, count: 160)
        var width = UInt32(size.width), height = UInt32(size.height)
        var hasAlpha: Int32 = 0

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

extension PNGDecoder: FormatDecoder {
    /// Its colour space found and, for a 16-bit picture, converted as it is decoded; a large
    /// one reduced row by row to the longer side asked once its upright shape is known.
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        let orientation = EmbeddedExif.orientation(in: bytes, format: .png)
        return try decode(bytes, limits: request.limits, colours: request.colours) { width, height in
            let upright = orientation.swapsDimensions ? (height, width) : (width, height)
            return request.longestSide(uprightWidth: upright.0, height: upright.1)
        }.applying(orientation)
    }
}
