// SPDX-License-Identifier: GPL-3.0-or-later
internal import CRsvg
import Pixels

/// SVG through librsvg, rasterised at the size asked (a drawing has no pixels of its own to
/// keep): fitted to the longer side and box asked, enlarged too, or at its own size when no
/// size is asked. Loaded from memory with no base file, so it can reach no other file and
/// no network; librsvg's XML safety limits stay on.
enum SVGDecoder {
    /// The size of a drawing that gives none (no width and height, no viewBox).
    static let defaultSide = 1024.0

    static func decode(_ bytes: [UInt8], maximumPixelSize: Int?, box: PixelBox?, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        try DeferredLibrary.rsvg.load()
        try DeferredLibrary.cairo.load()
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle else { throw .decoderFailed(message(of: error)) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        let (width, height) = try size(of: handle, maximumPixelSize: maximumPixelSize, box: box)
        try limits.check(width: width, height: height)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw .decoderFailed("could not make room for it") }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { throw .decoderFailed("could not draw") }
        defer { cairo_destroy(cairo) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, cairo, &viewport, &error) != 0 else { throw .decoderFailed(message(of: error)) }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .decoderFailed("drew nothing") }
        return pixelBuffer(premultiplied: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)))
    }

    /// The drawing's size in pixels (its own, else its viewBox's, else a default square),
    /// fitted to what is asked.
    private static func size(of handle: OpaquePointer, maximumPixelSize: Int?, box: PixelBox?) throws(DecodeError) -> (Int, Int) {
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 || width <= 0 || height <= 0 {
            var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
            var lengthWidth = RsvgLength(), lengthHeight = RsvgLength(), viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &lengthWidth, &hasHeight, &lengthHeight, &hasViewBox, &viewBox)
            if hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 {
                (width, height) = (viewBox.width, viewBox.height)
            } else {
                (width, height) = (defaultSide, defaultSide)
            }
        }
        guard width.isFinite, height.isFinite, width < 1e9, height < 1e9 else { throw .tooLarge(width: Int(min(width, 1e9)), height: Int(min(height, 1e9))) }
        var scale = maximumPixelSize.map { Double($0) / max(width, height) }
        if let box { scale = min(scale ?? .infinity, Double(box.width) / width, Double(box.height) / height) }
        let fitted = scale ?? 1
        return (max(1, Int((width * fitted).rounded())), max(1, Int((height * fitted).rounded())))
    }

    /// Cairo's premultiplied ARGB32 (B, G, R, A bytes on little-endian) to straight alpha.
    private static func pixelBuffer(premultiplied data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> PixelBuffer {
        var opaque = true
        let bytes = [UInt8](capacity: width * height * 4) { target in
            for y in 0..<height {
                let source = data + y * stride
                let row = target.baseAddress! + y * width * 4
                for x in 0..<width {
                    let s = source + x * 4, t = row + x * 4
                    let alpha = Int(s[3])
                    t[3] = UInt8(alpha)
                    if alpha == 255 {
                        t[0] = s[0]; t[1] = s[1]; t[2] = s[2]
                    } else {
                        opaque = false
                        for channel in 0..<3 { t[channel] = alpha == 0 ? 0 : UInt8(min(255, (Int(s[channel]) * 255 + alpha / 2) / alpha)) }
                    }
                }
            }
            return target.count
        }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: opaque)
    }

    private static func message(of error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        guard let message = error?.pointee.message else { return "could not read it" }
        return String(cString: message).lowercased()
    }
}

extension SVGDecoder: FormatDecoder {
    /// Drawn at the size asked: the reduction after it has nothing left to do.
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        try decode(bytes, maximumPixelSize: request.maximumPixelSize, box: request.box, limits: request.limits)
    }
}
