// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGio
import Foundation

/// GNOME's own "reduce animation" switch, the GSettings key enable-animations of
/// org.gnome.desktop.interface, where its schema is installed: what a desktop without an
/// XSETTINGS manager (a window manager alone, a session that sets it with `gsettings`)
/// still says. Read and watched on a thread with a GLib main loop of its own.
public enum GSettingsAnimations {
    static let schema = "org.gnome.desktop.interface"
    static let key = "enable-animations"

    /// The settings object, only where the schema has the key (GLib aborts the process
    /// when asked for a schema or key it does not know).
    private static func open() -> UnsafeMutablePointer<GSettings>? {
        guard let source = g_settings_schema_source_get_default(),
              let found = g_settings_schema_source_lookup(source, schema, 1) else { return nil }
        defer { g_settings_schema_unref(found) }
        guard g_settings_schema_has_key(found, key) != 0 else { return nil }
        return g_settings_new_full(found, nil, nil)
    }

    /// GSettings' "changed" signal: (the settings, the key, the callback box).
    private static let changedHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { settings, _, data in
        guard let settings, let data else { return }
        let value = g_settings_get_boolean(settings.assumingMemoryBound(to: GSettings.self), GSettingsAnimations.key) != 0
        Unmanaged<Callback>.fromOpaque(data).takeUnretainedValue().changed(value)
    }

    private final class Callback {
        let changed: @Sendable (Bool) -> Void
        init(_ changed: @escaping @Sendable (Bool) -> Void) { self.changed = changed }
    }

    /// Calls `changed` with the key's value, on a thread of its own, once it is read and
    /// whenever it changes, for as long as Flick runs; never where the schema is not
    /// installed, nor where GIO cannot be loaded. Loading GIO and GSettings (its schemas, its
    /// backend's module) stays off the thread that shows the first photo.
    public static func watch(_ changed: @escaping @Sendable (Bool) -> Void) {
        let thread = Thread {
            guard GIOLibrary.problem == nil else { return }
            // The signal is delivered in the main context of the thread that made the
            // settings object: this thread's own, run here.
            guard let context = g_main_context_new() else { return }
            g_main_context_push_thread_default(context)
            guard let settings = open() else { return }
            // A backend tells of changes only to keys that were read.
            changed(g_settings_get_boolean(settings, key) != 0)
            let box = Unmanaged.passRetained(Callback(changed)).toOpaque()
            g_signal_connect_data(settings, "changed::\(key)", unsafeBitCast(changedHandler, to: GCallback.self), box, nil, GConnectFlags(rawValue: 0))
            let loop = g_main_loop_new(context, 0)
            g_main_loop_run(loop)
        }
        thread.name = "flick-gsettings"
        thread.start()
    }
}
