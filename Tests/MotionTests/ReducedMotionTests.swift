// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion
import Testing

@Suite struct ReducedMotionTests {
    final class Box {
        var x = Animated(0.0)
    }

    @Test func withLessMotionASpringIsAShortEaseThatNeverOvershoots() {
        let animator = Animator()
        animator.reducesMotion = true
        let box = Box()
        // A bouncy spring that would overshoot and take a second to settle.
        animator.animate(box, \.x, to: 100, timing: .spring(Spring(dampingRatio: 0.4, response: 0.8)))
        var time = 0.0, samples: [Double] = []
        while animator.isAnimating && time < 2 {
            time += 1.0 / 120
            animator.advance(to: time)
            samples.append(box.x.presentation)
        }
        #expect(time <= Animator.reducedDuration + 0.02, "done in \(time) s")
        #expect(samples.allSatisfy { $0 >= 0 && $0 <= 100 } && samples.last == 100, "nothing past its target")
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 }, "and never back")
    }

    @Test func aLongCurveIsShortenedAndAShortOneKept() {
        let animator = Animator()
        animator.reducesMotion = true
        let box = Box()
        animator.animate(box, \.x, to: 1, timing: .easeInOut(0.6))
        animator.advance(to: Animator.reducedDuration)
        #expect(box.x.presentation == 1 && !animator.isAnimating)
        animator.animate(box, \.x, to: 0, timing: .linear(0.1))
        animator.advance(to: Animator.reducedDuration + 0.05)
        #expect(abs(box.x.presentation - 0.5) < 1e-9, "a curve already short keeps its length")
    }
}
