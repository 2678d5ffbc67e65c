// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing
import TestSupport

/// Marks made with the keys in the real binary land in XMP sidecars that exiftool reads as
/// Lightroom, darktable, digiKam and Photo Mechanic expect; the badge is drawn; Ctrl+Z takes
/// a mark back; the next run shows the marks again.
@Suite(.serialized) struct MarksEndToEndTests {
    static let colours = Array(FlickEndToEndTests.colours.prefix(3))
    /// The stars' gold (MarkBadge.starColor).
    static let gold = (red: 255, green: 209, blue: 71)

    /// A rejected photo's colour: dimmed under MarkBadge.rejectDimming (black at 55 %).
    static func dimmed(_ colour: (red: Int, green: Int, blue: Int)) -> (red: Int, green: Int, blue: Int) {
        (colour.red * 45 / 100, colour.green * 45 / 100, colour.blue * 45 / 100)
    }

    /// How many pixels of the star's gold are in the grid cell `index` (a few hundred where
    /// a badge with stars is drawn; none on the solid-colour photos).
    func goldPixels(_ shot: Screenshot, cell index: Int, window: Rect) -> Int {
        let frame = GridLayout(width: window.width).frame(of: index)
        var count = 0
        for y in Int(window.minY + frame.minY)..<Int(window.minY + frame.maxY) {
            for x in Int(window.minX + frame.minX)..<Int(window.minX + frame.maxX) where shot.matches(x: x, y: y, Self.gold, tolerance: 24) {
                count += 1
            }
        }
        return count
    }

    func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while try !condition() && Date() < deadline { usleep(50_000) }
        return try condition()
    }

    func tags(_ sidecar: URL) -> String {
        (try? run("exiftool", ["-s", "-s", "-G1", "-n", "-XMP-xmp:Rating", "-XMP-xmp:Label", "-XMP-digiKam:PickLabel", "-XMP-photomech:Tagged",
                               sidecar.path]).output) ?? ""
    }

    @Test func keysMarkThePhotoInItsSidecarTheBadgeShowsAndTheNextRunReadsThemBack() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: dataHome)
        }
        let photo = folder.appendingPathComponent("photo_1.png")
        let sidecar = folder.appendingPathComponent("photo_1.png.xmp")
        let before = try Data(contentsOf: photo)
        var flick: FlickSession? = try FlickSession(arguments: ["--view", "grid", folder.path], environment: ["XDG_DATA_HOME": dataHome.path])
        let window = try flick!.geometry()
        #expect(try flick!.waitForScreen { $0.matches(x: cellCentre(0, in: window).x, y: cellCentre(0, in: window).y, Self.colours[0]) }.1)

        try flick!.server.xdotool("key", "3", "p", "7")
        #expect(eventually {
            let read = tags(sidecar)
            return read.contains("Rating: 3") && read.contains("PickLabel: 3") && read.contains("Label: Yellow") && read.contains("Tagged: True")
        }, "exiftool reads the marks: \(tags(sidecar))")
        #expect(try Data(contentsOf: photo) == before, "the photo's bytes are untouched")
        #expect(try flick!.waitForScreen { goldPixels($0, cell: 0, window: window) > 20 }.1, "the stars are drawn on the photo's cell")
        #expect(goldPixels(try flick!.server.screenshot(), cell: 1, window: window) == 0, "and on no other")

        try flick!.server.xdotool("key", "ctrl+z")
        #expect(eventually { !tags(sidecar).contains("Label: Yellow") && tags(sidecar).contains("Rating: 3") }, "the label is taken back: \(tags(sidecar))")

        try flick!.server.xdotool("key", "q")
        #expect(flick!.waitForExit() == 0)
        flick = nil

        let again = try FlickSession(arguments: ["--view", "grid", folder.path], environment: ["XDG_DATA_HOME": dataHome.path])
        let secondWindow = try again.geometry()
        #expect(try again.waitForScreen { goldPixels($0, cell: 0, window: secondWindow) > 20 }.1, "the marks are read back on the next run")
        try again.server.xdotool("key", "q")
        #expect(again.waitForExit() == 0)
    }

    @Test func ctrlDeleteShowsTheRejectsThenMovesThemAllToTheTrashAndOneUndoBringsThemBack() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: dataHome)
        }
        let photo = { (index: Int) in folder.appendingPathComponent("photo_\(index + 1).png").path }
        let flick = try FlickSession(arguments: ["--view", "grid", folder.path], environment: ["XDG_DATA_HOME": dataHome.path])
        let window = try flick.geometry()
        let cell = { (index: Int) in cellCentre(index, in: window) }
        #expect(try flick.waitForScreen { $0.matches(x: cell(0).x, y: cell(0).y, Self.colours[0]) }.1)

        // Reject the first and the third, then ask for the rejects to go.
        try flick.server.xdotool("key", "x", "Right", "Right", "x")
        try flick.server.xdotool("key", "ctrl+Delete")
        #expect(try flick.waitForScreen { shot in
            shot.matches(x: cell(0).x, y: cell(0).y, Self.dimmed(Self.colours[0]), tolerance: 20)
                && shot.matches(x: cell(1).x, y: cell(1).y, Self.dimmed(Self.colours[2]), tolerance: 20)
        }.1, "the grid shows the two rejects, and only them, before anything moves")
        #expect(FileManager.default.fileExists(atPath: photo(0)) && FileManager.default.fileExists(atPath: photo(2)))

        try flick.server.xdotool("key", "Return")
        #expect(eventually { !FileManager.default.fileExists(atPath: photo(0)) && !FileManager.default.fileExists(atPath: photo(2)) })
        let listed = try run("trash-list", [], environment: ["XDG_DATA_HOME": dataHome.path]).output
        #expect(listed.contains(photo(0)) && listed.contains(photo(2)), "trash-list knows both: \(listed)")
        #expect(try flick.waitForScreen { $0.matches(x: cell(0).x, y: cell(0).y, Self.colours[1]) }.1, "the album shows what is left")

        try flick.server.xdotool("key", "ctrl+z")
        #expect(eventually { FileManager.default.fileExists(atPath: photo(0)) && FileManager.default.fileExists(atPath: photo(2)) },
                "one undo brings both back")
        #expect(try flick.waitForScreen { $0.matches(x: cell(2).x, y: cell(2).y, Self.dimmed(Self.colours[2]), tolerance: 20) }.1, "back in its place, still rejected")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func aRawAndItsJpegAreOnePhotoTrashedAndRestoredTogether() throws {
        let folder = try makeSolidColourFolder([Self.colours[1]])
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: dataHome)
        }
        let jpeg = folder.appendingPathComponent("IMG_0001.JPG").path, raw = folder.appendingPathComponent("IMG_0001.DNG").path
        #expect(try run("convert-im6.q16", ["-size", "300x200", "xc:rgb(230,40,40)", jpeg]).status == 0)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        #expect(try run("python3", [script, raw, "300", "200"]).status == 0)
        let flick = try FlickSession(arguments: ["--view", "cull", folder.path], environment: ["XDG_DATA_HOME": dataHome.path])
        let window = try flick.geometry()
        // Two photos, not three: the pair's JPEG first (red), then the other photo (green).
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.midX), y: Int(window.midY), (230, 40, 40)) }.1)
        try flick.server.xdotool("key", "Delete")
        #expect(eventually { !FileManager.default.fileExists(atPath: jpeg) && !FileManager.default.fileExists(atPath: raw) }, "both files went")
        let listed = try run("trash-list", [], environment: ["XDG_DATA_HOME": dataHome.path]).output
        #expect(listed.contains(jpeg) && listed.contains(raw), "trash-list shows both: \(listed)")
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.midX), y: Int(window.midY), Self.colours[1]) }.1)
        try flick.server.xdotool("key", "ctrl+z")
        #expect(eventually { FileManager.default.fileExists(atPath: jpeg) && FileManager.default.fileExists(atPath: raw) }, "and came back together")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func aSidecarAnotherProgramWritesWhileFlickIsOpenShowsItsMarks() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: dataHome)
        }
        let flick = try FlickSession(arguments: ["--view", "grid", folder.path], environment: ["XDG_DATA_HOME": dataHome.path])
        let window = try flick.geometry()
        let cell = cellCentre(2, in: window)
        #expect(try flick.waitForScreen { $0.matches(x: cell.x, y: cell.y, Self.colours[2]) }.1)
        #expect(goldPixels(try flick.server.screenshot(), cell: 2, window: window) == 0)
        // darktable, say, rates the third photo while Flick shows it.
        let sidecar = folder.appendingPathComponent("photo_3.png.xmp")
        #expect(try run("exiftool", ["-q", "-XMP-xmp:Rating=5", "-o", sidecar.path]).status == 0)
        #expect(try flick.waitForScreen { goldPixels($0, cell: 2, window: window) > 20 }.1, "its stars appear without a key pressed")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    /// Opened on a photo marked in an earlier run, the pager's caption shows its stars
    /// without paging away and back.
    @Test func thePhotoFlickIsOpenedOnShowsItsMarksInTheCaption() throws {
        let folder = try makeSolidColourFolder(Self.colours)
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: dataHome)
        }
        let sidecar = folder.appendingPathComponent("photo_2.png.xmp")
        #expect(try run("exiftool", ["-q", "-XMP-xmp:Rating=2", "-o", sidecar.path]).status == 0)
        let flick = try FlickSession(arguments: [folder.appendingPathComponent("photo_2.png").path], environment: ["XDG_DATA_HOME": dataHome.path])
        let window = try flick.geometry()
        func captionGold(_ shot: Screenshot) -> Int {
            var count = 0
            for y in Int(window.minY)..<Int(window.minY) + 140 {
                for x in Int(window.minX)..<Int(window.minX) + 420 where shot.matches(x: x, y: y, Self.gold, tolerance: 24) { count += 1 }
            }
            return count
        }
        #expect(try flick.waitForScreen { shot in
            _ = try? flick.server.xdotool("mousemove", String(Int(window.midX) + Int.random(in: -9...9)), String(Int(window.midY)))
            return captionGold(shot) > 10
        }.1, "the caption's stars")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    /// A photographer's card of 80 RAWs, 12 rejected in an earlier run: Ctrl+Del pressed as
    /// soon as the window is up offers all 12 (it waits for every mark to be read, never
    /// acting on those read so far); their sidecars go and come back with them.
    @Test func ctrlDeleteOnAFreshlyOpenedCardOffersEveryRejectWithTheirSidecars() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-card-\(UUID().uuidString)")
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-data-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: dataHome)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        let red = folder.appendingPathComponent(".red.jpg").path, green = folder.appendingPathComponent(".green.jpg").path
        #expect(try run("convert-im6.q16", ["-size", "300x200", "xc:rgb(230,40,40)", red]).status == 0)
        #expect(try run("convert-im6.q16", ["-size", "300x200", "xc:rgb(40,200,40)", green]).status == 0)
        let rejected = Set(stride(from: 3, through: 80, by: 7).prefix(12))
        let reject = Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="-1"/></rdf:RDF></x:xmpmeta>
            """.utf8)
        for number in 1...80 {
            let name = String(format: "IMG_%04d.DNG", number)
            let made = try run("python3", [script, folder.appendingPathComponent(name).path, "300", "200",
                                           "--preview", rejected.contains(number) ? red : green, "--preview-size", "300x200"])
            #expect(made.status == 0, "\(made.error)")
            if rejected.contains(number) { try reject.write(to: folder.appendingPathComponent(name + ".xmp")) }
        }
        try FileManager.default.removeItem(atPath: red)
        try FileManager.default.removeItem(atPath: green)

        let flick = try FlickSession(arguments: ["--view", "grid", folder.path], environment: ["XDG_DATA_HOME": dataHome.path])
        try flick.server.xdotool("key", "ctrl+Delete")
        let window = try flick.geometry()
        let cell = { (index: Int) in cellCentre(index, in: window) }
        #expect(try flick.waitForScreen { shot in
            shot.matches(x: cell(11).x, y: cell(11).y, Self.dimmed((230, 40, 40)), tolerance: 20)
                && !shot.matches(x: cell(12).x, y: cell(12).y, Self.dimmed((230, 40, 40)), tolerance: 20)
                && !shot.matches(x: cell(12).x, y: cell(12).y, (40, 200, 40), tolerance: 40)
        }.1, "the grid shows the twelve rejects, and only them")
        try flick.server.xdotool("key", "Return")
        let gone = { rejected.allSatisfy { !FileManager.default.fileExists(atPath: folder.appendingPathComponent(String(format: "IMG_%04d.DNG", $0)).path) } }
        #expect(eventually(gone), "all twelve went to the Trash")
        let left = { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }
        #expect(eventually { !left().contains { $0.hasSuffix(".xmp") } }, "their sidecars went with them: \(left().filter { $0.hasSuffix(".xmp") })")
        #expect(left().filter { $0.hasSuffix(".DNG") }.count == 68, "and no other photo")

        try flick.server.xdotool("key", "ctrl+z")
        #expect(eventually { rejected.allSatisfy { FileManager.default.fileExists(atPath: folder.appendingPathComponent(String(format: "IMG_%04d.DNG.xmp", $0)).path) } },
                "undo brought them and their sidecars back")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }
}
