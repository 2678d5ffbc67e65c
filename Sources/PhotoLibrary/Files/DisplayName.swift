// SPDX-License-Identifier: GPL-3.0-or-later
import SystemPackage

/// File and folder names as they may be shown on screen (captions, the window title,
/// messages, a card's back). A name is bytes, and a hostile one can hide what it is: bytes
/// that are not UTF-8 show as \xNN, control characters and the bidirectional controls that
/// could make "gpj.exe" read as "exe.jpg" show as \u{…}, and a very long name is cut in the
/// middle, where an ellipsis says so. Everything else (any script, emoji) is left alone.
public enum DisplayName {
    /// Longer names keep this many characters, the ellipsis included.
    public static let maximumCharacters = 96

    public static func of(_ bytes: some Collection<UInt8>, maximumCharacters: Int = maximumCharacters) -> String {
        let bytes = Array(bytes)
        var shown = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, index + length <= bytes.count, let text = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                for scalar in text.unicodeScalars { shown += visible(scalar) }
                index += length
            } else {
                shown += "\\x" + hex(UInt32(lead), digits: 2)
                index += 1
            }
        }
        return elided(shown, to: maximumCharacters)
    }

    /// The last component of `path`, shown safely.
    public static func of(lastComponentOf path: FilePath) -> String {
        let bytes = path.rawBytes
        let name = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes[($0 + 1)...] } ?? bytes[...]
        return of(name.isEmpty ? bytes[...] : name)
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
        let isBidiControl = value == 0x061C || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        return isControl || isBidiControl ? "\\u{" + hex(value, digits: value > 0xFF ? 4 : 2) + "}" : String(scalar)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }

    /// Cut in the middle: the start says what it is, the end its number and extension.
    static func elided(_ text: String, to maximum: Int) -> String {
        guard text.count > maximum, maximum > 2 else { return text }
        let kept = maximum - 1
        let tail = kept / 2, head = kept - tail
        return String(text.prefix(head)) + "…" + String(text.suffix(tail))
    }
}
