// SPDX-License-Identifier: GPL-3.0-or-later
internal import CJXL
import Pixels

/// JPEG XL through libjxl: a still, or an animation's first frame, turned upright by the
/// orientation in its header (libjxl applies it). libjxl 0.7 decodes at full size only;
/// the picture is reduced afterwards like any other.
enum JXLDecoder {
    /// The colours of the pixels libjxl gives: nil for sRGB, else their ICC profile.
    private static func colourProfile(of decoder: OpaquePointer, format: inout JxlPixelFormat) -> [UInt8]? {
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS,
           encoding.color_space == JXL_COLOR_SPACE_RGB, encoding.white_point == JXL_WHITE_POINT_D65,
           encoding.primaries == JXL_PRIMARIES_SRGB, encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB {
            return nil
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
              size > 0, size <= EmbeddedColour.maximumProfileBytes else { return nil }
        var icc = [UInt8](repeating: 0, count: size)
        guard JxlDecoderGetColorAsICCProfile(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &icc, size) == JXL_DEC_SUCCESS else { return nil }
        return icc
    }

    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        try DeferredLibrary.jxl.load()
        guard let decoder = JxlDecoderCreate(nil) else { throw .decoderFailed("could not start") }
        defer { JxlDecoderDestroy(decoder) }
        let events = Int32(JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue)
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS,
              JxlDecoderSetKeepOrientation(decoder, 0) == JXL_DEC_SUCCESS else { throw .decoderFailed("could not start") }
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var width = 0, height = 0, hasAlpha = false
        var rgba: [UInt8] = []
        var profile: [UInt8]?
        return try bytes.withUnsafeBufferPointer { input throws(DecodeError) -> PixelBuffer in
            guard JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS else { throw .decoderFailed("took no input") }
            // The input is the whole file, left open: libjxl then says a cut file needs more
            // input (incomplete), where closed input would make it a plain error.
            while true {
                let status = JxlDecoderProcessInput(decoder)
                switch status {
                case JXL_DEC_BASIC_INFO:
                    var info = JxlBasicInfo()
                    guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else { throw .decoderFailed("gave no size") }
                    // The header's size is before orientation; a quarter turn swaps it.
                    let turned = info.orientation.rawValue >= 5
                    width = Int(turned ? info.ysize : info.xsize)
                    height = Int(turned ? info.xsize : info.ysize)
                    hasAlpha = info.alpha_bits > 0
                    try limits.check(width: width, height: height)
                case JXL_DEC_COLOR_ENCODING:
                    profile = colourProfile(of: decoder, format: &format)
                case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                    var size = 0
                    guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS, size == width * height * 4 else {
                        throw .decoderFailed("asked for an unexpected buffer")
                    }
                    rgba = [UInt8](repeating: 0, count: size)
                    let set = rgba.withUnsafeMutableBytes { JxlDecoderSetImageOutBuffer(decoder, &format, $0.baseAddress, size) }
                    guard set == JXL_DEC_SUCCESS else { throw .decoderFailed("refused the buffer") }
                case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                    // The first frame is the picture (an animation shows it still).
                    guard !rgba.isEmpty else { throw .decoderFailed("decoded no pixels") }
                    var pixels = rgba.withUnsafeBufferPointer { rows in
                        PixelBuffer(rgbaRows: rows.baseAddress!, width: width, height: height, stride: width * 4, hasAlpha: hasAlpha)
                    }
                    pixels.iccProfile = profile
                    return pixels
                case JXL_DEC_NEED_MORE_INPUT:
                    throw .incomplete
                default:
                    throw .decoderFailed("could not read it")
                }
            }
        }
    }
}

extension JXLDecoder: FormatDecoder {
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        try decode(bytes, limits: request.limits)
    }
}
