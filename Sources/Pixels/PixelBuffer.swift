// SPDX-License-Identifier: GPL-3.0-or-later
/// Decoded pixels, 4 bytes each in B, G, R, A byte order: SDL's ARGB8888 on little-endian
/// machines, so the platform uploads them without conversion. Immutable, so workers can
/// hand them to the UI thread.
public struct PixelBuffer: Sendable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    public let bytes: [UInt8]
    /// True when every pixel's alpha is 255, so the image may be drawn unblended.
    public let isOpaque: Bool
    /// True when the file ended before the picture did (a copy or download still arriving):
    /// what arrived is shown, the rest is filler, and the user is told.
    public var isIncomplete = false
    /// The colour space the values are in, as an ICC profile, when it is not sRGB (a phone's
    /// Display P3, a camera's Adobe RGB): converted for the screen once the picture has its
    /// final size. Nil: sRGB, shown as it is.
    public var iccProfile: [UInt8]?

    public init(width: Int, height: Int, bytesPerRow: Int, bytes: [UInt8], isOpaque: Bool) {
        precondition(width > 0 && height > 0 && bytesPerRow >= width * 4 && bytes.count >= bytesPerRow * height,
                     "pixel buffer dimensions do not match its bytes")
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.bytes = bytes
        self.isOpaque = isOpaque
    }

    /// A buffer of one colour, for tests and placeholders.
    public init(width: Int, height: Int, blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8 = 255) {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = blue; bytes[i + 1] = green; bytes[i + 2] = red; bytes[i + 3] = alpha
        }
        self.init(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: alpha == 255)
    }

    public var byteCount: Int { bytes.count }

    /// (b, g, r, a) of the pixel at (x, y).
    public func pixel(x: Int, y: Int) -> (blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) {
        let i = y * bytesPerRow + x * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }
}

extension PixelBuffer {
    /// These pixels with what `original` says of its picture beyond them (a file cut short,
    /// the colour space): kept through every resize and turn.
    public func keepingNotes(of original: PixelBuffer) -> PixelBuffer {
        var kept = self
        kept.isIncomplete = original.isIncomplete
        kept.iccProfile = original.iccProfile
        return kept
    }
}

extension PixelBuffer: CustomStringConvertible {
    public var description: String { "PixelBuffer(\(width)×\(height)\(isOpaque ? ", opaque" : ""))" }
}
