// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization

/// A moment as a camera's clock wrote it ("2024-06-14 10:03:22.35": no time zone; the day
/// is the one the clock said), so that a date fix moves it the way the clock was wrong.
public struct TakenMoment: Hashable, Comparable, Sendable {
    /// Whole seconds from 1970-01-01 00:00:00 on the camera's clock (counted as if it were
    /// UTC, so no daylight-saving hour is lost or doubled).
    public let seconds: Int
    /// The fraction of a second as written ("35" of ".35"), kept through a fix: it tells a
    /// burst's frames apart.
    public let fraction: String

    public init(seconds: Int, fraction: String = "") {
        self.seconds = seconds
        self.fraction = fraction
    }

    /// "2024-06-14 10:03:22", "2024:06:14 10:03:22.35" or "2024-06-14T10:03"; nil where it is
    /// not a real date and time.
    public init?(exif given: some StringProtocol) {
        let text = String(given)
        let fields = text.split(whereSeparator: { ":- T".contains($0) })
        guard fields.count >= 5, fields.count <= 6 else { return nil }
        var fraction = ""
        var numbers: [Int] = []
        for (position, field) in fields.enumerated() {
            var digits = Substring(field)
            if position == fields.count - 1, let dot = field.firstIndex(of: ".") {
                fraction = String(field[field.index(after: dot)...])
                digits = field[..<dot]
                guard !fraction.isEmpty, fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber) else { return nil }
            }
            guard !digits.isEmpty, digits.count <= 4, let number = Int(digits) else { return nil }
            numbers.append(number)
        }
        if numbers.count == 5 { numbers.append(0) }
        guard let seconds = Self.seconds(year: numbers[0], month: numbers[1], day: numbers[2],
                                         hour: numbers[3], minute: numbers[4], second: numbers[5]) else { return nil }
        self.init(seconds: seconds, fraction: fraction)
    }

    /// As Flick writes a date taken: "2024-06-14 10:03:22", with its fraction.
    public var exifText: String {
        let parts = Self.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let text = String(format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                          parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        return fraction.isEmpty ? text : text + "." + fraction
    }

    /// As the user reads a date and a time ("14 Jun 2024, 10:03"), the clock's own.
    public var readable: String { Language.dateAndTime(date, timeZone: TimeZone(identifier: "UTC")!) }

    public var day: CalendarDay {
        let parts = Self.calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
    }

    /// This moment moved by `shift` (its years on the calendar: 29 February a year on is
    /// 28 February); nil past year 9999 or before year 1.
    public func shifted(by shift: DateShift) -> TakenMoment? {
        guard let moved = Self.calendar.date(byAdding: .year, value: shift.years, to: date) else { return nil }
        let seconds = Int(moved.timeIntervalSince1970) + shift.seconds
        guard seconds >= Self.firstSecond, seconds <= Self.lastSecond else { return nil }
        return TakenMoment(seconds: seconds, fraction: fraction)
    }

    public static func < (a: TakenMoment, b: TakenMoment) -> Bool {
        (a.seconds, a.fraction.count, a.fraction) < (b.seconds, b.fraction.count, b.fraction)
    }

    private var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static let firstSecond = seconds(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0)!
    private static let lastSecond = seconds(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)!

    private static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int? {
        guard year >= 1, year <= 9999, (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
              (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        // 31 February is not a date: the calendar would roll it into March.
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return Int(date.timeIntervalSince1970)
    }
}

/// How far a date moves: years on the calendar, then seconds.
public struct DateShift: Hashable, Sendable {
    public var years: Int
    public var seconds: Int

    public init(years: Int = 0, seconds: Int = 0) {
        self.years = years
        self.seconds = seconds
    }

    public var isZero: Bool { years == 0 && seconds == 0 }
}

/// What the user asks of photos' dates taken: moved by an offset (a camera's clock an hour
/// or a year off), or set. Setting several moves the earliest to the moment given and the
/// others with it, so a holiday keeps its hours apart; a date without a time keeps each
/// photo's time of day.
public enum DateFix: Hashable, Sendable {
    case shift(DateShift)
    case set(TakenMoment)
    /// A day: the photos move by whole days so that the earliest falls on it.
    case setDay(CalendarDay)

    /// What the user typed: "+1h", "-2d 3h", "+1y", "-0:30", "+1d2h30m"; or a date and time
    /// ("2024-06-14 10:03", "2024:06:14 10:03:22") or a day ("2024-06-14"). Nil for anything
    /// else, and for a shift of nothing.
    public init?(typed text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let sign = trimmed.first else { return nil }
        if sign == "+" || sign == "-" || sign == "−" {
            guard let shift = Self.shift(trimmed.dropFirst(), negative: sign != "+"), !shift.isZero else { return nil }
            self = .shift(shift)
        } else if let moment = TakenMoment(exif: trimmed) {
            self = .set(moment)
        } else if let day = CalendarDay(exif: trimmed), trimmed.count == 10, TakenMoment(exif: trimmed + " 00:00") != nil {
            self = .setDay(day)
        } else {
            return nil
        }
    }

    /// The shift that moves every photo when the earliest of them is `earliest`.
    public func shift(from earliest: TakenMoment) -> DateShift {
        switch self {
        case let .shift(shift): return shift
        case let .set(moment): return DateShift(seconds: moment.seconds - earliest.seconds)
        case let .setDay(day):
            guard let midnight = TakenMoment(exif: "\(day) 00:00") else { return DateShift() }
            let days = Int((Double(midnight.seconds - earliest.seconds) / 86_400).rounded(.up))
            return DateShift(seconds: days * 86_400)
        }
    }

    /// "1y", "2d", "3h", "30m", "15s", "1w", together in any order and spacing; or "1:30"
    /// (hours and minutes).
    private static func shift(_ text: Substring, negative: Bool) -> DateShift? {
        // "+1 h" as "+1h": a unit may stand apart from its number.
        let text = text.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: #"([0-9])\s+([a-z])"#, with: "$1$2", options: .regularExpression)
        var years = 0, seconds = 0
        let clock = text.split(separator: ":", omittingEmptySubsequences: false)
        if clock.count == 2 {
            guard let hours = Int(clock[0]), let minutes = Int(clock[1]), clock[1].count == 2, hours >= 0, hours < 1_000_000, minutes < 60 else { return nil }
            seconds = hours * 3_600 + minutes * 60
        } else {
            var number: Int?
            for character in text {
                if character.isASCII, let digit = character.wholeNumberValue {
                    guard (number ?? 0) < 1_000_000 else { return nil }
                    number = (number ?? 0) * 10 + digit
                    continue
                }
                if character == " " {
                    guard number == nil else { return nil }
                    continue
                }
                guard let count = number else { return nil }
                number = nil
                switch character {
                case "y": years += count
                case "w": seconds += count * 7 * 86_400
                case "d": seconds += count * 86_400
                case "h": seconds += count * 3_600
                case "m": seconds += count * 60
                case "s": seconds += count
                default: return nil
                }
            }
            // A number without its unit: an hour's worth or a day's cannot be guessed.
            guard number == nil else { return nil }
        }
        guard years <= 200, seconds <= 200 * 366 * 86_400 else { return nil }
        return negative ? DateShift(years: -years, seconds: -seconds) : DateShift(years: years, seconds: seconds)
    }
}
