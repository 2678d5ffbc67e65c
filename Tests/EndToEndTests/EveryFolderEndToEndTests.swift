// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing

/// A newcomer's Pictures tree, with the real binary: every folder at once on one timeline,
/// kept in the index between runs, a photo copied below arriving on its day; and whatever
/// is wrong with the index, the photos open.
@Suite(.serialized) struct EveryFolderEndToEndTests {
    static let red = (red: 230, green: 40, blue: 40)
    static let blue = (red: 40, green: 80, blue: 230)

    /// `Pictures/` with no photo of its own and one red photo, dated June 2019, in each of
    /// `count` folders two levels below; the index in a cache of its own.
    final class Tree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-tree-\(UUID().uuidString)")
        var pictures: URL { root.appendingPathComponent("Pictures") }
        var cache: String { root.appendingPathComponent("cache").path }
        var index: String { cache + "/flick/library.sqlite" }

        init(folders count: Int) throws {
            let made = try makeSolidColourFolder([EveryFolderEndToEndTests.red, EveryFolderEndToEndTests.blue], size: "120x80")
            defer { try? FileManager.default.removeItem(at: made) }
            try FileManager.default.createDirectory(atPath: cache + "/flick", withIntermediateDirectories: true)
            let june2019 = Date(timeIntervalSince1970: 1_559_390_400)
            for number in 0..<count {
                let folder = pictures.appendingPathComponent("\(2015 + number % 8)/Event \(number)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let photo = folder.appendingPathComponent("IMG_\(number).png")
                try FileManager.default.copyItem(at: made.appendingPathComponent("photo_1.png"), to: photo)
                try FileManager.default.setAttributes([.modificationDate: june2019], ofItemAtPath: photo.path)
            }
            // The blue photo waits outside, dated 2024: moved in, it is the timeline's first
            // (a library is shown newest first).
            try FileManager.default.copyItem(at: made.appendingPathComponent("photo_2.png"), to: root.appendingPathComponent("blue.png"))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_704_067_200)],
                                                  ofItemAtPath: root.appendingPathComponent("blue.png").path)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func launch() throws -> FlickSession {
            try FlickSession(arguments: [pictures.path], environment: ["XDG_CACHE_HOME": cache])
        }

        /// How many photos the index holds.
        func indexed() throws -> Int? {
            let result = try run("/usr/bin/sqlite3", [index, "SELECT count(*) FROM photo"])
            return result.status == 0 ? Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
        }
    }

    /// Whether `colour` fills a spot anywhere in the grid below the strip (sampled every 10
    /// points): where the timeline puts a photo depends on its day headers.
    func shows(_ colour: (red: Int, green: Int, blue: Int), in shot: Screenshot, window: Rect) -> Bool {
        let top = Int(window.minY + AlbumStripLayout.height)
        return stride(from: top, to: Int(window.maxY), by: 10).contains { y in
            stride(from: Int(window.minX), to: Int(window.maxX), by: 10).contains { x in
                shot.matches(x: x, y: y, colour) && shot.matches(x: x + 4, y: y + 4, colour)
            }
        }
    }

    func title(_ flick: FlickSession) throws -> String {
        try flick.server.xdotool("getwindowname", String(flick.windowID)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aPicturesTreeOpensOnOneTimelineKeptInTheIndexAndAPhotoCopiedBelowArrives() throws {
        let tree = try Tree(folders: 200)
        var flick = try tree.launch()
        var window = try flick.geometry()
        let (_, opened) = try flick.waitForScreen { shows(Self.red, in: $0, window: window) }
        #expect(opened, "the photos of the folders below are on screen")
        #expect(try title(flick) == "All of Pictures — Flick")

        // Moved into a folder deep below while Flick runs: it arrives, on its day (the
        // timeline's first, 2024).
        try FileManager.default.moveItem(at: tree.root.appendingPathComponent("blue.png"),
                                         to: tree.pictures.appendingPathComponent("2017/Event 2/blue.png"))
        let (_, arrived) = try flick.waitForScreen { shows(Self.blue, in: $0, window: window) }
        #expect(arrived, "a photo copied below appears")
        try flick.server.requestClose(window: flick.windowID)
        #expect(flick.waitForExit() == 0)
        #expect(try tree.indexed() == 201, "every photo of the tree is in the index")

        // Opened again: the same timeline, its first photo the blue one.
        flick = try tree.launch()
        window = try flick.geometry()
        let (_, again) = try flick.waitForScreen { shows(Self.blue, in: $0, window: window) && shows(Self.red, in: $0, window: window) }
        #expect(again)
        #expect(try title(flick) == "All of Pictures — Flick")
        try flick.server.requestClose(window: flick.windowID)
        #expect(flick.waitForExit() == 0)
    }

    /// Ctrl+F and a word typed: the album narrows to the folder that word names, as it is
    /// typed; Esc brings every photo back.
    @Test func wordsTypedNarrowTheAlbumAndEscBringsItAllBack() throws {
        let tree = try Tree(folders: 12)
        let lisbon = tree.pictures.appendingPathComponent("2019/Trip to Lisbon")
        try FileManager.default.createDirectory(at: lisbon, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: tree.root.appendingPathComponent("blue.png"), to: lisbon.appendingPathComponent("tram.png"))
        let flick = try tree.launch()
        let window = try flick.geometry()
        let (_, opened) = try flick.waitForScreen { shows(Self.red, in: $0, window: window) && shows(Self.blue, in: $0, window: window) }
        #expect(opened)
        try flick.server.xdotool("key", "--window", String(flick.windowID), "ctrl+f")
        try flick.server.xdotool("type", "--window", String(flick.windowID), "--delay", "30", "lisbon")
        let (_, narrowed) = try flick.waitForScreen { shows(Self.blue, in: $0, window: window) && !shows(Self.red, in: $0, window: window) }
        #expect(narrowed, "only the Lisbon photo is left")
        try flick.server.xdotool("key", "--window", String(flick.windowID), "Escape")
        let (_, back) = try flick.waitForScreen { shows(Self.red, in: $0, window: window) && shows(Self.blue, in: $0, window: window) }
        #expect(back, "Esc: every photo again")
        try flick.server.requestClose(window: flick.windowID)
        #expect(flick.waitForExit() == 0)
    }

    /// Random bytes, another program's database, a folder where the file should be: the
    /// photos open all the same, and the index is built again where it can be.
    @Test(arguments: ["random bytes", "another program's database", "a folder"])
    func aBrokenIndexStillOpensEveryPhoto(_ breakage: String) throws {
        let tree = try Tree(folders: 12)
        switch breakage {
        case "random bytes":
            try Data((0..<20_000).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: tree.index))
        case "another program's database":
            let made = try run("/usr/bin/sqlite3", [tree.index, "CREATE TABLE photo (id INTEGER, name TEXT); INSERT INTO photo VALUES (1, 'x');"])
            try #require(made.status == 0)
        default:
            try FileManager.default.createDirectory(atPath: tree.index, withIntermediateDirectories: true)
        }
        let flick = try tree.launch()
        let window = try flick.geometry()
        let (_, opened) = try flick.waitForScreen { shows(Self.red, in: $0, window: window) }
        #expect(opened, "the photos open whatever the index is")
        #expect(try title(flick) == "All of Pictures — Flick")
        try flick.server.requestClose(window: flick.windowID)
        #expect(flick.waitForExit() == 0)
        if breakage != "a folder" { #expect(try tree.indexed() == 12, "built again") }
    }
}
