// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing
import TestSupport

/// The culling pager of the real binary (`--view cull`) over real files and a private
/// Trash, driven through the X server; Debian's trash-cli checks the Trash independently.
@Suite(.serialized) struct CullEndToEndTests {
    static let colours = Array(FlickEndToEndTests.colours.prefix(5))

    /// A folder of solid-colour photos and a private XDG_DATA_HOME for the Trash.
    final class Setup {
        let folder: URL
        let dataHome: URL

        init() throws {
            folder = try makeSolidColourFolder(CullEndToEndTests.colours)
            dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: dataHome)
        }

        func launch() throws -> FlickSession {
            try FlickSession(arguments: ["--view", "cull", folder.path], environment: ["XDG_DATA_HOME": dataHome.path])
        }

        func photo(_ index: Int) -> String { folder.appendingPathComponent("photo_\(index + 1).png").path }
        var trashFiles: URL { dataHome.appendingPathComponent("Trash/files") }
        var trashInfo: URL { dataHome.appendingPathComponent("Trash/info") }
        func trashed() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: trashFiles.path)) ?? []).sorted() }
        func infos() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: trashInfo.path)) ?? []).sorted() }

        func trashList() throws -> String {
            try run("trash-list", [], environment: ["XDG_DATA_HOME": dataHome.path]).output
        }

        func checksum(_ path: String) throws -> String {
            try run("sha256sum", [path]).output.split(separator: " ").first.map(String.init) ?? ""
        }
    }

    func centreShows(_ index: Int, _ shot: Screenshot, window: Rect) -> Bool {
        shot.matches(x: Int(window.midX), y: Int(window.midY), Self.colours[index])
    }

    /// Waits (bounded) for the file system to show `condition`: Flick moves files on its own time.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { usleep(50_000) }
        return condition()
    }

    @Test func aFastLeftDragPagesADragUpTrashesThePhotoAndControlZBringsItBack() throws {
        let setup = try Setup()
        let sums = try (0..<5).map { try setup.checksum(setup.photo($0)) }
        let flick = try setup.launch()
        let window = try flick.geometry()
        let centre = (x: Int(window.midX), y: Int(window.midY))
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1, "the first photo is the current card")

        try flick.drag(from: centre, dx: -300, steps: 6, pause: 10, hold: 0)
        #expect(try flick.waitForScreen { centreShows(1, $0, window: window) }.1, "a fast left drag shows the second photo")

        try flick.drag(from: centre, dx: 0, dy: -400, steps: 8, pause: 10, hold: 0)
        #expect(eventually { setup.trashed() == ["photo_2.png"] && !FileManager.default.fileExists(atPath: setup.photo(1)) },
                "the photo's file went to the Trash: \(setup.trashed())")
        #expect(setup.infos() == ["photo_2.png.trashinfo"])
        #expect(try setup.trashList().contains(setup.photo(1)), "trash-list knows where it came from")
        #expect(try flick.waitForScreen { centreShows(2, $0, window: window) }.1, "and the next photo is in hand")

        try flick.server.xdotool("key", "ctrl+z")
        #expect(eventually { FileManager.default.fileExists(atPath: setup.photo(1)) && setup.trashed().isEmpty })
        #expect(try setup.checksum(setup.photo(1)) == sums[1], "back byte for byte")
        #expect(setup.infos().isEmpty, "no .trashinfo left behind")
        #expect(try flick.waitForScreen { centreShows(1, $0, window: window) }.1, "and back in hand")
    }

    @Test func deleteThreeTimesAndControlZThreeTimesLosesNothing() throws {
        let setup = try Setup()
        let sums = try (0..<5).map { try setup.checksum(setup.photo($0)) }
        let flick = try setup.launch()
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1)

        for expected in 1...3 {
            try flick.server.xdotool("key", "Delete")
            #expect(eventually { setup.trashed().count == expected }, "\(expected) in the Trash: \(setup.trashed())")
            #expect(try flick.waitForScreen { centreShows(expected, $0, window: window) }.1)
        }
        #expect(setup.trashed() == ["photo_1.png", "photo_2.png", "photo_3.png"])

        for remaining in [2, 1, 0] {
            try flick.server.xdotool("key", "ctrl+z")
            #expect(eventually { setup.trashed().count == remaining })
            #expect(try flick.waitForScreen { centreShows(remaining, $0, window: window) }.1, "the photo back is in hand")
        }
        #expect(try (0..<5).map { try setup.checksum(setup.photo($0)) } == sums, "every file back, byte for byte")
        #expect(setup.infos().isEmpty)
    }

    @Test(.enabled(if: ScratchVolume.isAllowed, "mounting a tmpfs is not allowed on this machine"))
    func aPhotoOnAReadOnlyVolumeStaysAndTheCardComesBackWithAMessage() throws {
        let volume = try #require(ScratchVolume(kilobytes: 1024))
        let folder = volume.mountPoint
        for (index, c) in Self.colours.prefix(2).enumerated() {
            let result = try run("convert-im6.q16", ["-size", "300x200", "xc:rgb(\(c.red),\(c.green),\(c.blue))",
                                                    "\(folder)/photo_\(index + 1).png"])
            try #require(result.status == 0)
        }
        try #require(volume.remountReadOnly())
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataHome) }
        let flick = try FlickSession(arguments: ["--view", "cull", folder], environment: ["XDG_DATA_HOME": dataHome.path])
        let window = try flick.geometry()
        let centre = (x: Int(window.midX), y: Int(window.midY))
        #expect(try flick.waitForScreen { centreShows(0, $0, window: window) }.1)

        try flick.drag(from: centre, dx: 0, dy: -400, steps: 8, pause: 10, hold: 0)
        // The toast: a dark pill over the bottom of the (bright) card.
        let toastPoint = (x: Int(window.midX), y: Int(window.maxY - ToastView.bottomMargin - 12))
        let (shot, toasted) = try flick.waitForScreen { shot in
            let c = shot.color(x: toastPoint.x, y: toastPoint.y)
            return c.red < 70 && c.green < 70 && c.blue < 70 && centreShows(0, shot, window: window)
        }
        #expect(toasted, "the card is back and a message shows: \(shot.color(x: toastPoint.x, y: toastPoint.y))")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/photo_1.png"), "the file stays")
    }
}

