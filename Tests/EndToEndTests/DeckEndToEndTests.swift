// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing

/// The card deck of the real binary (`--view deck`), driven through the X server.
@Suite(.serialized) struct DeckEndToEndTests {
    static let colours = Array(FlickEndToEndTests.colours.prefix(5))

    func centreShows(_ index: Int, _ shot: Screenshot, window: Rect) -> Bool {
        shot.matches(x: Int(window.midX), y: Int(window.midY), Self.colours[index])
    }

    @Test func theFrontCardThrowsByAFastDragStaysOnASlowOneTurnsOverOnAClickAndOpensOnADoubleClick() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: ["--view", "deck", folder.path])
        let window = try flick.geometry()
        let centre = (x: Int(window.midX), y: Int(window.midY))
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1, "the first photo on the front card")

        try flick.drag(from: centre, dx: 300, steps: 6, pause: 10, hold: 0)
        #expect(try flick.waitForScreen { centreShows(1, $0, window: window) }.1, "a fast drag throws it: the second photo")

        // A slow short drag, held: the front card follows the pointer, uncovering its left edge.
        let card = DeckLayout(viewSize: window.size).cardRect.offsetBy(dx: window.minX, dy: window.minY)
        let leftEdge = (x: Int(card.minX) + 12, y: Int(card.midY))
        #expect(try flick.waitForScreen { $0.matches(x: leftEdge.x, y: leftEdge.y, Self.colours[1]) }.1, "the front card covers its place")
        var held: [PointerStep] = [.move(x: centre.x, y: centre.y), .press(after: 20)]
        for step in 1...10 { held.append(.move(x: centre.x + 120 * step / 10, y: centre.y, after: 40)) }
        try flick.server.pointer(held)
        #expect(try flick.waitForScreen { !$0.matches(x: leftEdge.x, y: leftEdge.y, Self.colours[1]) }.1, "the held card follows the drag")
        // Released there, still: it springs back in front, covering its place again.
        try flick.server.pointer([.release(after: 300)])
        #expect(try flick.waitForScreen { shot in
            centreShows(1, shot, window: window) && shot.matches(x: leftEdge.x, y: leftEdge.y, Self.colours[1])
        }.1, "a slow short drag leaves it in front")

        try flick.server.xdotool("mousemove", String(centre.x), String(centre.y), "click", "1")
        // The back: card-coloured, with the facts written on it in dark text.
        let (back, turned) = try flick.waitForScreen { shot in
            shot.matches(x: Int(card.maxX) - 30, y: Int(card.maxY) - 30, (242, 240, 232), tolerance: 16)
                && darkPixels(in: shot, rect: card) > 200
        }
        #expect(turned, "a click shows the back with its facts: \(darkPixels(in: back, rect: card)) dark pixels")

        try flick.server.xdotool("mousemove", String(centre.x), String(centre.y), "click", "1")
        #expect(try flick.waitForScreen { centreShows(1, $0, window: window) }.1, "another click turns it back")

        try flick.server.xdotool("mousemove", String(centre.x), String(centre.y), "click", "--repeat", "2", "--delay", "80", "1")
        let (_, opened) = try flick.waitForScreen { shot in
            centreShows(1, shot, window: window) && shot.matches(x: Int(window.minX) + 5, y: Int(window.midY), (0, 0, 0))
        }
        #expect(opened, "a double-click opens the pager on the front photo")
    }

    private func darkPixels(in shot: Screenshot, rect: Rect) -> Int {
        var count = 0
        for y in stride(from: Int(rect.minY) + 4, to: Int(rect.maxY) - 4, by: 2) {
            for x in stride(from: Int(rect.minX) + 4, to: Int(rect.maxX) - 4, by: 2) {
                let c = shot.color(x: x, y: y)
                if c.red < 110 && c.green < 110 && c.blue < 110 { count += 1 }
            }
        }
        return count
    }
}
