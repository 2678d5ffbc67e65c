// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A 4×4 transform in Core Animation's row-vector convention: a point maps as
/// `[x y z 1] · M`, translation sits in the last row (m41, m42, m43) and the
/// perspective term in the last column (m34 = −1/eyeDistance, as the card deck uses).
/// `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct Transform3D: Hashable, Sendable {
    /// Row-major storage: element (row, column) is `storage[row * 4 + column]`.
    public var storage: SIMD16<Double>

    public init(storage: SIMD16<Double>) { self.storage = storage }

    /// From rows, each of four elements.
    public init(rows: [[Double]]) {
        precondition(rows.count == 4 && rows.allSatisfy { $0.count == 4 }, "a 4×4 transform needs four rows of four")
        var s = SIMD16<Double>()
        for r in 0..<4 { for c in 0..<4 { s[r * 4 + c] = rows[r][c] } }
        storage = s
    }

    public subscript(row: Int, column: Int) -> Double {
        get { storage[row * 4 + column] }
        set { storage[row * 4 + column] = newValue }
    }

    public static let identity = Transform3D(storage: SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))

    public var m34: Double {
        get { self[2, 3] }
        set { self[2, 3] = newValue }
    }

    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var m = identity
        m[3, 0] = x; m[3, 1] = y; m[3, 2] = z
        return m
    }

    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var m = identity
        m[0, 0] = x; m[1, 1] = y; m[2, 2] = z
        return m
    }

    /// Rotation by `radians` about the axis (x, y, z) through the origin, right-handed as in
    /// Core Animation: about z, positive turns clockwise on screen (y grows downward).
    public static func rotation(radians: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(radians), s = sin(radians), t = 1 - c
        return Transform3D(rows: [
            [c + x * x * t, x * y * t + z * s, x * z * t - y * s, 0],
            [x * y * t - z * s, c + y * y * t, y * z * t + x * s, 0],
            [x * z * t + y * s, y * z * t - x * s, c + z * z * t, 0],
            [0, 0, 0, 1],
        ])
    }

    /// A perspective projection seen from `eyeDistance` points in front of the z = 0 plane:
    /// m34 = −1/eyeDistance. Nearer points (positive z) grow.
    public static func perspective(eyeDistance: Double) -> Transform3D {
        var m = identity
        m.m34 = -1 / eyeDistance
        return m
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` first, then `other` (the matrix product self · other).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var result = SIMD16<Double>()
        for r in 0..<4 {
            let row0 = storage[r * 4], row1 = storage[r * 4 + 1], row2 = storage[r * 4 + 2], row3 = storage[r * 4 + 3]
            for c in 0..<4 {
                result[r * 4 + c] = row0 * other.storage[c] + row1 * other.storage[4 + c]
                    + row2 * other.storage[8 + c] + row3 * other.storage[12 + c]
            }
        }
        return Transform3D(storage: result)
    }

    /// The inverse by Gauss–Jordan elimination with partial pivoting, or nil when singular.
    public func inverted() -> Transform3D? {
        var a = self
        var inverse = Transform3D.identity
        for column in 0..<4 {
            var pivot = column
            for r in column + 1..<4 where abs(a[r, column]) > abs(a[pivot, column]) { pivot = r }
            guard abs(a[pivot, column]) > 1e-12 else { return nil }
            if pivot != column {
                for c in 0..<4 {
                    a.swapAt(row: pivot, otherRow: column, column: c)
                    inverse.swapAt(row: pivot, otherRow: column, column: c)
                }
            }
            let scale = 1 / a[column, column]
            for c in 0..<4 { a[column, c] *= scale; inverse[column, c] *= scale }
            for r in 0..<4 where r != column {
                let factor = a[r, column]
                guard factor != 0 else { continue }
                for c in 0..<4 {
                    a[r, c] -= factor * a[column, c]
                    inverse[r, c] -= factor * inverse[column, c]
                }
            }
        }
        return inverse
    }

    private mutating func swapAt(row: Int, otherRow: Int, column: Int) {
        let t = self[row, column]
        self[row, column] = self[otherRow, column]
        self[otherRow, column] = t
    }

    /// Maps a 3D point, dividing by w (the perspective divide).
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double) {
        let v = homogeneous(x: x, y: y, z: z)
        return (v.x / v.w, v.y / v.w, v.z / v.w)
    }

    /// Maps a point of the z = 0 plane and projects it back onto the plane.
    public func apply(to point: Point) -> Point {
        let v = homogeneous(x: point.x, y: point.y, z: 0)
        return Point(x: v.x / v.w, y: v.y / v.w)
    }

    func homogeneous(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * self[0, 0] + y * self[1, 0] + z * self[2, 0] + self[3, 0],
         x * self[0, 1] + y * self[1, 1] + z * self[2, 1] + self[3, 1],
         x * self[0, 2] + y * self[1, 2] + z * self[2, 2] + self[3, 2],
         x * self[0, 3] + y * self[1, 3] + z * self[2, 3] + self[3, 3])
    }

    /// The plane-to-plane map this transform induces on z = 0 (z is flattened away, as a
    /// layer is flattened into its parent's plane).
    public var homography: Homography {
        Homography(rows: (
            (self[0, 0], self[0, 1], self[0, 3]),
            (self[1, 0], self[1, 1], self[1, 3]),
            (self[3, 0], self[3, 1], self[3, 3])))
    }
}
