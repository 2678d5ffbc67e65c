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

    @Test func keysOneToFourShowEachViewWithTheSamePhotoInHand() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.path])
        let window = try flick.geometry()
        let first = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: first.x, y: first.y, Self.colours[0]) }.1)

        try flick.server.xdotool("key", "Right", "Right")
        for (key, view) in [("2", "stack"), ("3", "deck"), ("4", "culling pager")] {
            try flick.server.xdotool("key", key)
            #expect(try flick.waitForScreen { centreShows(2, $0, window: window) }.1, "the \(view) shows the third photo")
        }
        try flick.server.xdotool("key", "1", "Return")
        let (_, opened) = try flick.waitForScreen { shot in
            centreShows(2, shot, window: window) && shot.matches(x: Int(window.minX) + 5, y: Int(window.midY), (0, 0, 0))
        }
        #expect(opened, "back in the grid, Enter opens the same photo")
    }

    @Test func questionMarkShowsHelpAndEscClosesItLeavingFlickRunning() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: ["--view", "stack", folder.path])
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1)

        try flick.server.xdotool("key", "question")
        let (shot, shown) = try flick.waitForScreen { shot in
            let c = shot.color(x: Int(window.midX), y: Int(window.midY))
            return c.red < 60 && c.green < 60 && c.blue < 60
        }
        #expect(shown, "help covers the middle: \(shot.color(x: Int(window.midX), y: Int(window.midY)))")
        try flick.server.xdotool("key", "Escape")
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1, "gone again")
        try flick.server.xdotool("key", "Escape")
        #expect(flick.waitForExit(timeout: 1) == nil, "and Esc did not quit")
    }
}
