// SPDX-License-Identifier: GPL-3.0-or-later
/// Breaks text into lines that fit a width: at spaces where it can, inside a word only
/// when the word alone is wider than the line; explicit newlines kept. Text beyond the
/// last allowed line ends the last line with an ellipsis. Pure: the caller measures.
public enum TextLayout {
    public static let ellipsis = "…"

    /// The lines of `text` at most `maximumWidth` wide (as `measure` says), at most
    /// `maximumLines` of them.
    public static func lines(of text: String, maximumWidth: Double, maximumLines: Int = .max,
                             measure: (String) -> Double) -> [String] {
        guard maximumLines > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrap(String(paragraph), maximumWidth: maximumWidth, measure: measure)
        }
        guard lines.count > maximumLines else { return lines }
        var kept = Array(lines.prefix(maximumLines))
        kept[maximumLines - 1] = truncated(kept[maximumLines - 1], toFit: maximumWidth, measure: measure, always: true)
        return kept
    }

    /// `line` with characters taken off its end and an ellipsis put on until it fits;
    /// unchanged if it fits already, unless `always` (more text follows it).
    public static func truncated(_ line: String, toFit maximumWidth: Double, measure: (String) -> Double, always: Bool = false) -> String {
        guard always || measure(line) > maximumWidth else { return line }
        var kept = Substring(line)
        while !kept.isEmpty && measure(kept.trimmingTrailingSpaces + ellipsis) > maximumWidth { kept = kept.dropLast() }
        return kept.trimmingTrailingSpaces + ellipsis
    }

    /// A file name shortened in the middle until it fits, keeping its start, its end and
    /// its extension ("IMG_2024…party.jpg"): the parts that tell names apart. Unchanged if
    /// it fits; cut at the end when even the extension alone is too wide.
    public static func elidedInMiddle(_ name: String, toFit maximumWidth: Double, measure: (String) -> Double) -> String {
        guard measure(name) > maximumWidth else { return name }
        let characters = Array(name)
        let dot = characters.lastIndex(of: ".").flatMap { $0 > 0 && characters.count - $0 <= maximumExtensionLength ? $0 : nil }
        let stem = Array(characters[..<(dot ?? characters.count)])
        let ext = String(characters[(dot ?? characters.count)...])
        func candidate(keeping count: Int) -> String {
            let head = (count + 1) / 2, tail = count / 2
            return String(stem.prefix(head)) + ellipsis + String(stem.suffix(tail)) + ext
        }
        guard measure(candidate(keeping: 0)) <= maximumWidth else { return truncated(name, toFit: maximumWidth, measure: measure) }
        // The most characters of the stem that still fit: width grows with the count kept.
        var fits = 0, tooMany = stem.count
        while tooMany - fits > 1 {
            let middle = (fits + tooMany) / 2
            if measure(candidate(keeping: middle)) <= maximumWidth { fits = middle } else { tooMany = middle }
        }
        return candidate(keeping: fits)
    }

    /// Longer than this (with its dot), what follows the last dot is no extension.
    static let maximumExtensionLength = 8

    /// Spaces inside a line are kept as written (a file name's two spaces are two); those
    /// where a line breaks, and at the paragraph's end, go.
    private static func wrap(_ paragraph: String, maximumWidth: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        var current = ""
        var gap = ""
        for run in runs(of: paragraph) {
            guard run.first != " " else {
                gap += run
                continue
            }
            let word = String(run)
            let candidate = current.isEmpty && !lines.isEmpty ? word : current + gap + word
            gap = ""
            if measure(candidate) <= maximumWidth {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            // A word wider than the line on its own is broken where it must be.
            var rest = Substring(word)
            while !rest.isEmpty && measure(String(rest)) > maximumWidth {
                var fits = 1
                while fits < rest.count && measure(String(rest.prefix(fits + 1))) <= maximumWidth { fits += 1 }
                lines.append(String(rest.prefix(fits)))
                rest = rest.dropFirst(fits)
            }
            current = String(rest)
        }
        lines.append(current)
        return lines
    }

    /// The paragraph as alternating runs of spaces and of everything else.
    private static func runs(of paragraph: String) -> [Substring] {
        var runs: [Substring] = []
        var start = paragraph.startIndex
        for index in paragraph.indices.dropFirst() where (paragraph[index] == " ") != (paragraph[start] == " ") {
            runs.append(paragraph[start..<index])
            start = index
        }
        if start < paragraph.endIndex { runs.append(paragraph[start...]) }
        return runs
    }
}

private extension Substring {
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result = result.dropLast() }
        return String(result)
    }
}
