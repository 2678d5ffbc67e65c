internal import CTIFF
import Pixels

/// TIFF through libtiff: the first page, striped or tiled, 8- or 16-bit, RGB, grey,
/// palette, YCbCr or CMYK, turned upright by its own Orientation tag. libtiff's RGBA reader
/// does the conversions (16 bits keep their high byte; CMYK by the plain formula until
/// colour management has the profile); pixels are reduced afterwards like any other.
enum TIFFDecoder {
    /// No one allocation inside libtiff larger than this: a strip or tile declared huge is
    /// refused, not attempted (the picture itself is checked against the limits first).
    static let largestAllocation: Int64 = 256 << 20

    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        try bytes.withUnsafeBufferPointer { input throws(DecodeError) -> PixelBuffer in
            var source = flick_tiff_source()
            source.bytes = input.baseAddress
            source.count = UInt64(input.count)
            return try withUnsafeMutablePointer(to: &source) { source throws(DecodeError) -> PixelBuffer in
                guard let tiff = flick_tiff_open(source, largestAllocation) else {
                    throw isCutBeforeFirstPage(bytes) ? .incomplete : .unreadable(message(source, or: "not a TIFF libtiff reads"))
                }
                defer { TIFFClose(tiff) }
                return try decodeFirstPage(tiff, source: source, fileSize: UInt64(input.count), limits: limits)
            }
        }
    }

    private static func decodeFirstPage(_ tiff: OpaquePointer, source: UnsafeMutablePointer<flick_tiff_source>,
                                        fileSize: UInt64, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        var reason = [CChar](repeating: 0, count: 1024)
        guard TIFFRGBAImageOK(tiff, &reason) == 1 else { throw .unreadable(String(cString: reason)) }
        var image = TIFFRGBAImage()
        guard TIFFRGBAImageBegin(&image, tiff, 0, &reason) == 1 else { throw .unreadable(String(cString: reason)) }
        defer { TIFFRGBAImageEnd(&image) }
        let width = Int(image.width), height = Int(image.height)
        let orientation = Orientation(rawValue: Int(image.orientation)) ?? .up
        let shown = orientation.swapsDimensions ? (height, width) : (width, height)
        try limits.check(width: shown.0, height: shown.1)
        // A page whose data lies past the end is a copy cut short: said before the picture's
        // memory is taken (a file declaring a million tiles it lacks costs nothing).
        if runsPastEnd(tiff, fileSize: fileSize) { throw .incomplete }
        // Asked for in the file's own orientation, libtiff leaves rows as stored: the turn
        // is applied once, below, for all eight values (libtiff's own cannot transpose).
        image.req_orientation = image.orientation
        var raster = [UInt32](repeating: 0, count: width * height)
        let read = raster.withUnsafeMutableBufferPointer { TIFFRGBAImageGet(&image, $0.baseAddress, UInt32(width), UInt32(height)) }
        guard read == 1 else { throw .unreadable(message(source, or: "its pixels cannot be read")) }
        let hasAlpha = image.alpha != 0
        var pixels = PixelBuffer(premultipliedABGR: raster, width: width, height: height, hasAlpha: hasAlpha)
        var length: UInt32 = 0
        if let icc = flick_tiff_icc_profile(tiff, &length), length > 0, length <= EmbeddedColour.maximumProfileBytes {
            pixels.iccProfile = Array(UnsafeRawBufferPointer(start: icc, count: Int(length)))
        }
        return pixels.applying(orientation)
    }

    /// True when the file ends before the first page's directory does (its entries, or the
    /// values they keep elsewhere): a copy cut short, where libtiff says only that it cannot
    /// read the directory.
    static func isCutBeforeFirstPage(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 else { return true }
        let little = bytes[0] == 0x49
        func number(at offset: UInt64, size: Int) -> UInt64? {
            guard offset <= UInt64(bytes.count - size) else { return nil }
            let slice = bytes[Int(offset)..<Int(offset) + size]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | UInt64($1) }
        }
        // Classic TIFF (42): 2-byte count, 12-byte entries, 4-byte values; BigTIFF (43):
        // 8-byte count, 20-byte entries, 8-byte values.
        let big = number(at: 2, size: 2) == 43
        let (countSize, entrySize, valueSize) = big ? (8, 20, 8) : (2, 12, 4)
        guard let first = number(at: big ? 8 : 4, size: big ? 8 : 4),
              let entries = number(at: first, size: countSize), entries < 1 << 16 else { return true }
        let end = first + UInt64(countSize) + entries * UInt64(entrySize) + UInt64(valueSize)
        guard end <= UInt64(bytes.count) else { return true }
        let typeSizes: [UInt64: UInt64] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8, 17: 8, 18: 8]
        for entry in 0..<entries {
            let at = first + UInt64(countSize) + entry * UInt64(entrySize)
            // An entry: tag, type, count, then the value or where it is kept.
            guard let type = number(at: at + 2, size: 2), let count = number(at: at + 4, size: valueSize),
                  let size = typeSizes[type], count < 1 << 40, size * count > UInt64(valueSize),
                  let offset = number(at: at + 4 + UInt64(valueSize), size: valueSize) else { continue }
            if offset > UInt64(bytes.count) || size * count > UInt64(bytes.count) - offset { return true }
        }
        return false
    }

    /// True when a strip or tile of the first page lies beyond the file's end.
    private static func runsPastEnd(_ tiff: OpaquePointer, fileSize: UInt64) -> Bool {
        let pieces = TIFFIsTiled(tiff) != 0 ? TIFFNumberOfTiles(tiff) : TIFFNumberOfStrips(tiff)
        for piece in 0..<pieces {
            let offset = TIFFGetStrileOffset(tiff, piece), count = TIFFGetStrileByteCount(tiff, piece)
            if offset > fileSize || count > fileSize - offset { return true }
        }
        return false
    }

    private static func message(_ source: UnsafeMutablePointer<flick_tiff_source>, or fallback: String) -> String {
        let error = withUnsafeBytes(of: &source.pointee.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return error.isEmpty ? fallback : error
    }
}

extension PixelBuffer {
    /// libtiff's RGBA raster (one packed `UInt32` a pixel, red in the low byte, colour
    /// multiplied by alpha) as straight-alpha BGRA.
    init(premultipliedABGR raster: [UInt32], width: Int, height: Int, hasAlpha: Bool) {
        var opaque = true
        let bytes = [UInt8](capacity: raster.count * 4) { target in
            for (i, pixel) in raster.enumerated() {
                let r = UInt32(pixel & 0xFF), g = (pixel >> 8) & 0xFF, b = (pixel >> 16) & 0xFF
                let a = hasAlpha ? pixel >> 24 : 255
                let t = target.baseAddress! + i * 4
                if a == 255 {
                    t[0] = UInt8(b); t[1] = UInt8(g); t[2] = UInt8(r)
                } else {
                    opaque = false
                    // Undo the multiplication, rounded; a clear pixel keeps no colour.
                    func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
                    t[0] = straight(b); t[1] = straight(g); t[2] = straight(r)
                }
                t[3] = UInt8(a)
            }
            return target.count
        }
        self.init(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: opaque)
    }
}
