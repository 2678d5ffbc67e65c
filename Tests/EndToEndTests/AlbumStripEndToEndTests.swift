// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing

/// A folder of albums in the real binary: the strip, choosing an album, albums appearing.
@Suite(.serialized) struct AlbumStripEndToEndTests {
    static let blue = (red: 40, green: 80, blue: 230)
    static let green = (red: 40, green: 200, blue: 60)
    static let red = (red: 230, green: 40, blue: 40)
    static let yellow = (red: 240, green: 220, blue: 40)

    /// Grid cell `index`'s centre when the strip sits above the grid.
    func cellBelowStrip(_ index: Int, in window: Rect) -> (x: Int, y: Int) {
        let cell = cellCentre(index, in: Rect(x: window.minX, y: window.minY, width: window.width, height: window.height - AlbumStripLayout.height))
        return (cell.x, cell.y + Int(AlbumStripLayout.height))
    }

    /// Cover `offset` places right of the centred one, which sits in the middle of the band
    /// left of the view switcher (how wide that is depends on the font): found on the screen
    /// by its selection ring, at `centreX`.
    func cover(_ offset: Int, in window: Rect, centreX: Int) -> (x: Int, y: Int) {
        let layout = AlbumStripLayout(width: window.width)
        return (centreX + Int(Double(offset) * layout.pitch), Int(window.minY + layout.coverFrame(of: 0).midY))
    }

    /// The middle of the selected cover: between the left and right sides of its ring, on the
    /// line through the covers' middles.
    func selectedCoverX(in shot: Screenshot, window: Rect) -> Int? {
        let y = Int(window.minY + AlbumStripLayout(width: window.width).coverFrame(of: 0).midY)
        let ring = (red: 89, green: 158, blue: 255)
        let xs = (Int(window.minX)..<Int(window.maxX)).filter { shot.matches(x: $0, y: y, ring, tolerance: 20) }
        guard let left = xs.first, let right = xs.last(where: { $0 - left < Int(AlbumStripLayout.coverSide) + 20 }), right - left > 50 else { return nil }
        return (left + right) / 2
    }

    @Test func aFolderOfAlbumsOpensAllOfThemAndAClickOnACoverOpensOneAlbum() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-albums-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, colour, count) in [("Reds", Self.red, 2), ("Blues", Self.blue, 3), ("Greens", Self.green, 1)] {
            let made = try makeSolidColourFolder(Array(repeating: colour, count: count))
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: made, to: root.appendingPathComponent(name))
        }
        let flick = try FlickSession(arguments: [root.path])
        let window = try flick.geometry()

        // Only albums inside: all of them open as one, the strip's first album, its cover
        // (the first album's, Blues') centred, then Blues and Greens; the grid holds all six.
        var centreX = 0
        let (first, opened) = try flick.waitForScreen { shot in
            guard let x = selectedCoverX(in: shot, window: window) else { return false }
            centreX = x
            let centre = cover(0, in: window, centreX: x), next = cover(1, in: window, centreX: x), third = cover(2, in: window, centreX: x)
            let cells = (0..<6).map { cellBelowStrip($0, in: window) }
            let counts = [Self.red, Self.blue, Self.green].map { colour in cells.count { shot.matches(x: $0.x, y: $0.y, colour) } }
            return shot.matches(x: centre.x, y: centre.y, Self.blue) && shot.matches(x: next.x, y: next.y, Self.blue)
                && shot.matches(x: third.x, y: third.y, Self.green) && counts == [2, 3, 1]
        }
        #expect(opened, "every album's photos in one grid below the strip: \(first.color(x: cover(0, in: window, centreX: centreX).x, y: cover(0, in: window, centreX: centreX).y))")
        #expect(centreX < Int(window.midX), "centred in the band left of the switcher, not under it")
        #expect(try flick.server.xdotool("getwindowname", String(flick.windowID)) == "All of \(root.lastPathComponent) — Flick")

        // Reds, three covers along: a click opens it alone, and it glides to the middle.
        let reds = cover(3, in: window, centreX: centreX)
        try flick.server.xdotool("mousemove", String(reds.x), String(reds.y), "click", "1")
        let (_, switched) = try flick.waitForScreen { shot in
            let cell = cellBelowStrip(0, in: window), second = cellBelowStrip(1, in: window), third = cellBelowStrip(2, in: window)
            let centre = cover(0, in: window, centreX: centreX)
            return shot.matches(x: cell.x, y: cell.y, Self.red) && shot.matches(x: second.x, y: second.y, Self.red)
                && !shot.matches(x: third.x, y: third.y, Self.red) && shot.matches(x: centre.x, y: centre.y, Self.red)
        }
        #expect(switched, "the grid shows Reds' two photos and Reds' cover is centred")
        #expect(try flick.server.xdotool("getwindowname", String(flick.windowID)) == "Reds — Flick")

        // A new album appears on disk: its cover joins the strip, after Reds.
        let yellows = try makeSolidColourFolder([Self.yellow])
        try FileManager.default.moveItem(at: yellows, to: root.appendingPathComponent("Yellows"))
        let (_, appeared) = try flick.waitForScreen { shot in
            let next = cover(1, in: window, centreX: centreX), cell = cellBelowStrip(0, in: window)
            return shot.matches(x: next.x, y: next.y, Self.yellow) && shot.matches(x: cell.x, y: cell.y, Self.red)
        }
        #expect(appeared, "Yellows' cover is in the strip, and Reds stays open")
        try flick.server.requestClose(window: flick.windowID)
        #expect(flick.waitForExit() == 0)
    }

    /// Polls the window's title until `condition` holds or `timeout` passes; returns the last.
    func waitForTitle(_ flick: FlickSession, timeout: TimeInterval = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var title = try flick.server.xdotool("getwindowname", String(flick.windowID))
        while !condition(title) && Date() < deadline {
            usleep(100_000)
            title = try flick.server.xdotool("getwindowname", String(flick.windowID))
        }
        return title
    }

    @Test func aFastDragFlingsTheStripOnPastWhereItWasLetGoAndASlowOneDoesNot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-fling-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for number in 1...12 {
            let made = try makeSolidColourFolder([(red: 20 * number, green: 90, blue: 140)], size: "60x40")
            try FileManager.default.moveItem(at: made, to: root.appendingPathComponent(String(format: "Album %02d", number)))
        }
        let flick = try FlickSession(arguments: [root.path])
        let window = try flick.geometry()
        // Only albums inside: all of them open first, with Album 01's cover.
        let all = "All of \(root.lastPathComponent) — Flick"
        #expect(try waitForTitle(flick) { $0 == all } == all)
        var centreX = 0
        _ = try flick.waitForScreen { shot in
            guard let x = selectedCoverX(in: shot, window: window) else { return false }
            centreX = x
            let centre = cover(0, in: window, centreX: x)
            return shot.matches(x: centre.x, y: centre.y, (red: 20, green: 90, blue: 140))
        }

        // One cover's width, slowly, held still: the next cover settles in the middle.
        let centre = cover(0, in: window, centreX: centreX)
        try flick.drag(from: centre, dx: -Int(AlbumStripLayout(width: window.width).pitch), steps: 10, pause: 40, hold: 300)
        #expect(try waitForTitle(flick) { $0 != all } == "Album 01 — Flick")

        // Two covers' width in 60 ms: the strip glides on well past them.
        try flick.drag(from: centre, dx: -220, steps: 6, pause: 10, hold: 0)
        let flung = try waitForTitle(flick) { title in
            Int(title.dropFirst("Album ".count).prefix(2)).map { $0 >= 6 } ?? false
        }
        #expect(Int(flung.dropFirst("Album ".count).prefix(2)).map { $0 >= 6 } == true, "flung from Album 01 well past Album 03: \(flung)")
    }
}

