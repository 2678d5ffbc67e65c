// SPDX-License-Identifier: GPL-3.0-or-later
import Localization
import Marks

/// The photos taken on today's date in earlier years, a year at a time ("3 years ago ·
/// 14 photos"), the most recent year first: what the timeline offers at its top.
public struct Memory: Equatable, Sendable {
    public let year: Int
    public let yearsAgo: Int
    /// The photos' indices in the album as shown, in its order.
    public let photos: [Int]

    /// "3 years ago · 14 photos", in the user's language.
    public var title: String {
        localized("{when} · {photos}", [
            "when": localizedPlural("{count} year ago", "{count} years ago", count: yearsAgo),
            "photos": localizedPlural("{count} photo", "{count} photos", count: photos.count),
        ])
    }
}

public enum OnThisDay {
    /// The memories among the album's days (its timeline's sections, day by day) on
    /// `today`: the same month and day in an earlier year. On the 28th of February of a
    /// year without a 29th, the 29th's photos count too, so they come back every year.
    public static func memories(in sections: [DaySection], today: CalendarDay) -> [Memory] {
        let isLeap = today.year % 4 == 0 && (today.year % 100 != 0 || today.year % 400 == 0)
        func matches(_ day: CalendarDay) -> Bool {
            guard day.year < today.year else { return false }
            if day.month == today.month && day.day == today.day { return true }
            return !isLeap && today.month == 2 && today.day == 28 && day.month == 2 && day.day == 29
        }
        var byYear: [Int: [Int]] = [:]
        for section in sections where matches(section.day) {
            byYear[section.day.year, default: []] += Array(section.start..<(section.start + section.count))
        }
        return byYear.keys.sorted(by: >).map { year in
            Memory(year: year, yearsAgo: today.year - year, photos: byYear[year]!.sorted())
        }
    }
}
