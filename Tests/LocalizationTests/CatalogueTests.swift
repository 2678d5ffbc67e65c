// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport

/// The translations in po/: complete, current with the sources, true to the values' names,
/// and what a German, Chinese or Polish user gets at run time.
@Suite struct CatalogueTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let po = repository.appendingPathComponent("po")
    static var languages: [String] {
        ((try? String(contentsOf: po.appendingPathComponent("LINGUAS"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    /// The messages of a .po or .pot file (msgid, with msgid_plural after "|" for plurals),
    /// the header left out.
    static func messages(in file: URL) throws -> Set<String> {
        let text = try String(contentsOf: file, encoding: .utf8)
        var messages = Set<String>()
        for entry in text.components(separatedBy: "\n\n") {
            let lines = entry.split(separator: "\n").map(String.init)
            guard !lines.contains(where: { $0.hasPrefix("#~") }),
                  let id = lines.first(where: { $0.hasPrefix("msgid \"") }), id != "msgid \"\"" else { continue }
            messages.insert(id + (lines.first { $0.hasPrefix("msgid_plural ") }.map { "|" + $0 } ?? ""))
        }
        return messages
    }

    @Test func theLanguagesAreGermanAndSimplifiedChinese() {
        #expect(Set(Self.languages) == ["de", "zh_CN"])
    }

    /// msgfmt --check: each translation keeps the values' names ("{name}") and the language's
    /// plural forms; --statistics: nothing untranslated, nothing fuzzy.
    @Test(arguments: ["de", "zh_CN"]) func eachCatalogueIsCompleteAndChecked(language: String) throws {
        let file = Self.po.appendingPathComponent("\(language).po")
        let result = try runExternalTool(["msgfmt", "--check", "--statistics", "-o", "/dev/null", file.path], environment: ["LC_ALL": "C"])
        #expect(result.status == 0, "\(result.errors)")
        let count = try Self.messages(in: file).count
        #expect(result.errors.trimmingCharacters(in: .whitespacesAndNewlines) == "\(count) translated messages.", "\(result.errors)")
        #expect(try Self.messages(in: file) == Self.messages(in: Self.po.appendingPathComponent("flick.pot")), "po/\(language).po has the template's messages: run scripts/translations.sh extract")
    }

    /// Words added to the sources, the desktop entry or the metadata reach po/flick.pot
    /// (and so the translators) before they ship.
    @Test func theTemplateHasEveryWordOfTheSources() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let fresh = scratch.appendingPathComponent("flick.pot")
        let result = try runExternalTool(["bash", Self.repository.appendingPathComponent("scripts/translations.sh").path, "extract", fresh.path], environment: [:])
        #expect(result.status == 0, "\(result.errors)")
        let extracted = try Self.messages(in: fresh)
        let committed = try Self.messages(in: Self.po.appendingPathComponent("flick.pot"))
        #expect(extracted == committed, "new: \(extracted.subtracting(committed)); gone: \(committed.subtracting(extracted)); run scripts/translations.sh extract")
        #expect(extracted.contains("msgid \"{name} moved to the Trash\""))
        #expect(extracted.contains("msgid \"{count} photo\"|msgid_plural \"{count} photos\""))
        #expect(extracted.contains("msgid \"Photo Browser\""), "the desktop entry's words")
        #expect(extracted.contains("msgid \"The culling pager: throw a bad shot up into the Trash\""), "the metadata's words")
    }

    /// A translation that loses or misspells a value's name is refused at build, not shown
    /// to a user as "{nmae}".
    @Test func aTranslationThatMisnamesAValueIsRefused() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("po-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let german = try String(contentsOf: Self.po.appendingPathComponent("de.po"), encoding: .utf8)
        let broken = german.replacingOccurrences(of: "msgstr \"{name} in den Papierkorb verschoben\"", with: "msgstr \"{nmae} in den Papierkorb verschoben\"")
        #expect(broken != german)
        let file = scratch.appendingPathComponent("de.po")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let result = try runExternalTool(["msgfmt", "--check", "-o", "/dev/null", file.path], environment: ["LC_ALL": "C"])
        #expect(result.status != 0)
        #expect(result.errors.contains("'name'"), "names the value the translation lost: \(result.errors)")

    }
}
