// SPDX-License-Identifier: GPL-3.0-or-later
internal import CTurboJPEG
import Pixels

/// A picture written as a JPEG by libjpeg-turbo (a shared copy, an export): baseline,
/// 4:2:0, the quality photo sites and mail programs keep without recompressing.
public enum JPEGEncoder {
    public static let quality = 90

    /// `pixels` (BGRA) as a JPEG file's bytes, `app1` (an EXIF block, "Exif\0\0…") put
    /// after its JFIF header; nil where libjpeg-turbo fails (out of memory).
    public static func encode(_ pixels: PixelBuffer, app1: [UInt8]? = nil, quality: Int = quality) -> [UInt8]? {
        // Transparency has nowhere to go in a JPEG: it is laid on white, as a page shows it.
        let pixels = pixels.isOpaque ? pixels : onWhite(pixels)
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.bytes.withUnsafeBufferPointer { source in
            tjCompress2(handle, source.baseAddress, Int32(pixels.width), Int32(pixels.bytesPerRow), Int32(pixels.height),
                        Int32(TJPF_BGRA.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), TJFLAG_ACCURATEDCT)
        }
        defer { tjFree(output) }
        guard status == 0, let output, size > 4 else { return nil }
        let jpeg = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        guard let app1, app1.count + 2 <= 0xFFFF else { return jpeg }
        return inserting(app1: app1, into: jpeg)
    }

    private static func onWhite(_ pixels: PixelBuffer) -> PixelBuffer {
        var bytes = pixels.bytes
        for row in 0..<pixels.height {
            for start in stride(from: row * pixels.bytesPerRow, to: row * pixels.bytesPerRow + pixels.width * 4, by: 4) {
                let alpha = Int(bytes[start + 3])
                for channel in 0..<3 { bytes[start + channel] = UInt8((Int(bytes[start + channel]) * alpha + 255 * (255 - alpha)) / 255) }
                bytes[start + 3] = 255
            }
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, bytesPerRow: pixels.bytesPerRow, bytes: bytes, isOpaque: true)
    }

    /// `jpeg` with an APP1 segment holding `payload`, after SOI and a JFIF APP0 if it has one.
    static func inserting(app1 payload: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        var at = 2
        if jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
            at = min(4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])), jpeg.count)
        }
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[..<at]) + segment + Array(jpeg[at...])
    }
}
