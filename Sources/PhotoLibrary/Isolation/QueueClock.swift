// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a decode queue reads the time and waits for it. The app's queues use the monotonic
/// clock; tests pass a manual one and step it, so a hold ending or a job turning slow
/// happens when the test says, not when the machine gets round to it.
public protocol QueueClock: Sendable {
    /// Seconds on a monotonic scale.
    var now: Double { get }
    /// Waits on `condition`, which the caller holds locked, until it is signalled or this
    /// clock reaches `deadline` (seconds on its scale); it may return early, as any wait on a
    /// condition may.
    func wait(_ condition: NSCondition, until deadline: Double)
}

/// The monotonic clock (CLOCK_MONOTONIC): never set back, unaffected by the wall clock.
public struct MonotonicQueueClock: QueueClock {
    public init() {}

    public var now: Double { Wire.monotonicSeconds() }

    public func wait(_ condition: NSCondition, until deadline: Double) {
        // At least a millisecond: a deadline already due is looked at again at once by the caller.
        _ = condition.wait(until: Date(timeIntervalSinceNow: max(deadline - now, 0.001)))
    }
}
