// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
internal import CSDL2
import Geometry
@testable import Platform
import ViewTree

/// Characters the main font lacks (Chinese, Japanese) are drawn from a system font that has
/// them, as the desktop does, not as empty boxes.
@Suite struct TextFallbackTests {
    func measured(_ text: String, fontFile: String, pixelSize: Int32) -> Int32 {
        if TTF_WasInit() == 0 { TTF_Init() }
        guard let font = TTF_OpenFont(fontFile, pixelSize) else { return -1 }
        defer { TTF_CloseFont(font) }
        var width: Int32 = 0, height: Int32 = 0
        TTF_SizeUTF8(font, text, &width, &height)
        return width
    }

    @Test func charactersTheMainFontLacksComeFromAFontThatHasThem() throws {
        let canvas = try #require(OffscreenCanvas(width: 300, height: 60))
        let renderer = TextRenderer(textures: canvas.textures, scale: 1)
        let main = try #require(SystemSettings.sansSerifFontPath())
        let fallback = try #require(SystemSettings.fallbackFontPath(for: "東"), "a CJK font: make deps installs fonts-droid-fallback")
        #expect(fallback != main)

        // The main font alone would draw boxes of its own width; the fallback's glyphs are
        // what is measured, and Latin keeps the main font.
        let tofu = measured("東京", fontFile: main, pixelSize: 20)
        let glyphs = measured("東京", fontFile: fallback, pixelSize: 20)
        #expect(glyphs != tofu)
        #expect(renderer.width(of: "東京", pointSize: 20) == Double(glyphs))
        #expect(renderer.width(of: "ab東京", pointSize: 20) == Double(measured("ab", fontFile: main, pixelSize: 20) + glyphs))

        // Drawn: ink under both scripts, on one line.
        let label = try #require(renderer.label("ab東京", pointSize: 20, color: .white))
        let view = View(frame: Rect(origin: .zero, size: label.pixelSize))
        var content = label
        content.mode = .fill
        view.content = content
        canvas.draw(view.drawList())
        func ink(_ xs: Range<Int>) -> Bool {
            xs.contains { x in (0..<Int(label.pixelSize.height)).contains { y in canvas.pixel(x: x, y: y).red > 0.5 } }
        }
        let latinWidth = Int(measured("ab", fontFile: main, pixelSize: 20))
        #expect(ink(0..<latinWidth) && ink(latinWidth..<Int(label.pixelSize.width)))
    }

    /// Every word of every translation has its glyphs on a system with `make deps`' fonts:
    /// a Chinese user reads Chinese, never empty boxes.
    @Test(arguments: ["de", "zh_CN"]) func everyTranslationCanBeDrawn(language: String) throws {
        let canvas = try #require(OffscreenCanvas(width: 10, height: 10))
        let renderer = TextRenderer(textures: canvas.textures, scale: 1)
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("po/\(language).po")
        let translations = try String(contentsOf: po, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("msgstr") }
            .compactMap { line in line.firstIndex(of: "\"").map { String(line[line.index(after: $0)...].dropLast()) } }
        #expect(translations.count > 100)
        #expect(renderer.charactersWithoutGlyphs(in: "a \u{10FFFD}") == ["\u{10FFFD}"], "a character no font has is found missing")

        let missing = Set(translations.flatMap { renderer.charactersWithoutGlyphs(in: $0) })
        #expect(missing.isEmpty, "no glyph for \(missing.sorted())")
    }

    @Test func aColourEmojiIsDrawnAtTheLinesHeightNotItsBitmapsSize() throws {

        let canvas = try #require(OffscreenCanvas(width: 300, height: 60))
        let renderer = TextRenderer(textures: canvas.textures, scale: 1)
        try #require(SystemSettings.fallbackFontPath(for: "🎉") != nil, "an emoji font: make deps installs fonts-noto-color-emoji")
        let plain = try #require(renderer.label("party", pointSize: 15, color: .white))
        let party = try #require(renderer.label("party 🎉", pointSize: 15, color: .white))
        #expect(party.pixelSize.height <= plain.pixelSize.height * 1.25, "one line: \(party.pixelSize) beside \(plain.pixelSize)")
        let emojiWidth = try #require(renderer.width(of: "🎉", pointSize: 15))
        #expect(emojiWidth > 5 && emojiWidth < 30, "about a character wide: \(emojiWidth)")
        #expect(abs(try #require(renderer.width(of: "party 🎉", pointSize: 15)) - party.pixelSize.width) <= 1, "measured as drawn")
    }
}
