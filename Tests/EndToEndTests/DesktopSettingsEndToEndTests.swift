// SPDX-License-Identifier: GPL-3.0-or-later
import CX11
import Foundation
import Platform
import Testing

/// The desktop's "reduce animation" switch as a settings manager publishes it, played by
/// this test in a private X server: it owns `_XSETTINGS_S0` and writes Gtk/EnableAnimations,
/// as GNOME's settings daemon does.
@Suite struct DesktopSettingsEndToEndTests {
    /// A settings manager on `server`, for as long as it lives.
    final class FakeSettingsManager {
        let display: OpaquePointer
        let window: Window
        let property: Atom

        init(on server: XvfbServer) throws {
            guard let display = XOpenDisplay(server.display) else { throw HarnessError("cannot open \(server.display)") }
            self.display = display
            window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
            property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
            XSetSelectionOwner(display, XInternAtom(display, "_XSETTINGS_S0", 0), window, 0)
            XSync(display, 0)
        }

        deinit { XCloseDisplay(display) }

        /// Publishes Gtk/EnableAnimations = `value` (little-endian, one setting).
        func setAnimations(_ value: Int32) {
            let name = Array("Gtk/EnableAnimations".utf8)
            var bytes: [UInt8] = [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, UInt8(name.count), 0] + name
            bytes += [UInt8](repeating: 0, count: (4 - name.count % 4) % 4) + [0, 0, 0, 0]
            bytes += withUnsafeBytes(of: value.littleEndian) { Array($0) }
            _ = bytes.withUnsafeBufferPointer {
                XChangeProperty(display, window, property, property, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
            }
            XSync(display, 0)
        }
    }

    @Test func theSwitchIsReadFromTheManagerAndFollowedAsItChanges() throws {
        let server = try XvfbServer()
        #expect(DesktopAnimations.enabled(displayName: server.display) == nil, "no manager: Flick animates")
        var manager: FakeSettingsManager? = try FakeSettingsManager(on: server)
        manager?.setAnimations(0)
        #expect(DesktopAnimations.enabled(displayName: server.display) == false)
        manager?.setAnimations(1)
        #expect(DesktopAnimations.enabled(displayName: server.display) == true)
        manager = nil
        #expect(DesktopAnimations.enabled(displayName: server.display) == nil, "the manager gone, nothing is asked")
    }
}
