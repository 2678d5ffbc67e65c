// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry
import Gestures
import Motion
import TestSupport

/// Scripted drags through a real pan recognizer into a swipe tracker, as a view uses it:
/// units of 800 pt (a page), resting on step 5 of 0…9.
final class SwipeFixture {
    let fixture: GestureFixture
    var tracker: SwipeTracker
    var shown: [Double] = []
    var landed: SwipeTracker.Release?

    init(policy: SwipeTracker.SnapPolicy, hz: Double, caughtAt progress: Double = 5, unit: Double = 800) {
        fixture = GestureFixture(hz: hz)
        tracker = SwipeTracker(policy: policy, unit: unit, steps: 0...9, spring: .snappy)
        let pan = PanGestureRecognizer(axis: .horizontal) { [unowned self] pan in
            switch pan.state {
            case .began: tracker.begin(at: progress, step: 5); fallthrough
            case .changed: shown.append(tracker.progress(forTranslation: pan.translationInWindow.x, dimension: 800))
            case .ended: landed = tracker.release(at: shown.last ?? progress, pointerVelocity: pan.velocityInWindow.x)
            default: break
            }
        }
        fixture.scene.arena.add(pan, to: fixture.target)
    }

    func drag(by dx: Double, duration: Seconds, profile: PointerScript.SpeedProfile = .constant, hold: Seconds = 0) -> SwipeTracker.Release? {
        fixture.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: dx, y: 0), duration: duration, rateHz: fixture.scene.frameRateHz,
                                              startTime: 0.1, profile: profile, holdBeforeRelease: hold))
        return landed
    }
}

@Suite struct SwipeTrackerTests {
    static let pager = SwipeTracker.SnapPolicy.projected(decay: Decay(ratePerMillisecond: 0.995), flickSpeed: 300)

    @Test(arguments: [60.0, 144.0])
    func theContentFollowsThePointerAgainstTheAxis(hz: Double) {
        let swipe = SwipeFixture(policy: Self.pager, hz: hz)
        _ = swipe.drag(by: -200, duration: 0.5, profile: .decelerating, hold: 0.1)
        #expect(abs(swipe.shown.last! - 5.25) < 1e-9, "a quarter page on: \(swipe.shown.last!)")
    }

    @Test(arguments: [60.0, 144.0])
    func projectedAFlickTurnsOnePageAndASlowShortDragGoesBack(hz: Double) {
        let flick = SwipeFixture(policy: Self.pager, hz: hz).drag(by: -120, duration: 0.08)
        #expect(flick?.step == 6)
        #expect((flick?.velocity ?? 0) > 1, "the spring starts at the release speed, in pages per second: \(String(describing: flick))")
        let back = SwipeFixture(policy: Self.pager, hz: hz).drag(by: -120, duration: 0.6, profile: .decelerating, hold: 0.1)
        #expect(back == SwipeTracker.Release(step: 5, velocity: 0))
        let farSlow = SwipeFixture(policy: Self.pager, hz: hz).drag(by: 500, duration: 0.8, profile: .decelerating, hold: 0.1)
        #expect(farSlow?.step == 4, "most of a page back, let go still: the nearer page")
        let huge = SwipeFixture(policy: Self.pager, hz: hz).drag(by: -700, duration: 0.05)
        #expect(huge?.step == 6, "one page per drag however hard the flick")
    }

    @Test(arguments: [60.0, 144.0])
    func minimumDistanceThirtyPointsGoesOneStepByTheVelocitysSign(hz: Double) {
        let policy = SwipeTracker.SnapPolicy.minimumDistance(30)
        #expect(SwipeFixture(policy: policy, hz: hz).drag(by: -40, duration: 0.3)?.step == 6)
        #expect(SwipeFixture(policy: policy, hz: hz).drag(by: 40, duration: 0.3)?.step == 4)
        #expect(SwipeFixture(policy: policy, hz: hz).drag(by: -25, duration: 0.05)?.step == 5, "a quick 25 pt is still short")
        #expect(SwipeFixture(policy: policy, hz: hz).drag(by: -60, duration: 0.5, profile: .decelerating, hold: 0.1)?.step == 6,
                "far enough and let go still: the way it moved")
    }

    @Test(arguments: [60.0, 144.0])
    func throwingPastTheDistanceOrByAFlickOtherwiseBack(hz: Double) {
        // The throw distance is the snap unit: 200 pt.
        let policy = SwipeTracker.SnapPolicy.throwing(flickSpeed: 800)
        #expect(SwipeFixture(policy: policy, hz: hz, unit: 200).drag(by: 260, duration: 0.8, profile: .decelerating, hold: 0.1)?.step == 4, "past the distance")
        #expect(SwipeFixture(policy: policy, hz: hz, unit: 200).drag(by: -120, duration: 0.06)?.step == 6, "a short fast flick")
        #expect(SwipeFixture(policy: policy, hz: hz, unit: 200).drag(by: 150, duration: 0.8, profile: .decelerating, hold: 0.1)?.step == 5, "short and slow")
    }

    @Test func pastTheEndsItResistsAndStaysInRange() {
        var tracker = SwipeTracker(policy: Self.pager, unit: 800, steps: 0...9, spring: .snappy)
        tracker.begin(at: 9, step: 9)
        let shown = tracker.progress(forTranslation: -400, dimension: 800)
        #expect(shown > 9 && shown < 9.5, "less than the pointer moved: \(shown)")
        #expect(tracker.release(at: shown, pointerVelocity: -5000).step == 9)
    }

    @Test func aSecondSwipeCatchingAPageStillSlidingInGoesOneBeyondIt() {
        var tracker = SwipeTracker(policy: Self.pager, unit: 800, steps: 0...9, spring: .snappy)
        tracker.begin(at: 5.7, step: 6)
        #expect(tracker.release(at: 5.95, pointerVelocity: -4000).step == 7)
    }
}
