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

extension DesktopSettingsEndToEndTests {
    /// Flick itself follows the switch: started with animations off it reduces motion, and
    /// turns full motion back on when the desktop does, while it runs; a photo still opens
    /// and closes either way.
    @Test func flickReducesMotionWhileTheDesktopSaysSo() throws {
        nonisolated(unsafe) var manager: FakeSettingsManager?
        let folder = try makeSolidColourFolder([(red: 200, green: 40, blue: 40), (red: 40, green: 200, blue: 40)])
        let flick = try FlickSession(arguments: [folder.path, "--view", "grid"], environment: ["FLICK_BENCH_PROBE": "1"]) { server in
            manager = try FakeSettingsManager(on: server)
            manager?.setAnimations(0)
        }
        #expect(flick.waitForErrorOutput(containing: "flick-probe motion reduced"), "animations off: less motion")
        let window = try flick.geometry()
        let cell = cellCentre(0, in: window)
        _ = try flick.server.xdotool("mousemove", "\(cell.x)", "\(cell.y)", "click", "--repeat", "2", "--delay", "80", "1")
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.midX), y: Int(window.midY), (200, 40, 40)) }.1, "the photo opened")

        let before = flick.errorOutputSoFar().count
        manager?.setAnimations(1)
        #expect(flick.waitForErrorOutput(containing: "flick-probe motion full", after: before), "animations back on: full motion")
        _ = try flick.server.xdotool("key", "Escape", "q")
        #expect(flick.waitForExit() == 0)
        // Its connection closed while the server is still there (Xlib ends a process whose
        // server went away).
        manager = nil
    }
}


extension DesktopSettingsEndToEndTests {
    /// Where no settings manager publishes the switch, GNOME's GSettings key says it: here a
    /// schema of the test's own and GLib's keyfile backend, which watches its file as dconf
    /// is watched on a desktop.
    @Test func withoutAManagerGSettingsSaysAndIsFollowed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-gsettings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let schemas = root.appendingPathComponent("schemas"), config = root.appendingPathComponent("config")
        for folder in [schemas, config.appendingPathComponent("glib-2.0/settings"), config.appendingPathComponent("flick")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try """
            <schemalist>
              <schema id="org.gnome.desktop.interface" path="/org/gnome/desktop/interface/">
                <key name="enable-animations" type="b"><default>true</default></key>
              </schema>
            </schemalist>
            """.write(to: schemas.appendingPathComponent("org.gnome.desktop.interface.gschema.xml"), atomically: true, encoding: .utf8)
        let compiled = try run("glib-compile-schemas", [schemas.path])
        try #require(compiled.status == 0, "\(compiled.error)")
        try Data().write(to: config.appendingPathComponent("flick/settings"))
        let keyfile = config.appendingPathComponent("glib-2.0/settings/keyfile")
        func setAnimations(_ on: Bool) throws {
            try "[org/gnome/desktop/interface]\nenable-animations=\(on)\n".write(to: keyfile, atomically: true, encoding: .utf8)
        }
        try setAnimations(false)

        let folder = try makeSolidColourFolder([(red: 200, green: 40, blue: 40)])
        let flick = try FlickSession(arguments: [folder.path], environment: [
            "FLICK_BENCH_PROBE": "1", "GSETTINGS_SCHEMA_DIR": schemas.path, "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path,
        ])
        #expect(flick.waitForErrorOutput(containing: "flick-probe motion reduced"), "GSettings says no animations: \(flick.errorOutputSoFar())")
        let before = flick.errorOutputSoFar().count
        try setAnimations(true)
        #expect(flick.waitForErrorOutput(containing: "flick-probe motion full", after: before), "and then says yes")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }
}
