// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Localization
import Testing

/// Values go into words by name, wherever a translation puts them.
@Suite struct WordsTests {
    @Test func valuesGoWhereTheTranslationPutsTheirNames() {
        #expect(filling("{name} moved to the Trash", ["name": "IMG_2.jpg"]) == "IMG_2.jpg moved to the Trash")
        #expect(filling("{moved}; {failed}", ["failed": "b", "moved": "a"]) == "a; b")
        #expect(filling("已将 {name} 移到回收站", ["name": "x.jpg"]) == "已将 x.jpg 移到回收站")
        // A value that itself has braces is not filled again; a brace that names nothing stays.
        #expect(filling("{a} and {b}", ["a": "{b}", "b": "2"]) == "{b} and 2")
        #expect(filling("{unknown} {", ["name": "x"]) == "{unknown} {")
    }

    /// Before `Language.start` (as in these tests, the helpers and `flick thumbnail`) the
    /// words are Flick's own and the formats neutral.
    @Test func withoutALanguageTheWordsAreFlicksOwnAndTheFormatsNeutral() {
        #expect(localized("Undo") == "Undo")
        #expect(localizedPlural("{count} photo", "{count} photos", count: 1) == "1 photo")
        #expect(localizedPlural("{count} photo", "{count} photos", count: 1234) == "1234 photos")
        #expect(Language.fileSize(3_240_000) == "3.2 MB" && Language.fileSize(812) == "812 bytes")
        #expect(Language.decimal(4.25) == "4.3" && Language.decimal(35) == "35" && Language.decimal(1234.5) == "1234.5")
        #expect(Language.dateAndTime(Date(timeIntervalSince1970: 1_750_000_000), timeZone: TimeZone(identifier: "UTC")!) == "2025-06-15 15:06")
    }

    /// POSIX's order: LC_ALL over the category's own variable over LANG; C and POSIX mean
    /// Flick's neutral formats.
    @Test func theFormatsLocaleIsChosenAsPOSIXSays() {
        #expect(Language.formatLocale(category: "LC_TIME", environment: ["LANG": "de_DE.UTF-8"])?.identifier == "de_DE")
        #expect(Language.formatLocale(category: "LC_TIME", environment: ["LANG": "de_DE.UTF-8", "LC_TIME": "zh_CN.UTF-8"])?.identifier == "zh_CN")
        #expect(Language.formatLocale(category: "LC_TIME", environment: ["LC_ALL": "en_GB.UTF-8", "LC_TIME": "zh_CN.UTF-8"])?.identifier == "en_GB")
        #expect(Language.formatLocale(category: "LC_NUMERIC", environment: ["LANG": "de_DE@euro"])?.identifier == "de_DE")
        #expect(Language.formatLocale(category: "LC_TIME", environment: ["LANG": "C.UTF-8"]) == nil)
        #expect(Language.formatLocale(category: "LC_TIME", environment: ["LANG": "POSIX"]) == nil)
        #expect(Language.formatLocale(category: "LC_TIME", environment: ["LANG": "", "LC_TIME": ""]) == nil)
    }

    @Test func cataloguesAreFoundInstalledOrBesideTheBuild() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalogues-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let installed = root.appendingPathComponent("usr")
        try FileManager.default.createDirectory(at: installed.appendingPathComponent("share/locale/de/LC_MESSAGES"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: installed.appendingPathComponent("share/locale/de/LC_MESSAGES/flick.mo").path, contents: Data())
        #expect(Language.catalogues(besideExecutable: installed.path + "/bin/flick") == installed.path + "/share/locale")

        let built = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu")
        try FileManager.default.createDirectory(at: built.appendingPathComponent("locale/zh_CN/LC_MESSAGES"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: built.appendingPathComponent("locale/zh_CN/LC_MESSAGES/flick.mo").path, contents: Data())
        #expect(Language.catalogues(besideExecutable: built.path + "/debug/flick") == built.path + "/locale")
        // A system's locale folder without Flick's catalogue is not taken for Flick's.
        #expect(Language.catalogues(besideExecutable: root.path + "/opt/bin/flick") == nil)
    }
}
