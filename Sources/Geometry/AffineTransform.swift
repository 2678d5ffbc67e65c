// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A 2D affine transform in the row-vector convention used throughout Flick:
/// a point maps as `[x y 1] · [[a b 0] [c d 0] [tx ty 1]]`, so
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
/// `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Rotation by `radians`; positive turns clockwise on screen, where y grows downward.
    public static func rotation(radians: Double) -> AffineTransform {
        let c = cos(radians), s = sin(radians)
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    public var determinant: Double { a * d - b * c }

    /// `self` first, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse, or nil when the transform collapses the plane (determinant 0).
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The same mapping as a 4×4 transform acting on the z = 0 plane.
    public var transform3D: Transform3D {
        var m = Transform3D.identity
        m[0, 0] = a; m[0, 1] = b
        m[1, 0] = c; m[1, 1] = d
        m[3, 0] = tx; m[3, 1] = ty
        return m
    }
}
