// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Numbers, sizes and dates written the user's way (LC_NUMERIC, LC_TIME): "1.234" and
/// "3,2 MB" in German, "2025年6月15日" in Chinese. Without a locale (C, POSIX, or before
/// `Language.start`) the neutral forms: "1234", "3.2 MB", "2025-06-15 15:06".
extension Language {
    public static func number(_ value: Int) -> String {
        guard let locale = formats.withLock({ $0.numbers }) else { return String(value) }
        return value.formatted(.number.locale(locale))
    }

    /// A number with at most `fractionDigits` digits after the decimal sign: "4.2", "4,2".
    public static func decimal(_ value: Double, fractionDigits: Int = 1) -> String {
        let locale = formats.withLock { $0.numbers } ?? Locale(identifier: "en_US_POSIX")
        return value.formatted(.number.precision(.fractionLength(0...fractionDigits)).rounded(rule: .toNearestOrAwayFromZero).grouping(.never).locale(locale))
    }

    /// A file's size as a file manager says it: "812 bytes", "48 kB", "3,2 MB".
    public static func fileSize(_ bytes: Int) -> String {
        let locale = formats.withLock { $0.numbers } ?? Locale(identifier: "en_US_POSIX")
        return Int64(bytes).formatted(.byteCount(style: .file).locale(locale))
    }

    /// A day and a time of day, as the user writes them: "15 Jun 2025 at 15:06",
    /// "15. Juni 2025, 15:06". `date` is read in `timeZone` (a camera's clock has none:
    /// its wall-clock time is given as UTC and shown as UTC).
    /// A video's length as a player shows it: "0:07", "4:32", "1:02:05" (rounded down to the
    /// second, as the seconds tick by while it plays).
    public static func playingTime(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? max(0, Int(seconds)) : 0
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    public static func dateAndTime(_ date: Date, timeZone: TimeZone = .current) -> String {
        guard let locale = formats.withLock({ $0.time }) else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: date)
        }
        return date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, timeZone: timeZone))
    }
}

extension Language {
    /// A day with its weekday, as the user writes it: "Saturday 12 July 2025", "Samstag,
    /// 12. Juli 2025", "2025年7月12日星期六" (the neutral form is English).
    public static func longDay(year: Int, month: Int, day: Int) -> String {
        written(year, month, day, neutral: "EEEE d MMMM yyyy") { locale, calendar in
            Date.FormatStyle(date: .complete, time: .omitted, locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        }
    }

    /// A day shortened, for where the long form has no room: "Sat 12 Jul 2025", "Sa., 12. Juli
    /// 2025" (the neutral form is English).
    public static func shortDay(year: Int, month: Int, day: Int) -> String {
        written(year, month, day, neutral: "EEE d MMM yyyy") { locale, calendar in
            Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone).weekday(.abbreviated).day().month(.abbreviated).year()
        }
    }

    /// A calendar day (its noon, in UTC: a day, not a moment) in the user's `style`, or in
    /// the English `neutral` pattern without a locale.
    private static func written(_ year: Int, _ month: Int, _ day: Int, neutral: String,
                                style: (Locale, Calendar) -> Date.FormatStyle) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else {
            return "\(year)-\(month)-\(day)"
        }
        guard let locale = formats.withLock({ $0.time }) else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = calendar.timeZone
            formatter.dateFormat = neutral
            return formatter.string(from: date)
        }
        return date.formatted(style(locale, calendar))
    }
}

extension Language {
    /// A month, as the user writes it: "July 2025", "Juli 2025", "2025年7月".
    /// Each month's names as a person may type them, January first: the user's
    /// language's full and short names, and English's, in lower case.
    public static func monthNames() -> [[String]] {
        var names = Array(repeating: [String](), count: 12)
        let locales = [formats.withLock { $0.time }, Locale(identifier: "en_US_POSIX")].compactMap { $0 }
        for locale in locales {
            let formatter = DateFormatter()
            formatter.locale = locale
            for symbols in [formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols] {
                for (month, name) in (symbols ?? []).prefix(12).enumerated() {
                    let cleaned = name.lowercased().trimmingCharacters(in: .punctuationCharacters)
                    if !cleaned.isEmpty && !names[month].contains(cleaned) { names[month].append(cleaned) }
                }
            }
        }
        return names
    }

    public static func monthAndYear(year: Int, month: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: 15, hour: 12)) else { return "\(year)-\(month)" }
        let locale = formats.withLock { $0.time } ?? Locale(identifier: "en_US_POSIX")
        return date.formatted(Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone).month(.wide).year())
    }
}
