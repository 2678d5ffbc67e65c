// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing

/// The photo stack of the real binary (`--view stack`), driven with xdotool.
@Suite(.serialized) struct StackEndToEndTests {
    static let colours = Array(FlickEndToEndTests.colours.prefix(5))

    func centreShows(_ index: Int, _ shot: Screenshot, window: Rect) -> Bool {
        shot.matches(x: Int(window.midX), y: Int(window.midY), Self.colours[index])
    }

    @Test func thePileFlicksOnByAFastDragKeepsItsTopOnASlowOneAndOpensThePager() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: ["--view", "stack", folder.path])
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1, "the first photo is on top")

        let centre = (x: Int(window.midX), y: Int(window.midY))
        try flick.drag(from: centre, dx: 300, steps: 6, pause: 10, hold: 0)
        #expect(try flick.waitForScreen { centreShows(1, $0, window: window) }.1, "a fast drag shows the second photo")

        // Held after a slow drag, the pile reaches 120 px further right (the top photo is
        // tinted while held: its colour changes, its place is what counts); let go, it goes
        // back: a drag that never arrived would fail the first, not pass the second.
        func pile(_ shot: Screenshot) -> ClosedRange<Int>? {
            shot.reach(row: centre.y) { let c = shot.color(x: $0, y: centre.y); return max(c.red, c.green, c.blue) > 40 }
        }
        let restingEdge = try flick.restingReach(row: centre.y, pile).upperBound
        try flick.press(at: centre, dragBy: 120, steps: 10, pause: 40)
        let (held, dragged) = try flick.waitForScreen { (pile($0)?.upperBound ?? 0) >= restingEdge + 100 }
        #expect(dragged, "the held photo follows the pointer: the pile reaches \(pile(held).map(String.init(describing:)) ?? "nowhere"), was \(restingEdge)")
        try flick.server.pointer([.release(after: 300)])
        let (_, back) = try flick.waitForScreen { shot in pile(shot).map { abs($0.upperBound - restingEdge) <= 3 } ?? false && centreShows(1, shot, window: window) }
        #expect(back, "a slow drag leaves it on top, where it was")

        try flick.server.xdotool("mousemove", String(centre.x), String(centre.y), "click", "--repeat", "2", "--delay", "80", "1")
        // Full screen on black: the window's left edge turns black beside the fitted photo.
        let (_, opened) = try flick.waitForScreen { shot in
            centreShows(1, shot, window: window) && shot.matches(x: Int(window.minX) + 5, y: Int(window.midY), (0, 0, 0))
        }
        #expect(opened, "a double-click opens the pager on the top photo")
    }

    @Test func sSpreadsAllTwelveOnOneScreenAndAClickOnTheMaskGathersThem() throws {
        let folder = try makeSolidColourFolder(FlickEndToEndTests.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: ["--view", "stack", folder.path])
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1)

        try flick.server.xdotool("key", "s")
        // The grid's cells for the window's width.
        func cellCentre(_ index: Int) -> (x: Int, y: Int) { EndToEndTests.cellCentre(index, in: window) }
        let all = FlickEndToEndTests.colours
        let empty = cellCentre(all.count + 1)
        let (shot, spread) = try flick.waitForScreen { shot in
            all.indices.allSatisfy { shot.matches(x: cellCentre($0).x, y: cellCentre($0).y, all[$0]) }
                && shot.matches(x: empty.x, y: empty.y, (0, 0, 0))
        }
        #expect(spread, "all twelve photos in their cells on one screen, on black: \(shot.color(x: empty.x, y: empty.y))")

        try flick.server.xdotool("mousemove", String(Int(window.minX) + 10), String(Int(window.minY) + 10), "click", "1")
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1, "gathered back, the first photo on top")
    }
}
