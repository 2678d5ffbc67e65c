// SPDX-License-Identifier: GPL-3.0-or-later
/// One animatable property: the model value (what the program last set, at once) and the
/// presentation value (what is on screen now, moved over time by an `Animator`), as in
/// Core Animation's model and presentation layers.
public struct Animated<Value: Animatable>: Sendable {
    /// The value the program set; an animation toward it may still be running.
    public private(set) var model: Value
    /// The value on screen at the animator's current time.
    public internal(set) var presentation: Value
    /// The presentation value's rate of change, per second.
    public internal(set) var velocity: Value.AnimatableData
    /// The running animation that owns the presentation value, if any.
    public internal(set) var animationID: AnimationID?

    public init(_ value: Value) {
        model = value
        presentation = value
        velocity = .zero
        animationID = nil
    }

    /// Sets the value without animation: model and presentation jump together, and any
    /// running animation of this property is cancelled (its completion reports so).
    public mutating func set(_ value: Value) {
        model = value
        presentation = value
        velocity = .zero
        animationID = nil
    }

    public var isAnimating: Bool { animationID != nil }

    mutating func setModel(_ value: Value) { model = value }
}

/// Identifies one running animation.
public struct AnimationID: Hashable, Sendable {
    let rawValue: UInt64
}
