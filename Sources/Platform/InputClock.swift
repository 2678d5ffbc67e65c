// SPDX-License-Identifier: GPL-3.0-or-later
import Motion

/// Maps the X server's event times onto the loop's clock, so an event carries the moment
/// the user acted rather than the moment a busy loop got round to reading it.
///
/// The server stamps each input event in milliseconds of its own clock. A local server's
/// clock is the machine's monotonic clock (Xorg's and Xvfb's GetTimeInMillis), so an
/// event's age is the monotonic clock now minus its stamp, exactly, however late it is
/// read; the event happened that long before it was read. A server on another machine
/// (ssh -X) has an unrelated clock: there the offset is learnt from the events themselves.
/// An event is never read before it happened, so the smallest (read − stamped) seen is
/// the offset plus the shortest delivery delay; that estimate is only as good as the
/// promptest event so far, which is why the local clock is preferred.
struct InputClock {
    /// An age beyond this means the server's clock is not this machine's.
    static let plausibleAgeMilliseconds: Int32 = 60_000
    /// How fast a learnt offset may rise without an event to confirm it, in seconds per
    /// second. Larger = follows a drifting remote clock sooner, trusts late events more.
    static let driftAllowance = 0.001

    private var offset: Seconds?
    private var lastReceipt: Seconds = 0
    private var lastStamp: UInt32 = 0
    /// The server's milliseconds since its first stamp seen, unwrapped past 2³² (49 days).
    private var unwrapped: Int64 = 0

    /// The loop time of an event the server stamped `milliseconds`, read at `received` on
    /// the loop clock, when this machine's monotonic clock read `monotonicMilliseconds`.
    mutating func time(ofServerStamp milliseconds: UInt32, receivedAt received: Seconds, monotonicMilliseconds: UInt32) -> Seconds {
        // Both clocks wrap at 2³² ms alike; the signed difference is the age either way.
        let age = Int32(bitPattern: monotonicMilliseconds &- milliseconds)
        // A millisecond's rounding either way; a server a few ms ahead is still local.
        if age > -5 && age < Self.plausibleAgeMilliseconds {
            return received - Seconds(max(age, 0)) / 1000
        }
        return learntTime(ofServerStamp: milliseconds, receivedAt: received)
    }

    private mutating func learntTime(ofServerStamp milliseconds: UInt32, receivedAt received: Seconds) -> Seconds {
        if offset == nil {
            unwrapped = Int64(milliseconds)
        } else {
            // Stamps go back when events of other devices interleave; the signed difference
            // unwraps either way.
            unwrapped += Int64(Int32(bitPattern: milliseconds &- lastStamp))
        }
        lastStamp = milliseconds
        let stamped = Seconds(unwrapped) / 1000
        let candidate = received - stamped
        if let known = offset {
            offset = min(candidate, known + Self.driftAllowance * max(0, received - lastReceipt))
        } else {
            offset = candidate
        }
        lastReceipt = received
        return min(stamped + offset!, received)
    }
}
