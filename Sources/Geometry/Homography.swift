// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A projective map of the plane, in the row-vector convention: `[x y 1] · H = [X Y W]`,
/// and the image is (X/W, Y/W). It is what a chain of 3D transforms does to a flat view
/// once each level is flattened into its parent's plane, so it carries a view's points
/// into the window and, inverted, window points back into the view.
public struct Homography: Sendable, Equatable {
    public var rows: ((Double, Double, Double), (Double, Double, Double), (Double, Double, Double))

    public init(rows: ((Double, Double, Double), (Double, Double, Double), (Double, Double, Double))) {
        self.rows = rows
    }

    public static let identity = Homography(rows: ((1, 0, 0), (0, 1, 0), (0, 0, 1)))

    public static func translation(x: Double, y: Double) -> Homography {
        Homography(rows: ((1, 0, 0), (0, 1, 0), (x, y, 1)))
    }

    public static func == (lhs: Homography, rhs: Homography) -> Bool {
        lhs.elements == rhs.elements
    }

    public var elements: [Double] {
        [rows.0.0, rows.0.1, rows.0.2, rows.1.0, rows.1.1, rows.1.2, rows.2.0, rows.2.1, rows.2.2]
    }

    private init(elements e: [Double]) {
        rows = ((e[0], e[1], e[2]), (e[3], e[4], e[5]), (e[6], e[7], e[8]))
    }

    /// `self` first, then `other`.
    public func concatenating(_ other: Homography) -> Homography {
        let a = elements, b = other.elements
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] } }
        return Homography(elements: r)
    }

    /// The inverse by the adjugate, or nil when the map collapses the plane.
    public func inverted() -> Homography? {
        let m = elements
        let c00 = m[4] * m[8] - m[5] * m[7], c01 = m[5] * m[6] - m[3] * m[8], c02 = m[3] * m[7] - m[4] * m[6]
        let det = m[0] * c00 + m[1] * c01 + m[2] * c02
        guard abs(det) > 1e-15, det.isFinite else { return nil }
        let inv = 1 / det
        return Homography(elements: [
            c00 * inv, (m[2] * m[7] - m[1] * m[8]) * inv, (m[1] * m[5] - m[2] * m[4]) * inv,
            c01 * inv, (m[0] * m[8] - m[2] * m[6]) * inv, (m[2] * m[3] - m[0] * m[5]) * inv,
            c02 * inv, (m[1] * m[6] - m[0] * m[7]) * inv, (m[0] * m[4] - m[1] * m[3]) * inv,
        ])
    }

    /// The image of `point`, or nil when it maps to infinity or behind the eye (W ≤ 0).
    public func apply(to point: Point) -> Point? {
        let w = point.x * rows.0.2 + point.y * rows.1.2 + rows.2.2
        guard w > 1e-12 else { return nil }
        return Point(x: (point.x * rows.0.0 + point.y * rows.1.0 + rows.2.0) / w,
                     y: (point.x * rows.0.1 + point.y * rows.1.1 + rows.2.1) / w)
    }

    /// True when the map has no perspective part (W is constant).
    public var isAffine: Bool {
        abs(rows.0.2) < 1e-12 && abs(rows.1.2) < 1e-12 && abs(rows.2.2) > 1e-12
    }

    /// The map as an affine transform, when it is one.
    public var affine: AffineTransform? {
        guard isAffine else { return nil }
        let w = rows.2.2
        return AffineTransform(a: rows.0.0 / w, b: rows.0.1 / w, c: rows.1.0 / w, d: rows.1.1 / w, tx: rows.2.0 / w, ty: rows.2.1 / w)
    }
}

extension AffineTransform {
    /// True when rectangles stay axis-aligned rectangles: only translation and scale,
    /// possibly mirrored.
    public var isAxisAligned: Bool { abs(b) < 1e-9 && abs(c) < 1e-9 }

    /// A scale along the local axes followed by a rotation, not mirrored: exactly what a
    /// blitter that rotates a stretched rectangle about its centre (SDL_RenderCopyEx) can draw.
    /// Returns the angle in radians (clockwise on screen) and the two scales.
    public var rotatedScale: (radians: Double, scaleX: Double, scaleY: Double)? {
        let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
        guard sx > 0, sy > 0, abs(a * c + b * d) < 1e-6 * sx * sy, determinant > 0 else { return nil }
        return (atan2(b, a), sx, sy)
    }
}
