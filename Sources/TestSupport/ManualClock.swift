// SPDX-License-Identifier: GPL-3.0-or-later
import Motion

/// Time for tests: it moves only when told to.
public final class ManualClock {
    public private(set) var now: Seconds

    public init(start: Seconds = 0) {
        now = start
    }

    public func advance(by interval: Seconds) {
        now += max(interval, 0)
    }

    public func advance(to time: Seconds) {
        now = max(now, time)
    }

    public var nanoseconds: UInt64 { UInt64((now * 1e9).rounded()) }
}

extension Seconds {
    /// The nanosecond stamp an event at this time carries.
    public var nanosecondStamp: UInt64 { UInt64((self * 1e9).rounded()) }
}
