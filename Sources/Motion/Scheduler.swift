// SPDX-License-Identifier: GPL-3.0-or-later
/// Timed work on the frame clock: "after a delay" and "at a deadline", run when the frame
/// driver advances it, never from a thread of its own. The app advances it with the
/// animator; tests step it with the manual clock. `nextDeadline` tells a sleeping frame
/// loop when to wake.
public final class Scheduler {
    /// A pending piece of work; cancel or move it with this handle.
    public final class Task {
        fileprivate weak var scheduler: Scheduler?
        public fileprivate(set) var deadline: Seconds?
        fileprivate let action: () -> Void

        fileprivate init(scheduler: Scheduler, deadline: Seconds?, action: @escaping () -> Void) {
            self.scheduler = scheduler
            self.deadline = deadline
            self.action = action
        }

        /// True until it has run or been cancelled.
        public var isPending: Bool { deadline != nil }

        /// The work will not run.
        public func cancel() {
            deadline = nil
            scheduler?.tasks.removeAll { $0 === self }
        }

        /// Runs it `delay` from the scheduler's current time instead (again, if it has run).
        public func reschedule(after delay: Seconds) {
            guard let scheduler else { return }
            if deadline == nil { scheduler.tasks.append(self) }
            deadline = scheduler.currentTime + max(0, delay)
        }
    }

    public private(set) var currentTime: Seconds
    private var tasks: [Task] = []

    public init(startTime: Seconds = 0) {
        currentTime = startTime
    }

    /// Runs `action` once `delay` has passed.
    @discardableResult
    public func after(_ delay: Seconds, _ action: @escaping () -> Void) -> Task {
        at(currentTime + max(0, delay), action)
    }

    /// Runs `action` once the clock reaches `deadline` (at the next advance if it has).
    @discardableResult
    public func at(_ deadline: Seconds, _ action: @escaping () -> Void) -> Task {
        let task = Task(scheduler: self, deadline: deadline, action: action)
        tasks.append(task)
        return task
    }

    /// Work that is not scheduled yet: `reschedule(after:)` sets it going, as often as
    /// needed (a caption that hides a while after the pointer last moved).
    public func task(_ action: @escaping () -> Void) -> Task {
        Task(scheduler: self, deadline: nil, action: action)
    }

    /// The earliest pending deadline.
    public var nextDeadline: Seconds? { tasks.compactMap(\.deadline).min() }

    /// Moves the clock to `now` and runs what is due, earliest first; work scheduled by
    /// that work runs too if it is already due.
    public func advance(to now: Seconds) {
        currentTime = max(currentTime, now)
        while let due = tasks.filter({ ($0.deadline ?? .infinity) <= currentTime }).min(by: { $0.deadline! < $1.deadline! }) {
            due.deadline = nil
            tasks.removeAll { $0 === due }
            due.action()
        }
    }
}
