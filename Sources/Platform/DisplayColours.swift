// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// Keeps the decoders' display profile that of the monitor the window is on: read again
/// when the window moves to another monitor, and when the desktop's colour daemon changes
/// a profile while Flick runs (it applies to the pictures decoded from then on).
public final class DisplayColours {
    private let apply: ([UInt8]?) -> Void
    private var monitor: Int
    /// Set by the watching thread, taken on the UI thread's next frame.
    private let changed = Flag()

    private final class Flag: Sendable {
        let isSet = Atomic(false)
    }

    /// `apply` takes the monitor's ICC profile (nil: none known), at once for the first
    /// monitor (the first photo is decoded for it, before the window exists) and on each change.
    public init(apply: @escaping ([UInt8]?) -> Void) {
        self.apply = apply
        monitor = 0
        apply(DisplayProfile.read(monitor: 0))
    }

    /// Starts watching for changed profiles; `wake` brings the next frame.
    public func watch(wake: @escaping @Sendable () -> Void) {
        DisplayProfile.watch { [changed] in
            changed.isSet.store(true, ordering: .relaxed)
            wake()
        }
    }

    /// Once a frame: cheap unless the monitor or a profile changed.
    public func update(monitor current: Int) {
        let profileChanged = changed.isSet.exchange(false, ordering: .relaxed)
        guard current != monitor || profileChanged else { return }
        monitor = current
        apply(DisplayProfile.read(monitor: current))
    }
}
