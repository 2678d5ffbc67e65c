// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Motion
import Platform
import Synchronization

/// Whether Flick animates in full or with less motion: `reduce-motion` in the settings when
/// it is set, else the desktop's own switch (XSETTINGS' Gtk/EnableAnimations), followed
/// while Flick runs.
final class MotionPreference {
    private let forced: Bool?
    /// Set by the watching thread, taken on the UI thread's next frame.
    private let changed = Flag()

    private final class Flag: Sendable {
        let isSet = Atomic(false)
    }

    init(forced: Bool?) {
        self.forced = forced
    }

    /// What is asked for now.
    var reducesMotion: Bool { forced ?? (DesktopAnimations.enabled() == false) }

    /// Follows the desktop's switch (unless the settings decide); `wake` brings a frame.
    func watch(wake: @escaping @Sendable () -> Void) {
        guard forced == nil else { return }
        DesktopAnimations.watch { [changed] in
            changed.isSet.store(true, ordering: .relaxed)
            wake()
        }
    }

    /// Once a frame: cheap unless the desktop's settings changed.
    func update(_ animator: Animator) {
        guard changed.isSet.exchange(false, ordering: .relaxed) else { return }
        animator.reducesMotion = reducesMotion
    }
}
