// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Exponential decay of a flung value's velocity, as a scroll view's momentum:
/// v(t) = v₀·r^(1000·t) for a per-millisecond rate r, so
/// x(t) = x₀ + v₀·(r^(1000·t) − 1) / (1000·ln r).
public struct Decay: Hashable, Sendable {
    /// Fraction of velocity kept per millisecond; closer to 1 = glides farther.
    public var ratePerMillisecond: Double

    public init(ratePerMillisecond: Double) {
        precondition(ratePerMillisecond > 0 && ratePerMillisecond < 1, "a decay rate lies strictly between 0 and 1")
        self.ratePerMillisecond = ratePerMillisecond
    }

    /// The feel of a phone's photo grid: a flick at 3000 pt/s glides about 1.5 screens.
    public static let scrolling = Decay(ratePerMillisecond: 0.998)
    /// Stops sooner: for pagers, whose projection only picks a page.
    public static let paging = Decay(ratePerMillisecond: 0.99)

    private var coefficient: Double { 1000 * log(ratePerMillisecond) }

    public func state(at t: Seconds, from start: Double, velocity: Double) -> (value: Double, velocity: Double) {
        let factor = pow(ratePerMillisecond, 1000 * t)
        return (start + velocity * (factor - 1) / coefficient, velocity * factor)
    }

    /// Where the value comes to rest: x₀ − v₀ / (1000·ln r).
    public func restingValue(from start: Double, velocity: Double) -> Double {
        start - velocity / coefficient
    }

    /// How long until the speed falls below `speedTolerance` (units per second).
    public func duration(velocity: Double, speedTolerance: Double) -> Seconds {
        let speed = abs(velocity)
        guard speed > speedTolerance else { return 0 }
        return log(speedTolerance / speed) / coefficient
    }
}

/// The resistance felt when dragging past the end of a scrollable range: an offset of
/// `overshoot` beyond the edge shows as `(1 − 1/(overshoot·c/dimension + 1))·dimension`,
/// which follows the pointer at first (slope c) and never reaches one `dimension`.
/// The formula is the one UIScrollView is widely measured to use.
public enum RubberBand {
    /// Slope at the edge; smaller = stiffer.
    public static let defaultCoefficient = 0.55

    public static func offset(overshoot: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard dimension > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(overshoot) * coefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -magnitude : magnitude
    }

    /// `value` clamped into `range`, with any excess rubber-banded.
    public static func clamp(_ value: Double, to range: ClosedRange<Double>, dimension: Double,
                             coefficient: Double = defaultCoefficient) -> Double {
        if value < range.lowerBound {
            return range.lowerBound + offset(overshoot: value - range.lowerBound, dimension: dimension, coefficient: coefficient)
        }
        if value > range.upperBound {
            return range.upperBound + offset(overshoot: value - range.upperBound, dimension: dimension, coefficient: coefficient)
        }
        return value
    }
}
