// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGio
import Foundation
import SystemPackage

/// Volumes as the desktop mounts them (a card in its reader, a camera or phone in mass
/// storage): GIO's volume monitor, as file managers have it (udisks underneath where gvfs
/// is installed, the system's mount table otherwise), watched on a thread of its own.
public enum MountWatch {
    /// The "mount-added" signal: (the monitor, the mount, the callback box).
    private static let addedHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, mount, data in
        guard let mount, let data else { return }
        guard let root = g_mount_get_root(OpaquePointer(mount)) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(root)) }
        guard let path = g_file_get_path(root) else { return }
        defer { g_free(path) }
        Unmanaged<Callback>.fromOpaque(data).takeUnretainedValue().mounted(FilePath(platformString: path))
    }

    private final class Callback {
        let mounted: @Sendable (FilePath) -> Void
        init(_ mounted: @escaping @Sendable (FilePath) -> Void) { self.mounted = mounted }
    }

    /// Calls `mounted` with the folder of each volume mounted from now on, on a thread of its
    /// own, for as long as Flick runs; never where GIO cannot be loaded.
    public static func watch(_ mounted: @escaping @Sendable (FilePath) -> Void) {
        let thread = Thread {
            // The volume monitor is not thread-default-context aware: it watches the mount
            // table from GLib's global default context, which nothing else in Flick runs
            // (SDL has its own loop), so this thread runs it.
            guard GIOLibrary.problem == nil else { return }
            let watching = GIOLibrary.settingUp { () -> Bool in
                guard let monitor = g_volume_monitor_get() else { return false }
                let box = Unmanaged.passRetained(Callback(mounted)).toOpaque()
                g_signal_connect_data(monitor, "mount-added", unsafeBitCast(addedHandler, to: GCallback.self), box, nil, GConnectFlags(rawValue: 0))
                return true
            }
            guard watching else { return }
            let loop = g_main_loop_new(nil, 0)
            g_main_loop_run(loop)
        }
        thread.name = "flick-mounts"
        thread.start()
    }
}
