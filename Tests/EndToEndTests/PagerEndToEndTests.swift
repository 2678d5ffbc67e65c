// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing

/// The full-screen pager of the real binary: open by double-click, page by key and drag,
/// close back onto the grid.
@Suite(.serialized) struct PagerEndToEndTests {
    static let colours = Array(FlickEndToEndTests.colours.prefix(8))

    /// The window's centre shows colour `index`, and its left edge the black backdrop (the
    /// 3:2 photos leave bars at the sides of a 16:10 window).
    func pagerShows(_ index: Int, _ shot: Screenshot, window: Rect) -> Bool {
        shot.matches(x: Int(window.midX), y: Int(window.midY), Self.colours[index])
            && shot.matches(x: Int(window.minX) + 5, y: Int(window.midY), (0, 0, 0))
    }

    /// Opened on a 4:3 photo, whose shape is known only once its picture is decoded (the
    /// pager flies in with a 3:2 guess): it lands fitted, with bars at the sides of the
    /// 16:10 window, not cropped to the guess.
    @Test func aPhotoOpenedFromTheCommandLineLandsFittedToItsOwnShape() throws {
        let colour = Self.colours[1]
        let folder = try makeSolidColourFolder([colour], size: "400x300")
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.appendingPathComponent("photo_1.png").path])
        let window = try flick.geometry()
        // Fitted: 1067×800 in 1280×800, so 106 pt of black each side.
        let fittedWidth = window.height * 4 / 3
        let bar = Int((window.width - fittedWidth) / 2)
        let y = Int(window.midY)
        let (shot, fitted) = try flick.waitForScreen { shot in
            shot.matches(x: Int(window.minX) + bar - 20, y: y, (0, 0, 0)) && shot.matches(x: Int(window.minX) + bar + 20, y: y, colour)
                && shot.matches(x: Int(window.maxX) - bar - 20, y: y, colour) && shot.matches(x: Int(window.maxX) - bar + 20, y: y, (0, 0, 0))
        }
        #expect(fitted, "bars of \(bar) pt each side; left of the photo: \(shot.color(x: Int(window.minX) + bar - 20, y: y))")
    }

    /// An animated GIF plays in the pager, looping through its frames; back on the grid,
    /// its cell shows the first frame and stays still.
    @Test func anAnimatedGIFPlaysInThePagerAndStandsStillOnTheGrid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("moving.gif").path
        let made = try run("convert-im6.q16", ["-delay", "60", "-size", "300x200", "xc:red", "xc:lime", "xc:blue", "-loop", "0", gif])
        try #require(made.status == 0, "\(made.error)")
        let flick = try FlickSession(arguments: [gif])
        let window = try flick.geometry()
        let centre = (x: Int(window.midX), y: Int(window.midY))
        // Each frame in turn, and round again: it moves, in the file's order, and loops.
        for colour in [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 0, 0), (0, 255, 0)] {
            let (shot, seen) = try flick.waitForScreen(timeout: 30) { $0.matches(x: centre.x, y: centre.y, colour) }
            #expect(seen, "waiting for \(colour), the pager shows \(shot.color(x: centre.x, y: centre.y))")
        }

        try flick.server.xdotool("key", "Escape")
        let cell = cellCentre(0, in: window)
        // The pager's photo covers the cell's place too: the grid is there once the window's
        // middle shows none of the GIF's colours (a busy machine takes Escape late).
        let frames = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
        #expect(try flick.waitForScreen { shot in
            shot.matches(x: cell.x, y: cell.y, (255, 0, 0)) && !frames.contains { shot.matches(x: centre.x, y: centre.y, $0) }
        }.1, "the grid shows the first frame")
        for _ in 0..<5 {
            usleep(300_000)
            let shot = try flick.server.screenshot()
            #expect(shot.matches(x: cell.x, y: cell.y, (255, 0, 0)), "the cell moved: \(shot.color(x: cell.x, y: cell.y))")
        }
    }

    @Test func doubleClickOpensThePagerWhichPagesByKeyAndDragAndClosesOnEscape() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.path])
        let window = try flick.geometry()
        let cell = cellCentre(2, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: cell.x, y: cell.y, Self.colours[2]) }.1)

        try flick.server.xdotool("mousemove", String(cell.x), String(cell.y), "click", "--repeat", "2", "--delay", "80", "1")
        #expect(try flick.waitForScreen { pagerShows(2, $0, window: window) }.1, "the double-clicked photo fills the window")

        try flick.server.xdotool("key", "Right")
        #expect(try flick.waitForScreen { pagerShows(3, $0, window: window) }.1, "Right shows the next photo")

        let middle = (x: Int(window.midX) + 200, y: Int(window.midY))
        try flick.drag(from: middle, dx: -240, steps: 6, pause: 10, hold: 0)
        let (afterFlick, paged) = try flick.waitForScreen { pagerShows(4, $0, window: window) }
        #expect(paged, "a fast drag pages on; centre shows \(afterFlick.color(x: Int(window.midX), y: Int(window.midY)))")

        // Held after a short slow drag, the page is seen 150 px to the left; let go, it
        // settles back: a drag that never arrived would fail the first, not pass the second.
        let restingEdge = try flick.restingReach(of: Self.colours[4], row: middle.y).upperBound
        try flick.press(at: middle, dragBy: -150, steps: 10, pause: 40)
        let (held, dragged) = try flick.waitForScreen { ($0.reach(of: Self.colours[4], row: middle.y)?.upperBound ?? .max) <= restingEdge - 130 }
        #expect(dragged, "the held page follows the pointer: its right edge at \(held.reach(of: Self.colours[4], row: middle.y).map(String.init(describing:)) ?? "none"), was \(restingEdge)")
        try flick.server.pointer([.release(after: 300)])
        let (_, back) = try flick.waitForScreen { ($0.reach(of: Self.colours[4], row: middle.y)?.upperBound).map { abs($0 - restingEdge) <= 3 } ?? false }
        let settled = try flick.server.screenshot()
        #expect(back && pagerShows(4, settled, window: window), "a short slow drag settles back")

        try flick.server.xdotool("key", "Escape")
        let (_, backOnGrid) = try flick.waitForScreen { shot in
            (0..<Self.colours.count).allSatisfy { index in
                let centre = cellCentre(index, in: window)
                return shot.matches(x: centre.x, y: centre.y, Self.colours[index])
            }
        }
        #expect(backOnGrid, "Esc returns to the grid")
        #expect(flick.process.isRunning, "Esc in the pager closes the pager, not Flick")
    }

    @Test func endInThePagerThenEscLandsOnTheLastCellScrolledIntoView() throws {
        let folder = try makeCopiesFolder(count: 400, colour: (150, 150, 150), last: (230, 40, 40))
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.path])
        let window = try flick.geometry()
        let first = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: first.x, y: first.y, (150, 150, 150)) }.1)

        try flick.server.xdotool("mousemove", String(first.x), String(first.y), "click", "--repeat", "2", "--delay", "80", "1")
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.minX) + 5, y: Int(window.midY), (0, 0, 0)) }.1)
        try flick.server.xdotool("key", "End")
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.midX), y: Int(window.midY), (230, 40, 40)) }.1, "End shows the last photo")
        try flick.server.xdotool("key", "Escape")

        // The grid scrolled to the last cell: a whole cell of its colour is on screen.
        let layout = GridLayout(width: window.width)
        let (shot, landed) = try flick.waitForScreen { shot in
            redPixels(in: shot, window: window) >= Int(layout.cellSide * layout.cellSide * 0.95)
        }
        #expect(landed, "the last cell is on screen: \(redPixels(in: shot, window: window)) red pixels")
    }

    private func redPixels(in shot: Screenshot, window: Rect) -> Int {
        var count = 0
        for y in stride(from: Int(window.minY), to: min(Int(window.maxY), shot.height), by: 1) {
            for x in stride(from: Int(window.minX), to: min(Int(window.maxX), shot.width), by: 1) where shot.matches(x: x, y: y, (230, 40, 40)) {
                count += 1
            }
        }
        return count
    }
}

/// `count` photos of one colour, the last of another, made by copying two files.
func makeCopiesFolder(count: Int, colour: (red: Int, green: Int, blue: Int), last: (red: Int, green: Int, blue: Int)) throws -> URL {
    let folder = try makeSolidColourFolder([colour, last])
    let manager = FileManager.default
    let template = folder.appendingPathComponent("photo_1.png")
    try manager.moveItem(at: folder.appendingPathComponent("photo_2.png"), to: folder.appendingPathComponent("photo_\(count).png"))
    for index in 2..<count {
        try manager.copyItem(at: template, to: folder.appendingPathComponent("photo_\(index).png"))
    }
    return folder
}
