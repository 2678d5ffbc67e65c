// SPDX-License-Identifier: GPL-3.0-or-later
/// A location or a displacement in a 2D coordinate space, in logical points.
///
/// Which space a point lives in is named at the use site (`locationInWindow`,
/// `centerInSuperview`), not in the type.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Length of the vector from the origin to this point.
    public var length: Double { (x * x + y * y).squareRoot() }

    public func distance(to other: Point) -> Double { (other - self).length }

    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
    public static func / (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x / rhs, y: lhs.y / rhs) }
    public static prefix func - (point: Point) -> Point { Point(x: -point.x, y: -point.y) }
    public static func += (lhs: inout Point, rhs: Point) { lhs = lhs + rhs }
    public static func -= (lhs: inout Point, rhs: Point) { lhs = lhs - rhs }

    /// Linear interpolation: `fraction` 0 gives `self`, 1 gives `other`; values outside extrapolate.
    public func interpolated(to other: Point, fraction: Double) -> Point {
        self + (other - self) * fraction
    }

    public var description: String { "(\(x), \(y))" }
}
