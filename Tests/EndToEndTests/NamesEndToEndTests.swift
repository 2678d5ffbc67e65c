// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import Testing
import TestSupport

/// A folder and a photo named in Latin-1 ("café", "pläge.png": bytes 0xE9 and 0xE4, not
/// UTF-8), as old archives and cameras name them, open from the command line and through the
/// desktop's launcher (`gio launch` with a desktop entry, as a file manager's "Open With"
/// does) exactly as from inside their folder. Swift strings cannot hold such names, so a
/// shell spells them out with printf and hands Flick the bytes.
@Suite(.serialized) struct NamesEndToEndTests {
    static let green = (red: 40, green: 200, blue: 60)
    /// The names as printf writes them.
    static let folder = "$(printf 'caf\\351')", photo = "$(printf 'pl\\344ge').png"

    final class Setup {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-names-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let made = try run("/bin/sh", ["-c", "mkdir \"$0/\(NamesEndToEndTests.folder)\" && convert-im6.q16 -size 300x200 "
                                           + "'xc:rgb(40,200,60)' \"$0/\(NamesEndToEndTests.folder)/\(NamesEndToEndTests.photo)\"", root.path])
            guard made.status == 0 else { throw HarnessError("cannot make the Latin-1 names: \(made.error)") }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Flick started by a shell on `path` (a shell word, printf's escapes in it).
        func flick(on path: String) throws -> FlickSession {
            try FlickSession(arguments: ["-c", "exec \"$0\" \"$1/\(path)\"", flickBinary, root.path], executable: "/bin/sh")
        }
    }

    func title(_ flick: FlickSession) throws -> String {
        try flick.server.xdotool("getwindowname", String(flick.windowID)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aLatinOneFolderOpensFromTheCommandLine() throws {
        let setup = try Setup()
        let flick = try setup.flick(on: Self.folder)
        let window = try flick.geometry()
        let cell = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: cell.x, y: cell.y, Self.green) }.1, "its photo in the grid: \(flick.errorOutput())")
        #expect(try title(flick) == "caf\\xE9 — Flick", "the name shown safely, byte by byte")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func aLatinOnePhotoOpensFullScreenFromTheCommandLine() throws {
        let setup = try Setup()
        let flick = try setup.flick(on: "\(Self.folder)/\(Self.photo)")
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.midX), y: Int(window.midY), Self.green) }.1, "\(flick.errorOutput())")
        #expect(try title(flick) == "pl\\xE4ge.png — caf\\xE9 — Flick")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func aLatinOnePhotoOpensThroughTheDesktopsLauncher() throws {
        let setup = try Setup()
        // The packaged entry's Exec line, pointed at the built binary.
        let entry = setup.root.appendingPathComponent("flick-test.desktop")
        try "[Desktop Entry]\nType=Application\nName=Flick\nExec=\(flickBinary) %f\n".write(to: entry, atomically: true, encoding: .utf8)
        // Its output goes nowhere: Flick, gio's child, must not hold the session's pipe open.
        let launcher = try FlickSession(arguments: ["-c", "gio launch \"$2\" \"$1/\(Self.folder)/\(Self.photo)\" 2>/dev/null >/dev/null; "
                                                    // Kept running for the session to watch; it ends the sleep.
                                                    + "exec sleep 600", flickBinary,
                                                    setup.root.path, entry.path], executable: "/bin/sh")
        let window = try launcher.geometry()
        #expect(try launcher.waitForScreen { $0.matches(x: Int(window.midX), y: Int(window.midY), Self.green) }.1)
        #expect(try title(launcher) == "pl\\xE4ge.png — caf\\xE9 — Flick")
        // Flick is gio's child, not the session's: ended here by its window's process id.
        let pid = try #require(pid_t(try launcher.server.xdotool("getwindowpid", String(launcher.windowID))
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        // Gone, or a zombie its new parent has yet to reap.
        func running() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let state = stat[stat.range(of: ")")!.upperBound...].split(separator: " ").first else { return false }
            return state != "Z"
        }
        let deadline = Date().addingTimeInterval(20)
        while running() && Date() < deadline { usleep(50_000) }
        #expect(!running(), "Flick ended")
    }
}
