// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// A vector space for animation: values animate by blending, springs run per component.
public protocol VectorArithmetic: Equatable, Sendable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    func scaled(by factor: Double) -> Self
    /// The largest absolute component: what "close enough to rest" is judged on.
    var maximumMagnitude: Double { get }
}

/// A value that an `Animator` can move: scalars, points, sizes, rects, colours, transforms.
public protocol Animatable: Equatable, Sendable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get }
    init(animatableData: AnimatableData)
    /// Differences below this, in the value's own units, are invisible: the animation may
    /// stop there. Points use 1/100 pt; opacities and transforms a finer 1/1000.
    static var settlingTolerance: Double { get }
    /// The target re-expressed to be the nearest to `start` of its equivalent forms
    /// (a rotation's quaternion and its negation are the same turn).
    static func nearestEquivalent(of target: AnimatableData, to start: AnimatableData) -> AnimatableData
}

extension Animatable {
    public static var settlingTolerance: Double { 0.001 }
    public static func nearestEquivalent(of target: AnimatableData, to start: AnimatableData) -> AnimatableData { target }
}

extension Double: VectorArithmetic, Animatable {
    public func scaled(by factor: Double) -> Double { self * factor }
    public var maximumMagnitude: Double { abs(self) }
    public var animatableData: Double { self }
    public init(animatableData: Double) { self = animatableData }
}

extension SIMD2: VectorArithmetic where Scalar == Double {
    public func scaled(by factor: Double) -> SIMD2<Double> { self * factor }
    public var maximumMagnitude: Double { Swift.max(abs(x), abs(y)) }
}

extension SIMD4: VectorArithmetic where Scalar == Double {
    public func scaled(by factor: Double) -> SIMD4<Double> { self * factor }
    public var maximumMagnitude: Double { Swift.max(Swift.max(abs(x), abs(y)), Swift.max(abs(z), abs(w))) }
}

extension Point: Animatable {
    public var animatableData: SIMD2<Double> { SIMD2(x, y) }
    public init(animatableData: SIMD2<Double>) { self.init(x: animatableData.x, y: animatableData.y) }
    public static var settlingTolerance: Double { 0.01 }
}

extension Size: Animatable {
    public var animatableData: SIMD2<Double> { SIMD2(width, height) }
    public init(animatableData: SIMD2<Double>) { self.init(width: animatableData.x, height: animatableData.y) }
    public static var settlingTolerance: Double { 0.01 }
}

extension Rect: Animatable {
    public var animatableData: SIMD4<Double> { SIMD4(minX, minY, width, height) }
    public init(animatableData d: SIMD4<Double>) { self.init(x: d.x, y: d.y, width: d.z, height: d.w) }
    public static var settlingTolerance: Double { 0.01 }
}

extension Color: Animatable {
    public var animatableData: SIMD4<Double> { SIMD4(red, green, blue, alpha) }
    public init(animatableData d: SIMD4<Double>) { self.init(red: d.x, green: d.y, blue: d.z, alpha: d.w) }
}

extension DecomposedTransform: VectorArithmetic {
    public static var zero: DecomposedTransform {
        DecomposedTransform(translation: .zero, scale: .zero, skew: .zero, perspective: .zero, quaternion: .zero)
    }

    public static func + (lhs: DecomposedTransform, rhs: DecomposedTransform) -> DecomposedTransform {
        DecomposedTransform(translation: lhs.translation + rhs.translation, scale: lhs.scale + rhs.scale, skew: lhs.skew + rhs.skew,
                            perspective: lhs.perspective + rhs.perspective, quaternion: lhs.quaternion + rhs.quaternion)
    }

    public static func - (lhs: DecomposedTransform, rhs: DecomposedTransform) -> DecomposedTransform {
        DecomposedTransform(translation: lhs.translation - rhs.translation, scale: lhs.scale - rhs.scale, skew: lhs.skew - rhs.skew,
                            perspective: lhs.perspective - rhs.perspective, quaternion: lhs.quaternion - rhs.quaternion)
    }

    public func scaled(by factor: Double) -> DecomposedTransform {
        DecomposedTransform(translation: translation * factor, scale: scale * factor, skew: skew * factor,
                            perspective: perspective * factor, quaternion: quaternion * factor)
    }

    public var maximumMagnitude: Double {
        let parts = [translation.max(), -translation.min(), scale.max(), -scale.min(), skew.max(), -skew.min(),
                     perspective.max(), -perspective.min(), quaternion.max(), -quaternion.min()]
        return parts.max() ?? 0
    }
}

/// Transforms blend by their parts (translation, scale, skew, perspective, and rotation by
/// normalised quaternion), the way Core Animation and CSS interpolate them.
extension Transform3D: Animatable {
    public var animatableData: DecomposedTransform { DecomposedTransform(self) ?? .identity }
    public init(animatableData: DecomposedTransform) { self = animatableData.matrix }

    public static func nearestEquivalent(of target: DecomposedTransform, to start: DecomposedTransform) -> DecomposedTransform {
        // q and −q are the same rotation; blend toward the one on the short way round.
        guard (target.quaternion * start.quaternion).sum() < 0 else { return target }
        var flipped = target
        flipped.quaternion = -target.quaternion
        return flipped
    }
}
