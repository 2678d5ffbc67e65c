// SPDX-License-Identifier: GPL-3.0-or-later
internal import CX11
import Foundation

/// The desktop's "reduce animation" switch, as GNOME's settings daemon (and Xfce's, and
/// any XSETTINGS manager) publishes it to X clients: the setting Gtk/EnableAnimations in
/// the `_XSETTINGS_SETTINGS` property of the window that owns the `_XSETTINGS_S<screen>`
/// selection (the XSETTINGS specification). Read when asked; watched on a thread.
public enum DesktopAnimations {
    static let settingName = "Gtk/EnableAnimations"
    /// Larger properties are not read (a desktop's settings are a few kilobytes).
    static let maximumBytes = 1 << 20

    /// False where the desktop asks for no animations, true where it allows them; nil
    /// where no settings manager runs or it does not say (Flick then animates).
    public static func enabled(displayName: String? = nil) -> Bool? {
        guard let display = XOpenDisplay(displayName) else { return nil }
        defer { XCloseDisplay(display) }
        return enabled(on: display)
    }

    static func enabled(on display: OpaquePointer) -> Bool? {
        guard let owner = manager(on: display), let bytes = settings(of: owner, on: display) else { return nil }
        return integers(inSettings: bytes)[settingName].map { $0 != 0 }
    }

    /// The window of the settings manager of the default screen.
    static func manager(on display: OpaquePointer) -> Window? {
        let selection = XInternAtom(display, "_XSETTINGS_S\(XDefaultScreen(display))", 0)
        let owner = XGetSelectionOwner(display, selection)
        return owner == 0 ? nil : owner
    }

    private static func settings(of window: Window, on display: OpaquePointer) -> [UInt8]? {
        let property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, maximumBytes / 4, 0, property,
                                        &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 8, remaining == 0, count > 0, let data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }

    /// The integer settings in an `_XSETTINGS_SETTINGS` property, by name. A property cut
    /// short or malformed yields what was read before the fault.
    static func integers(inSettings bytes: [UInt8]) -> [String: Int32] {
        guard bytes.count >= 12 else { return [:] }
        let bigEndian = bytes[0] == 1
        func card16(_ at: Int) -> Int? {
            guard at + 2 <= bytes.count else { return nil }
            return bigEndian ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at + 1]) << 8 | Int(bytes[at])
        }
        func card32(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            let b = bytes[at..<(at + 4)].map(UInt32.init)
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        func padded(_ length: Int) -> Int { (length + 3) & ~3 }
        var found: [String: Int32] = [:]
        guard let count = card32(8) else { return found }
        var offset = 12
        for _ in 0..<min(Int(count), 10_000) {
            guard offset + 4 <= bytes.count, let nameLength = card16(offset + 2) else { break }
            let type = bytes[offset]
            let nameStart = offset + 4
            guard nameStart + nameLength <= bytes.count else { break }
            let name = String(decoding: bytes[nameStart..<(nameStart + nameLength)], as: UTF8.self)
            var valueAt = nameStart + padded(nameLength) + 4          // after the last-change serial
            switch type {
            case 0:
                guard let value = card32(valueAt) else { return found }
                found[name] = Int32(bitPattern: value)
                valueAt += 4
            case 1:
                guard let length = card32(valueAt), Int(length) <= bytes.count else { return found }
                valueAt += 4 + padded(Int(length))
            case 2:
                valueAt += 8
            default:
                return found
            }
            offset = valueAt
        }
        return found
    }

    /// Calls `changed` (on a thread of its own) whenever the settings manager changes its
    /// settings, or another manager takes over, for as long as Flick runs. False without an
    /// X display.
    @discardableResult
    public static func watch(_ changed: @escaping @Sendable () -> Void) -> Bool {
        XPropertyWatch.start(named: "desktop settings", setUp: { display in
            // A new manager announces itself to the root window (MANAGER client message).
            XSelectInput(display, XDefaultRootWindow(display), StructureNotifyMask)
            if let owner = manager(on: display) { XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask) }
        }, handle: { display, event in
            switch event.type {
            case PropertyNotify, DestroyNotify:
                changed()
            case ClientMessage:
                if let owner = manager(on: display) { XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask) }
                changed()
            default:
                break
            }
        })
    }
}
