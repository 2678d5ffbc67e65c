// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Geometry
import Motion
import TestSupport

/// Something with animatable properties that is not a view: the animator works on any object.
final class Puck {
    var position = Animated(Point.zero)
    var size = Animated(Size(width: 10, height: 10))
    var frame = Animated(Rect(x: 0, y: 0, width: 10, height: 10))
    var tint = Animated(Color.black)
    var alpha = Animated(1.0)
    var transform = Animated(Transform3D.identity)
}

/// Steps an animator at a frame rate, as the frame loop would.
func run(_ animator: Animator, until end: Seconds, hz: Double = 60, each: (Seconds) -> Void = { _ in }) {
    var t = animator.currentTime
    while t < end - 1e-12 {
        t = min(t + 1 / hz, end)
        animator.advance(to: t)
        each(t)
    }
}

@Suite struct AnimatorTests {
    @Test func modelJumpsPresentationTravelsAlongTheCurve() {
        // Given a puck at the origin
        let animator = Animator()
        let puck = Puck()
        // When it animates linearly to (100, 0) over a second
        animator.animate(puck, \.position, to: Point(x: 100, y: 0), timing: .linear(1))
        // Then the model is there at once, and the presentation is half-way at half time
        #expect(puck.position.model == Point(x: 100, y: 0))
        #expect(puck.position.presentation == .zero)
        run(animator, until: 0.5)
        #expect(abs(puck.position.presentation.x - 50) < 1e-9)
        run(animator, until: 1.01)
        #expect(puck.position.presentation == Point(x: 100, y: 0) && !animator.isAnimating)
    }

    @Test func completionReportsFinishedOnceWhenTheTargetIsReached() {
        let animator = Animator()
        let puck = Puck()
        var outcomes: [AnimationOutcome] = []
        animator.animate(puck, \.alpha, to: 0, timing: .easeOut(0.3)) { outcomes.append($0) }
        run(animator, until: 0.29)
        #expect(outcomes.isEmpty)
        run(animator, until: 1)
        #expect(outcomes == [.finished])
        #expect(puck.alpha.presentation == 0)
    }

    @Test func delayHoldsThePresentationValueUntilItPasses() {
        let animator = Animator()
        let puck = Puck()
        animator.animate(puck, \.alpha, to: 0, timing: .linear(0.2), delay: 0.5)
        run(animator, until: 0.45)
        #expect(puck.alpha.presentation == 1)
        run(animator, until: 0.6)
        #expect(abs(puck.alpha.presentation - 0.5) < 1e-9)
    }

    /// Nothing on screen changes while an animation waits out its delay: the frame loop may
    /// sleep until it starts rather than tick at the display's rate.
    @Test func anAnimationWaitingOutItsDelayIsNotYetMovingAndSaysWhenItStarts() {
        let animator = Animator()
        let puck = Puck()
        animator.animate(puck, \.alpha, to: 0, timing: .linear(0.2), delay: 0.5)
        run(animator, until: 0.1)
        #expect(animator.isAnimating && !animator.isMoving)
        #expect(animator.nextStart == 0.5)
        animator.advance(to: 0.5)
        #expect(animator.isMoving && animator.nextStart == nil)
        run(animator, until: 0.8)
        #expect(!animator.isAnimating && !animator.isMoving)
    }

    @Test func retargetingASpringMidFlightKeepsPositionAndVelocity() {
        // Given a spring on its way to x = 300
        let animator = Animator()
        let puck = Puck()
        animator.animate(puck, \.position, to: Point(x: 300, y: 0), timing: .spring(Spring(dampingRatio: 0.8, response: 0.5)))
        run(animator, until: 0.2)
        let before = puck.position.presentation
        let velocityBefore = puck.position.velocity
        #expect(velocityBefore.x > 0)
        // When it is sent elsewhere
        animator.animate(puck, \.position, to: Point(x: -100, y: 50), timing: .spring(Spring(dampingRatio: 1, response: 0.4)))
        // Then it starts from where it was, still moving the way it was going
        animator.advance(to: 0.2 + 1e-4)
        #expect(puck.position.presentation.distance(to: before) < 0.5)
        #expect(puck.position.velocity.x > 0.9 * velocityBefore.x)
        run(animator, until: 3)
        #expect(puck.position.presentation == Point(x: -100, y: 50))
    }

    @Test func theReplacedAnimationReportsCancelled() {
        let animator = Animator()
        let puck = Puck()
        var first: AnimationOutcome?, second: AnimationOutcome?
        animator.animate(puck, \.alpha, to: 0, timing: .linear(1)) { first = $0 }
        run(animator, until: 0.3)
        animator.animate(puck, \.alpha, to: 1, timing: .linear(1)) { second = $0 }
        run(animator, until: 2)
        #expect(first == .cancelled && second == .finished)
    }

    @Test func settingWithoutAnimationCancelsTheRunningOne() {
        let animator = Animator()
        let puck = Puck()
        var outcome: AnimationOutcome?
        animator.animate(puck, \.position, to: Point(x: 100, y: 100), timing: .linear(1)) { outcome = $0 }
        run(animator, until: 0.5)
        puck.position.set(Point(x: 7, y: 7))
        run(animator, until: 2)
        #expect(outcome == .cancelled)
        #expect(puck.position.presentation == Point(x: 7, y: 7))
    }

    @Test func cancelStopsWhereItIsWithoutAJump() {
        let animator = Animator()
        let puck = Puck()
        var outcome: AnimationOutcome?
        let id = animator.animate(puck, \.position, to: Point(x: 100, y: 0), timing: .linear(1)) { outcome = $0 }
        run(animator, until: 0.25)
        animator.cancel(id)
        run(animator, until: 1.5)
        #expect(outcome == .cancelled)
        #expect(abs(puck.position.presentation.x - 25) < 1e-9 && puck.position.model == puck.position.presentation)
    }

    @Test func everyKindOfValueReachesItsTarget() {
        let animator = Animator()
        let puck = Puck()
        let spring = Timing.spring(Spring(dampingRatio: 0.7, response: 0.3))
        animator.animate(puck, \.size, to: Size(width: 40, height: 20), timing: spring)
        animator.animate(puck, \.frame, to: Rect(x: 5, y: 6, width: 70, height: 80), timing: .easeInOut(0.4))
        animator.animate(puck, \.tint, to: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5), timing: .linear(0.3))
        animator.animate(puck, \.transform, to: .rotation(radians: 1, x: 0, y: 0, z: 1), timing: spring)
        run(animator, until: 3)
        #expect(puck.size.presentation == Size(width: 40, height: 20))
        #expect(puck.frame.presentation == Rect(x: 5, y: 6, width: 70, height: 80))
        #expect(puck.tint.presentation == Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        #expect(puck.transform.presentation == .rotation(radians: 1, x: 0, y: 0, z: 1))
        #expect(!animator.isAnimating)
    }

    @Test func aHalfTurnFlipStaysARotationAllTheWay() {
        // A card flip: identity to 180° about the vertical axis. Blending matrix elements
        // would squash the card to nothing half-way; blending rotations turns it edge-on.
        let animator = Animator()
        let puck = Puck()
        animator.animate(puck, \.transform, to: .rotation(radians: .pi, x: 0, y: 1, z: 0), timing: .linear(1))
        run(animator, until: 0.5)
        let edge = puck.transform.presentation.apply(x: 100, y: 0, z: 0)
        #expect(abs(edge.x) < 1e-6 && abs(abs(edge.z) - 100) < 1e-6)
        var lastAngle = Double.pi / 2
        run(animator, until: 1) { _ in
            let p = puck.transform.presentation.apply(x: 100, y: 0, z: 0)
            #expect(abs((p.x * p.x + p.z * p.z).squareRoot() - 100) < 1e-6)
            let angle = atan2(abs(p.z), p.x)
            #expect(angle >= lastAngle - 1e-9)
            lastAngle = angle
        }
        #expect(abs(lastAngle - .pi) < 1e-6)
    }

    @Test func flingGlidesToTheDecayProjection() {
        let animator = Animator()
        let puck = Puck()
        animator.fling(puck, \.alpha, velocity: 2, decay: .scrolling)
        let rest = Decay.scrolling.restingValue(from: 1, velocity: 2)
        #expect(abs(puck.alpha.model - rest) < 1e-12)
        run(animator, until: 0.1)
        #expect(puck.alpha.presentation > 1 && puck.alpha.presentation < rest)
        run(animator, until: 20)
        #expect(abs(puck.alpha.presentation - rest) < 1e-9 && !animator.isAnimating)
    }

    @Test func staggeredGroupStartsEachItemLaterAndReportsOnceAllAreDone() {
        // Given three pucks fading out with a 0.1 s stagger
        let animator = Animator()
        let pucks = [Puck(), Puck(), Puck()]
        let stagger = Stagger(delayPerItem: 0.1)
        var groupOutcome: [AnimationOutcome] = []
        animator.group(completion: { groupOutcome.append($0) }) {
            for (i, puck) in pucks.enumerated() {
                animator.animate(puck, \.alpha, to: 0, timing: .linear(0.2), delay: stagger.delay(forItem: i, of: pucks.count))
            }
        }
        // When 0.15 s have passed, the first is fading, the second just started, the third has not
        run(animator, until: 0.15)
        #expect(pucks.map { ($0.alpha.presentation * 100).rounded() / 100 } == [0.25, 0.75, 1])
        // Then the group reports once, after the last item ends
        run(animator, until: 0.39)
        #expect(groupOutcome.isEmpty)
        run(animator, until: 0.5)
        #expect(groupOutcome == [.finished])
    }

    @Test func anOuterGroupWaitsForTheAnimationsOfGroupsInsideIt() {
        // A view's frame animation is itself a group; a transition groups it with more.
        let animator = Animator()
        let slow = Puck(), fast = Puck()
        var outer: [AnimationOutcome] = []
        animator.group(completion: { outer.append($0) }) {
            animator.group(completion: { _ in }) {
                animator.animate(slow, \.alpha, to: 0, timing: .linear(0.5))
            }
            animator.animate(fast, \.alpha, to: 0, timing: .linear(0.1))
        }
        run(animator, until: 0.3)
        #expect(outer.isEmpty)
        run(animator, until: 0.6)
        #expect(outer == [.finished])
    }

    @Test func staggerIsCappedSoALargeGroupTakesNoLongerThanTheCap() {
        let stagger = Stagger(delayPerItem: 0.1, maximumTotalDelay: 1)
        #expect(abs(stagger.delay(forItem: 3, of: 5) - 0.3) < 1e-12)
        #expect(abs(stagger.delay(forItem: 999, of: 1000) - 1) < 1e-12)
        #expect(stagger.delay(forItem: 0, of: 1000) == 0)
    }

    @Test(arguments: [60.0, 144.0])
    func sameScenarioEndsTheSameAtAnyFrameRate(hz: Double) {
        // A spring interrupted at 0.3 s by another: closed-form motion depends on time, not
        // on how often it is sampled, so both rates agree at 0.3 s and at the end.
        let animator = Animator()
        let puck = Puck()
        animator.animate(puck, \.position, to: Point(x: 400, y: 0), timing: .spring(Spring(dampingRatio: 0.6, response: 0.4)))
        run(animator, until: 0.3, hz: hz)
        #expect(abs(puck.position.presentation.x - 400 * (1 - Spring(dampingRatio: 0.6, response: 0.4).coefficients(at: 0.3).displacementFromDisplacement)) < 1e-9)
        animator.animate(puck, \.position, to: Point(x: 0, y: 200), timing: .spring(duration: 0.5, dampingRatio: 0.4))
        run(animator, until: 3, hz: hz)
        #expect(puck.position.presentation == Point(x: 0, y: 200))
    }
}
