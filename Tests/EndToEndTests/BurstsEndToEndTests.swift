// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The real binary groups a burst (Alt+B): read by the helpers (time and look), folded into
/// one cell in the grid, fanned out by a click and folded again by Space.
@Suite struct BurstsEndToEndTests {
    /// Three red frames half a second apart (the files' times), and a blue photo an hour later.
    static func burstFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bursts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let start = Date(timeIntervalSince1970: 1_735_732_800)
        for (offset, (name, colour)) in [("a.jpg", "rgb(210,40,40)"), ("b.jpg", "rgb(210,40,40)"), ("c.jpg", "rgb(210,40,40)"),
                                          ("d.jpg", "rgb(40,60,210)")].enumerated() {
            let path = folder.appendingPathComponent(name).path
            let made = try run("convert", ["-size", "300x200", "gradient:\(colour)-white", path])
            try #require(made.status == 0, "\(made.error)")
            let time = start.addingTimeInterval(offset < 3 ? Double(offset) * 0.5 : 3600)
            try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)
        }
        return folder
    }

    @Test func altBFoldsABurstIntoOneCellAClickFansItOutAndSpaceFoldsIt() throws {
        let flick = try FlickSession(arguments: [try Self.burstFolder().path, "--view", "grid"])
        let window = try flick.geometry()
        let first = cellCentre(0, in: window), second = cellCentre(1, in: window)
        func isBlue(_ shot: Screenshot) -> Bool { let c = shot.color(x: second.x, y: second.y - 60); return c.blue > 150 && c.red < 120 }
        func isRed(_ shot: Screenshot) -> Bool { let c = shot.color(x: second.x, y: second.y - 60); return c.red > 150 && c.blue < 120 }
        #expect(try flick.waitForScreen(isRed).1, "by name: b.jpg, a frame, second: \(flick.errorOutput())")

        _ = try flick.server.xdotool("key", "alt+b")
        #expect(try flick.waitForScreen(isBlue).1, "grouped: the burst is one cell, the blue photo next")

        _ = try flick.server.xdotool("mousemove", String(first.x), String(first.y), "click", "1")
        #expect(try flick.waitForScreen(isRed).1, "a click fans it out: its second frame beside it")

        _ = try flick.server.xdotool("key", "space")
        #expect(try flick.waitForScreen(isBlue).1, "Space folds it again")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }
}
