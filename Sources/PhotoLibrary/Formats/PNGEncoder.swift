// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPNG
import Glibc
import Pixels

/// A picture as a PNG file's bytes, for programs that take a picture rather than a file
/// (a photo copied into a chat).
public enum PNGEncoder {
    /// zlib's level: a copy is pasted once, soon; speed matters more than a few bytes.
    static let compressionLevel: Int32 = 3

    /// Nil when libpng fails (memory, in practice).
    public static func encode(_ pixels: PixelBuffer) -> [UInt8]? {
        var data: UnsafeMutablePointer<CChar>?
        var size = 0
        let status = pixels.bytes.withUnsafeBufferPointer {
            flick_png_write_memory($0.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.bytesPerRow),
                                   compressionLevel, &data, &size)
        }
        defer { free(data) }
        guard status == 0, let data else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: size))
    }
}
