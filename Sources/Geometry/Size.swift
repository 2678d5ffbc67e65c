// SPDX-License-Identifier: GPL-3.0-or-later
/// A width and a height in logical points (or pixels, where a name says so).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// Width over height; 1 for an empty size so callers never divide by zero.
    public var aspectRatio: Double { isEmpty ? 1 : width / height }

    public static func * (lhs: Size, rhs: Double) -> Size { Size(width: lhs.width * rhs, height: lhs.height * rhs) }
    public static func / (lhs: Size, rhs: Double) -> Size { Size(width: lhs.width / rhs, height: lhs.height / rhs) }

    public var description: String { "\(width)×\(height)" }
}
