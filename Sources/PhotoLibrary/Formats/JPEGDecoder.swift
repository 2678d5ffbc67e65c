// SPDX-License-Identifier: GPL-3.0-or-later
internal import CTurboJPEG
internal import CJPEG
import Foundation
import Pixels
import SystemPackage

/// Decodes JPEGs with libjpeg-turbo straight into 4-byte pixels, at the smallest DCT scale
/// (1/8 … 1) that still covers the requested size: a 12 MP photo for a 256-pixel thumbnail
/// is decoded at 1/8 and never allocated at full size.
enum JPEGDecoder {
    /// The stored size from the frame header (no pixels decoded); nil if cut short.
    static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        let ok = status == 0 || tjGetErrorCode(handle) != Int32(TJERR_FATAL.rawValue)
        return ok && width > 0 && height > 0 ? (Int(width), Int(height)) : nil
    }

    /// How libjpeg warns that the data ended before the picture (its JWRN_JPEG_EOF).
    static let endedEarlyWarning = "Premature end of JPEG file"

    /// Zeros at least this long at the end of a JPEG without its end marker are space a
    /// program reserved and has not yet written (a copy or download in progress).
    static let unwrittenTailBytes = 64

    /// The bytes up to a tail of unwritten zeros: decoded, zeros make bands of false colour
    /// where the file simply has not arrived; cut off, libjpeg fills mid-grey.
    static func withoutUnwrittenTail(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        guard let last = bytes.lastIndex(where: { $0 != 0 }), bytes.count - 1 - last >= unwrittenTailBytes,
              !(last >= 1 && bytes[last - 1] == 0xFF && bytes[last] == 0xD9) else { return bytes[...] }
        return bytes[...last]
    }

    /// The frame header's size and colour space, checked against `limits`.
    private static func header(_ handle: tjhandle, _ bytes: ArraySlice<UInt8>,
                               limits: DecodeLimits) throws(DecodeError) -> (width: Int, height: Int, colorspace: Int32) {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        // A warning (stray bytes before a marker, say) is no reason to refuse a photo that
        // libjpeg reads: every viewer shows it. Only an error is.
        let headerOK = headerStatus == 0 || tjGetErrorCode(handle) != Int32(TJERR_FATAL.rawValue)
        guard headerOK, width > 0, height > 0 else {
            // Cut before its picture begins (a copy still arriving): say so, not "cannot open".
            throw isCutInHeader(Array(bytes)) ? .incomplete : .unreadable(String(cString: tjGetErrorStr2(handle)))
        }
        try limits.check(width: Int(width), height: Int(height))
        return (Int(width), Int(height), colorspace)
    }

    /// The brightness alone (the JPEG's own luma, one byte a pixel, as stored: no
    /// orientation applied), at the smallest DCT scale that covers `maximumPixelSize`:
    /// libjpeg leaves the colour's inverse DCT, upsampling and conversion out. Nil for CMYK
    /// and YCCK JPEGs, which have no luma to give.
    static func decodeBrightness(_ whole: [UInt8], maximumPixelSize: Int?,
                                 limits: DecodeLimits) throws(DecodeError) -> (width: Int, height: Int, values: [UInt8])? {
        let bytes = withoutUnwrittenTail(whole)
        guard let handle = tjInitDecompress() else { throw .unreadable("JPEG decoder unavailable") }
        defer { tjDestroy(handle) }
        let (width, height, colorspace) = try header(handle, bytes, limits: limits)
        guard colorspace != Int32(TJCS_CMYK.rawValue), colorspace != Int32(TJCS_YCCK.rawValue) else { return nil }
        let target = JPEGScale.covering(width: width, height: height, limit: maximumPixelSize)
        let values = [UInt8](capacity: target.width * target.height) { values in
            let status = bytes.withUnsafeBufferPointer { source in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), values.baseAddress, Int32(target.width),
                              Int32(target.width), Int32(target.height), TJPF_GRAY.rawValue, TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE)
            }
            // As for the picture: what a truncated file gave is used; an error drops it.
            return status != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) ? 0 : values.count
        }
        if values.isEmpty { throw .unreadable(String(cString: tjGetErrorStr2(handle))) }
        return (target.width, target.height, values)
    }

    static func decode(_ whole: [UInt8], maximumPixelSize: Int?, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        let bytes = withoutUnwrittenTail(whole)
        guard let handle = tjInitDecompress() else { throw .unreadable("JPEG decoder unavailable") }
        defer { tjDestroy(handle) }
        let (width, height, colorspace) = try header(handle, bytes, limits: limits)

        let target = JPEGScale.covering(width: width, height: height, limit: maximumPixelSize)
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_BGRA
        // Truncated or slightly corrupt files still give what could be decoded (a warning,
        // not an error), as every viewer shows them: libjpeg writes every row then, so the
        // pixels need no zeroing first. An error drops them.
        var warning: String?
        var pixels = [UInt8](capacity: target.width * target.height * 4) { pixels in
            let status = bytes.withUnsafeBufferPointer { source in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), pixels.baseAddress, Int32(target.width),
                              Int32(target.width * 4), Int32(target.height), format.rawValue, TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE)
            }
            if status != 0 { warning = String(cString: tjGetErrorStr2(handle)) }
            return status != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) ? 0 : pixels.count
        }
        if pixels.isEmpty { throw .unreadable(String(cString: tjGetErrorStr2(handle))) }
        if isCMYK {
            // Through the photo's own profile where it has one (as prepress writes them).
            let profile = EmbeddedColour.jpegProfile(Array(bytes))
            if !(profile.map { ColourManagement.convertCMYK(&pixels, pixelCount: target.width * target.height, profile: $0) } ?? false) {
                convertInvertedCMYKToBGRA(&pixels)
            }
        }
        var picture = PixelBuffer(width: target.width, height: target.height, bytesPerRow: target.width * 4, bytes: pixels, isOpaque: true)
        // Ended before its picture: libjpeg's own warning for it (JWRN_JPEG_EOF), or a tail
        // still unwritten. Stray bytes, the other common warning, leave the picture whole.
        picture.isIncomplete = bytes.count < whole.count || warning?.hasPrefix(Self.endedEarlyWarning) == true
        return picture
    }

    /// The rectangle `rect` of the pixels as stored, at full scale, decoded alone: the rows
    /// above it are skipped without their inverse DCT, the columns beside it left out, the
    /// rows below it never read. A 24 MP photo's screenful at 100 % costs a fraction of the
    /// whole picture. Nil for CMYK and YCCK JPEGs, which are decoded whole. The caller has
    /// checked the photo's declared size against its limits.
    static func decodeRegion(_ whole: [UInt8], _ rect: PixelRect) throws(DecodeError) -> PixelBuffer? {
        let bytes = withoutUnwrittenTail(whole)
        let outside = DecodeError.unreadable("the part asked for (\(rect)) is not inside the photo")
        guard rect.x >= 0, rect.y >= 0, !rect.isEmpty else { throw outside }
        var errors = flick_jpeg_errors()
        var status: Int32 = 0
        let pixels = [UInt8](capacity: rect.width * rect.height * 4) { pixels in
            status = bytes.withUnsafeBufferPointer { source in
                flick_jpeg_decode_region(source.baseAddress, UInt(source.count), UInt32(rect.x), UInt32(rect.y),
                                         UInt32(rect.width), UInt32(rect.height), pixels.baseAddress, rect.width * 4, &errors)
            }
            return Int(status) == FLICK_JPEG_DECODED ? pixels.count : 0
        }
        switch Int(status) {
        case FLICK_JPEG_DECODED:
            var picture = PixelBuffer(width: rect.width, height: rect.height, bytesPerRow: rect.width * 4, bytes: pixels, isOpaque: true)
            picture.isIncomplete = bytes.count < whole.count || errors.ended_early != 0
            return picture
        case FLICK_JPEG_UNSUPPORTED_COLOURS:
            return nil
        case FLICK_JPEG_OUTSIDE:
            throw outside
        default:
            throw failure(errors, bytes)
        }
    }

    /// The brightness at the smallest DCT scale covering `brightnessSize`, with the picture
    /// at the smallest covering `thumbnailSize` beside it, from one decode
    /// (`flick_jpeg_decode_brightness_and_thumbnail`): a thumbnail and a likeness for little
    /// more than the thumbnail. The picture is as `decode` gives it at that scale, give or
    /// take a level. Nil where that does not apply: the brightness itself at 1/8, the picture
    /// at neither 1/8 nor the brightness's scale, a JPEG neither YCbCr nor grey.
    static func decodeBrightnessAndThumbnail(_ whole: [UInt8], brightnessSize: Int, thumbnailSize: Int,
                                             limits: DecodeLimits) throws(DecodeError)
        -> (brightness: (width: Int, height: Int, values: [UInt8]), thumbnail: PixelBuffer)? {
        let bytes = withoutUnwrittenTail(whole)
        guard let handle = tjInitDecompress() else { throw .unreadable("JPEG decoder unavailable") }
        defer { tjDestroy(handle) }
        let (width, height, _) = try header(handle, bytes, limits: limits)
        let eighths = JPEGScale.eighths(width: width, height: height, limit: brightnessSize)
        let thumbnailEighths = JPEGScale.eighths(width: width, height: height, limit: thumbnailSize)
        guard eighths >= 2, thumbnailEighths == 1 || thumbnailEighths == eighths else { return nil }
        var errors = flick_jpeg_errors()
        var decoded = flick_jpeg_brightness_and_thumbnail()
        defer { flick_jpeg_free_brightness_and_thumbnail(&decoded) }
        let status = bytes.withUnsafeBufferPointer { source in
            flick_jpeg_decode_brightness_and_thumbnail(source.baseAddress, UInt(source.count), Int32(eighths),
                                                       thumbnailEighths == eighths ? 1 : 0, &decoded, &errors)
        }
        switch Int(status) {
        case FLICK_JPEG_DECODED:
            break
        case FLICK_JPEG_UNSUPPORTED_COLOURS:
            return nil
        default:
            throw failure(errors, bytes)
        }
        let (lumaWidth, lumaHeight) = (Int(decoded.brightness_width), Int(decoded.brightness_height))
        let values = Array(UnsafeBufferPointer(start: decoded.brightness, count: lumaWidth * lumaHeight))
        let (thumbnailWidth, thumbnailHeight) = (Int(decoded.thumbnail_width), Int(decoded.thumbnail_height))
        var thumbnail = PixelBuffer(width: thumbnailWidth, height: thumbnailHeight, bytesPerRow: thumbnailWidth * 4,
                                    bytes: Array(UnsafeBufferPointer(start: decoded.thumbnail, count: thumbnailWidth * thumbnailHeight * 4)),
                                    isOpaque: true)
        thumbnail.isIncomplete = bytes.count < whole.count || errors.ended_early != 0
        return ((lumaWidth, lumaHeight, values), thumbnail)
    }

    /// Why libjpeg's own API stopped: a file cut in its header, or what libjpeg said.
    private static func failure(_ errors: flick_jpeg_errors, _ bytes: ArraySlice<UInt8>) -> DecodeError {
        if isCutInHeader(Array(bytes)) { return .incomplete }
        let message = withUnsafeBytes(of: errors.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return .unreadable(message.isEmpty ? "libjpeg could not decode it" : message)
    }

    /// True if a JPEG's marker segments run out before its scan begins: a file cut inside
    /// its header. A segment is a marker (0xFF, a code) and, except for the standalone
    /// markers, a 16-bit length that counts itself.
    static func isCutInHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
        var at = 2
        while true {
            guard at + 1 < bytes.count else { return true }
            guard bytes[at] == 0xFF else { return false }
            var marker = bytes[at + 1]
            while marker == 0xFF {
                at += 1
                guard at + 1 < bytes.count else { return true }
                marker = bytes[at + 1]
            }
            // The scan (or the image's end) begins: the header was whole.
            if marker == 0xDA || marker == 0xD9 { return false }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                at += 2
                continue
            }
            guard at + 3 < bytes.count else { return true }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2 else { return false }
            if at + 2 + length > bytes.count { return true }
            at += 2 + length
        }
    }

    /// CMYK JPEGs (Adobe's, which nearly all are) store inverted inks: 255 means no ink.
    /// So red = C·K/255 and likewise for green (M) and blue (Y), a naive but standard
    /// conversion without a colour profile.
    static func convertInvertedCMYKToBGRA(_ pixels: inout [UInt8]) {
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let c = UInt16(pixels[i]), m = UInt16(pixels[i + 1]), y = UInt16(pixels[i + 2]), k = UInt16(pixels[i + 3])
            pixels[i] = UInt8(y * k / 255)
            pixels[i + 1] = UInt8(m * k / 255)
            pixels[i + 2] = UInt8(c * k / 255)
            pixels[i + 3] = 255
        }
    }
}

/// Bounds on what Flick will decode, so a hostile or absurd file cannot exhaust memory.
public struct DecodeLimits: Sendable {
    /// Largest image (in source pixels) Flick opens: 16384² covers any camera and panorama.
    /// A file declaring more (64250×64250 in 5 KB) is refused as too large.
    public var maximumSourcePixels = 16_384 * 16_384
    /// Largest file read into memory.
    public var maximumFileBytes = 1 << 30

    public init() {}

    func check(width: Int, height: Int) throws(DecodeError) {
        guard width > 0, height > 0, width <= 65_535, height <= 65_535, width * height <= maximumSourcePixels else {
            throw .tooLarge(width: width, height: height)
        }
    }
}

/// The size a JPEG decodes to at the smallest libjpeg-turbo DCT scale whose result still
/// covers `limit` on the longer side (nil: full size).
public enum JPEGScale {
    /// The smallest scale of eighths (libjpeg's `scale_num` over 8, 1…8) at which the
    /// longer side is at least `limit`: 8 when none is smaller.
    public static func eighths(width: Int, height: Int, limit: Int) -> Int {
        (1...8).first { max((width * $0 + 7) / 8, (height * $0 + 7) / 8) >= limit } ?? 8
    }

    public static func covering(width: Int, height: Int, limit: Int?) -> (width: Int, height: Int) {
        guard let limit, max(width, height) > limit else { return (width, height) }
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
        var best = (width, height)
        for i in 0..<Int(count) {
            let factor = factors[i]
            guard factor.num <= factor.denom else { continue }
            let w = Int(flick_tj_scaled(Int32(width), factor)), h = Int(flick_tj_scaled(Int32(height), factor))
            if max(w, h) >= limit && w * h < best.0 * best.1 { best = (w, h) }
        }
        return best
    }
}

extension JPEGDecoder: FormatDecoder {
    /// Reduced at the DCT scale that covers what is asked, then turned upright (orientation
    /// costs little on the smaller picture; the longer side is the same either way).
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        let exif = ExifInfo(jpeg: bytes)
        let orientation = exif.orientation
        // A box limits the longer side once the photo's shape is known: from the header,
        // before any pixel is decoded, so the DCT scale is chosen for it.
        var size = request.maximumPixelSize
        if request.box != nil, let stored = declaredSize(bytes) {
            let upright = orientation.swapsDimensions ? (stored.height, stored.width) : (stored.width, stored.height)
            size = request.longestSide(uprightWidth: upright.0, height: upright.1)
        }
        var pixels = try decode(bytes, maximumPixelSize: size, limits: request.limits).applying(orientation)
        pixels.iccProfile = EmbeddedColour.profile(in: bytes, format: .jpeg, exif: exif)
        return pixels
    }

    /// What its EXIF says, as for any photo, and where a Motion Photo keeps its video.
    static func facts(of path: FilePath, _ file: FileBytes) throws(DecodeError) -> EmbeddedFacts? {
        guard let head = file.read(0..<min(file.count, 2 * ImageDecoder.exifSearchLength)) else { return nil }
        var facts = EmbeddedFacts(bytes: head, format: .jpeg, exif: nil)
        facts.motionVideo = MotionPhoto.video(in: file, head: head)
        return facts
    }

    /// The camera's small copy in the EXIF block, upright, with any letterbox bars cut off
    /// (a camera shooting 3:2 often stores a 4:3 thumbnail with black bands).
    static func embeddedPreview(of path: FilePath, head bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer? {
        let exif = ExifInfo(jpeg: bytes)
        guard let thumbnail = exif.embeddedThumbnail,
              ImageFormat.sniff(Array(thumbnail.prefix(ImageFormat.sniffLength)), fileExtension: "") == .jpeg else {
            throw .unreadable("no embedded preview")
        }
        var pixels = try decode(thumbnail, maximumPixelSize: nil, limits: limits)
        // Bars are cut only within one orientation: letterboxing never turns a picture.
        if let photo = exif.pixelDimensions, (photo.width >= photo.height) == (pixels.width >= pixels.height) {
            pixels = pixels.cropped(toAspect: photo.width, photo.height)
        }
        pixels = pixels.applying(exif.orientation)
        // The camera's small copy is in the photo's colours.
        pixels.iccProfile = EmbeddedColour.profile(in: bytes, format: .jpeg, exif: exif)
        return pixels
    }
}
