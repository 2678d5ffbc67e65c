// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry
import Motion

/// A layout moving a target mid-flight: the motion carries on from where it is and how fast
/// it goes, and whoever waited for it still hears once.
@Suite struct RetargetTests {
    @Test func aStillPropertyIsSetAtOnceAndAnEqualTargetChangesNothing() {
        let animator = Animator()
        let puck = Puck()
        animator.retarget(puck, \.position, to: Point(x: 30, y: 0))
        #expect(puck.position.presentation == Point(x: 30, y: 0) && !animator.isAnimating)

        animator.animate(puck, \.position, to: Point(x: 100, y: 0), timing: .linear(1))
        run(animator, until: 0.5)
        let before = puck.position
        animator.retarget(puck, \.position, to: Point(x: 100, y: 0))
        #expect(puck.position.animationID == before.animationID, "the running animation is left alone")
    }

    @Test func aCurveRetargetedMidFlightNeitherJumpsNorStopsAndReachesTheNewTarget() {
        // Given a puck easing to x = 100 over 0.4 s, a third of the way there
        let animator = Animator()
        let puck = Puck()
        animator.animate(puck, \.position, to: Point(x: 100, y: 0), timing: .easeInOut(0.4))
        run(animator, until: 0.2)
        let there = puck.position.presentation.x
        let speed = puck.position.velocity.x
        #expect(speed > 100)
        // When layout moves the target to x = 200
        animator.retarget(puck, \.position, to: Point(x: 200, y: 0))
        // Then it neither jumps nor changes speed at that instant
        #expect(puck.position.presentation.x == there)
        animator.advance(to: 0.201)
        let step = puck.position.presentation.x - there
        #expect(abs(step - speed * 0.001) < speed * 0.001 * 0.3, "continues at its speed: \(step) in 1 ms at \(speed) pt/s")
        // And it comes to rest at the new target
        run(animator, until: 1.5)
        #expect(abs(puck.position.presentation.x - 200) < 0.01 && !animator.isAnimating)
    }

    @Test func theCompletionAndTheGroupOfARetargetedAnimationReportOnceWhenItLands() {
        let animator = Animator()
        let puck = Puck()
        var outcomes: [AnimationOutcome] = []
        var groupOutcomes: [AnimationOutcome] = []
        animator.group(completion: { groupOutcomes.append($0) }) {
            animator.animate(puck, \.alpha, to: 0, timing: .spring(duration: 0.3, dampingRatio: 1)) { outcomes.append($0) }
        }
        run(animator, until: 0.1)
        animator.retarget(puck, \.alpha, to: 0.5)
        run(animator, until: 2)
        #expect(outcomes == [.finished] && groupOutcomes == [.finished])
        #expect(abs(puck.alpha.presentation - 0.5) < 0.001)
    }

    @Test func aDelayedAnimationNotYetStartedSimplyAimsElsewhere() {
        let animator = Animator()
        let puck = Puck()
        animator.animate(puck, \.position, to: Point(x: 100, y: 0), timing: .linear(1), delay: 0.5)
        run(animator, until: 0.25)
        animator.retarget(puck, \.position, to: Point(x: 50, y: 0))
        run(animator, until: 1.0)
        #expect(abs(puck.position.presentation.x - 25) < 1e-6, "half-way along the original curve, to the new target")
        run(animator, until: 1.6)
        #expect(puck.position.presentation == Point(x: 50, y: 0))
    }

    @Test func aGlideRetargetedLandsOnTheNewTargetWithoutAJump() {
        let animator = Animator()
        let puck = Puck()
        animator.fling(puck, \.position, velocity: SIMD2(1000, 0), decay: .scrolling)
        run(animator, until: 0.1)
        let there = puck.position.presentation.x
        animator.retarget(puck, \.position, to: Point(x: 120, y: 0))
        run(animator, until: 0.1 + 1.0 / 60)
        #expect(abs(puck.position.presentation.x - there) < 1000.0 / 60 * 1.5)
        run(animator, until: 2)
        #expect(abs(puck.position.presentation.x - 120) < 0.01)
    }
}
