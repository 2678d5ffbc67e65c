// SPDX-License-Identifier: GPL-3.0-or-later
import Pixels

/// The EXIF orientation tag: how the stored pixels must be turned to stand upright.
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    /// Mirrored across the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Stored turned a quarter to the left: turn a quarter clockwise to show.
    case right = 6
    /// Mirrored across the top-right to bottom-left diagonal.
    case rightMirrored = 7
    /// Stored turned a quarter to the right: turn a quarter anticlockwise to show.
    case left = 8

    /// True when showing it swaps width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }
}

extension PixelBuffer {
    /// The pixels as they should be shown for `orientation` (EXIF 2.3, tag 0x0112).
    public func applying(_ orientation: Orientation) -> PixelBuffer {
        guard orientation != .up else { return self }
        let w = width, h = height
        let outWidth = orientation.swapsDimensions ? h : w
        let outHeight = orientation.swapsDimensions ? w : h
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        bytes.withUnsafeBytes { sourceBytes in
            out.withUnsafeMutableBytes { targetBytes in
                let target = targetBytes.bindMemory(to: UInt32.self)
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = orientation.storedPoint(x, y, storedWidth: w, storedHeight: h)
                        target[y * outWidth + x] = sourceBytes.load(fromByteOffset: sy * bytesPerRow + sx * 4, as: UInt32.self)
                    }
                }
            }
        }
        return PixelBuffer(width: outWidth, height: outHeight, bytesPerRow: outWidth * 4, bytes: out, isOpaque: isOpaque)
            .keepingNotes(of: self)
    }
}

extension Orientation {
    /// Where the upright rectangle `rect` lies in the pixels as stored (`width`×`height`),
    /// so that the stored rectangle, turned by `applying`, is exactly `rect`.
    public func storedRect(of rect: PixelRect, storedWidth w: Int, storedHeight h: Int) -> PixelRect {
        let (ax, ay) = storedPoint(rect.x, rect.y, storedWidth: w, storedHeight: h)
        let (bx, by) = storedPoint(rect.maxX - 1, rect.maxY - 1, storedWidth: w, storedHeight: h)
        return PixelRect(x: min(ax, bx), y: min(ay, by), width: abs(bx - ax) + 1, height: abs(by - ay) + 1)
    }

    /// The stored pixel (of a `w`×`h` picture as stored) that lands at (x, y) once shown.
    @inline(__always)
    func storedPoint(_ x: Int, _ y: Int, storedWidth w: Int, storedHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (w - 1 - x, y)
        case .down: (w - 1 - x, h - 1 - y)
        case .downMirrored: (x, h - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, h - 1 - x)
        case .rightMirrored: (w - 1 - y, h - 1 - x)
        case .left: (w - 1 - y, x)
        }
    }
}

extension Orientation {
    /// What shows the stored pixels as `self` then `next` would: `applying(self)` then
    /// `applying(next)` is `applying(self.followed(by: next))`.
    public func followed(by next: Orientation) -> Orientation {
        let turnedTwice = Self.probe.applying(self).applying(next)
        return Self.allCases.first { Self.probe.applying($0).bytes == turnedTwice.bytes && Self.probe.applying($0).width == turnedTwice.width }!
    }

    /// What turns pixels shown as `own` into pixels shown as `wanted`: a sidecar's
    /// orientation (`wanted`) over what the file says of itself (`own`).
    public static func turn(from own: Orientation, to wanted: Orientation) -> Orientation {
        allCases.first { own.followed(by: $0) == wanted }!
    }

    /// Three by two pixels, each its own: every orientation shows them differently.
    private static let probe = PixelBuffer(width: 3, height: 2, bytesPerRow: 12, bytes: (0..<24).map { UInt8($0 / 4) }, isOpaque: true)
}
