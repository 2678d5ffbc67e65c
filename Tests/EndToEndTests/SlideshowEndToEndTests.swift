// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// F5 in the real binary: the album plays, photo after photo, the screen saver held off
/// while it does; Esc ends it, and the screen saver may start again.
@Suite struct SlideshowEndToEndTests {
    @Test func f5PlaysTheAlbumHoldingOffTheScreenSaverAndEscEndsIt() throws {
        let colours = [(red: 200, green: 40, blue: 40), (red: 40, green: 200, blue: 40), (red: 40, green: 40, blue: 200)]
        let folder = try makeSolidColourFolder(colours)
        let flick = try FlickSession(arguments: [folder.path, "--view", "grid"], environment: ["FLICK_BENCH_PROBE": "1"])
        let window = try flick.geometry()
        let cell = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: cell.x, y: cell.y, colours[0]) }.1, "the grid: \(flick.errorOutput())")
        _ = try flick.server.xdotool("key", "F5")
        #expect(flick.waitForErrorOutput(containing: "flick-probe screensaver held"), "playing: the screen saver waits")
        // The first photo, then by itself the next (a photo every few seconds).
        let middle = (x: Int(window.midX), y: Int(window.midY))
        #expect(try flick.waitForScreen { $0.matches(x: middle.x, y: middle.y, colours[0]) }.1, "photo 1 fills the middle")
        #expect(try flick.waitForScreen(timeout: 20) { $0.matches(x: middle.x, y: middle.y, colours[1]) }.1, "photo 2 follows by itself")
        let before = flick.errorOutputSoFar().count
        _ = try flick.server.xdotool("key", "Escape")
        #expect(flick.waitForErrorOutput(containing: "flick-probe screensaver allowed", after: before), "ended: the screen saver may start")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }
}
