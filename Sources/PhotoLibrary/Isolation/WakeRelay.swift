// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Wakes the frame loop once there is one; until then wakes are remembered and delivered
/// when it connects.
public final class WakeRelay: Sendable {
    private let target = Mutex<(connected: (@Sendable () -> Void)?, missed: Bool)>((nil, false))

    public init() {}

    public func wake() {
        let connected = target.withLock { state -> (@Sendable () -> Void)? in
            if state.connected == nil { state.missed = true }
            return state.connected
        }
        connected?()
    }

    public func connect(_ wake: @escaping @Sendable () -> Void) {
        let missed = target.withLock { state -> Bool in
            state.connected = wake
            defer { state.missed = false }
            return state.missed
        }
        if missed { wake() }
    }
}
