// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Compare in the real binary: two frames side by side, Z puts both at 100 % — one image
/// pixel per screen pixel, seen on a checkerboard of one-pixel squares — and back; Del sends
/// the selected one to the Trash and Ctrl+Z brings it back.
@Suite struct CompareEndToEndTests {
    /// True where the screen shows one-pixel checks around (x, y): each pixel unlike its
    /// right and lower neighbours, like its diagonal one.
    static func showsOnePixelChecks(_ shot: Screenshot, x: Int, y: Int) -> Bool {
        for dy in -6...6 {
            for dx in -6...6 {
                let here = shot.color(x: x + dx, y: y + dy).green, right = shot.color(x: x + dx + 1, y: y + dy).green
                let below = shot.color(x: x + dx, y: y + dy + 1).green, diagonal = shot.color(x: x + dx + 1, y: y + dy + 1).green
                guard abs(here - right) > 150, abs(here - below) > 150, abs(here - diagonal) < 40 else { return false }
            }
        }
        return true
    }

    @Test func zShowsBothFramesPixelForPixelAndDelTrashesTheSelectedOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-compare-\(UUID().uuidString)")
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: dataHome)
        }
        for name in ["a.png", "b.png"] {
            let made = try run("convert", ["-size", "1800x1200", "pattern:gray50", "-colorspace", "sRGB", "-type", "TrueColor", folder.appendingPathComponent(name).path])
            try #require(made.status == 0, "\(made.error)")
        }
        _ = try run("convert", ["-size", "600x400", "xc:rgb(200,40,40)", folder.appendingPathComponent("c.png").path])

        let flick = try FlickSession(arguments: ["--view", "compare", folder.path], environment: ["XDG_DATA_HOME": dataHome.path])
        let window = try flick.geometry()
        // Two panes side by side; a point a third of the way into each, at the same height.
        let left = (x: Int(window.minX + window.width * 0.25), y: Int(window.midY))
        let right = (x: Int(window.minX + window.width * 0.75), y: Int(window.midY))
        let (fitted, shown) = try flick.waitForScreen { shot in
            shot.color(x: left.x, y: left.y).green > 60 && shot.color(x: left.x, y: left.y).green < 200
                && shot.color(x: right.x, y: right.y).green > 60 && shot.color(x: right.x, y: right.y).green < 200
        }
        #expect(shown, "both frames fitted: their checks blend to grey: \(flick.errorOutput())")
        #expect(!Self.showsOnePixelChecks(fitted, x: left.x, y: left.y))

        _ = try flick.server.xdotool("mousemove", "\(left.x)", "\(left.y)")
        _ = try flick.server.xdotool("key", "z")
        #expect(try flick.waitForScreen { Self.showsOnePixelChecks($0, x: left.x, y: left.y) && Self.showsOnePixelChecks($0, x: right.x, y: right.y) }.1,
                "at 100 % both show their pixels one for one")
        _ = try flick.server.xdotool("key", "z")
        #expect(try flick.waitForScreen { !Self.showsOnePixelChecks($0, x: left.x, y: left.y) }.1, "and back to fit")

        // The left frame (selected) to the Trash: the red photo takes its pane; Ctrl+Z brings it back.
        _ = try flick.server.xdotool("key", "Delete")
        #expect(try flick.waitForScreen { $0.matches(x: left.x, y: left.y, (200, 40, 40)) }.1, "the next photo in its pane")
        let trashed = try run("trash-list", [], environment: ["XDG_DATA_HOME": dataHome.path]).output
        #expect(trashed.contains("a.png"), "in the Trash: \(trashed)")
        _ = try flick.server.xdotool("key", "ctrl+z")
        #expect(try flick.waitForScreen { !$0.matches(x: left.x, y: left.y, (200, 40, 40)) }.1, "back in its pane")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.png").path))
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    /// A burst by time and look (three frames a fraction of a second apart, the middle one
    /// sharp, the others blurred), a photo of another moment beside it: Compare, opened on
    /// the first frame, takes the burst once its looks are read, the sharp frame chosen and
    /// tagged; X then rejects that frame, into its sidecar.
    @Test func compareOpensOnTheBurstWithItsSharpestFrameChosen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-burst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = InstallTests.repository.appendingPathComponent("Resources/Samples")
        let frames: [(name: String, blur: [String], time: String)] = [
            ("a.jpg", ["-motion-blur", "0x10+30"], "2024:06:01 10:00:01"),
            ("b.jpg", [], "2024:06:01 10:00:01"),
            ("c.jpg", ["-gaussian-blur", "0x3"], "2024:06:01 10:00:02"),
        ]
        for (index, frame) in frames.enumerated() {
            let path = folder.appendingPathComponent(frame.name).path
            #expect(try run("convert", [samples.appendingPathComponent("Nuthatch on the trunk.jpg").path, "-resize", "1200x"] + frame.blur + [path]).status == 0)
            let stamped = try run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=\(frame.time)", "-SubSecTimeOriginal=\(index * 30)", path])
            #expect(stamped.status == 0, "\(stamped.error)")
        }
        let other = folder.appendingPathComponent("z.jpg").path
        #expect(try run("convert", [samples.appendingPathComponent("Dune.jpg").path, "-resize", "1200x", other]).status == 0)
        #expect(try run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2024:06:01 11:30:00", other]).status == 0)

        // The keys as Flick took them, and a UI thread gone quiet, go to its stderr, which a
        // failure below shows.
        let flick = try FlickSession(arguments: ["--view", "compare", folder.path], environment: ["FLICK_TRACE_INPUT": "1"])
        let tag = try Glyphs("Sharpest", pointSize: 12)
        #expect(try flick.waitForScreen(timeout: 30) { tag.found(in: $0, inkAbove: 200, clearBelow: 150) != nil }.1,
                "the sharp frame tagged: \(flick.errorOutput())")
        _ = try flick.server.xdotool("key", "x")
        let sidecar = folder.appendingPathComponent("b.jpg.xmp").path
        // A bound, not a speed: on a machine this busy the mark's helper may take many seconds.
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: sidecar) && Date() < deadline { usleep(50_000) }
        let rating = try run("exiftool", ["-s3", "-XMP:Rating", sidecar]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(rating == "-1", "the sharp frame, chosen, is the one X rejects: \(rating) \(flick.errorOutputSoFar())")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.jpg.xmp").path))
        _ = try flick.server.xdotool("key", "q")
        // Quitting writes a mark still being written first: the same bound.
        #expect(flick.waitForExit(timeout: 60) == 0, "\(flick.errorOutputSoFar())")
    }
}
