// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry
import Gestures
import Motion
import TestSupport

@Suite struct VelocityTrackerTests {
    func releaseVelocity(profile: PointerScript.SpeedProfile, hz: Double, hold: Seconds = 0) -> Point {
        var tracker = VelocityTracker()
        let events = PointerScript.drag(from: Point(x: 100, y: 300), to: Point(x: 700, y: 150), duration: 0.3, rateHz: hz,
                                        startTime: 1, profile: profile, holdBeforeRelease: hold)
        for event in events { tracker.add(event.locationInWindow, at: event.time) }
        return tracker.velocity(at: events.last!.time)
    }

    static let averageVelocity = Point(x: 600 / 0.3, y: -150 / 0.3)

    @Test(arguments: [60.0, 144.0])
    func constantSpeedIsMeasuredExactly(hz: Double) {
        let v = releaseVelocity(profile: .constant, hz: hz)
        #expect(v.distance(to: Self.averageVelocity) < 1e-6 * Self.averageVelocity.length)
    }

    @Test(arguments: [60.0, 144.0])
    func anAcceleratingDragIsMeasuredAtItsReleaseSpeedNotItsAverage(hz: Double) {
        let v = releaseVelocity(profile: .accelerating, hz: hz)
        let expected = Self.averageVelocity * 2
        #expect(v.distance(to: expected) < 0.02 * expected.length, "\(v) vs \(expected)")
    }

    @Test(arguments: [60.0, 144.0])
    func aDragThatSlowsToAStopEndsNearlyStill(hz: Double) {
        let v = releaseVelocity(profile: .decelerating, hz: hz)
        #expect(v.length < 0.05 * Self.averageVelocity.length)
    }

    @Test func aPointerHeldStillBeforeReleaseHasNoVelocity() {
        #expect(releaseVelocity(profile: .constant, hz: 60, hold: 0.05) == .zero)
        #expect(releaseVelocity(profile: .constant, hz: 60, hold: 0.03) != .zero)
    }

    @Test func aBurstStampedWithOneTimeDoesNotBlowUp() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: 1.0)
        tracker.add(Point(x: 10, y: 0), at: 1.016)
        tracker.add(Point(x: 15, y: 0), at: 1.032)
        tracker.add(Point(x: 20, y: 0), at: 1.032)
        let v = tracker.velocity(at: 1.032)
        #expect(v.x.isFinite && v.x > 0 && v.x < 2000)
        #expect(VelocityTracker().velocity(at: 0) == .zero)
    }

    /// A slow drag whose last samples were read in one poll and stamped on receipt, as
    /// where no server time exists: microseconds apart, they must not read as a burst.
    @Test func aBacklogStampedOnReceiptIsNotABurstOfSpeed() {
        var tracker = VelocityTracker()
        for step in 0...20 { tracker.add(Point(x: Double(step) * 2, y: 0), at: 1 + Double(step) / 60) }
        let readAt = 1 + 20.0 / 60 + 0.07
        for (index, x) in [42.0, 44, 46, 48].enumerated() { tracker.add(Point(x: x, y: 0), at: readAt + Double(index) * 2e-6) }
        let v = tracker.velocity(at: readAt)
        #expect(v.x >= 0 && v.x < 300, "a 120 pt/s drag read late: \(v)")
    }
}
