// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Motion
import Synchronization

/// Whether Flick animates in full or with less motion: `reduce-motion` in the settings when
/// it is set, else the desktop's own switch as its settings manager publishes it to X
/// clients (XSETTINGS' Gtk/EnableAnimations), else as GSettings keeps it (GNOME's
/// enable-animations, where no manager says), followed while Flick runs.
public final class MotionPreference {
    private let forced: Bool?
    /// Set by the watching thread, taken on the UI thread's next frame.
    private let changed = Flag()

    private final class Flag: Sendable {
        let isSet = Atomic(false)
    }

    /// GSettings' enable-animations as its watcher last read it: 1 on, 0 off, -1 not known.
    private let gsettingsEnabled = Known()

    private final class Known: Sendable {
        let value = Atomic<Int8>(-1)
        var bool: Bool? { value.load(ordering: .relaxed) < 0 ? nil : value.load(ordering: .relaxed) == 1 }
    }

    public init(forced: Bool?) {
        self.forced = forced
    }

    /// What is asked for now.
    public var reducesMotion: Bool { forced ?? ((DesktopAnimations.enabled() ?? gsettingsEnabled.bool) == false) }

    /// Follows the desktop's switch (unless the settings decide); `wake` brings a frame.
    public func watch(wake: @escaping @Sendable () -> Void) {
        guard forced == nil else { return }
        let note: @Sendable () -> Void = { [changed] in
            changed.isSet.store(true, ordering: .relaxed)
            wake()
        }
        DesktopAnimations.watch(note)
        GSettingsAnimations.watch { [gsettingsEnabled] enabled in
            gsettingsEnabled.value.store(enabled ? 1 : 0, ordering: .relaxed)
            note()
        }
    }

    /// Once a frame: cheap unless the desktop's settings changed.
    public func update(_ animator: Animator) {
        guard changed.isSet.exchange(false, ordering: .relaxed) else { return }
        animator.reducesMotion = reducesMotion
    }
}
