// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import Marks
import PhotoLibrary
import SystemPackage

/// What a search typed asks of each photo: every word must be found — in its file's name or
/// the folders between the album's and it, its camera or lens, the place it was taken
/// ("lisbon"), as a year or a month it was taken in ("2019",
/// "June", "juni", in the user's language or English), as days it was taken between
/// ("2019-06-01..2019-08-31", "2019-06..2019-08", "2018..2019": what the timeline's scrubber
/// writes, both ends taken in), or as a mark ("picks", "rejected", "red"). Letters are
/// compared without case and accents ("cafe" finds "Café").
public struct PhotoSearch: Sendable, Equatable {
    public let query: String
    private let words: [Word]
    private let root: [UInt8]

    private enum Word: Sendable, Equatable {
        case text(String)
        case year(Int, String)
        case month(Int, String)
        case days(ClosedRange<CalendarDay>)
        case marks(PhotoFilter, String)
    }

    /// Nil for a query of no words (the whole album shows).
    public init?(_ query: String, root: FilePath) {
        let folded = query.split(whereSeparator: { $0.isWhitespace }).map { Self.fold(String($0)) }.filter { !$0.isEmpty }
        guard !folded.isEmpty else { return nil }
        self.query = query
        self.root = Self.rootBytes(of: root)
        let months = Language.monthNames().map { $0.map(Self.fold) }
        let marks = Self.markWords()
        words = folded.map { word in
            if let days = Self.days(word) { return .days(days) }
            if word.count == 4, let year = Int(word), (1800...2200).contains(year) { return .year(year, word) }
            if word.count >= 3, let month = months.firstIndex(where: { names in names.contains { $0.hasPrefix(word) } }) {
                return .month(month + 1, word)
            }
            if let filter = marks.first(where: { $0.word == word || ($0.word.hasPrefix(word) && word.count >= 4) })?.filter {
                return .marks(filter, word)
            }
            return .text(word)
        }
    }

    /// Whether `photo` (taken on `taken`, marked `marks`, with a camera, lens and position
    /// in `traits`, at `place`) is found.
    public func matches(_ photo: Photo, taken: CalendarDay?, marks: PhotoMarks, traits: PhotoTraits? = nil, place: String? = nil) -> Bool {
        matches(Record(photo, below: root, taken: taken, marks: marks, traits: traits, place: place))
    }

    /// Whether the photo `record` tells of is found.
    public func matches(_ record: Record) -> Bool {
        words.allSatisfy { word in
            switch word {
            case let .text(word): Self.find(word, in: record.text)
            case let .year(year, word): record.taken?.year == year || Self.find(word, in: record.text)
            case let .month(month, word): record.taken?.month == month || Self.find(word, in: record.text)
            case let .days(days): record.taken.map(days.contains) ?? false
            case let .marks(filter, word): filter.admits(record.marks) || Self.find(word, in: record.text)
            }
        }
    }

    /// What a search reads of a photo, made once for all the keys typed after: its name and
    /// the folders below the album's, its camera, lens and place folded as bytes (ASCII by
    /// itself: nearly every name, camera and lens), the day it was taken, its marks.
    public struct Record: Sendable {
        let text: [UInt8]
        let taken: CalendarDay?
        let marks: PhotoMarks

        /// `root`: the album's folder as `PhotoSearch.rootBytes` gives it.
        public init(_ photo: Photo, below root: [UInt8], taken: CalendarDay?, marks: PhotoMarks, traits: PhotoTraits?, place: String?) {
            let bytes = photo.path.rawBytes
            var text: [UInt8] = []
            text.reserveCapacity(bytes.count + 64)
            PhotoSearch.appendFolded(bytes.starts(with: root) ? bytes[root.count...] : bytes[...], to: &text)
            for field in [traits?.camera, traits?.lens, place] {
                guard let field else { continue }
                text.append(UInt8(ascii: "\n"))
                PhotoSearch.appendFolded(field.utf8, to: &text)
            }
            self.text = text
            self.taken = taken
            self.marks = marks
        }
    }

    /// An album's folder as a `Record` leaves it out of its photos' paths.
    public static func rootBytes(of root: FilePath) -> [UInt8] {
        var bytes = root.rawBytes
        if bytes.last != UInt8(ascii: "/") { bytes.append(UInt8(ascii: "/")) }
        return bytes
    }

    /// `bytes` (UTF-8, or not quite) folded as `fold` folds, onto `text`.
    private static func appendFolded(_ bytes: some Collection<UInt8>, to text: inout [UInt8]) {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            text += fold(String(decoding: bytes, as: UTF8.self)).utf8
            return
        }
        for byte in bytes { text.append(byte >= 65 && byte <= 90 ? byte + 32 : byte) }
    }

    private static func find(_ word: String, in text: [UInt8]) -> Bool {
        var word = word
        return word.withUTF8 { needle in text.withUnsafeBytes { ByteSearch.contains(UnsafeRawBufferPointer(needle), in: $0) } }
    }

    /// The days "A..B" spans (each end a year, a month "2019-06" or a day "2019-06-01"; an
    /// en dash for the dots too), from A's first day to B's last; nil for anything else.
    static func days(_ word: String) -> ClosedRange<CalendarDay>? {
        let ends = word.replacingOccurrences(of: "\u{2013}", with: "..").components(separatedBy: "..")
        guard ends.count == 2, let first = period(ends[0]), let last = period(ends[1]), first.lowerBound <= last.upperBound else { return nil }
        return first.lowerBound...last.upperBound
    }

    /// The days of a year, a month or a day written with dashes.
    private static func period(_ text: String) -> ClosedRange<CalendarDay>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }), let year = parts[0], (1800...2200).contains(year) else { return nil }
        let month = parts.count > 1 ? parts[1]! : nil, day = parts.count > 2 ? parts[2]! : nil
        if let month, !(1...12).contains(month) { return nil }
        func length(_ month: Int) -> Int {
            var components = DateComponents(year: year, month: month)
            components.calendar = Calendar(identifier: .gregorian)
            return components.date.flatMap { Calendar(identifier: .gregorian).range(of: .day, in: .month, for: $0)?.count } ?? 31
        }
        if let month, let day {
            guard (1...length(month)).contains(day) else { return nil }
            return CalendarDay(year: year, month: month, day: day)...CalendarDay(year: year, month: month, day: day)
        }
        if let month { return CalendarDay(year: year, month: month, day: 1)...CalendarDay(year: year, month: month, day: length(month)) }
        return CalendarDay(year: year, month: 1, day: 1)...CalendarDay(year: year, month: 12, day: 31)
    }

    /// Lower case, accents off: what is compared.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    /// The words marks go by: the filters' names in the user's language, and in English.
    private static func markWords() -> [(word: String, filter: PhotoFilter)] {
        var found: [(String, PhotoFilter)] = []
        let english: [(String, PhotoFilter)] = [("picks", .picks), ("picked", .picks), ("rejects", .rejects), ("rejected", .rejects),
                                                ("unrated", .unrated)] + ColourLabel.allCases.map { ($0.xmpName.lowercased(), .label($0)) }
        for filter in PhotoFilter.choices {
            switch filter {
            case .all, .rated: continue
            case let .label(label):
                // "Red label", "Rotes Etikett": its first word names the colour.
                if let colour = filter.title.split(separator: " ").first { found.append((fold(String(colour)), .label(label))) }
            default: found.append((fold(filter.title), filter))
            }
        }
        return found + english
    }
}
