// SPDX-License-Identifier: GPL-3.0-or-later
/// A time or a duration in seconds. Instants are measured from an arbitrary origin chosen
/// by whoever drives the frames (the platform's performance counter, or a test's manual
/// clock); the core never reads a clock itself.
public typealias Seconds = Double

extension Seconds {
    /// Converts an event's nanosecond timestamp to the core's seconds.
    public init(nanoseconds: UInt64) { self = Double(nanoseconds) / 1e9 }
}
