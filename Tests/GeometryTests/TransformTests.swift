// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Geometry

@Suite struct AffineTransformTests {
    @Test func rotationByAQuarterTurnIsClockwiseOnScreen() {
        let p = AffineTransform.rotation(radians: .pi / 2).apply(to: Point(x: 1, y: 0))
        #expect(close(p, Point(x: 0, y: 1)))
    }

    @Test func concatenationAppliesTheFirstTransformFirst() {
        let t = AffineTransform.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }

    @Test func inverseUndoesTheTransform() throws {
        let t = AffineTransform.rotation(radians: 0.3).concatenating(.scale(x: 2, y: 0.5)).concatenating(.translation(x: 5, y: -7))
        let inverse = try #require(t.inverted())
        #expect(close(inverse.apply(to: t.apply(to: Point(x: 3, y: 4))), Point(x: 3, y: 4)))
        #expect(AffineTransform.scale(x: 0, y: 1).inverted() == nil)
    }

    @Test func rotatedScaleIsFoundOnlyWhereABlitterCanDrawIt() throws {
        let t = AffineTransform.scale(x: 2, y: 3).concatenating(.rotation(radians: 0.25))
        let found = try #require(t.rotatedScale)
        #expect(close(found.radians, 0.25) && close(found.scaleX, 2) && close(found.scaleY, 3))
        let sheared = AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        #expect(sheared.rotatedScale == nil)
        #expect(AffineTransform.scale(x: -1, y: 1).rotatedScale == nil)
    }
}

@Suite struct Transform3DTests {
    @Test func rotationAboutZMatchesTheAffineRotation() {
        let p = Transform3D.rotation(radians: 0.7, x: 0, y: 0, z: 1).apply(to: Point(x: 3, y: 2))
        #expect(close(p, AffineTransform.rotation(radians: 0.7).apply(to: Point(x: 3, y: 2))))
    }

    @Test func perspectiveMakesTheNearEdgeOfATurnedCardBigger() {
        // A card turned 60° about the vertical axis, seen from 1000 pt: the edge that turns
        // toward the viewer (z > 0) projects farther out than the one turning away.
        let turn = Transform3D.rotation(radians: .pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 1000))
        let left = turn.apply(to: Point(x: -200, y: 100))
        let right = turn.apply(to: Point(x: 200, y: 100))
        // Analytic projection: x' = x·cos θ / (1 − z/d) with z = x·sin θ.
        let expectedLeftX = -200 * cos(Double.pi / 3) / (1 - (200 * sin(Double.pi / 3)) / 1000)
        #expect(close(left.x, expectedLeftX, within: 1e-9))
        #expect(abs(left.y) > abs(right.y))
    }

    @Test func inverseOfAPerspectiveTransformRoundTripsPoints() throws {
        let t = Transform3D.translation(x: 5, y: 6, z: 7)
            .concatenating(.rotation(radians: 0.5, x: 1, y: 1, z: 0))
            .concatenating(.perspective(eyeDistance: 800))
        let inverse = try #require(t.inverted())
        #expect(close(t.concatenating(inverse), .identity, within: 1e-9))
        #expect(Transform3D.scale(x: 1, y: 0).inverted() == nil)
    }

    @Test func homographyUnprojectsAWindowPointOntoTheTurnedPlane() throws {
        let t = Transform3D.rotation(radians: 1.0, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 1000))
        let local = Point(x: 120, y: -80)
        let inWindow = t.apply(to: local)
        let back = try #require(t.homography.inverted()).apply(to: inWindow)
        #expect(close(back, local, within: 1e-9))
    }

    @Test func homographyOfATranslationIsAffineAndAxisAligned() throws {
        let h = Transform3D.translation(x: 3, y: 4).concatenating(.scale(x: 2, y: 2)).homography
        let affine = try #require(h.affine)
        #expect(affine.isAxisAligned && affine.apply(to: Point(x: 1, y: 1)) == Point(x: 8, y: 10))
        #expect(!Transform3D.rotation(radians: 0.2, x: 1, y: 0, z: 0).concatenating(.perspective(eyeDistance: 500)).homography.isAffine)
    }

    @Test func pointsBehindTheEyeDoNotProject() {
        let t = Transform3D.rotation(radians: .pi / 2 - 0.01, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 100))
        #expect(t.homography.apply(to: Point(x: -1000, y: 0)) == nil)
    }
}

@Suite struct DecomposedTransformTests {
    static let samples: [(String, Transform3D)] = [
        ("identity", .identity),
        ("translation", .translation(x: 10, y: -20, z: 5)),
        ("scale", .scale(x: 2, y: 0.5, z: 1)),
        ("rotation about z", .rotation(radians: 0.8, x: 0, y: 0, z: 1)),
        ("rotation about y", .rotation(radians: 2.5, x: 0, y: 1, z: 0)),
        ("rotation about x", .rotation(radians: -1.2, x: 1, y: 0, z: 0)),
        ("half turn about y", .rotation(radians: .pi, x: 0, y: 1, z: 0)),
        ("mirror", .scale(x: -1, y: 1)),
        ("card in the deck", Transform3D.scale(x: 0.84, y: 1).concatenating(.rotation(radians: 0.2, x: 0, y: 0, z: 1))
            .concatenating(.translation(x: 3, y: -14)).concatenating(.perspective(eyeDistance: 1000))),
        ("flip under perspective", Transform3D.rotation(radians: 2.0, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 1000))),
    ]

    @Test(arguments: samples.map(\.0))
    func recomposingGivesBackTheMatrix(name: String) throws {
        let matrix = try #require(Self.samples.first { $0.0 == name }?.1)
        let parts = try #require(DecomposedTransform(matrix))
        #expect(close(parts.matrix, matrix, within: 1e-7), "\(name): \(parts)")
    }

    @Test func aRotationIsItsQuaternion() throws {
        let parts = try #require(DecomposedTransform(.rotation(radians: 1.0, x: 0, y: 0, z: 1)))
        #expect(close(parts.quaternion.z, sin(0.5)) && close(parts.quaternion.w, cos(0.5)))
    }

    @Test func aCollapsedMatrixCannotBeSplit() {
        #expect(DecomposedTransform(.scale(x: 0, y: 1)) == nil)
    }
}
