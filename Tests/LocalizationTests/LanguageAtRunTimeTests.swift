// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport

/// Flick's words and formats as a user in another language gets them: the catalogues
/// compiled as `make build` compiles them, read by a process started in that locale.
@Suite struct LanguageAtRunTimeTests {
    static func hasLocale(_ name: String) -> Bool {
        let available = (try? runExternalTool(["locale", "-a"]).output) ?? ""
        let wanted = name.lowercased().replacingOccurrences(of: "utf-8", with: "utf8")
        return available.split(separator: "\n").contains { $0.lowercased() == wanted }
    }

    /// The catalogues compiled into a scratch folder; extra .po files (a language for the
    /// test alone) beside them.
    static func compiledCatalogues(extra: [String: String] = [:]) throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("catalogues-\(UUID().uuidString)")
        let script = CatalogueTests.repository.appendingPathComponent("scripts/translations.sh").path
        let built = try runExternalTool(["bash", script, "build", scratch.path], environment: [:])
        #expect(built.status == 0, "\(built.errors)")
        for (language, po) in extra {
            let folder = scratch.appendingPathComponent("locale/\(language)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let source = scratch.appendingPathComponent("\(language).po")
            try po.write(to: source, atomically: true, encoding: .utf8)
            let compiled = try runExternalTool(["msgfmt", "--check", "-o", folder.appendingPathComponent("flick.mo").path, source.path], environment: [:])
            #expect(compiled.status == 0, "\(compiled.errors)")
        }
        return scratch
    }

    static func probe(_ catalogues: URL, environment: [String: String]) throws -> [String] {
        var clean = ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LC_TIME": "", "LC_NUMERIC": ""]
        clean.merge(environment) { $1 }
        let result = try runExternalTool([builtExecutable(named: "localization-probe"), catalogues.appendingPathComponent("locale").path], environment: clean)
        #expect(result.status == 0, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: hasLocale("de_DE.UTF-8"), "the de_DE.UTF-8 locale is not generated here: make deps generates it as root"))
    func germanHasOneAndOtherAndGermanFormats() throws {
        let catalogues = try Self.compiledCatalogues()
        defer { try? FileManager.default.removeItem(at: catalogues) }
        let lines = try Self.probe(catalogues, environment: ["LANG": "de_DE.UTF-8"])
        try #require(lines.count == 9, "\(lines)")
        #expect(Array(lines.prefix(5)) == ["0 Fotos", "1 Foto", "2 Fotos", "5 Fotos", "21 Fotos"])
        #expect(lines[5] == "Rückgängig")
        #expect(lines[6] == "1.234.567")
        #expect(lines[7] == "3,2 MB")
        #expect(lines[8].contains("Juni 2025") && lines[8].contains("15:06"), "\(lines[8])")
    }

    @Test(.enabled(if: hasLocale("zh_CN.UTF-8"), "the zh_CN.UTF-8 locale is not generated here: make deps generates it as root"))
    func chineseHasOneFormAndChineseDates() throws {
        let catalogues = try Self.compiledCatalogues()
        defer { try? FileManager.default.removeItem(at: catalogues) }
        let lines = try Self.probe(catalogues, environment: ["LANG": "zh_CN.UTF-8"])
        try #require(lines.count == 9, "\(lines)")
        #expect(Array(lines.prefix(5)) == ["0 张照片", "1 张照片", "2 张照片", "5 张照片", "21 张照片"])
        #expect(lines[5] == "撤销")
        #expect(lines[6] == "1,234,567")
        #expect(lines[8].contains("2025年6月15日"), "\(lines[8])")
    }

    /// A language with three forms (Polish: 1 zdjęcie, 2 zdjęcia, 5 zdjęć, 21 zdjęć) gets
    /// each: the forms are the catalogue's rule, not Flick's "one or other".
    @Test(.enabled(if: hasLocale("de_DE.UTF-8"), "the de_DE.UTF-8 locale is not generated here: make deps generates it as root"))
    func aLanguageWithThreeFormsGetsEach() throws {
        let polish = """
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            #, python-brace-format
            msgid "{count} photo"
            msgid_plural "{count} photos"
            msgstr[0] "{count} zdjęcie"
            msgstr[1] "{count} zdjęcia"
            msgstr[2] "{count} zdjęć"

            """
        let catalogues = try Self.compiledCatalogues(extra: ["pl": polish])
        defer { try? FileManager.default.removeItem(at: catalogues) }
        // LANGUAGE picks the catalogue, as on a desktop set to Polish with German formats.
        let lines = try Self.probe(catalogues, environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "pl"])
        #expect(Array(lines.prefix(5)) == ["0 zdjęć", "1 zdjęcie", "2 zdjęcia", "5 zdjęć", "21 zdjęć"])
    }

    /// A locale the system has not generated: Flick's own words, no crash.
    @Test func aLocaleTheSystemLacksGivesFlicksOwnWords() throws {
        let catalogues = try Self.compiledCatalogues()
        defer { try? FileManager.default.removeItem(at: catalogues) }
        let lines = try Self.probe(catalogues, environment: ["LANG": "xx_YY.UTF-8"])
        #expect(Array(lines.prefix(6)) == ["0 photos", "1 photo", "2 photos", "5 photos", "21 photos", "Undo"])
    }
}
