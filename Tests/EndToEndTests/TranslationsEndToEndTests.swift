// SPDX-License-Identifier: GPL-3.0-or-later
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

    /// The pixels of `text` as Flick draws it: where the glyphs are solid, and where there is
    /// surely nothing (no ink at the pixel or beside it).
    struct Glyphs {
        let ink: [(x: Int, y: Int)]
        let clear: [(x: Int, y: Int)]

        init(_ text: String, pointSize: Double) throws {
            let canvas = try #require(OffscreenCanvas(width: 900, height: 80))
            let renderer = TextRenderer(textures: canvas.textures, scale: 1)
            var label = try #require(renderer.label(text, pointSize: pointSize, color: Color.white))
            label.mode = .fill
            let view = View(frame: Rect(origin: .zero, size: label.pixelSize))
            view.content = label
            canvas.draw(view.drawList(), clearColor: .black)
            let width = Int(label.pixelSize.width), height = Int(label.pixelSize.height)
            func alpha(_ x: Int, _ y: Int) -> Double { x < 0 || y < 0 || x >= width || y >= height ? 0 : canvas.pixel(x: x, y: y).red }
            var ink: [(x: Int, y: Int)] = [], clear: [(x: Int, y: Int)] = []
            for y in 0..<height {
                for x in 0..<width {
                    if alpha(x, y) > 0.85 { ink.append((x, y)) }
                    if (-1...1).allSatisfy({ dy in (-1...1).allSatisfy { dx in alpha(x + dx, y + dy) < 0.02 } }) { clear.append((x, y)) }
                }
            }
            self.ink = ink
            self.clear = clear
        }

        /// Where on `shot` the text is drawn light on a dark ground, if anywhere.
        func found(in shot: Screenshot) -> (x: Int, y: Int)? {
            guard let first = ink.first else { return nil }
            func brightness(_ x: Int, _ y: Int) -> Int { let c = shot.color(x: x, y: y); return max(c.red, c.green, c.blue) }
            let maxX = (ink + clear).map(\.x).max() ?? 0, maxY = (ink + clear).map(\.y).max() ?? 0
            for originY in 0..<max(shot.height - maxY, 0) {
                for originX in 0..<max(shot.width - maxX, 0) where brightness(originX + first.x, originY + first.y) > 120 {
                    if ink.allSatisfy({ brightness(originX + $0.x, originY + $0.y) > 120 })
                        && clear.allSatisfy({ brightness(originX + $0.x, originY + $0.y) < 100 }) {
                        return (originX, originY)
                    }
                }
            }
            return nil
        }
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


        // A message: Shift+A says what follows a mark.
        _ = try flick.server.xdotool("key", "shift+a")
        let toast = try Glyphs("Nach einer Markierung: nächstes Foto", pointSize: 14)
        #expect(try flick.waitForScreen { toast.found(in: $0) != nil }.1, "the toast in German")

        _ = try flick.server.xdotool("key", "question")
        let heading = try Glyphs("Raster", pointSize: HelpOverlay.titleSize)
        let action = try Glyphs("Foto bewerten: keine bis fünf Sterne", pointSize: HelpOverlay.textSize)
        let (shot, shown) = try flick.waitForScreen { heading.found(in: $0) != nil && action.found(in: $0) != nil }
        #expect(shown, "the help in German")
        #expect(try Glyphs("Grid", pointSize: HelpOverlay.titleSize).found(in: shot) == nil, "not the English heading")
        #expect(try Glyphs("Rate the photo: no stars to five stars", pointSize: HelpOverlay.textSize).found(in: shot) == nil)
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
        let action = try Glyphs("为照片评分：零到五星", pointSize: HelpOverlay.textSize)
        #expect(try flick.waitForScreen { heading.found(in: $0) != nil && action.found(in: $0) != nil }.1, "the help in Chinese, its characters drawn")
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
