// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries
internal import CGio
import Foundation

/// GIO and GObject, loaded by the first call that needs them rather than at start
/// (`CDeferredLibraries` says why): GSettings' thread, a desktop action.
enum GIOLibrary {
    /// Nil once both are loaded; else why not (the library and the loader's words).
    static let problem: String? = {
        [FLICK_LIBRARY_GOBJECT, FLICK_LIBRARY_GIO].lazy.compactMap { flick_library_problem($0).map { String(cString: $0) } }.first
    }()

    /// Held while a thread of Flick's sets up its part of GIO (GSettings and its backend,
    /// the volume monitor): set up at once on two threads, GIO's own one-time start of its
    /// VFS, its volume monitor and GLib's worker thread can wait on one another for good
    /// (seen: GSettings' keyfile backend beside g_volume_monitor_get).
    static let setup = NSLock()

    /// Runs `body` holding `setup`, GIO's VFS started first (its one-time start is what the
    /// others wait on).
    static func settingUp<T>(_ body: () -> T) -> T {
        setup.lock()
        defer { setup.unlock() }
        _ = g_vfs_get_default()
        return body()
    }
}
