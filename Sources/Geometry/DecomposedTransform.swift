// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A 4×4 transform split into perspective, translation, rotation (a unit quaternion), skew and
/// scale, after the "unmatrix" decomposition of CSS Transforms Level 2 (§ Decomposing a 3D
/// matrix), written for the row-vector convention of `Transform3D`.
///
/// Animating these parts rather than the 16 matrix elements is what keeps a card's 180° flip a
/// rotation all the way, instead of a squash through a degenerate matrix.
public struct DecomposedTransform: Hashable, Sendable {
    public var translation: SIMD3<Double>
    public var scale: SIMD3<Double>
    /// xy, xz and yz shear factors.
    public var skew: SIMD3<Double>
    /// The last column of the matrix once the rest is factored out; (0, 0, 0, 1) for none.
    public var perspective: SIMD4<Double>
    /// (x, y, z, w); not necessarily normalised while an animation blends two of them.
    public var quaternion: SIMD4<Double>

    public init(translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = .one, skew: SIMD3<Double> = .zero,
                perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1), quaternion: SIMD4<Double> = SIMD4(0, 0, 0, 1)) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    public static let identity = DecomposedTransform()

    /// Splits `matrix`, or returns nil when it cannot be split (it collapses space).
    public init?(_ matrix: Transform3D) {
        var m = matrix
        let w = m[3, 3]
        guard abs(w) > 1e-12 else { return nil }
        m.storage /= w

        // The perspective part lives in the last column; solve for it against the rest.
        var perspectiveFree = m
        perspectiveFree[0, 3] = 0; perspectiveFree[1, 3] = 0; perspectiveFree[2, 3] = 0; perspectiveFree[3, 3] = 1
        guard let inversePerspectiveFree = perspectiveFree.inverted() else { return nil }
        if m[0, 3] != 0 || m[1, 3] != 0 || m[2, 3] != 0 {
            let rhs = SIMD4(m[0, 3], m[1, 3], m[2, 3], m[3, 3])
            var p = SIMD4<Double>()
            for i in 0..<4 {
                p[i] = rhs[0] * inversePerspectiveFree[i, 0] + rhs[1] * inversePerspectiveFree[i, 1]
                    + rhs[2] * inversePerspectiveFree[i, 2] + rhs[3] * inversePerspectiveFree[i, 3]
            }
            perspective = p
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }

        translation = SIMD3(m[3, 0], m[3, 1], m[3, 2])

        var rows = (0..<3).map { r in SIMD3(m[r, 0], m[r, 1], m[r, 2]) }
        var scale = SIMD3<Double>()
        var skew = SIMD3<Double>()
        scale.x = length(rows[0])
        rows[0] /= scale.x
        skew.x = dot(rows[0], rows[1])
        rows[1] -= rows[0] * skew.x
        scale.y = length(rows[1])
        guard scale.x > 1e-12, scale.y > 1e-12 else { return nil }
        rows[1] /= scale.y
        skew.x /= scale.y
        skew.y = dot(rows[0], rows[2])
        rows[2] -= rows[0] * skew.y
        skew.z = dot(rows[1], rows[2])
        rows[2] -= rows[1] * skew.z
        scale.z = length(rows[2])
        guard scale.z > 1e-12 else { return nil }
        rows[2] /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z

        // A mirrored basis: fold the reflection into the scales.
        if dot(rows[0], cross(rows[1], rows[2])) < 0 {
            scale *= -1
            for i in 0..<3 { rows[i] *= -1 }
        }

        var q = SIMD4(
            0.5 * max(1 + rows[0].x - rows[1].y - rows[2].z, 0).squareRoot(),
            0.5 * max(1 - rows[0].x + rows[1].y - rows[2].z, 0).squareRoot(),
            0.5 * max(1 - rows[0].x - rows[1].y + rows[2].z, 0).squareRoot(),
            0.5 * max(1 + rows[0].x + rows[1].y + rows[2].z, 0).squareRoot())
        // Row-vector rotation matrices are the transpose of the column-vector ones the
        // quaternion formulas are usually written for, hence these comparisons.
        if rows[1].z < rows[2].y { q.x = -q.x }
        if rows[2].x < rows[0].z { q.y = -q.y }
        if rows[0].y < rows[1].x { q.z = -q.z }
        self.scale = scale
        self.skew = skew
        self.quaternion = q
    }

    /// The matrix these parts make: scale, then skew, then rotation, then translation,
    /// then perspective.
    public var matrix: Transform3D {
        var result = Transform3D.identity
        for i in 0..<4 { result[i, 3] = perspective[i] }
        for i in 0..<4 {
            for j in 0..<3 { result[3, i] += translation[j] * result[j, i] }
        }

        let n = (quaternion * quaternion).sum().squareRoot()
        let q = n > 1e-12 ? quaternion / n : SIMD4(0, 0, 0, 1)
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        let rotation = Transform3D(rows: [
            [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0],
            [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0],
            [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0],
            [0, 0, 0, 1],
        ])
        result = rotation.concatenating(result)

        var shear = Transform3D.identity
        if skew.z != 0 { shear[2, 1] = skew.z; result = shear.concatenating(result) }
        if skew.y != 0 { shear = .identity; shear[2, 0] = skew.y; result = shear.concatenating(result) }
        if skew.x != 0 { shear = .identity; shear[1, 0] = skew.x; result = shear.concatenating(result) }

        for i in 0..<3 { for j in 0..<4 { result[i, j] *= scale[i] } }
        return result
    }
}

private func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
