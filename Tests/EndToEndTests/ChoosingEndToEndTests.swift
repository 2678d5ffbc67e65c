// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Components
import Testing

/// Many photos at once, as a parent tidying a year does it: twenty chosen across two days
/// with the mouse and the keys, then rated, turned, re-dated, shared and trashed, each in
/// one step that one Ctrl+Z takes back (a share's copies go to the Trash). What happened is read from the files (exiftool,
/// the Trash), waited for without a clock's say.
@Suite(.serialized) struct ChoosingEndToEndTests {
    final class Library {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-choosing-\(UUID().uuidString)")
        var photos: URL { root.appendingPathComponent("photos") }
        var names: [String] { (1...24).map { String(format: "p%02d.jpg", $0) } }

        /// 24 photos, the first twelve taken on 14 June 2024, the rest the day after, each
        /// with an orientation tag (so that it turns in its file).
        init() throws {
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
            var arguments: [String] = []
            for (number, name) in names.enumerated() {
                let file = photos.appendingPathComponent(name).path
                let made = try run("convert-im6.q16", ["-size", "120x80", "xc:rgb(\(40 + number * 8),\(200 - number * 6),120)", file])
                guard made.status == 0 else { throw HarnessError("convert: \(made.error)") }
                let day = number < 12 ? 14 : 15
                arguments += ["-overwrite_original", "-n", "-Orientation=1", "-DateTimeOriginal=2024:06:\(day) \(String(format: "%02d", 8 + number % 12)):00:00",
                              file, "-execute"]
            }
            let dated = try run("exiftool", ["-q"] + arguments)
            guard dated.status == 0 else { throw HarnessError("exiftool: \(dated.error)") }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        var environment: [String: String] {
            // The keys as Flick took them go to its stderr, which a failure below shows.
            ["HOME": root.appendingPathComponent("home").path, "XDG_DATA_HOME": root.appendingPathComponent("data").path, "FLICK_TRACE_INPUT": "1"]
        }

        func path(_ name: String) -> String { photos.appendingPathComponent(name).path }

        /// `tag` of each photo (as exiftool prints it, "" where it has none), its sidecar's
        /// where `sidecar` is set.
        func read(_ tag: String, sidecar: Bool = false) throws -> [String: String] {
            var values: [String: String] = [:]
            for name in names {
                let file = sidecar ? path(name) + ".xmp" : path(name)
                values[name] = FileManager.default.fileExists(atPath: file)
                    ? try run("exiftool", ["-s3", "-n", tag, file]).output.trimmingCharacters(in: .whitespacesAndNewlines) : ""
            }
            return values
        }

        /// Waits (20 s at most) until `condition` holds of what `read` gives.
        func waitFor(_ tag: String, sidecar: Bool = false, _ condition: ([String: String]) -> Bool) throws -> [String: String] {
            // A bound, not a pace: beside the whole suite and stress-ng, a step that waits for
            // the photos' marks and dates to be read again (after a turn and its undo) took
            // longer than 20 s.
            let deadline = Date().addingTimeInterval(60)
            var values = try read(tag, sidecar: sidecar)
            while !condition(values) && Date() < deadline {
                usleep(200_000)
                values = try read(tag, sidecar: sidecar)
            }
            return values
        }
    }

    @Test func twentyPhotosAcrossTwoDaysAreRatedTurnedRedatedSharedAndTrashedEachInOneUndoableStep() throws {
        let library = try Library()
        let originals = try library.names.map { try Data(contentsOf: URL(fileURLWithPath: library.path($0))) }
        let flick = try FlickSession(arguments: [library.photos.path, "--view", "grid"], environment: library.environment)
        let window = try flick.geometry()
        let first = cellCentre(1, in: window), last = cellCentre(19, in: window)
        #expect(try flick.waitForScreen { !$0.matches(x: last.x, y: last.y, (20, 20, 20), tolerance: 30) }.1, "the grid: \(flick.errorOutput())")
        // p02 with Ctrl, p20 with Shift, then Shift+Right to p21: twenty, across both days.
        try flick.server.pointer([.move(x: first.x, y: first.y)])
        _ = try flick.server.xdotool("keydown", "ctrl")
        try flick.server.pointer([.press(after: 10), .release(after: 30)])
        _ = try flick.server.xdotool("keyup", "ctrl")
        _ = try flick.server.xdotool("keydown", "shift")
        // A person's pace: past the time a second click would make a double click.
        try flick.server.pointer([.move(x: last.x, y: last.y, after: 700), .press(after: 10), .release(after: 30)])
        _ = try flick.server.xdotool("key", "Right")
        _ = try flick.server.xdotool("keyup", "shift")
        let chosen = Set(library.names[1...20]), others = Set(library.names).subtracting(chosen)

        // Three stars on all twenty at once; Ctrl+Z takes all of them back.
        _ = try flick.server.xdotool("key", "3")
        let rated = try library.waitFor("-XMP-xmp:Rating", sidecar: true) { values in chosen.allSatisfy { values[$0] == "3" } }
        #expect(chosen.allSatisfy { rated[$0] == "3" } && others.allSatisfy { rated[$0] == "" || rated[$0] == "0" }, "\(rated) \(flick.errorOutputSoFar())")
        _ = try flick.server.xdotool("key", "ctrl+z")
        let unrated = try library.waitFor("-XMP-xmp:Rating", sidecar: true) { values in chosen.allSatisfy { values[$0] == "0" || values[$0] == "" } }
        #expect(chosen.allSatisfy { unrated[$0] == "0" || unrated[$0] == "" }, "\(unrated)")

        // Turned right, each in its file; Ctrl+Z gives every file back byte for byte.
        _ = try flick.server.xdotool("key", "r")
        let turned = try library.waitFor("-Orientation") { values in chosen.allSatisfy { values[$0] == "6" } }
        #expect(chosen.allSatisfy { turned[$0] == "6" } && others.allSatisfy { turned[$0] == "1" }, "\(turned) \(flick.errorOutputSoFar())")
        _ = try flick.server.xdotool("key", "ctrl+z")
        _ = try library.waitFor("-Orientation") { values in chosen.allSatisfy { values[$0] == "1" } }
        for (name, original) in zip(library.names, originals) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: library.path(name))) == original, "\(name) byte for byte")
        }

        // An hour later, in the sidecars; Ctrl+Z takes the dates out again.
        _ = try flick.server.xdotool("key", "ctrl+shift+d")
        _ = try flick.server.xdotool("type", "--delay", "30", "+1h")
        _ = try flick.server.xdotool("key", "Return")
        let redated = try library.waitFor("-XMP-exif:DateTimeOriginal", sidecar: true) { values in chosen.allSatisfy { values[$0] != "" } }
        #expect(redated["p02.jpg"]?.hasPrefix("2024:06:14 10:00:00") == true && redated["p21.jpg"]?.hasPrefix("2024:06:15 17:00:00") == true,
                "\(redated) \(flick.errorOutputSoFar())")
        #expect(others.allSatisfy { redated[$0] == "" }, "\(redated)")
        _ = try flick.server.xdotool("key", "ctrl+z")
        let undated = try library.waitFor("-XMP-exif:DateTimeOriginal", sidecar: true) { values in chosen.allSatisfy { values[$0] == "" } }
        #expect(chosen.allSatisfy { undated[$0] == "" }, "\(undated)")

        // Shared: twenty copies in Pictures/Shared, the originals untouched.
        _ = try flick.server.xdotool("key", "ctrl+shift+s")
        _ = try flick.server.xdotool("key", "Return")
        let shared = library.root.appendingPathComponent("home/Pictures/Shared")
        var copies: [String] = []
        let deadline = Date().addingTimeInterval(20)
        repeat {
            copies = ((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []).filter { $0.hasSuffix(".jpg") }
            if copies.count >= 20 { break }
            usleep(200_000)
        } while Date() < deadline
        #expect(Set(copies) == chosen, "\(copies.sorted()) \(flick.errorOutputSoFar())")
        // Ctrl+Z: the copies go to the Trash (never deleted), the originals stay.
        _ = try flick.server.xdotool("key", "ctrl+z")
        let unshareDeadline = Date().addingTimeInterval(20)
        repeat {
            copies = ((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []).filter { $0.hasSuffix(".jpg") }
            if copies.isEmpty { break }
            usleep(200_000)
        } while Date() < unshareDeadline
        #expect(copies.isEmpty && library.names.allSatisfy { FileManager.default.fileExists(atPath: library.path($0)) }, "\(copies)")
        let trashedCopies = (try? FileManager.default.contentsOfDirectory(atPath: library.root.appendingPathComponent("data/Trash/files").path)) ?? []
        #expect(Set(trashedCopies) == chosen, "the copies in the Trash: \(trashedCopies.sorted())")

        // To the Trash together; Ctrl+Z brings all twenty back.
        _ = try flick.server.xdotool("key", "Delete")
        var gone: [String] = []
        let trashDeadline = Date().addingTimeInterval(20)
        repeat {
            gone = library.names.filter { !FileManager.default.fileExists(atPath: library.path($0)) }
            if gone.count >= 20 { break }
            usleep(200_000)
        } while Date() < trashDeadline
        #expect(Set(gone) == chosen, "\(gone) \(flick.errorOutputSoFar())")
        let trashed = (try? FileManager.default.contentsOfDirectory(atPath: library.root.appendingPathComponent("data/Trash/files").path)) ?? []
        #expect(trashed.filter { $0.hasSuffix(".jpg") }.count == 40, "in the Trash beside the copies: \(trashed.sorted())")
        _ = try flick.server.xdotool("key", "ctrl+z")
        var back: [String] = []
        let backDeadline = Date().addingTimeInterval(20)
        repeat {
            back = library.names.filter { FileManager.default.fileExists(atPath: library.path($0)) }
            if back.count == 24 { break }
            usleep(200_000)
        } while Date() < backDeadline
        #expect(back.count == 24, "\(back)")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    /// A Ctrl+click Flick comes to late (it was busy, here stopped), Ctrl long let go by
    /// then, is still a Ctrl+click: the modifiers are the click's own, as X reported them.
    @Test func aCtrlClickHandledAfterCtrlWasLetGoStillChooses() throws {
        let library = try Library()
        let flick = try FlickSession(arguments: [library.photos.path, "--view", "grid"], environment: library.environment)
        let window = try flick.geometry()
        let second = cellCentre(1, in: window), fourth = cellCentre(3, in: window), last = cellCentre(19, in: window)
        #expect(try flick.waitForScreen { !$0.matches(x: last.x, y: last.y, (20, 20, 20), tolerance: 30) }.1, "the grid: \(flick.errorOutput())")
        // Stopped, Flick reads nothing: the clicks and Ctrl's release all wait for it together.
        kill(flick.process.processIdentifier, SIGSTOP)
        _ = try flick.server.xdotool("keydown", "ctrl")
        try flick.server.pointer([.move(x: second.x, y: second.y), .press(after: 10), .release(after: 30)])
        try flick.server.pointer([.move(x: fourth.x, y: fourth.y, after: 700), .press(after: 10), .release(after: 30)])
        _ = try flick.server.xdotool("keyup", "ctrl")
        kill(flick.process.processIdentifier, SIGCONT)
        _ = try flick.server.xdotool("key", "3")
        let chosen: Set = ["p02.jpg", "p04.jpg"]
        let rated = try library.waitFor("-XMP-xmp:Rating", sidecar: true) { values in chosen.allSatisfy { values[$0] == "3" } }
        #expect(chosen.allSatisfy { rated[$0] == "3" }, "both Ctrl+clicked photos are chosen and rated: \(rated) \(flick.errorOutputSoFar())")
        #expect(rated.filter { $0.value == "3" }.count == 2, "and no other")
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }
}
