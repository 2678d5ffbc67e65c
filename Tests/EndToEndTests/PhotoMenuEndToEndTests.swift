// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The photo menu's actions in the real binary, against the desktop's real mechanisms: the
/// X clipboard read by another program (xclip), a file manager and a desktop portal on a
/// private session bus (fakes that log what they are asked), a program of the test's own
/// with a desktop entry and the user's default for the type, GNOME's settings.
@Suite(.serialized) struct PhotoMenuEndToEndTests {
    /// A folder of its own for what one test sets up (settings, data, the bus, the logs).
    final class Desktop {
        let root: URL
        var config: URL { root.appendingPathComponent("config") }
        var data: URL { root.appendingPathComponent("data") }
        var log: URL { root.appendingPathComponent("calls.log") }
        private var processes: [Process] = []
        private(set) var busAddress = ""

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-menu-\(UUID().uuidString)")
            for folder in [config.appendingPathComponent("flick"), data.appendingPathComponent("applications")] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            // Not a first run: no hint over the photo.
            try Data().write(to: config.appendingPathComponent("flick/settings"))
            try Data().write(to: log)
        }

        deinit {
            // `timeout` leads a process group of its own: the fake and all it started.
            // SIGKILL, because a test's threads may block the others and its children
            // inherit that.
            for process in processes {
                kill(-process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: root)
        }

        /// Starts `command`, silent, for at most `lifetime`: should the test process die, it
        /// does not linger (nor hold the test runner's output open).
        private func start(_ command: [String], environment: [String: String]? = nil) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["--signal=KILL", "120"] + command
            if let environment { process.environment = environment }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append(process)
        }

        /// A session bus of the test's own: nothing the machine runs answers on it.
        func startBus() throws {
            let socket = root.appendingPathComponent("bus").path
            try start(["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=unix:path=\(socket)"])
            busAddress = "unix:path=\(socket)"
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(20_000) }
        }

        /// Fakes of the services named (FileManager1, the portal) on the bus, each call
        /// written to `log`.
        func startServices(_ names: [String]) throws {
            let script = root.appendingPathComponent("fake-desktop.py")
            try Self.fakeDesktop.write(to: script, atomically: true, encoding: .utf8)
            try start([Self.python, script.path, log.path] + names, environment: ["DBUS_SESSION_BUS_ADDRESS": busAddress])
            for name in names {
                #expect(waitForLog(containing: "owned \(name)"), "the fake \(name) is on the bus: \(loggedCalls)")
            }
        }

        var loggedCalls: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        func waitForLog(containing text: String, timeout: TimeInterval = 20) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            repeat {
                if loggedCalls.contains(text) { return true }
                usleep(50_000)
            } while Date() < deadline
            return false
        }

        var environment: [String: String] {
            ["XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": data.path].merging(busAddress.isEmpty ? [:] : ["DBUS_SESSION_BUS_ADDRESS": busAddress]) { $1 }
        }

        static let python = "/usr/bin/python3"

        /// Debian's python3-gi, which the fakes are written with.
        static var canFakeServices: Bool {
            FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
                && ((try? run(python, ["-c", "import gi; from gi.repository import Gio"]).status) == 0)
        }

        static let fakeDesktop = #"""
            import sys
            from gi.repository import Gio, GLib
            SERVICES = {
                "org.freedesktop.FileManager1": ("/org/freedesktop/FileManager1",
                    '<node><interface name="org.freedesktop.FileManager1"><method name="ShowItems">'
                    '<arg type="as" direction="in"/><arg type="s" direction="in"/></method></interface></node>'),
                "org.freedesktop.portal.Desktop": ("/org/freedesktop/portal/desktop",
                    '<node><interface name="org.freedesktop.portal.Wallpaper"><method name="SetWallpaperURI">'
                    '<arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/>'
                    '<arg type="o" direction="out"/></method></interface></node>'),
            }
            log = open(sys.argv[1], "a", buffering=1)
            def called(connection, sender, path, interface, method, parameters, invocation):
                log.write("%s.%s %r\n" % (interface, method, parameters.unpack()))
                if method == "SetWallpaperURI":
                    invocation.return_value(GLib.Variant("(o)", ("/org/freedesktop/portal/desktop/request/1/flick",)))
                else:
                    invocation.return_value(None)
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            for name in sys.argv[2:]:
                path, xml = SERVICES[name]
                bus.register_object(path, Gio.DBusNodeInfo.new_for_xml(xml).interfaces[0], called, None, None)
                Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.NONE,
                                               lambda connection, owned: log.write("owned %s\n" % owned), None)
            GLib.MainLoop().run()
            """#
    }

    /// Flick full screen on a photo of one colour, in `environment`, once it shows.
    private func flickOnAPhoto(_ colour: (red: Int, green: Int, blue: Int), environment: [String: String]) throws -> (FlickSession, URL) {
        let folder = try makeSolidColourFolder([colour])
        let photo = folder.appendingPathComponent("photo_1.png")
        let flick = try FlickSession(arguments: [photo.path], environment: environment)
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.midX), y: Int(window.midY), colour) }.1, "the photo: \(flick.errorOutput())")
        return (flick, photo)
    }

    /// The clipboard's forms once they list `form` (Flick owns it, the picture made or
    /// promised), within 20 s.
    private func clipboardTargets(_ environment: [String: String], listing form: String = "image/png") throws -> String {
        var targets = ""
        let deadline = Date().addingTimeInterval(20)
        repeat {
            targets = try run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], environment: environment, timeout: 5).output
            if targets.contains(form) { break }
            usleep(50_000)
        } while Date() < deadline
        return targets
    }

    /// Opens the menu on the photo shown with the Menu key and goes to the row `keys` reach.
    private func choose(_ flick: FlickSession, keys: [String]) throws {
        _ = try flick.server.xdotool(["key", "Menu"] + keys + ["Return"])
    }

    @Test func copyPutsThePictureAndTheFileOnTheClipboardForOtherPrograms() throws {
        let folder = try makeSolidColourFolder([(red: 30, green: 160, blue: 60)], size: "1200x900")
        let photo = folder.appendingPathComponent("photo_1.png")
        let flick = try FlickSession(arguments: [folder.path, "--view", "grid"])
        let window = try flick.geometry()
        let cell = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: cell.x, y: cell.y, (30, 160, 60)) }.1, "the photo in the grid")
        // A right-click on the cell, then Copy (Open, Copy) by the keyboard.
        _ = try flick.server.xdotool("mousemove", String(cell.x), String(cell.y), "click", "3")
        _ = try flick.server.xdotool("key", "Down", "Return")
        let environment = ["DISPLAY": flick.server.display]
        let targets = try clipboardTargets(environment)
        #expect(targets.contains("image/png") && targets.contains("text/uri-list") && targets.contains("x-special/gnome-copied-files"), "\(targets)")

        let pasted = folder.appendingPathComponent("pasted.png")
        let png = try run("/bin/sh", ["-c", "xclip -o -selection clipboard -t image/png > '\(pasted.path)'"], environment: environment, timeout: 20)
        #expect(png.status == 0, "\(png.error)")
        // 1200×900 RGBA compresses to far more than one piece: it came in pieces (INCR).
        let size = try run("identify", ["-format", "%w %h %[pixel:p{600,450}]", pasted.path])
        #expect(size.output.hasPrefix("1200 900"), "the whole picture: \(size.output) \(size.error)")
        #expect(size.output.contains("srgb(30,160,60)") || size.output.contains("srgba(30,160,60,1)"), "its colours: \(size.output)")
        let uris = try run("xclip", ["-o", "-selection", "clipboard", "-t", "text/uri-list"], environment: environment).output
        #expect(uris.trimmingCharacters(in: .whitespacesAndNewlines) == photo.absoluteURL.absoluteString, "\(uris)")
        let text = try run("xclip", ["-o", "-selection", "clipboard"], environment: environment).output
        #expect(text == photo.path, "as text, the path: \(text)")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    /// Ctrl+C takes the clipboard at once, the picture promised while a helper makes it: a
    /// quick Ctrl+V elsewhere pastes this photo, never what another program put there
    /// before. Here the helper never finishes the picture (it hangs on the name): the
    /// clipboard is Flick's all the same, listing the PNG beside the file.
    @Test func copyTakesTheClipboardAtOnceWithThePicturePromised() throws {
        let folder = try makeSolidColourFolder([(red: 30, green: 160, blue: 60)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("hang.png")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("photo_1.png"), to: photo)
        let flick = try FlickSession(arguments: ["--view", "grid", folder.path],
                                     environment: ["FLICK_DECODE_HELPER": builtProgram("fake-decode-helper")])
        let environment = ["DISPLAY": flick.server.display]
        // Another program's text is on the clipboard first: xclip, kept in the foreground as
        // this test's own child (no daemon to race with), serving it until Flick takes the
        // clipboard or the test ends.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        other.arguments = ["-quiet", "-i", "-selection", "clipboard"]
        other.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let input = Pipe()
        other.standardInput = input
        other.standardOutput = FileHandle.nullDevice
        other.standardError = FileHandle.nullDevice
        try other.run()
        defer { if other.isRunning { other.terminate() } }
        input.fileHandleForWriting.write(Data("someone else".utf8))
        try input.fileHandleForWriting.close()
        // Owned once xclip has read its input: waited for, each look bounded (a bound, not
        // a timing: on a loaded machine its first answer may come late).
        var before = ""
        let deadline = Date().addingTimeInterval(60)
        repeat {
            before = try run("xclip", ["-o", "-selection", "clipboard"], environment: environment, timeout: 5).output
            if before == "someone else" { break }
            usleep(100_000)
        } while Date() < deadline && other.isRunning
        #expect(before == "someone else")
        try choose(flick, keys: ["Down"])
        let targets = try clipboardTargets(environment, listing: "text/uri-list")
        #expect(targets.contains("text/uri-list") && targets.contains("image/png"), "Flick's, the picture promised: \(targets)")
        let text = try run("xclip", ["-o", "-selection", "clipboard"], environment: environment).output
        #expect(text == photo.path, "the path pastes at once: \(text)")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit(timeout: 20) == 0)
    }

    /// Copy, then quit: the desktop's clipboard manager (a fake of the test's own) has taken
    /// the picture, the file and the path, and they paste after Flick is gone.
    @Test func aCopiedPhotoStillPastesAfterFlickQuitsWhereAClipboardManagerRuns() throws {
        let folder = try makeSolidColourFolder([(red: 200, green: 120, blue: 30)], size: "600x400")
        let photo = folder.appendingPathComponent("photo_1.png")
        let flick = try FlickSession(arguments: [folder.path, "--view", "grid"])
        let environment = ["DISPLAY": flick.server.display]
        let manager = Process()
        // Killed at the end (a test runner's child may inherit SIGTERM blocked); it also
        // leaves by itself after two minutes.
        manager.executableURL = URL(fileURLWithPath: builtProgram("fake-clipboard-manager"))
        manager.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Its words go to a file, read as they come (no pipe handler beside the harness's own).
        let said = OutputFile(folder.appendingPathComponent("manager.out"))
        manager.standardOutput = try FileHandle(forWritingTo: said.url)
        try manager.run()
        defer {
            kill(manager.processIdentifier, SIGKILL)
            manager.waitUntilExit()
        }
        #expect(said.wait(for: "ready"), "the manager runs: \(said.text)")

        let window = try flick.geometry()
        let cell = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: cell.x, y: cell.y, (200, 120, 30)) }.1, "the photo in the grid")
        _ = try flick.server.xdotool("mousemove", String(cell.x), String(cell.y), "click", "3")
        _ = try flick.server.xdotool("key", "Down", "Return")
        let targets = try clipboardTargets(environment)
        #expect(targets.contains("image/png"), "copied: \(targets)")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
        #expect(said.wait(for: "saved UTF8_STRING image/png text/uri-list"), "the manager saved each form: \(said.text)")

        let pasted = folder.appendingPathComponent("pasted.png")
        let png = try run("/bin/sh", ["-c", "xclip -o -selection clipboard -t image/png > '\(pasted.path)'"], environment: environment, timeout: 20)
        #expect(png.status == 0, "\(png.error)")
        let size = try run("identify", ["-format", "%w %h %[pixel:p{300,200}]", pasted.path])
        #expect(size.output.hasPrefix("600 400") && (size.output.contains("(200,120,30)") || size.output.contains("(200,120,30,1)")),
                "the picture, after Flick: \(size.output) \(size.error)")
        let uris = try run("xclip", ["-o", "-selection", "clipboard", "-t", "text/uri-list"], environment: environment).output
        #expect(uris.trimmingCharacters(in: .whitespacesAndNewlines) == photo.absoluteURL.absoluteString, "\(uris)")
    }

    /// R on a PNG (no orientation tag to change in place): its sidecar records the turn, the
    /// pager shows it turned at once, and the PNG's bytes stay as they were.
    @Test func aPNGTurnedWithRIsShownTurnedAndOnlyItsSidecarChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Red on the left, blue on the right: turned right, red is on top.
        let photo = folder.appendingPathComponent("photo.png")
        let made = try run("convert-im6.q16", ["-size", "600x600", "xc:rgb(200,30,30)", "-size", "600x600", "xc:rgb(30,30,200)", "+append", photo.path])
        try #require(made.status == 0, "\(made.error)")
        let original = try Data(contentsOf: photo)
        let flick = try FlickSession(arguments: [photo.path])
        let window = try flick.geometry()
        let (x, top, bottom) = (Int(window.midX), Int(window.midY - window.height * 0.3), Int(window.midY + window.height * 0.3))
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.midX) - 20, y: Int(window.midY), (200, 30, 30)) }.1, "the photo: \(flick.errorOutput())")
        _ = try flick.server.xdotool("key", "r")
        #expect(try flick.waitForScreen { $0.matches(x: x, y: top, (200, 30, 30)) && $0.matches(x: x, y: bottom, (30, 30, 200)) }.1,
                "shown turned right: \(flick.errorOutputSoFar())")
        let sidecar = folder.appendingPathComponent("photo.png.xmp")
        var recorded = ""
        let deadline = Date().addingTimeInterval(20)
        repeat {
            recorded = (try? run("exiftool", ["-s3", "-n", "-XMP-tiff:Orientation", sidecar.path]).output) ?? ""
            if !recorded.isEmpty { break }
            usleep(100_000)
        } while Date() < deadline
        #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == "6", "the sidecar records the turn")
        #expect(try Data(contentsOf: photo) == original, "the photo itself is untouched")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func showInFilesAsksTheFileManagerToSelectThePhoto() throws {
        try #require(Desktop.canFakeServices, "needs dbus-daemon and python3-gi (make deps)")
        let desktop = try Desktop()
        try desktop.startBus()
        try desktop.startServices(["org.freedesktop.FileManager1"])
        let (flick, photo) = try flickOnAPhoto((red: 200, green: 40, blue: 40), environment: desktop.environment)
        // Over the pager: Copy, Copy Path, Show in Files.
        try choose(flick, keys: ["Down", "Down"])
        #expect(desktop.waitForLog(containing: "org.freedesktop.FileManager1.ShowItems (['\(photo.absoluteURL.absoluteString)'], '')"),
                "\(desktop.loggedCalls) \(flick.errorOutputSoFar())")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func setAsWallpaperGoesThroughTheDesktopPortal() throws {
        try #require(Desktop.canFakeServices, "needs dbus-daemon and python3-gi (make deps)")
        let desktop = try Desktop()
        try desktop.startBus()
        try desktop.startServices(["org.freedesktop.portal.Desktop"])
        let (flick, photo) = try flickOnAPhoto((red: 40, green: 40, blue: 200), environment: desktop.environment)
        // From the end: Move to Trash, Share…, Fix Date…, Rotate Left, Rotate Right, Slideshow, Details, Set as Wallpaper.
        try choose(flick, keys: ["End", "Up", "Up", "Up", "Up", "Up", "Up", "Up"])
        #expect(desktop.waitForLog(containing: "org.freedesktop.portal.Wallpaper.SetWallpaperURI ('', '\(photo.absoluteURL.absoluteString)', {'show-preview': False, 'set-on': 'both'})"),
                "\(desktop.loggedCalls)")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func withoutAPortalGNOMEsSettingsPointAtACopyOfThePhoto() throws {
        try #require(Desktop.canFakeServices, "needs dbus-daemon and python3-gi (make deps)")
        let desktop = try Desktop()
        try desktop.startBus()
        let schemas = desktop.root.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        try """
            <schemalist>
              <schema id="org.gnome.desktop.background" path="/org/gnome/desktop/background/">
                <key name="picture-uri" type="s"><default>''</default></key>
                <key name="picture-uri-dark" type="s"><default>''</default></key>
                <key name="picture-options" type="s"><default>'none'</default></key>
              </schema>
            </schemalist>
            """.write(to: schemas.appendingPathComponent("org.gnome.desktop.background.gschema.xml"), atomically: true, encoding: .utf8)
        let compiled = try run("glib-compile-schemas", [schemas.path])
        try #require(compiled.status == 0, "\(compiled.error)")
        let (flick, photo) = try flickOnAPhoto((red: 40, green: 200, blue: 200), environment: desktop.environment.merging([
            "XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile", "GSETTINGS_SCHEMA_DIR": schemas.path,
        ]) { $1 })
        let original = try Data(contentsOf: photo)
        try choose(flick, keys: ["End", "Up", "Up", "Up", "Up", "Up", "Up", "Up"])
        let keyfile = desktop.config.appendingPathComponent("glib-2.0/settings/keyfile")
        let copy = desktop.data.appendingPathComponent("backgrounds/photo_1.png")
        var settings = ""
        let deadline = Date().addingTimeInterval(20)
        repeat {
            settings = (try? String(contentsOf: keyfile, encoding: .utf8)) ?? ""
            if settings.contains("picture-uri-dark") && settings.contains("picture-options") { break }
            usleep(100_000)
        } while Date() < deadline
        #expect(settings.contains("picture-uri='\(copy.absoluteURL.absoluteString)'"), "\(settings)")
        #expect(settings.contains("picture-uri-dark='\(copy.absoluteURL.absoluteString)'") && settings.contains("picture-options='zoom'"), "\(settings)")
        #expect(try Data(contentsOf: copy) == original, "the copy is the photo's own bytes")
        #expect(try Data(contentsOf: photo) == original, "and the photo is untouched")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    /// The program starts as one started from a terminal does: its signals neither blocked
    /// nor ignored (Flick's threads block the quit signals and ignore SIGPIPE), so `kill`,
    /// Ctrl+C and logout end it.
    @Test func openWithStartsTheUsersDefaultProgramOnThePhoto() throws {
        let desktop = try Desktop()
        let opened = desktop.root.appendingPathComponent("opened.txt")
        let program = desktop.root.appendingPathComponent("fake-viewer.sh")
        try """
            #!/bin/sh
            # Read with the shell's own builtins: while it waits for a child (grep), dash
            # blocks every signal, and /proc would show that.
            while read -r key value; do
              case "$key" in SigBlk:|SigIgn:) printf '%s\\t%s\\n' "$key" "$value";; esac
            done < /proc/$$/status > '\(opened.path).part'
            printf '%s\\n' "$@" >> '\(opened.path).part'
            mv '\(opened.path).part' '\(opened.path)'

            """.write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        try """
            [Desktop Entry]
            Type=Application
            Name=Fake Viewer
            Exec=\(program.path) %f
            MimeType=image/png;
            """.write(to: desktop.data.appendingPathComponent("applications/fake-viewer.desktop"), atomically: true, encoding: .utf8)
        try "[Default Applications]\nimage/png=fake-viewer.desktop\n".write(to: desktop.config.appendingPathComponent("mimeapps.list"),
                                                                           atomically: true, encoding: .utf8)
        let (flick, photo) = try flickOnAPhoto((red: 200, green: 200, blue: 40), environment: desktop.environment)
        // Copy, Copy Path, Show in Files, Open With; Right to the programs, the default first.
        _ = try flick.server.xdotool("key", "Menu", "Down", "Down", "Down", "Right", "Return")
        var said = ""
        let deadline = Date().addingTimeInterval(20)
        repeat {
            said = (try? String(contentsOf: opened, encoding: .utf8)) ?? ""
            if !said.isEmpty { break }
            usleep(100_000)
        } while Date() < deadline
        let lines = said.split(separator: "\n").map(String.init)
        #expect(lines.last == photo.path, "the program got the photo: '\(said)' \(flick.errorOutputSoFar())")
        #expect(lines.contains("SigBlk:\t0000000000000000"), "no signal blocked: \(lines)")
        // Signals 32 and 33 are glibc's own (thread cancellation, set*id): a program cannot
        // set them through glibc, and a test runner may hand them down ignored.
        let ignored = lines.first { $0.hasPrefix("SigIgn:\t") }.flatMap { UInt64($0.dropFirst("SigIgn:\t".count), radix: 16) }
        #expect(ignored.map { $0 & ~UInt64(0b11 << 31) } == 0, "no signal ignored: \(lines)")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }
}

/// What a helper program writes to a file, read as it comes.
struct OutputFile {
    let url: URL

    init(_ url: URL) {
        self.url = url
        // The helper appends to it; without it every later expectation would read nothing.
        precondition(FileManager.default.createFile(atPath: url.path, contents: nil), "cannot create \(url.path)")
    }

    var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// Whether a line saying `line` comes within `timeout` seconds.
    func wait(for line: String, timeout: TimeInterval = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if text.split(separator: "\n").contains(where: { $0 == line }) { return true }
            usleep(50_000)
        }
        return false
    }
}
