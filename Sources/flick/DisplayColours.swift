// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Pictures
import PhotoSources
import Platform
import Synchronization

/// Keeps the decoders' display profile that of the monitor the window is on: read again
/// when the window moves to another monitor, and when the desktop's colour daemon changes
/// a profile while Flick runs (it applies to the pictures decoded from then on).
final class DisplayColours {
    private let service: DecodeService
    private var monitor: Int
    /// Set by the watching thread, taken on the UI thread's next frame.
    private let changed = Flag()

    private final class Flag: Sendable {
        let isSet = Atomic(false)
    }

    /// Reads the first monitor's profile at once: the first photo is decoded for it, before
    /// the window exists.
    init(service: DecodeService) {
        self.service = service
        monitor = 0
        service.setDisplayProfile(DisplayProfile.read(monitor: 0))
    }

    /// Starts watching for changed profiles; `wake` brings the next frame.
    func watch(wake: @escaping @Sendable () -> Void) {
        DisplayProfile.watch { [changed] in
            changed.isSet.store(true, ordering: .relaxed)
            wake()
        }
    }

    /// Once a frame: cheap unless the monitor or a profile changed.
    func update(monitor current: Int) {
        let profileChanged = changed.isSet.exchange(false, ordering: .relaxed)
        guard current != monitor || profileChanged else { return }
        monitor = current
        service.setDisplayProfile(DisplayProfile.read(monitor: current))
    }
}
