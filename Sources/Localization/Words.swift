// SPDX-License-Identifier: GPL-3.0-or-later
import CIntl
import Foundation

// Every word Flick shows goes through these two functions, and only with a literal: the
// build's xgettext reads the literals from the sources (as C; it has no Swift parser) into
// po/flick.pot. Values go in by name, as "{name} moved to the Trash", so a translation can
// put them where its grammar wants them; msgfmt --check holds translations to the same names.

/// `message` in the user's language, its `{name}`s filled from `values`.
public func localized(_ message: StaticString, _ values: [String: String] = [:]) -> String {
    // gettext answers with the very pointer it was given when there is no translation:
    // the answer is copied while that pointer still lives.
    let translated = text(of: message).withCString { String(cString: gettext($0)) }
    return filling(translated, values)
}

/// The form of `one`/`other` the user's language uses for `count` (German has two, Chinese one,
/// Polish three: gettext knows from the catalogue); `{count}` is the number, written the
/// user's way.
public func localizedPlural(_ one: StaticString, _ other: StaticString, count: Int, _ values: [String: String] = [:]) -> String {
    let translated = text(of: one).withCString { one in
        text(of: other).withCString { other in String(cString: ngettext(one, other, UInt(max(0, count)))) }
    }
    var all = values
    all["count"] = Language.number(count)
    return filling(translated, all)
}

private func text(of literal: StaticString) -> String {
    literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
}

/// `text` with each `{name}` that `values` has replaced; other braces are left as they are.
func filling(_ text: String, _ values: [String: String]) -> String {
    guard !values.isEmpty, text.contains("{") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        guard let close = rest[open...].firstIndex(of: "}"), let value = values[String(rest[rest.index(after: open)..<close])] else {
            result.append("{")
            rest = rest[rest.index(after: open)...]
            continue
        }
        result += value
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}
