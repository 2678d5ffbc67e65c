// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Gestures

/// A line of text a bar takes from the keyboard (the search's words, a date fix): text as
/// the keyboard types it (`insert`: a German or Chinese layout, an input method), and the
/// keys that edit it — Backspace, Ctrl+Backspace a word (to a space, a slash, a dash…).
struct TypedLine {
    private(set) var text: String

    init(text: String = "") { self.text = text }

    /// Adds what was typed, without control characters; false where nothing was added.
    mutating func insert(_ typed: String) -> Bool {
        let printable = typed.filter { !$0.isNewline && $0.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value != 127 } }
        guard !printable.isEmpty else { return false }
        text += printable
        return true
    }

    /// Backspace (with Ctrl: the last word); false where there was nothing to take.
    mutating func erase(_ key: KeyEvent) -> Bool {
        guard !text.isEmpty else { return false }
        if key.modifiers.contains(.control) {
            // A word ends at a space, or at a folder's slash and the like in a template.
            var kept = text
            while let last = kept.last, Self.wordEnds.contains(last) { kept.removeLast() }
            while let last = kept.last, !Self.wordEnds.contains(last) { kept.removeLast() }
            text = kept
        } else {
            text.removeLast()
        }
        return true
    }

    mutating func clear() { text = "" }

    private static let wordEnds: Set<Character> = [" ", "/", "-", "_", ".", ",", ":"]

    /// A key with Ctrl, Alt or the command key is a command (Ctrl+Q), not text.
    static func isCommand(_ key: KeyEvent) -> Bool { !key.modifiers.isDisjoint(with: [.control, .alt, .command]) }
}
