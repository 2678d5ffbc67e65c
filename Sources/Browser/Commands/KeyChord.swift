// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Gestures
import Localization

/// A key as a person presses it: the key and the modifiers held with it.
public struct KeyChord: Hashable, Sendable {
    public var key: Key
    /// Exactly these modifiers; nil for any (? is typed with Shift on most layouts).
    public var modifiers: KeyModifiers?

    public init(_ key: Key, _ modifiers: KeyModifiers? = []) {
        self.key = key
        self.modifiers = modifiers
    }

    public init(_ character: Character, _ modifiers: KeyModifiers? = []) {
        self.init(.character(character), modifiers)
    }

    public func matches(_ event: KeyEvent) -> Bool {
        event.key == key && (modifiers == nil || event.modifiers == modifiers)
    }

    /// Whether one key press could be both: the same key, and modifiers that overlap.
    public func overlaps(_ other: KeyChord) -> Bool {
        key == other.key && (modifiers == nil || other.modifiers == nil || modifiers == other.modifiers)
    }

    /// As the help writes it: "Ctrl+Z", "Alt+P", "F11".
    public var label: String { Self.prefix(of: modifiers ?? []) + Self.name(of: key) }

    /// "Ctrl+", "Ctrl+Shift+": the modifiers, each followed by a plus.
    static func prefix(of modifiers: KeyModifiers) -> String {
        var prefix = ""
        // TRANSLATORS: the names of keys, as printed on the key caps of the user's keyboards.
        if modifiers.contains(.control) { prefix += localized("Ctrl") + "+" }
        if modifiers.contains(.alt) { prefix += localized("Alt") + "+" }
        if modifiers.contains(.shift) { prefix += localized("Shift") + "+" }
        return prefix
    }

    /// A key's name as its cap says (a letter in capitals).
    static func name(of key: Key) -> String {
        switch key {
        // Said as a word: "Ctrl++" and "Ctrl+-" read badly.
        case .character("+"): localized("Plus")
        case .character("-"): localized("Minus")
        case let .character(character): character.uppercased()
        case .escape: localized("Esc")
        case .enter: localized("Enter")
        case .space: localized("Space")
        case .backspace: localized("Backspace")
        case .delete: localized("Del")
        case .tab: localized("Tab")
        case .left: localized("Left")
        case .right: localized("Right")
        case .up: localized("Up")
        case .down: localized("Down")
        case .home: localized("Home")
        case .end: localized("End")
        case .pageUp: localized("PgUp")
        case .pageDown: localized("PgDn")
        case let .function(number): "F\(number)"
        case .menu: localized("Menu")
        }
    }

    /// Several chords as one short label, the way the help writes them: a modifier said
    /// once for the letters and digits after it ("Alt+N, D, M"), three or more digits in a
    /// row as a range ("0 – 5"), the four arrows as one word, other keys each with their
    /// own ("Ctrl+PgUp, Ctrl+PgDn").
    public static func label(of chords: [KeyChord]) -> String {
        let arrows: [Key] = [.left, .right, .up, .down]
        // All four arrows with the same modifiers: said once, where the first of them is.
        let together = chords.first { arrows.contains($0.key) }.flatMap { first in
            arrows.allSatisfy { chords.contains(KeyChord($0, first.modifiers)) } ? first.modifiers : nil
        }
        var saidArrows = false
        var parts: [String] = []
        var index = chords.startIndex
        while index < chords.endIndex {
            let chord = chords[index]
            if arrows.contains(chord.key), let together, chord.modifiers == together {
                // TRANSLATORS: the four arrow keys at once, in a list of keys ("Click, arrows, Home, End").
                if !saidArrows { parts.append(Self.prefix(of: together) + localized("arrows")) }
                saidArrows = true
                index += 1
                continue
            }
            guard case let .character(first) = chord.key else {
                parts.append(chord.label)
                index += 1
                continue
            }
            // The run of characters with the same modifiers.
            var run = [first]
            var next = index + 1
            while next < chords.endIndex, case let .character(character) = chords[next].key, chords[next].modifiers == chord.modifiers {
                run.append(character)
                next += 1
            }
            parts.append(Self.prefix(of: chord.modifiers ?? []) + Self.compacted(run).joined(separator: localized(", ")))
            index = next
        }
        // TRANSLATORS: what separates keys in a list of them ("P, X, U").
        return parts.joined(separator: localized(", "))
    }

    /// Characters as the help lists them: runs of three or more consecutive digits as "a – b".
    private static func compacted(_ characters: [Character]) -> [String] {
        var names: [String] = []
        var index = 0
        while index < characters.count {
            var end = index
            while end + 1 < characters.count, let digit = characters[end].wholeNumberValue, characters[end + 1].wholeNumberValue == digit + 1 { end += 1 }
            if end - index >= 2 {
                names.append("\(characters[index]) – \(characters[end])")
            } else {
                names += characters[index...end].map { name(of: .character($0)) }
            }
            index = end + 1
        }
        return names
    }
}
