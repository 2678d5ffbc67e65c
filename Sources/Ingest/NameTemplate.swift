// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage

/// When a photo was taken, as its camera's clock said (local time, no zone: EXIF's own).
public struct TakenTime: Sendable, Equatable, Comparable {
    public var year, month, day, hour, minute, second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// "2024-05-01 14:03:22[.35]", as Flick's EXIF reader gives a date taken; nil for anything else.
    public init?(exifStyle text: String) {
        let digits = text.split(whereSeparator: { !$0.isNumber }).prefix(6).compactMap { Int($0) }
        guard digits.count >= 3, (1...9999).contains(digits[0]), (1...12).contains(digits[1]), (1...31).contains(digits[2]) else { return nil }
        let rest = digits.dropFirst(3) + Array(repeating: 0, count: 3)
        self.init(year: digits[0], month: digits[1], day: digits[2], hour: rest[3], minute: rest[4], second: rest[5])
    }

    /// "2024-05-01 14:03:22", as Flick writes a date taken.
    public var exifText: String { String(format: "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, second) }

    /// The local time of `date` (a file's modification time, where no camera said).
    public init(local date: Date) {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        self.init(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                  hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// This time `seconds` later (earlier where negative), the calendar's way.
    public func adding(seconds: Int) -> TakenTime {
        guard seconds != 0 else { return self }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return self }
        let moved = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date.addingTimeInterval(Double(seconds)))
        return TakenTime(year: moved.year ?? year, month: moved.month ?? month, day: moved.day ?? day,
                         hour: moved.hour ?? 0, minute: moved.minute ?? 0, second: moved.second ?? 0)
    }

    public static func < (lhs: TakenTime, rhs: TakenTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second) < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }
}

/// What a template is filled with for one photo.
public struct NameFacts: Sendable {
    public var taken: TakenTime
    public var camera: String?
    /// The name on the card without its extension ("IMG_0001").
    public var originalStem: String
    /// The photo's place in the import, from 1, in the order taken.
    public var sequence: Int
    public var job: String

    public init(taken: TakenTime, camera: String?, originalStem: String, sequence: Int, job: String) {
        (self.taken, self.camera, self.originalStem, self.sequence, self.job) = (taken, camera, originalStem, sequence, job)
    }
}

/// A folder or a name made from a photo's facts: `%Y %y %m %d %H %M %S` for when it was
/// taken (as strftime spells them), `{name}` the name on the card, `{number}` its digits
/// ("0001" of IMG_0001), `{camera}`, `{job}`, and `{seq}` (or `{seq:4}`, zero-padded) its
/// place in the import.
public struct NameTemplate: Sendable, Equatable {
    public let text: String
    private let parts: [Part]

    enum Part: Sendable, Equatable {
        case literal(String)
        case year, shortYear, month, day, hour, minute, second
        case name, number, camera, job
        case sequence(width: Int)
    }

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public enum Reason: Equatable, Sendable {
            case lonePercent
            /// "%Q" or "{camra}", as written.
            case unknownToken(String)
            case unclosedBrace
        }

        public let reason: Reason
        public let description: String
    }

    /// The tokens, as the help and the errors list them.
    public static let tokens = "%Y %y %m %d %H %M %S {name} {number} {camera} {job} {seq} {seq:N}"

    public init(_ text: String) throws(Problem) {
        self.text = text
        var parts: [Part] = [], literal = ""
        var index = text.startIndex
        func flush() { if !literal.isEmpty { parts.append(.literal(literal)); literal = "" } }
        while index < text.endIndex {
            let character = text[index]
            if character == "%" {
                let next = text.index(after: index)
                guard next < text.endIndex else { throw Problem(reason: .lonePercent, description: "“\(text)” ends with a lone %; the tokens are \(Self.tokens)") }
                let part: Part?
                switch text[next] {
                case "Y": part = .year
                case "y": part = .shortYear
                case "m": part = .month
                case "d": part = .day
                case "H": part = .hour
                case "M": part = .minute
                case "S": part = .second
                case "%": part = nil; literal.append("%")
                default: throw Problem(reason: .unknownToken("%\(text[next])"), description: "“\(text)” has %\(text[next]), which Flick does not know; the tokens are \(Self.tokens)")
                }
                if let part { flush(); parts.append(part) }
                index = text.index(after: next)
            } else if character == "{" {
                guard let close = text[index...].firstIndex(of: "}") else {
                    throw Problem(reason: .unclosedBrace, description: "“\(text)” has a { without its }; the tokens are \(Self.tokens)")
                }
                let token = text[text.index(after: index)..<close]
                let part: Part
                switch token {
                case "name": part = .name
                case "number": part = .number
                case "camera": part = .camera
                case "job": part = .job
                case "seq": part = .sequence(width: 1)
                default:
                    guard token.hasPrefix("seq:"), let width = Int(token.dropFirst(4)), (1...9).contains(width) else {
                        throw Problem(reason: .unknownToken("{\(token)}"), description: "“\(text)” has {\(token)}, which Flick does not know; the tokens are \(Self.tokens)")
                    }
                    part = .sequence(width: width)
                }
                flush()
                parts.append(part)
                index = text.index(after: close)
            } else {
                literal.append(character)
                index = text.index(after: index)
            }
        }
        flush()
        self.parts = parts
    }

    /// Whether any part depends on the photo (a template of only words names one folder).
    public var hasTokens: Bool { parts.contains { if case .literal = $0 { false } else { true } } }

    /// The template filled in for one photo, as is (not yet made a safe name).
    public func filled(with facts: NameFacts) -> String {
        parts.map { part in
            switch part {
            case let .literal(text): text
            case .year: String(format: "%04d", facts.taken.year)
            case .shortYear: String(format: "%02d", facts.taken.year % 100)
            case .month: String(format: "%02d", facts.taken.month)
            case .day: String(format: "%02d", facts.taken.day)
            case .hour: String(format: "%02d", facts.taken.hour)
            case .minute: String(format: "%02d", facts.taken.minute)
            case .second: String(format: "%02d", facts.taken.second)
            case .name: Self.inert(facts.originalStem)
            case .number: String(facts.originalStem.reversed().prefix { $0.isASCII && $0.isNumber }.reversed())
            case .camera: Self.inert(facts.camera ?? "camera")
            case .job: Self.inert(facts.job)
            case let .sequence(width): String(format: "%0\(width)d", facts.sequence)
            }
        }.joined()
    }

    /// A value from a file (a camera's name in its EXIF) never makes or climbs folders, nor
    /// brings a character a backup drive refuses; the template's own words are the user's.
    private static func inert(_ value: String) -> String {
        let flat = String(value.unicodeScalars.map { SafeName.isRefused($0) ? "-" : Character($0) })
        return flat == "." || flat == ".." ? "_" : flat
    }

    /// The folder a photo goes to: the template filled in, each folder's name made safe;
    /// a leading `~` is the home folder.
    public func folder(for facts: NameFacts, home: String = NSHomeDirectory()) -> FilePath {
        var text = filled(with: facts)
        if text == "~" || text.hasPrefix("~/") { text = home + text.dropFirst() }
        var path = FilePath(text.hasPrefix("/") ? "/" : FileManager.default.currentDirectoryPath)
        for piece in text.split(separator: "/") where piece != "." {
            if piece == ".." { path.removeLastComponent(); continue }
            path.append(FilePath.Component(SafeName.cut(String(piece), room: SafeName.limit)) ?? "_")
        }
        return path
    }

    /// The folder above every folder this template makes: its part before the first token
    /// (all of it where it has none). Where an import looks for what it already copied.
    public func base(home: String = NSHomeDirectory()) -> FilePath {
        let facts = NameFacts(taken: TakenTime(year: 2000, month: 1, day: 1), camera: nil, originalStem: "", sequence: 1, job: "")
        var fixed: [Part] = []
        for part in parts {
            guard case let .literal(text) = part else { break }
            fixed.append(.literal(text))
        }
        let complete = fixed.count == parts.count
        var folder = NameTemplate(parts: fixed).folder(for: facts, home: home)
        // "…/2026-" ends inside a folder's name: that folder is not the base.
        if !complete, case let .literal(text)? = fixed.last, !text.hasSuffix("/") { folder.removeLastComponent() }
        return folder
    }

    private init(parts: [Part]) {
        self.parts = parts
        text = ""
    }
}

/// Names as every destination takes them: no `/`, none of the characters FAT and exFAT
/// refuse (a backup drive's), no leading dot (a hidden file), no control characters, and at
/// most 255 bytes.
public enum SafeName {
    /// A file name's most bytes on Linux's file systems.
    public static let limit = 255

    /// `text` made a safe name of at most `room` bytes (cut at a character's edge); "_"
    /// where nothing is left.
    public static func of(_ text: String, room: Int) -> String {
        var safe = String(text.unicodeScalars.map { isRefused($0) ? "-" : Character($0) })
        while safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return cut(safe.trimmingCharacters(in: .whitespaces), room: room)
    }

    /// `text` cut to at most `room` bytes at a character's edge; "_" where nothing is left.
    public static func cut(_ text: String, room: Int) -> String {
        var cut = ""
        for character in text {
            guard cut.utf8.count + String(character).utf8.count <= max(1, room) else { break }
            cut.append(character)
        }
        return cut.isEmpty ? "_" : cut
    }

    /// A slash, a control character, or one FAT and exFAT refuse.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || "/\\:*?\"<>|".unicodeScalars.contains(scalar)
    }
}
