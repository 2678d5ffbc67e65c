import Motion

/// Maps the X server's event times onto the loop's clock, so an event carries the moment
/// the user acted rather than the moment a busy loop got round to reading it.
///
/// The server stamps each input event in milliseconds of its own clock. The offset between
/// that clock and the loop's is learnt from the events themselves: an event is never read
/// before it happened, so the smallest (received − stamped) seen so far is the offset plus
/// the shortest delivery delay, and mapped times are never later than when the event was
/// read. On one machine both clocks are the monotonic clock and the offset is constant; a
/// remote server's clock may drift, so the estimate may rise slowly (`driftAllowance`)
/// when no event confirms it.
struct InputClock {
    /// How fast the learnt offset may rise without an event to confirm it, in seconds per
    /// second. Larger = follows a drifting remote clock sooner, trusts late events more.
    static let driftAllowance = 0.001

    private var offset: Seconds?
    private var lastReceipt: Seconds = 0
    private var lastStamp: UInt32 = 0
    /// The server's milliseconds since its first stamp seen, unwrapped past 2³² (49 days).
    private var unwrapped: Int64 = 0

    /// The loop time of an event the server stamped `milliseconds`, read at `received`.
    mutating func time(ofServerStamp milliseconds: UInt32, receivedAt received: Seconds) -> Seconds {
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
