// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Foundation
import Geometry
@testable import Platform
import Testing
import TestSupport
import ViewTree

/// Flick run in German and in Chinese, as a user there runs it: the catalogues `make build`
/// compiles beside the binary, the locale from LANG. What the screen shows is looked for by
/// the glyphs themselves: each expected text is drawn by Flick's own text renderer off
/// screen and found, shape for shape, in the screenshot.
@Suite(.serialized) struct TranslationsEndToEndTests {
    static func hasLocale(_ name: String) -> Bool {
        let available = (try? runExternalTool(["locale", "-a"]).output) ?? ""
        let wanted = name.lowercased().replacingOccurrences(of: "utf-8", with: "utf8")
        return available.split(separator: "\n").contains { $0.lowercased() == wanted }
    }

    /// The catalogues where the binary under test looks for them (its build folder's
    /// `locale`): `make build` put them there; a test run without make compiles them the same
    /// way (each written whole, then renamed, so runs side by side do not trip on each other).
    static func compileCatalogues() throws {
        let built = URL(fileURLWithPath: flickBinary).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let result = try run("bash", [InstallTests.repository.appendingPathComponent("scripts/translations.sh").path, "build", built.path])
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }

    static func photos() throws -> URL {
        try makeSolidColourFolder([(red: 40, green: 90, blue: 160), (red: 160, green: 60, blue: 40), (red: 60, green: 140, blue: 60)])
    }

    @Test(.enabled(if: hasLocale("de_DE.UTF-8"), "the de_DE.UTF-8 locale is not generated here: make deps generates it as root"))
    func inGermanTheHelpTheControlsAndTheMessagesAreGerman() throws {
        try Self.compileCatalogues()
        let folder = try Self.photos()
        // An album beside: the strip counts its photos in German.
        let album = folder.appendingPathComponent("Urlaub")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".png") }).sorted().prefix(2) {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: album.appendingPathComponent(name))
        }
        let flick = try FlickSession(arguments: [folder.path, "--view", "grid"], environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": ""])
        let arrangement = try Glyphs("Alle Fotos · Name ↑", pointSize: ArrangementControl.textSize)
        #expect(try flick.waitForScreen { arrangement.found(in: $0) != nil }.1, "the arrangement control in German: \(flick.errorOutput())")
        let count = try Glyphs("2 Fotos", pointSize: 11)
        #expect(try flick.waitForScreen { count.found(in: $0) != nil }.1, "the album's count in German")


        // A question: a photo rejected, Ctrl+Del asks before the Trash. It stays until it is
        // answered, so seeing it waits on no timing (a toast's four seconds could pass
        // between two screenshots of a loaded machine).
        _ = try flick.server.xdotool("key", "x")
        _ = try flick.server.xdotool("key", "ctrl+Delete")
        let question = try Glyphs("Dieses abgelehnte Foto in den Papierkorb verschieben?", pointSize: MessagePill.pointSize)
        #expect(try flick.waitForScreen { question.found(in: $0) != nil }.1, "the question in German")
        _ = try flick.server.xdotool("key", "Escape")

        _ = try flick.server.xdotool("key", "question")
        let heading = try Glyphs("Raster", pointSize: HelpOverlay.titleSize)
        // At whichever of its sizes the help fits the window in.
        let action = try HelpOverlay.textSizes.map { try Glyphs("Foto bewerten: keine bis fünf Sterne", pointSize: $0) }
        let (shot, shown) = try flick.waitForScreen { shot in heading.found(in: shot) != nil && action.contains { $0.found(in: shot) != nil } }
        #expect(shown, "the help in German")
        #expect(try Glyphs("Grid", pointSize: HelpOverlay.titleSize).found(in: shot) == nil, "not the English heading")
        #expect(try HelpOverlay.textSizes.allSatisfy { try Glyphs("Rate the photo: no stars to five stars", pointSize: $0).found(in: shot) == nil })
        _ = try flick.server.xdotool("key", "Escape", "q")
        #expect(flick.waitForExit() == 0)
    }

    @Test(.enabled(if: hasLocale("zh_CN.UTF-8"), "the zh_CN.UTF-8 locale is not generated here: make deps generates it as root"))
    func inChineseTheHelpIsChineseAndItsGlyphsAreDrawn() throws {
        try Self.compileCatalogues()
        let folder = try Self.photos()
        let flick = try FlickSession(arguments: [folder.path, "--view", "grid"], environment: ["LANG": "zh_CN.UTF-8", "LANGUAGE": ""])
        let arrangement = try Glyphs("全部照片 · 名称 ↑", pointSize: ArrangementControl.textSize)
        #expect(try flick.waitForScreen { arrangement.found(in: $0) != nil }.1, "the arrangement control in Chinese: \(flick.errorOutput())")
        _ = try flick.server.xdotool("key", "question")
        let heading = try Glyphs("网格", pointSize: HelpOverlay.titleSize)
        let action = try HelpOverlay.textSizes.map { try Glyphs("为照片评分：零到五星", pointSize: $0) }
        #expect(try flick.waitForScreen { shot in heading.found(in: shot) != nil && action.contains { $0.found(in: shot) != nil } }.1,
                "the help in Chinese, its characters drawn")
        _ = try flick.server.xdotool("key", "Escape", "q")
        #expect(flick.waitForExit() == 0)
    }

    /// The same binary with no language asked: Flick's English, as before.
    @Test func withoutALanguageFlickSpeaksEnglish() throws {
        try Self.compileCatalogues()
        let folder = try Self.photos()
        let flick = try FlickSession(arguments: [folder.path, "--view", "grid"], environment: ["LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": ""])
        _ = try flick.server.xdotool("key", "question")
        let heading = try Glyphs("Grid", pointSize: HelpOverlay.titleSize)
        #expect(try flick.waitForScreen { heading.found(in: $0) != nil }.1, "the help in English: \(flick.errorOutput())")
        _ = try flick.server.xdotool("key", "Escape", "q")
        #expect(flick.waitForExit() == 0)
    }
}
