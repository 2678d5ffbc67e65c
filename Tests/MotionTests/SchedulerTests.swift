// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Motion

@Suite struct SchedulerTests {
    @Test func workRunsWhenItsTimeComesInDeadlineOrder() {
        let scheduler = Scheduler(startTime: 10)
        var log: [String] = []
        scheduler.after(0.5) { log.append("late") }
        scheduler.at(10.2) { log.append("early") }
        #expect(scheduler.nextDeadline == 10.2)
        scheduler.advance(to: 10.1)
        #expect(log.isEmpty)
        scheduler.advance(to: 11)
        #expect(log == ["early", "late"])
        #expect(scheduler.nextDeadline == nil)
    }

    @Test func cancelledWorkNeverRunsAndRescheduledWorkRunsOnceAtItsNewTime() {
        let scheduler = Scheduler()
        var runs = 0
        let cancelled = scheduler.after(1) { runs += 100 }
        cancelled.cancel()
        let moved = scheduler.task { runs += 1 }
        #expect(!moved.isPending && scheduler.nextDeadline == nil)
        moved.reschedule(after: 1)
        scheduler.advance(to: 0.9)
        moved.reschedule(after: 1)     // the pointer moved again: the caption stays longer
        scheduler.advance(to: 1.5)
        #expect(runs == 0)
        scheduler.advance(to: 1.9)
        #expect(runs == 1 && !moved.isPending)
    }

    @Test func workScheduledByWorkThatIsAlreadyDueRunsInTheSameAdvance() {
        let scheduler = Scheduler()
        var log: [Int] = []
        scheduler.after(1) { log.append(1); scheduler.after(0) { log.append(2) } }
        scheduler.advance(to: 1)
        #expect(log == [1, 2])
    }

    @Test func theAnimatorAdvancesItsScheduler() {
        let animator = Animator(startTime: 0)
        var ran = false
        animator.scheduler.after(0.3) { ran = true }
        animator.advance(to: 0.3)
        #expect(ran)
    }
}
