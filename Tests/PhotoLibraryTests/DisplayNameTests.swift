// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import PhotoLibrary
import SystemPackage

@Suite struct DisplayNameTests {
    @Test func ordinaryNamesInAnyScriptAreShownAsTheyAre() {
        for name in ["IMG_2041.jpg", "Été à Paris.jpg", "北京 2024.png", "写真.jpeg", "🌅 sunrise.webp", "שלום.jpg"] {
            #expect(DisplayName.of(Array(name.utf8)) == name)
        }
    }

    @Test func controlCharactersAndBytesThatAreNotUTF8AreEscaped() {
        #expect(DisplayName.of(Array("bell\u{7}.jpg".utf8)) == "bell\\u{07}.jpg")
        #expect(DisplayName.of(Array("new\nline.jpg".utf8)) == "new\\u{0A}line.jpg")
        #expect(DisplayName.of([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67]) == "caf\\xE9.jpg", "Latin-1, not UTF-8")
        #expect(DisplayName.of([0xC0, 0xAF, 0x61]) == "\\xC0\\xAFa", "an overlong slash is two bad bytes")
        #expect(DisplayName.of([0xE2, 0x82]) == "\\xE2\\x82", "cut short")
    }

    @Test func aRightToLeftOverrideCannotDisguiseTheExtension() {
        let name = "photo\u{202E}gpj.exe"
        #expect(DisplayName.of(Array(name.utf8)) == "photo\\u{202E}gpj.exe")
        #expect(DisplayName.of(Array("a\u{2066}b\u{200F}c".utf8)) == "a\\u{2066}b\\u{200F}c")
    }

    @Test func aVeryLongNameIsCutInTheMiddleKeepingItsEnd() {
        let name = String(repeating: "a", count: 251) + ".jpg"
        let shown = DisplayName.of(Array(name.utf8))
        #expect(shown.count == DisplayName.maximumCharacters)
        #expect(shown.hasPrefix("aaaa") && shown.hasSuffix("a.jpg") && shown.contains("…"))
    }

    @Test func thePathsLastComponentIsTheName() {
        #expect(DisplayName.of(lastComponentOf: FilePath(rawBytes: Array("/photos/trip/\u{1}x.jpg".utf8))) == "\\u{01}x.jpg")
        #expect(DisplayName.of(lastComponentOf: FilePath("/")) == "/")
    }
}
