// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A damped harmonic oscillator of unit mass, solved in closed form.
///
/// Parameterised as Apple describes springs: `dampingRatio` (1 = critically damped, no
/// overshoot; below 1 bounces) and `response` (the undamped period in seconds; smaller =
/// stiffer and quicker). Stiffness k = (2π/response)², damping c = 4π·ζ/response.
///
/// The motion of a displacement x from the target obeys x″ + 2ζω₀x′ + ω₀²x = 0, whose
/// solution is linear in the initial displacement x₀ and velocity v₀:
/// x(t) = x₀·f(t) + v₀·g(t). `Coefficients` holds f, g and their derivatives, so a vector
/// value springs component by component at the cost of one evaluation.
public struct Spring: Hashable, Sendable {
    public var dampingRatio: Double
    public var response: Seconds

    public init(dampingRatio: Double, response: Seconds) {
        precondition(response > 0 && dampingRatio >= 0, "a spring needs a positive response and a non-negative damping ratio")
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// A quick, non-bouncing spring for things that follow the pointer home.
    public static let snappy = Spring(dampingRatio: 1, response: 0.3)

    /// The "duration + damping" form that UIKit's spring animations take and the
    /// specification's numbers use (ARCHITECTURE.md) (e.g. 0.5 s, damping 0.4): the spring whose motion has died down to
    /// `Spring.durationSettlingFraction` of its start by `duration`.
    public init(duration: Seconds, dampingRatio: Double) {
        precondition(duration > 0, "a spring needs a positive duration")
        let target = Spring.durationSettlingFraction
        // A bound on |x(t)| for x(0) = 1, v(0) = 0 at t = `duration` for a natural frequency ω;
        // it only falls as ω grows, so bisection on ω finds the one that meets the target.
        func envelope(_ omega: Double) -> Double {
            let t = duration
            if abs(dampingRatio - 1) < 1e-6 { return (1 + omega * t) * exp(-omega * t) }
            if dampingRatio < 1 {
                return exp(-dampingRatio * omega * t) / (1 - dampingRatio * dampingRatio).squareRoot()
            }
            let root = (dampingRatio * dampingRatio - 1).squareRoot()
            return (dampingRatio + root) / (2 * root) * exp(-omega * (dampingRatio - root) * t)
        }
        var low = 1e-3, high = 1e5
        for _ in 0..<100 {
            let mid = (low * high).squareRoot()
            if envelope(mid) > target { low = mid } else { high = mid }
        }
        self.init(dampingRatio: dampingRatio, response: 2 * .pi / high)
    }

    /// What "settled by the duration" means for the duration form: the motion's envelope is
    /// below this fraction of the starting displacement. Smaller = a stiffer spring for the
    /// same duration.
    public static let durationSettlingFraction = 0.001

    public var angularFrequency: Double { 2 * .pi / response }

    public struct Coefficients: Sendable {
        /// Weight of the initial displacement in the displacement at t.
        public var displacementFromDisplacement: Double
        /// Weight of the initial velocity in the displacement at t.
        public var displacementFromVelocity: Double
        /// Weight of the initial displacement in the velocity at t.
        public var velocityFromDisplacement: Double
        /// Weight of the initial velocity in the velocity at t.
        public var velocityFromVelocity: Double
    }

    public func coefficients(at t: Seconds) -> Coefficients {
        let w0 = angularFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-6 {
            let e = exp(-w0 * t)
            return Coefficients(displacementFromDisplacement: e * (1 + w0 * t), displacementFromVelocity: t * e,
                                velocityFromDisplacement: -w0 * w0 * t * e, velocityFromVelocity: e * (1 - w0 * t))
        }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let e = exp(-zeta * w0 * t)
            let c = cos(wd * t), s = sin(wd * t)
            return Coefficients(displacementFromDisplacement: e * (c + zeta * w0 / wd * s), displacementFromVelocity: e * s / wd,
                                velocityFromDisplacement: -e * w0 * w0 / wd * s, velocityFromVelocity: e * (c - zeta * w0 / wd * s))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let e1 = exp(r1 * t), e2 = exp(r2 * t)
        let d = r1 - r2
        return Coefficients(displacementFromDisplacement: (-r2 * e1 + r1 * e2) / d, displacementFromVelocity: (e1 - e2) / d,
                            velocityFromDisplacement: r1 * r2 * (-e1 + e2) / d, velocityFromVelocity: (r1 * e1 - r2 * e2) / d)
    }

    /// Displacement from the target and velocity at `t`, starting from `displacement` with
    /// `velocity` (units per second).
    public func state(at t: Seconds, displacement: Double, velocity: Double) -> (displacement: Double, velocity: Double) {
        let k = coefficients(at: t)
        return (displacement * k.displacementFromDisplacement + velocity * k.displacementFromVelocity,
                displacement * k.velocityFromDisplacement + velocity * k.velocityFromVelocity)
    }

    /// True when both the distance to the target and the speed are below `tolerance`
    /// (speed compared per second of motion, scaled by the response so fast springs are
    /// judged as strictly as slow ones).
    public func isSettled(displacement: Double, velocity: Double, tolerance: Double) -> Bool {
        abs(displacement) < tolerance && abs(velocity) * response < tolerance
    }
}
