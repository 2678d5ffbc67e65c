// SPDX-License-Identifier: GPL-3.0-or-later
internal import CX11
import Foundation
import Synchronization

/// The display's colour profile as the desktop's colour daemon publishes it (the "ICC
/// Profiles in X" specification): the `_ICC_PROFILE` property of the root window for the
/// first monitor, `_ICC_PROFILE_n` for monitor n. Nil where none is set: the display is
/// then taken to be sRGB.
public enum DisplayProfile {
    /// Larger properties are not read (a display's profile is a few kilobytes; a LUT-based
    /// one a few hundred).
    static let maximumBytes = 8 << 20

    /// The profile of `monitor` (0 the first), read over a short X connection of its own.
    public static func read(monitor: Int) -> [UInt8]? {
        guard let display = XOpenDisplay(nil) else { return nil }
        defer { XCloseDisplay(display) }
        return read(monitor: monitor, on: display)
    }

    /// The property's name for `monitor`.
    static func propertyName(monitor: Int) -> String { monitor <= 0 ? "_ICC_PROFILE" : "_ICC_PROFILE_\(monitor)" }

    static func read(monitor: Int, on display: OpaquePointer) -> [UInt8]? {
        let atom = XInternAtom(display, propertyName(monitor: monitor), 1)
        guard atom != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // Lengths are in 32-bit units.
        let status = XGetWindowProperty(display, XDefaultRootWindow(display), atom, 0, maximumBytes / 4, 0,
                                        flick_xa_cardinal, &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 8, remaining == 0, count > 0, let data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }

    /// Calls `changed` (on a thread of its own) whenever a colour daemon sets, changes or
    /// removes a display's profile, for as long as Flick runs. False without an X display.
    @discardableResult
    public static func watch(_ changed: @escaping @Sendable () -> Void) -> Bool {
        XPropertyWatch.start(named: "display profile", setUp: { display in
            XSelectInput(display, XDefaultRootWindow(display), PropertyChangeMask)
        }, handle: { display, event in
            guard event.type == PropertyNotify, let name = XGetAtomName(display, event.xproperty.atom) else { return }
            let isProfile = String(cString: name).hasPrefix("_ICC_PROFILE")
            XFree(name)
            if isProfile { changed() }
        })
    }
}
