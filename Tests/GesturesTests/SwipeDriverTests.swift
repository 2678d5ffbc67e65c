// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry
import Gestures
import Motion
import TestSupport
import ViewTree

/// A pager's strip as the driver sees it: pages of 800 pt, ten of them, its scroll offset
/// animated by the scene's animator once let go.
final class SwipeablePages: Swipeable {
    let strip = View(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    var restingStep = 5
    var landings: [SwipeLanding] = []
    let animator: Animator

    init(animator: Animator) {
        self.animator = animator
        strip.bounds = Rect(x: 5 * 800, y: 0, width: 800, height: 600)
    }

    var swipeUnit: Double { 800 }
    var swipeSteps: ClosedRange<Int> { 0...9 }
    var swipeRestingStep: Int { restingStep }
    var swipeOffsetShown: Double { strip.animatedBounds.presentation.minX }
    var swipeRubberBandLength: Double { 800 }

    func showSwipe(offset: Double) {
        strip.bounds = Rect(x: offset, y: 0, width: 800, height: 600)
    }

    func swipeDidEnd(_ landing: SwipeLanding) {
        landings.append(landing)
        restingStep = landing.step
        animator.animate(strip, \.animatedBounds, to: Rect(x: landing.offset, y: 0, width: 800, height: 600),
                         timing: .spring(landing.spring), initialVelocity: SIMD4(landing.velocityPointsPerSecond, 0, 0, 0))
    }
}

@Suite struct SwipeDriverTests {
    static let pager = SwipeTracker.SnapPolicy.projected(decay: Decay(ratePerMillisecond: 0.995), flickSpeed: 300)

    /// A scene whose target view's horizontal pans drive `pages`.
    final class Fixture {
        let fixture: GestureFixture
        let pages: SwipeablePages
        let driver = SwipeDriver(policy: SwipeDriverTests.pager, spring: .snappy)

        init(hz: Double) {
            fixture = GestureFixture(hz: hz)
            pages = SwipeablePages(animator: fixture.scene.animator)
            driver.content = pages
            let pan = PanGestureRecognizer(axis: .horizontal) { [unowned self] in driver.drive($0) }
            fixture.scene.arena.add(pan, to: fixture.target)
        }

        func drag(by dx: Double, duration: Seconds, startTime: Seconds, profile: PointerScript.SpeedProfile = .constant, hold: Seconds = 0) {
            fixture.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: dx, y: 0), duration: duration, rateHz: fixture.scene.frameRateHz,
                                                  startTime: startTime, profile: profile, holdBeforeRelease: hold))
        }
    }

    @Test(arguments: [60.0, 144.0])
    func theContentFollowsThePointerInPointsAndAFlickLandsOnTheNextPageWithTheTrackersSpring(hz: Double) {
        // Given a strip resting on page 5
        let swipe = Fixture(hz: hz)

        // When a quick flick to the left is let go
        swipe.drag(by: -120, duration: 0.08, startTime: 0.1)

        // Then it lands on page 6, at its offset, carrying the release speed into the tracker's spring
        let landing = swipe.pages.landings.last
        #expect(landing?.step == 6)
        #expect(landing?.offset == 4800.0)
        #expect((landing?.velocityPointsPerSecond ?? 0) > 300, "points per second, the way the content moves: \(String(describing: landing))")
        #expect(landing?.spring == Spring.snappy)
        swipe.fixture.scene.runFrames(for: 2)
        #expect(abs(swipe.pages.strip.animatedBounds.presentation.minX - 6 * 800) < 0.5, "settled on page 6")
    }

    @Test(arguments: [60.0, 144.0])
    func aDragCatchesTheContentWhereItIsShownMidSpringNotWhereItIsHeaded(hz: Double) {
        // Given a flick to page 6, still sliding in
        let swipe = Fixture(hz: hz)
        swipe.drag(by: -120, duration: 0.08, startTime: 0.1)
        swipe.fixture.scene.runFrames(for: 0.05)
        let shownThen = swipe.pages.strip.animatedBounds.presentation.minX
        #expect(shownThen > 5 * 800 && shownThen < 6 * 800 - 1, "mid-way: \(shownThen)")

        // When a drag catches it
        swipe.driver.begin()

        // Then it stops where it was shown, and follows the pointer from there
        #expect(swipe.pages.strip.bounds.minX == shownThen)
        #expect(!swipe.pages.strip.animatedBounds.isAnimating)
        swipe.driver.follow(translation: -100)
        #expect(abs(swipe.pages.strip.bounds.minX - (shownThen + 100)) < 1e-9)
        swipe.fixture.scene.runFrames(for: 0.5)
        #expect(abs(swipe.pages.strip.animatedBounds.presentation.minX - (shownThen + 100)) < 1e-9, "nothing moves it while held")
    }

    @Test func pastTheLastPageTheDragResistsAndLandsThere() {
        let swipe = Fixture(hz: 60)
        swipe.pages.restingStep = 9
        swipe.pages.strip.bounds = Rect(x: 9 * 800, y: 0, width: 800, height: 600)
        swipe.driver.begin()
        swipe.driver.follow(translation: -400)
        let shown = swipe.pages.strip.bounds.minX
        #expect(shown > 9 * 800 && shown < 9 * 800 + 400, "less than the pointer moved: \(shown)")
        swipe.driver.end(pointerVelocity: -5000)
        #expect(swipe.pages.landings.last?.step == 9)
    }
}
