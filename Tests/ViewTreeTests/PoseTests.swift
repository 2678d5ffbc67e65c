// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry
import Motion
import ViewTree

/// Layout proposes a pose; a held view stays with whoever holds it; an animating one is
/// retargeted, never stopped.
@Suite struct PoseTests {
    @Test func aPoseIsAppliedAtOnceToAStillView() {
        let animator = Animator()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.apply(Pose(center: Point(x: 50, y: 60), size: Size(width: 20, height: 30), transform: .scale(x: 2, y: 2), opacity: 0.5),
                   using: animator)
        #expect(view.presentation.frame == Rect(center: Point(x: 50, y: 60), size: Size(width: 20, height: 30)))
        #expect(view.presentation.transform == .scale(x: 2, y: 2) && view.presentation.opacity == 0.5)
        #expect(!animator.isAnimating)
    }

    @Test func aHeldViewIsNotMovedByLayoutUntilReleasedThenItsContainerLaysOutAgain() {
        let animator = Animator()
        let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(view)
        container.layoutIfNeeded()
        let hold = view.hold()
        view.apply(Pose(center: Point(x: 70, y: 70), size: Size(width: 10, height: 10)), using: animator)
        #expect(view.center == Point(x: 5, y: 5) && view.isHeld)
        #expect(!container.needsLayout)
        hold.release()
        #expect(!view.isHeld && container.needsLayout, "let go, the view goes back to layout")
        view.apply(Pose(center: Point(x: 70, y: 70), size: Size(width: 10, height: 10)), using: animator)
        #expect(view.center == Point(x: 70, y: 70))
    }

    @Test func twoHoldsKeepTheViewUntilBothAreGoneAndADroppedHoldReleases() {
        let view = View()
        var first: ViewHold? = view.hold()
        let second = view.hold()
        first = nil
        #expect(view.isHeld && first == nil)
        second.release()
        second.release()
        #expect(!view.isHeld)
    }

    @Test func aPoseAppliedMidFlightRetargetsTheFlightFromWhereTheViewIs() {
        // Given a view flying to x = 100
        let animator = Animator()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        animator.animate(view, \.animatedCenter, to: Point(x: 100, y: 5), timing: .easeOut(0.5))
        animator.advance(to: 0.1)
        let there = view.presentation.center.x
        // When layout now wants it at x = 300
        view.apply(Pose(center: Point(x: 300, y: 5), size: Size(width: 10, height: 10)), using: animator)
        // Then it does not jump, keeps flying, and lands at 300
        #expect(view.presentation.center.x == there && view.isAnimating)
        animator.advance(to: 0.12)
        #expect(view.presentation.center.x > there)
        animator.advance(to: 3)
        #expect(abs(view.presentation.center.x - 300) < 0.01)
    }
}
