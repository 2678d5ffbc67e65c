// SPDX-License-Identifier: GPL-3.0-or-later

/// A day on the calendar, as a photo's date reads where it was taken (a camera's clock has
/// no time zone: its day is the one it says).
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day a date and time written as EXIF writes them says ("2025:07:12 18:30:00",
    /// or with dashes); nil for one that is not a real date (a camera's zeros).
    /// Read byte by byte: a timeline or a search of 100,000 photos asks each one's day.
    public init?(exif text: some StringProtocol) {
        // The date before the time (at most ten characters), in fields between colons and
        // dashes; fields that are not numbers left out; three must remain.
        var parts = (0, 0, 0), found = 0
        var value = 0, digits = 0, isNumber = true, seen = 0
        func endField() {
            if digits > 0, isNumber, digits <= 9 {
                switch found {
                case 0: parts.0 = value
                case 1: parts.1 = value
                case 2: parts.2 = value
                default: break
                }
                found += 1
            }
            (value, digits, isNumber) = (0, 0, true)
        }
        scan: for scalar in text.unicodeScalars {
            guard seen < 10 else { break }
            seen += 1
            switch scalar {
            case " ", "T": break scan
            case ":", "-": endField()
            case "0"..."9":
                value = value * 10 + Int(scalar.value - 48)
                digits += 1
            default: isNumber = false; digits += 1
            }
        }
        endField()
        guard found == 3, parts.0 > 0, (1...12).contains(parts.1), (1...31).contains(parts.2) else { return nil }
        self.init(year: parts.0, month: parts.1, day: parts.2)
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public var description: String {
        "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }
}

/// A run of photos shown one after another that were taken (or changed) on one day: the
/// album as a timeline, when it is sorted by a date.
public struct DaySection: Hashable, Sendable {
    /// The first photo's index and how many follow it.
    public let start: Int
    public let count: Int
    public let day: CalendarDay

    public init(start: Int, count: Int, day: CalendarDay) {
        self.start = start
        self.count = count
        self.day = day
    }

    /// Runs of days merged into runs of months, each named by its month's first day.
    public static func months(of days: [DaySection]) -> [DaySection] {
        var months: [DaySection] = []
        for section in days {
            let month = CalendarDay(year: section.day.year, month: section.day.month, day: 1)
            if let last = months.last, last.day == month {
                months[months.count - 1] = DaySection(start: last.start, count: last.count + section.count, day: month)
            } else {
                months.append(DaySection(start: section.start, count: section.count, day: month))
            }
        }
        return months
    }

    /// Cuts photos whose days are `days` (in the order shown) into runs of one day.
    public static func runs(of days: [CalendarDay]) -> [DaySection] {
        var sections: [DaySection] = []
        var start = 0
        for index in days.indices where index + 1 == days.count || days[index + 1] != days[index] {
            sections.append(DaySection(start: start, count: index + 1 - start, day: days[start]))
            start = index + 1
        }
        return sections
    }
}
