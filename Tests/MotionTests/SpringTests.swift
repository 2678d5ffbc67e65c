// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Motion

@Suite struct SpringTests {
    /// Under-, critically and over-damped.
    static let regimes: [Double] = [0.3, 1.0, 2.5]

    @Test(arguments: regimes)
    func startsExactlyFromItsInitialConditions(dampingRatio: Double) {
        let spring = Spring(dampingRatio: dampingRatio, response: 0.4)
        let start = spring.state(at: 0, displacement: -120, velocity: 900)
        #expect(abs(start.displacement - -120) < 1e-12)
        #expect(abs(start.velocity - 900) < 1e-9)
    }

    @Test(arguments: regimes)
    func analyticVelocityMatchesTheFiniteDifferenceOfPosition(dampingRatio: Double) {
        let spring = Spring(dampingRatio: dampingRatio, response: 0.5)
        let h = 1e-6
        for t in stride(from: 0.01, through: 1.5, by: 0.07) {
            let before = spring.state(at: t - h, displacement: 300, velocity: -2000).displacement
            let after = spring.state(at: t + h, displacement: 300, velocity: -2000).displacement
            let numeric = (after - before) / (2 * h)
            let analytic = spring.state(at: t, displacement: 300, velocity: -2000).velocity
            #expect(abs(numeric - analytic) < 1e-4 * max(1, abs(analytic)), "t = \(t): \(numeric) vs \(analytic)")
        }
    }

    @Test(arguments: regimes)
    func motionObeysTheSpringEquation(dampingRatio: Double) {
        // x″ = −2ζω₀x′ − ω₀²x, with x″ from a finite difference of the analytic velocity.
        let spring = Spring(dampingRatio: dampingRatio, response: 0.3)
        let w0 = spring.angularFrequency
        let h = 1e-6
        for t in [0.05, 0.2, 0.6] {
            let s = spring.state(at: t, displacement: 50, velocity: 400)
            let acceleration = (spring.state(at: t + h, displacement: 50, velocity: 400).velocity
                - spring.state(at: t - h, displacement: 50, velocity: 400).velocity) / (2 * h)
            let expected = -2 * dampingRatio * w0 * s.velocity - w0 * w0 * s.displacement
            #expect(abs(acceleration - expected) < 1e-3 * max(1, abs(expected)))
        }
    }

    @Test func onlyAnUnderdampedSpringOvershoots() {
        func crossesTarget(_ ratio: Double) -> Bool {
            let spring = Spring(dampingRatio: ratio, response: 0.4)
            return stride(from: 0.0, through: 3, by: 0.005).contains { spring.state(at: $0, displacement: 100, velocity: 0).displacement < -1e-9 }
        }
        #expect(crossesTarget(0.5))
        #expect(!crossesTarget(1.0))
        #expect(!crossesTarget(2.0))
    }

    @Test(arguments: regimes)
    func comesToRest(dampingRatio: Double) {
        let spring = Spring(dampingRatio: dampingRatio, response: 0.3)
        let end = spring.state(at: 8, displacement: 500, velocity: 3000)
        #expect(spring.isSettled(displacement: end.displacement, velocity: end.velocity, tolerance: 0.01))
        let early = spring.state(at: 0.05, displacement: 500, velocity: 3000)
        #expect(!spring.isSettled(displacement: early.displacement, velocity: early.velocity, tolerance: 0.01))
    }

    @Test(arguments: [(0.5, 0.4), (0.5, 0.5), (0.3, 1.0), (0.5, 1.5)])
    func durationFormHasDiedDownByItsDurationAndNotLongBefore(duration: Double, damping: Double) {
        let spring = Spring(duration: duration, dampingRatio: damping)
        func peak(after t0: Double) -> Double {
            stride(from: t0, through: t0 + 1, by: 0.001).map { abs(spring.state(at: $0, displacement: 1, velocity: 0).displacement) }.max()!
        }
        #expect(peak(after: duration) <= Spring.durationSettlingFraction * 1.01)
        #expect(peak(after: duration * 0.5) > Spring.durationSettlingFraction)
        #expect(spring.dampingRatio == damping)
    }
}

@Suite struct TimingCurveTests {
    @Test func endsAreFixedAndLinearIsIdentity() {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut] {
            #expect(curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1)
            #expect(curve.progress(at: -1) == 0 && curve.progress(at: 2) == 1)
        }
        #expect(abs(TimingCurve.linear.progress(at: 0.37) - 0.37) < 1e-9)
    }

    @Test func easeInLagsEaseOutLeadsEaseInOutIsSymmetric() {
        #expect(TimingCurve.easeIn.progress(at: 0.3) < 0.3)
        #expect(TimingCurve.easeOut.progress(at: 0.3) > 0.3)
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-6)
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.2) + TimingCurve.easeInOut.progress(at: 0.8) - 1) < 1e-6)
    }

    @Test func slopeMatchesTheFiniteDifference() {
        let h = 1e-6
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut, TimingCurve(0.2, 1.4, 0.6, 1)] {
            for x in [0.1, 0.4, 0.75] {
                let numeric = (curve.progress(at: x + h) - curve.progress(at: x - h)) / (2 * h)
                #expect(abs(numeric - curve.slope(at: x)) < 1e-4)
            }
        }
        #expect(TimingCurve.easeOut.slope(at: 0) > 1 && TimingCurve.easeIn.slope(at: 0) < 0.01)
    }
}

@Suite struct DecayTests {
    @Test func restsWhereTheProjectionSays() {
        let decay = Decay.scrolling
        let rest = decay.restingValue(from: 100, velocity: 3000)
        #expect(abs(rest - (100 - 3000 / (1000 * log(0.998)))) < 1e-9)
        #expect(abs(decay.state(at: 20, from: 100, velocity: 3000).value - rest) < 1e-6)
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        let decay = Decay.paging
        let h = 1e-6
        let numeric = (decay.state(at: 0.3 + h, from: 0, velocity: -800).value - decay.state(at: 0.3 - h, from: 0, velocity: -800).value) / (2 * h)
        #expect(abs(numeric - decay.state(at: 0.3, from: 0, velocity: -800).velocity) < 1e-3)
    }

    @Test func durationIsWhenTheSpeedDropsBelowTheTolerance() {
        let decay = Decay.scrolling
        let t = decay.duration(velocity: 2000, speedTolerance: 1)
        #expect(abs(abs(decay.state(at: t, from: 0, velocity: 2000).velocity) - 1) < 1e-6)
    }
}

@Suite struct RubberBandTests {
    @Test func followsThePointerAtFirstThenResistsAndNeverPassesOneDimension() {
        let small = RubberBand.offset(overshoot: 1, dimension: 800)
        #expect(abs(small - RubberBand.defaultCoefficient) < 0.01)
        #expect(RubberBand.offset(overshoot: 10_000, dimension: 800) < 800)
        #expect(RubberBand.offset(overshoot: 400, dimension: 800) < 400 * RubberBand.defaultCoefficient)
        #expect(RubberBand.offset(overshoot: -50, dimension: 800) == -RubberBand.offset(overshoot: 50, dimension: 800))
    }

    @Test func clampLeavesValuesInsideTheRangeAlone() {
        #expect(RubberBand.clamp(50, to: 0...100, dimension: 600) == 50)
        let past = RubberBand.clamp(160, to: 0...100, dimension: 600)
        #expect(past > 100 && past < 160)
        let before = RubberBand.clamp(-60, to: 0...100, dimension: 600)
        #expect(before < 0 && before > -60)
    }
}
