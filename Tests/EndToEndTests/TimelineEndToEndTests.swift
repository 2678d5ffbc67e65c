// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Testing

/// Sorted by date (Alt+D), the real binary's grid is a timeline: each day under its header,
/// read from the photos' EXIF dates (and a file's time where it has none), in the user's
/// language.
@Suite struct TimelineEndToEndTests {
    /// Two photos taken on Saturday 12 July 2025 (EXIF), one without a date whose file was
    /// last changed on Tuesday 24 December 2024.
    static func datedFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-timeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, colour) in [("a.jpg", "rgb(200,60,40)"), ("b.jpg", "rgb(40,160,60)"), ("c.jpg", "rgb(40,60,200)")] {
            let made = try run("convert", ["-size", "300x200", "xc:\(colour)", folder.appendingPathComponent(name).path])
            try #require(made.status == 0, "\(made.error)")
        }
        for name in ["a.jpg", "b.jpg"] {
            let tagged = try run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2025:07:12 10:00:00", folder.appendingPathComponent(name).path])
            try #require(tagged.status == 0, "\(tagged.error)")
        }
        var noon = DateComponents(year: 2024, month: 12, day: 24, hour: 12)
        noon.timeZone = .current
        let christmasEve = try #require(Calendar(identifier: .gregorian).date(from: noon))
        try FileManager.default.setAttributes([.modificationDate: christmasEve], ofItemAtPath: folder.appendingPathComponent("c.jpg").path)
        return folder
    }

    func expectHeaders(_ titles: [String], language: [String: String], absent: [String] = []) throws {
        let folder = try Self.datedFolder()
        let flick = try FlickSession(arguments: [folder.path, "--view", "grid"], environment: language)
        let window = try flick.geometry()
        let cell = cellCentre(0, in: window)
        #expect(try flick.waitForScreen { $0.color(x: cell.x, y: cell.y).red > 150 }.1, "a.jpg first, by name: \(flick.errorOutput())")
        _ = try flick.server.xdotool("key", "alt+d")
        let glyphs = try titles.map { try Glyphs($0, pointSize: DayHeader.textSize) }
        let (shot, shown) = try flick.waitForScreen { shot in glyphs.allSatisfy { $0.found(in: shot) != nil } }
        #expect(shown, "the days' headers \(titles)")
        let places = glyphs.compactMap { $0.found(in: shot) }
        #expect(places.count == 2 && places[0].y < places[1].y, "the earlier day above: \(places)")
        for title in absent { #expect(try Glyphs(title, pointSize: DayHeader.textSize).found(in: shot) == nil, "not \(title)") }
        _ = try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test func inEnglishEachDayIsHeadedByItsDate() throws {
        try expectHeaders(["Tuesday 24 December 2024", "Saturday 12 July 2025"], language: ["LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": ""])
    }

    @Test(.enabled(if: TranslationsEndToEndTests.hasLocale("de_DE.UTF-8"), "the de_DE.UTF-8 locale is not generated here: make deps generates it as root"))
    func inGermanTheDatesAreGerman() throws {
        try TranslationsEndToEndTests.compileCatalogues()
        try expectHeaders(["Dienstag, 24. Dezember 2024", "Samstag, 12. Juli 2025"], language: ["LANG": "de_DE.UTF-8", "LANGUAGE": ""],
                          absent: ["Saturday 12 July 2025"])
    }
}
