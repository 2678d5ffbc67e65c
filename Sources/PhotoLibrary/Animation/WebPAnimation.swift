// SPDX-License-Identifier: GPL-3.0-or-later
internal import CWebP
import Pixels

/// An animated WebP's frames through libwebp's animation decoder, which composes each on
/// the canvas itself.
final class WebPAnimation: AnimationDecoder {
    /// The file, where libwebp reads it for as long as the decoder lives.
    private let data: UnsafeMutableBufferPointer<UInt8>
    private let decoder: OpaquePointer
    let info: AnimationInfo
    /// Where the last frame ended, in milliseconds from the start (libwebp's timestamps).
    private var lastEnd = 0

    /// True when the file is a WebP marked as animated (VP8X's animation flag).
    static func isAnimated(_ bytes: [UInt8]) -> Bool {
        bytes.count > 20 && bytes[12..<16].elementsEqual(Array("VP8X".utf8)) && bytes[20] & 0x02 != 0
    }

    /// Nil when the WebP is not animated.
    init?(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) {
        guard Self.isAnimated(bytes) else { return nil }
        // The canvas is checked before libwebp allocates two of it.
        var features = WebPBitstreamFeatures()
        guard WebPGetFeatures(bytes, bytes.count, &features) == VP8_STATUS_OK else { throw .unreadable("broken WebP animation") }
        try limits.check(width: Int(features.width), height: Int(features.height))
        data = .allocate(capacity: bytes.count)
        _ = data.initialize(from: bytes)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { data.deallocate(); throw .unreadable("libwebp refused its options") }
        options.color_mode = MODE_BGRA
        options.use_threads = 0
        var webp = WebPData(bytes: UnsafePointer(data.baseAddress), size: data.count)
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
            data.deallocate()
            throw .unreadable("broken WebP animation")
        }
        self.decoder = decoder
        var animation = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &animation) != 0 else {
            WebPAnimDecoderDelete(decoder)
            data.deallocate()
            throw .unreadable("broken WebP animation")
        }
        info = AnimationInfo(width: Int(animation.canvas_width), height: Int(animation.canvas_height),
                             frameCount: Int(animation.frame_count), plays: Int(animation.loop_count))
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        data.deallocate()
    }

    func rewind() throws(DecodeError) {
        WebPAnimDecoderReset(decoder)
        lastEnd = 0
    }

    func nextFrame() throws(DecodeError) -> AnimationFrame? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var canvas: UnsafeMutablePointer<UInt8>?
        var end: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0, let canvas else { throw .unreadable("broken WebP animation") }
        let byteCount = info.width * info.height * 4
        let bytes = [UInt8](UnsafeBufferPointer(start: canvas, count: byteCount))
        var opaque = true
        for index in stride(from: 3, to: byteCount, by: 4) where bytes[index] != 255 { opaque = false; break }
        defer { lastEnd = Int(end) }
        return AnimationFrame(pixels: PixelBuffer(width: info.width, height: info.height, bytesPerRow: info.width * 4, bytes: bytes, isOpaque: opaque),
                              delay: AnimationFrame.delay(milliseconds: Double(Int(end) - lastEnd)))
    }
}
