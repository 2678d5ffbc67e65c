// SPDX-License-Identifier: GPL-3.0-or-later
internal import CImageLoading
import Pixels

/// SDL_image's decoders for the formats no library of their own reads: GIF's first frame,
/// BMP, TGA, ICO, PNM, QOI, and still WebP. Their EXIF orientation and colour profile are
/// read from the file.
enum SDLImageDecoder: FormatDecoder {
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        if let size = ImageHeader.declaredSize(bytes, format: request.format) { try request.limits.check(width: size.width, height: size.height) }
        var pixels = try load(bytes, limits: request.limits).applying(EmbeddedExif.orientation(in: bytes, format: request.format))
        pixels.iccProfile = EmbeddedColour.profile(in: bytes, format: request.format)
        return pixels
    }

    private static func load(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        let loaded = bytes.withUnsafeBytes { raw in flick_image_load(raw.baseAddress, raw.count) }
        guard let loaded else { throw .unreadable(String(cString: flick_image_error())) }
        defer { flick_image_free(loaded) }
        let width = Int(flick_image_width(loaded)), height = Int(flick_image_height(loaded))
        try limits.check(width: width, height: height)
        let mayHaveAlpha = flick_image_may_have_alpha(loaded) != 0
        var opaque = true
        // Every byte is written by the copy, or the result is not used.
        let pixels = [UInt8](capacity: width * height * 4) { target in
            guard flick_image_copy_bgra(loaded, target.baseAddress) == 0 else { return 0 }
            // Alpha is checked only if the source had any; otherwise its byte may be anything.
            if mayHaveAlpha {
                for i in stride(from: 3, to: target.count, by: 4) where target[i] != 255 { opaque = false; break }
            } else {
                for i in stride(from: 3, to: target.count, by: 4) { target[i] = 255 }
            }
            return target.count
        }
        guard !pixels.isEmpty else { throw .unreadable(String(cString: flick_image_error())) }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: pixels, isOpaque: opaque)
    }
}
