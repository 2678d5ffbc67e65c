// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing

/// The window as a whole: the views share the photo in hand; help comes and goes.
@Suite(.serialized) struct ShellEndToEndTests {
    static let colours = Array(FlickEndToEndTests.colours.prefix(5))

    func centreShows(_ index: Int, _ shot: Screenshot, window: Rect) -> Bool {
        shot.matches(x: Int(window.midX), y: Int(window.midY), Self.colours[index])
    }

    /// `--fullscreen` fills the screen from the first frame, even with no window manager to
    /// ask; `f` leaves it for the default window, which is what is remembered.
    @Test func fullscreenFillsTheScreenAndFLeavesItForTheDefaultWindow() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try InstallTests.temporaryFolder("fullscreen-config")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(at: config.appendingPathComponent("flick"), withIntermediateDirectories: true)
        try Data().write(to: config.appendingPathComponent("flick/settings"))
        let flick = try FlickSession(arguments: [folder.path, "--fullscreen"], environment: ["XDG_CONFIG_HOME": config.path])

        let screen = try flick.geometry()
        #expect(screen == Rect(x: 0, y: 0, width: 1920, height: 1080), "the whole screen: \(screen)")
        let cell = cellCentre(0, in: screen)
        #expect(try flick.waitForScreen { $0.matches(x: cell.x, y: cell.y, Self.colours[0]) }.1)

        try flick.server.xdotool("key", "f")
        var window = try flick.geometry()
        let deadline = Date().addingTimeInterval(10)
        while window.width == 1920 && Date() < deadline { usleep(100_000); window = try flick.geometry() }
        #expect(window.size == Size(width: 1280, height: 800), "the default window: \(window)")
        let windowedCell = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: windowedCell.x, y: windowedCell.y, Self.colours[0]) }.1, "laid out anew")

        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
        let settings = try String(contentsOf: config.appendingPathComponent("flick/settings"), encoding: .utf8)
        #expect(settings.contains("fullscreen = false") && settings.contains("window = 1280x800"), "\(settings)")
    }

    /// With no window manager to ask, `f` still makes the window fill the screen and gives
    /// it its size back, and what is remembered is what was on screen.
    @Test func withoutAWindowManagerFFillsTheScreenAndGivesTheWindowBack() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try InstallTests.temporaryFolder("fullscreen-toggle-config")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(at: config.appendingPathComponent("flick"), withIntermediateDirectories: true)
        try Data().write(to: config.appendingPathComponent("flick/settings"))
        let flick = try FlickSession(arguments: [folder.path], environment: ["XDG_CONFIG_HOME": config.path])
        func geometry(becoming condition: (Rect) -> Bool) throws -> Rect {
            var window = try flick.geometry()
            let deadline = Date().addingTimeInterval(10)
            while !condition(window) && Date() < deadline { usleep(100_000); window = try flick.geometry() }
            return window
        }
        #expect(try flick.geometry().size == Size(width: 1280, height: 800))
        for round in 1...2 {
            try flick.server.xdotool("key", "f")
            let full = try geometry { $0.width == 1920 }
            #expect(full == Rect(x: 0, y: 0, width: 1920, height: 1080), "round \(round): the whole screen: \(full)")
            let cell = cellCentre(0, in: full)
            #expect(try flick.waitForScreen { $0.matches(x: cell.x, y: cell.y, Self.colours[0]) }.1, "laid out for the screen")
            try flick.server.xdotool("key", "f")
            let window = try geometry { $0.width == 1280 }
            #expect(window.size == Size(width: 1280, height: 800), "round \(round): the window again: \(window)")
        }
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
        let settings = try String(contentsOf: config.appendingPathComponent("flick/settings"), encoding: .utf8)
        #expect(settings.contains("fullscreen = false") && settings.contains("window = 1280x800"), "\(settings)")
    }

    @Test func ctrlOneToFourShowEachViewWithTheSamePhotoInHand() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.path])
        let window = try flick.geometry()
        let first = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: first.x, y: first.y, Self.colours[0]) }.1)

        try flick.server.xdotool("key", "Right", "Right")
        for (key, view) in [("ctrl+2", "stack"), ("ctrl+3", "deck"), ("ctrl+4", "culling pager")] {
            try flick.server.xdotool("key", key)
            #expect(try flick.waitForScreen { centreShows(2, $0, window: window) }.1, "the \(view) shows the third photo")
        }
        try flick.server.xdotool("key", "ctrl+1", "Return")
        let (_, opened) = try flick.waitForScreen { shot in
            centreShows(2, shot, window: window) && shot.matches(x: Int(window.minX) + 5, y: Int(window.midY), (0, 0, 0))
        }
        #expect(opened, "back in the grid, Enter opens the same photo")
    }

    /// "?" is typed with Shift and a different key on each layout: Shift+/ (US), Shift+ß
    /// (German), Shift+, (French).
    @Test(arguments: ["us", "de", "fr"])
    func questionMarkShowsHelpAndEscClosesItLeavingFlickRunning(layout: String) throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: ["--view", "stack", folder.path]) { try $0.setKeyboardLayout(layout) }
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1)

        try flick.server.xdotool("key", "question")
        // Dark round the middle, but for the help's words: a pixel there may be a letter.
        let around = (-4...4).flatMap { dx in (-4...4).map { dy in (x: Int(window.midX) + dx * 10, y: Int(window.midY) + dy * 10) } }
        let (shot, shown) = try flick.waitForScreen { shot in
            let dark = around.filter { let c = shot.color(x: $0.x, y: $0.y); return c.red < 60 && c.green < 60 && c.blue < 60 }
            return dark.count * 10 >= around.count * 7
        }
        #expect(shown, "help covers the middle (\(layout) keyboard): \(shot.color(x: Int(window.midX), y: Int(window.midY)))")
        try flick.server.xdotool("key", "Escape")
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1, "gone again")
        try flick.server.xdotool("key", "Escape")
        #expect(flick.waitForExit(timeout: 1) == nil, "and Esc did not quit")
    }

    /// A key pressed in another window and still held when Flick gets the keyboard (Ctrl+Q
    /// or Ctrl+W closing that window, Enter in a launcher) is not Flick's: not even when
    /// the X server's auto-repeat sends it on to Flick's window.
    @Test func aKeyHeldSinceBeforeFlickHadTheKeyboardDoesNothingThere() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: ["--view", "stack", folder.path]) { server in
            // Where Flick's window will be, so the keyboard's events go to it.
            _ = try server.xdotool("mousemove", "960", "540")
            _ = try server.xdotool("keydown", "q")
        }
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1)
        // Well past the server's repeat delay (660 ms): repeats have reached the window.
        #expect(flick.waitForExit(timeout: 2) == nil, "q, held since before Flick started, did not quit it")
        _ = try flick.server.xdotool("keyup", "q")
        #expect(flick.waitForExit(timeout: 0.5) == nil, "nor did its release")

        // A q pressed in Flick quits it.
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }
}
