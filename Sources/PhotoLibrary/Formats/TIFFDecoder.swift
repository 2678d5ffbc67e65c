// SPDX-License-Identifier: GPL-3.0-or-later
internal import CTIFF
import Pixels

/// TIFF through libtiff: the first page, striped or tiled, 8- or 16-bit, RGB, grey,
/// palette, YCbCr or CMYK, turned upright by its own Orientation tag. libtiff's RGBA reader
/// does the conversions (16 bits keep their high byte; CMYK by the plain formula) — except
/// for a page with a colour profile that is 16-bit RGB (a raw converter's ProPhoto export)
/// or 8-bit CMYK (prepress): its stored samples go through the profile straight to the
/// colours shown, before anything is cut to 8 bits. Pixels are reduced afterwards.
enum TIFFDecoder {
    /// No one allocation inside libtiff larger than this: a strip or tile declared huge is
    /// refused, not attempted (the picture itself is checked against the limits first).
    static let largestAllocation: Int64 = 256 << 20

    static func decode(_ bytes: [UInt8], limits: DecodeLimits, colours: ColourTarget = .untouched) throws(DecodeError) -> PixelBuffer {
        try bytes.withUnsafeBufferPointer { input throws(DecodeError) -> PixelBuffer in
            var source = flick_tiff_source()
            source.bytes = input.baseAddress
            source.count = UInt64(input.count)
            return try withUnsafeMutablePointer(to: &source) { source throws(DecodeError) -> PixelBuffer in
                guard let tiff = flick_tiff_open(source, largestAllocation) else {
                    throw isCutBeforeFirstPage(bytes) ? .incomplete : .unreadable(message(source, or: "not a TIFF libtiff reads"))
                }
                defer { TIFFClose(tiff) }
                return try decodeFirstPage(tiff, source: source, fileSize: UInt64(input.count), limits: limits, colours: colours)
            }
        }
    }

    private static func decodeFirstPage(_ tiff: OpaquePointer, source: UnsafeMutablePointer<flick_tiff_source>,
                                        fileSize: UInt64, limits: DecodeLimits, colours: ColourTarget) throws(DecodeError) -> PixelBuffer {
        if let floats = try floatingPointPage(tiff, fileSize: fileSize, limits: limits) { return floats }
        var reason = [CChar](repeating: 0, count: 1024)
        guard TIFFRGBAImageOK(tiff, &reason) == 1 else { throw .unreadable(String(filledBuffer: reason)) }
        var image = TIFFRGBAImage()
        guard TIFFRGBAImageBegin(&image, tiff, 0, &reason) == 1 else { throw .unreadable(String(filledBuffer: reason)) }
        defer { TIFFRGBAImageEnd(&image) }
        let width = Int(image.width), height = Int(image.height)
        let orientation = Orientation(rawValue: Int(image.orientation)) ?? .up
        let shown = orientation.swapsDimensions ? (height, width) : (width, height)
        try limits.check(width: shown.0, height: shown.1)
        // A page whose data lies past the end is a copy cut short: said before the picture's
        // memory is taken (a file declaring a million tiles it lacks costs nothing).
        if runsPastEnd(tiff, fileSize: fileSize) { throw .incomplete }
        var length: UInt32 = 0
        let profile = flick_tiff_icc_profile(tiff, &length).flatMap { icc in
            length > 0 && length <= EmbeddedColour.maximumProfileBytes ? Array(UnsafeRawBufferPointer(start: icc, count: Int(length))) : nil
        }
        if let profile, let converted = try storedSamples(of: tiff, width: width, height: height, profile: profile, colours: colours) {
            return converted.applying(orientation)
        }
        // Asked for in the file's own orientation, libtiff leaves rows as stored: the turn
        // is applied once, below, for all eight values (libtiff's own cannot transpose).
        image.req_orientation = image.orientation
        var raster = [UInt32](repeating: 0, count: width * height)
        let read = raster.withUnsafeMutableBufferPointer { TIFFRGBAImageGet(&image, $0.baseAddress, UInt32(width), UInt32(height)) }
        guard read == 1 else { throw .unreadable(message(source, or: "its pixels cannot be read")) }
        let hasAlpha = image.alpha != 0
        var pixels = PixelBuffer(premultipliedABGR: raster, width: width, height: height, hasAlpha: hasAlpha)
        pixels.iccProfile = profile
        return pixels.applying(orientation)
    }

    /// A page of 32-bit floating-point samples (an HDR or a scientific export), which
    /// libtiff's RGBA reader refuses: grey or RGB, alpha after them if any, in one plane.
    /// Shown as ImageMagick and GIMP show one: 0 black, 1 white, the values between as
    /// 8-bit values would be, those outside clipped (and NaN black). Nil for any other page.
    private static func floatingPointPage(_ tiff: OpaquePointer, fileSize: UInt64, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer? {
        let layout = flick_tiff_get_layout(tiff)
        guard Int32(layout.sample_format) == SAMPLEFORMAT_IEEEFP, layout.bits_per_sample == 32,
              Int32(layout.planar) == PLANARCONFIG_CONTIG else { return nil }
        let channels = Int(layout.samples_per_pixel)
        let colour: Bool
        switch Int32(layout.photometric) {
        case PHOTOMETRIC_MINISBLACK where channels == 1 || channels == 2: colour = false
        case PHOTOMETRIC_RGB where channels == 3 || channels == 4: colour = true
        default: throw .unreadable("floating-point samples of a kind Flick does not show")
        }
        let hasAlpha = channels == (colour ? 4 : 2)
        let width = Int(layout.width), height = Int(layout.height)
        let orientation = Orientation(rawValue: Int(layout.orientation)) ?? .up
        try limits.check(width: orientation.swapsDimensions ? height : width, height: orientation.swapsDimensions ? width : height)
        if runsPastEnd(tiff, fileSize: fileSize) { throw .incomplete }
        let pixelBytes = 4 * channels
        var stored = [Float](repeating: 0, count: width * height * channels)
        let complete = stored.withUnsafeMutableBytes { buffer in
            TIFFIsTiled(tiff) != 0
                ? readTiles(tiff, into: buffer, width: width, height: height, pixelBytes: pixelBytes, layout: layout)
                : readStrips(tiff, into: buffer, rowBytes: width * pixelBytes, height: height, rowsPerStrip: Int(layout.rows_per_strip))
        }
        guard complete else { throw .unreadable("its pixels cannot be read") }
        func byte(_ value: Float) -> UInt8 { value.isNaN ? 0 : UInt8((min(max(value, 0), 1) * 255).rounded()) }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        var opaque = true
        for pixel in 0..<(width * height) {
            let sample = pixel * channels, out = pixel * 4
            let red = byte(stored[sample]), green = colour ? byte(stored[sample + 1]) : red, blue = colour ? byte(stored[sample + 2]) : red
            // Memory order blue, green, red, alpha, as every decoder here gives.
            bytes[out] = blue
            bytes[out + 1] = green
            bytes[out + 2] = red
            if hasAlpha {
                let alpha = byte(stored[sample + channels - 1])
                bytes[out + 3] = alpha
                if alpha != 255 { opaque = false }
            }
        }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: opaque).applying(orientation)
    }

    /// The page's stored samples converted through `profile` to `colours`, where they are
    /// 16-bit RGB (alpha unassociated, if any) or 8-bit CMYK, in one plane; nil otherwise
    /// (then libtiff's RGBA reader serves, and the 8-bit picture is converted after).
    private static func storedSamples(of tiff: OpaquePointer, width: Int, height: Int, profile: [UInt8],
                                      colours: ColourTarget) throws(DecodeError) -> PixelBuffer? {
        guard case .profile = colours else { return nil }
        let layout = flick_tiff_get_layout(tiff)
        guard Int32(layout.planar) == PLANARCONFIG_CONTIG, Int32(layout.sample_format) == SAMPLEFORMAT_UINT else { return nil }
        let samples: ColourManagement.Samples
        switch (Int32(layout.photometric), layout.bits_per_sample, layout.samples_per_pixel) {
        case (PHOTOMETRIC_RGB, 16, 3) where layout.extra_samples == 0: samples = .rgb16
        case (PHOTOMETRIC_RGB, 16, 4) where layout.extra_samples == 1: samples = .rgba16
        case (PHOTOMETRIC_SEPARATED, 8, 4) where Int32(layout.ink_set) == INKSET_CMYK: samples = .cmyk8
        default: return nil
        }
        // Premultiplied alpha is left to the RGBA reader, which undoes it.
        if samples == .rgba16 && flick_tiff_alpha_is_associated(tiff) != 0 { return nil }
        let pixelBytes = Int(layout.bits_per_sample) / 8 * Int(layout.samples_per_pixel)
        let rowBytes = width * pixelBytes
        var stored = [UInt8](repeating: 0, count: rowBytes * height)
        let complete = stored.withUnsafeMutableBytes { buffer in
            TIFFIsTiled(tiff) != 0
                ? readTiles(tiff, into: buffer, width: width, height: height, pixelBytes: pixelBytes, layout: layout)
                : readStrips(tiff, into: buffer, rowBytes: rowBytes, height: height, rowsPerStrip: Int(layout.rows_per_strip))
        }
        guard complete else { return nil }
        var converted = [UInt8](repeating: 0, count: width * height * 4)
        let done = stored.withUnsafeBytes { source in
            converted.withUnsafeMutableBytes { target in
                ColourManagement.convert(source.baseAddress!, samples, pixelCount: width * height, from: profile, to: colours,
                                         into: target.baseAddress!)
            }
        }
        guard done else { return nil }
        var opaque = true
        if samples == .rgba16 { for i in stride(from: 3, to: converted.count, by: 4) where converted[i] != 255 { opaque = false; break } }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: converted, isOpaque: opaque)
    }

    /// Every strip's samples in place, in native byte order (libtiff swaps them); false if
    /// one cannot be read.
    private static func readStrips(_ tiff: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer, rowBytes: Int, height: Int,
                                   rowsPerStrip: Int) -> Bool {
        let rowsPerStrip = max(1, min(rowsPerStrip, height))
        for strip in 0..<Int(TIFFNumberOfStrips(tiff)) {
            let start = strip * rowsPerStrip * rowBytes
            guard start < buffer.count else { break }
            let size = min(rowsPerStrip * rowBytes, buffer.count - start)
            if TIFFReadEncodedStrip(tiff, UInt32(strip), buffer.baseAddress! + start, tmsize_t(size)) < 0 { return false }
        }
        return true
    }

    /// Every tile's samples copied into place, clipped to the page; false if one cannot be read.
    private static func readTiles(_ tiff: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int,
                                  pixelBytes: Int, layout: flick_tiff_layout) -> Bool {
        let tileWidth = Int(layout.tile_width), tileLength = Int(layout.tile_length)
        guard tileWidth > 0, tileLength > 0, TIFFTileSize(tiff) == tileWidth * tileLength * pixelBytes else { return false }
        var tile = [UInt8](repeating: 0, count: tileWidth * tileLength * pixelBytes)
        for y in stride(from: 0, to: height, by: tileLength) {
            for x in stride(from: 0, to: width, by: tileWidth) {
                let read = tile.withUnsafeMutableBytes { TIFFReadTile(tiff, $0.baseAddress, UInt32(x), UInt32(y), 0, 0) }
                guard read >= 0 else { return false }
                let columns = min(tileWidth, width - x) * pixelBytes
                for row in 0..<min(tileLength, height - y) {
                    let target = ((y + row) * width + x) * pixelBytes
                    tile.withUnsafeBytes { (buffer.baseAddress! + target).copyMemory(from: $0.baseAddress! + row * tileWidth * pixelBytes, byteCount: columns) }
                }
            }
        }
        return true
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

extension TIFFDecoder: FormatDecoder {
    /// 16-bit and CMYK samples converted from what is stored, before the cut to 8 bits.
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        try decode(bytes, limits: request.limits, colours: request.colours)
    }
}
