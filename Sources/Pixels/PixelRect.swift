// SPDX-License-Identifier: GPL-3.0-or-later
/// A rectangle of a photo's pixels, upright (as shown): the part of a photo zoomed to 100 %
/// that is decoded on its own.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    public var description: String { "\(width)×\(height) at \(x),\(y)" }
}

extension PixelBuffer {
    /// The pixels of `rect` (which must lie inside).
    public func cropped(to rect: PixelRect) -> PixelBuffer {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height && !rect.isEmpty, "\(rect) outside \(width)×\(height)")
        var out = [UInt8]()
        out.reserveCapacity(rect.width * rect.height * 4)
        for row in rect.y..<rect.maxY {
            let start = row * bytesPerRow + rect.x * 4
            out += bytes[start..<(start + rect.width * 4)]
        }
        return PixelBuffer(width: rect.width, height: rect.height, bytesPerRow: rect.width * 4, bytes: out, isOpaque: isOpaque)
            .keepingNotes(of: self)
    }
}
