// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing

/// The real binary in a real X server, driven as a user would drive it.
@Suite(.serialized) struct FlickEndToEndTests {
    static let colours: [(red: Int, green: Int, blue: Int)] = [
        (230, 40, 40), (40, 200, 60), (40, 80, 230), (240, 220, 40), (200, 60, 200), (40, 210, 210),
        (250, 140, 30), (130, 90, 40), (150, 150, 150), (255, 255, 255), (90, 30, 140), (20, 120, 90),
    ]

    func showsColours(_ shot: Screenshot, window: Rect, count: Int) -> Bool {
        (0..<count).allSatisfy { index in
            let centre = cellCentre(index, in: window)
            return centre.y < shot.height && shot.matches(x: centre.x, y: centre.y, Self.colours[index])
        }
    }

    @Test func theGridShowsEachPhotoInItsCellAndReflowsOnResize() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.path])
        #expect(try flick.server.xdotool("getwindowname", String(flick.windowID)) == "\(folder.lastPathComponent) — Flick")

        let window = try flick.geometry()
        #expect(window.width == 1280 && window.height == 800)
        let (_, shown) = try flick.waitForScreen { showsColours($0, window: window, count: Self.colours.count) }
        #expect(shown, "every photo's colour in its cell")

        // Narrower: fewer columns, so photo 5 moves to another row.
        try flick.server.xdotool("windowsize", String(flick.windowID), "700", "600")
        var resized = try flick.geometry()
        let deadline = Date().addingTimeInterval(5)
        while resized.width != 700 && Date() < deadline { usleep(100_000); resized = try flick.geometry() }
        #expect(GridLayout(width: 700).columns < GridLayout(width: 1280).columns)
        let (_, reflowed) = try flick.waitForScreen { showsColours($0, window: resized, count: 8) }
        #expect(reflowed, "the grid reflowed to the new width")
    }

    @Test func photosAddedAndRemovedWhileOpenShowUpWithoutARestart() throws {
        let folder = try makeSolidColourFolder(Array(Self.colours.prefix(2)))
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.path])
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { showsColours($0, window: window, count: 2) }.1)

        // A third photo arrives: its colour fills the third cell.
        let c = Self.colours[2]
        try run("convert-im6.q16", ["-size", "300x200", "xc:rgb(\(c.red),\(c.green),\(c.blue))", folder.appendingPathComponent("photo_3.png").path])
        let (added, appeared) = try flick.waitForScreen { showsColours($0, window: window, count: 3) }
        #expect(appeared, "the added photo appears: \((0..<3).map { added.color(x: cellCentre($0, in: window).x, y: cellCentre($0, in: window).y) })")

        // The first is deleted: the others move up, nothing stale is left in the last cell.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("photo_1.png"))
        let (shot, moved) = try flick.waitForScreen { shot in
            let first = cellCentre(0, in: window), second = cellCentre(1, in: window), third = cellCentre(2, in: window)
            return shot.matches(x: first.x, y: first.y, Self.colours[1]) && shot.matches(x: second.x, y: second.y, Self.colours[2])
                && !shot.matches(x: third.x, y: third.y, Self.colours[2])
        }
        #expect(moved, "the deleted photo is gone: \((0..<3).map { shot.color(x: cellCentre($0, in: window).x, y: cellCentre($0, in: window).y) })")
        #expect(flick.process.isRunning)
    }

    /// A copy is listed the moment it is created, while still empty, and is whole within
    /// the same second: the failure of its empty self must not stay on its cell.
    @Test func aPhotoSeenEmptyThenWrittenInTheSameSecondShows() throws {
        let folder = try makeSolidColourFolder(Array(Self.colours.prefix(2)))
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.path])
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { showsColours($0, window: window, count: 2) }.1)

        let arriving = folder.appendingPathComponent("photo_3.png"), whole = folder.appendingPathComponent(".whole.png")
        let c = Self.colours[2]
        try run("convert-im6.q16", ["-size", "300x200", "xc:rgb(\(c.red),\(c.green),\(c.blue))", whole.path])
        let second = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) - 60)
        try Data().write(to: arriving)
        try FileManager.default.setAttributes([.modificationDate: second], ofItemAtPath: arriving.path)
        // The empty file's cell says it cannot be shown.
        let third = cellCentre(2, in: window)
        let background = try flick.server.screenshot().color(x: cellCentre(5, in: window).x, y: cellCentre(5, in: window).y)
        #expect(try flick.waitForScreen { !$0.matches(x: third.x, y: third.y, background) }.1, "the empty file is listed")

        // Written whole, with the same modification time (to the second) as before.
        let handle = try FileHandle(forWritingTo: arriving)
        try handle.write(contentsOf: try Data(contentsOf: whole))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: second], ofItemAtPath: arriving.path)
        let (shot, shown) = try flick.waitForScreen { showsColours($0, window: window, count: 3) }
        #expect(shown, "the whole photo replaces its failure: \(shot.color(x: third.x, y: third.y))")
    }

    @Test func escapeInTheGridLeavesFlickRunningAndQQuitsWithStatusZero() throws {
        let flick = try FlickSession(arguments: [try makeSolidColourFolder(Array(Self.colours.prefix(2))).path])
        let window = try flick.geometry()
        try flick.server.xdotool("mousemove", String(Int(window.midX)), String(Int(window.midY)))
        try flick.server.xdotool("key", "Escape", "Escape")
        #expect(flick.waitForExit(timeout: 1.5) == nil, "Esc twice in the grid: still there")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func controlWQuitsWithStatusZero() throws {
        let flick = try FlickSession(arguments: [try makeSolidColourFolder(Array(Self.colours.prefix(2))).path])
        try flick.server.xdotool("key", "ctrl+w")
        #expect(flick.waitForExit() == 0)
    }

    @Test func controlQQuitsWithStatusZero() throws {
        let flick = try FlickSession(arguments: [try makeSolidColourFolder(Array(Self.colours.prefix(2))).path])
        let window = try flick.geometry()
        try flick.server.xdotool("mousemove", String(Int(window.midX)), String(Int(window.midY)))
        try flick.server.xdotool("key", "ctrl+q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func theWindowsCloseButtonQuitsWithStatusZero() throws {
        let flick = try FlickSession(arguments: [try makeSolidColourFolder(Array(Self.colours.prefix(2))).path])
        try flick.server.requestClose(window: flick.windowID)
        #expect(flick.waitForExit() == 0)
    }

    @Test func anIdleFlickUsesNoCPU() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.path])
        let window = try flick.geometry()
        try flick.waitForScreen { showsColours($0, window: window, count: Self.colours.count) }
        usleep(500_000)
        let before = try flick.cpuTicks()
        sleep(3)
        let used = try flick.cpuTicks() - before
        // Clock ticks are hundredths of a second: at most 0.05 s of CPU in 3 s.
        #expect(used <= 5, "used \(used) ticks while idle")
    }

    @Test(arguments: [["/no/such/folder"], ["/etc/passwd"]])
    func aBadRequestSaysWhyInOneLineAndExitsTwoWithoutAWindow(arguments: [String]) throws {
        let result = try run(flickBinary, arguments, environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"])
        #expect(result.status == 2)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("flick: "), "stderr: \(result.error)")
    }

    @Test(.enabled(if: getuid() != 0, "root reads every folder, so none is unreadable to it"))
    func anUnreadableFolderSaysSo() throws {
        let folder = try makeSolidColourFolder(Array(Self.colours.prefix(1)))
        chmod(folder.path, 0)
        defer { chmod(folder.path, 0o755); try? FileManager.default.removeItem(at: folder) }
        let result = try run(flickBinary, [folder.path])
        #expect(result.status == 2 && result.error.contains("cannot be read"))
    }

    @Test func helpAndVersionAnswerWithoutAWindow() throws {
        let help = try run(flickBinary, ["--help"])
        #expect(help.status == 0 && help.output.contains("--fullscreen") && help.output.contains("--view"))
        let version = try run(flickBinary, ["--version"])
        #expect(version.status == 0 && version.output.contains("0."))
    }
}

@Suite(.serialized) struct RememberedEndToEndTests {
    @Test func theLastViewIsRememberedAndAFlagWins() throws {
        let folder = try makeSolidColourFolder(Array(FlickEndToEndTests.colours.prefix(3)))
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-config-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: config)
        }
        let environment = ["XDG_CONFIG_HOME": config.path]
        let first = try FlickSession(arguments: [folder.path], environment: environment)
        try first.server.xdotool("key", "ctrl+4")
        try first.server.xdotool("key", "q")
        #expect(first.waitForExit() == 0)
        let saved = try String(contentsOf: config.appendingPathComponent("flick/settings"), encoding: .utf8)
        #expect(saved.contains("view = cull"), "\(saved)")

        let second = try FlickSession(arguments: [folder.path], environment: environment)
        let window = try second.geometry()
        // The culling pager: the current card in the middle, the counter below it.
        #expect(try second.waitForScreen { $0.matches(x: Int(window.midX), y: Int(window.midY), FlickEndToEndTests.colours[0]) }.1)
        try second.server.xdotool("key", "q")
        #expect(second.waitForExit() == 0)
        #expect(try String(contentsOf: config.appendingPathComponent("flick/settings"), encoding: .utf8).contains("view = cull"))

        let third = try FlickSession(arguments: ["--view", "grid", folder.path], environment: environment)
        try third.server.xdotool("key", "q")
        #expect(third.waitForExit() == 0)
        #expect(try String(contentsOf: config.appendingPathComponent("flick/settings"), encoding: .utf8).contains("view = grid"), "the flag won")
    }
}
