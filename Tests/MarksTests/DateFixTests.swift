// SPDX-License-Identifier: GPL-3.0-or-later
import Marks
import Testing

@Suite struct DateFixTests {
    @Test func shiftsAreTypedWithUnitsOrAsHoursAndMinutes() {
        #expect(DateFix(typed: "+1h") == .shift(DateShift(seconds: 3_600)))
        #expect(DateFix(typed: " -2d 3h ") == .shift(DateShift(seconds: -(2 * 86_400 + 3 * 3_600))))
        #expect(DateFix(typed: "+1d2h30m") == .shift(DateShift(seconds: 86_400 + 2 * 3_600 + 30 * 60)))
        #expect(DateFix(typed: "+1y") == .shift(DateShift(years: 1)))
        #expect(DateFix(typed: "-1y 2w") == .shift(DateShift(years: -1, seconds: -14 * 86_400)))
        #expect(DateFix(typed: "-0:30") == .shift(DateShift(seconds: -1_800)))
        #expect(DateFix(typed: "+12s") == .shift(DateShift(seconds: 12)))
        #expect(DateFix(typed: "+1 h") == .shift(DateShift(seconds: 3_600)))
    }

    @Test func whatIsNotAFixYetIsNone() {
        for typed in ["", "+", "+1", "1h", "+0h", "+1 2h", "+1x", "+1:5", "+1:75", "abc", "2024-02-30 10:00", "2024-13-01", "+999999999h"] {
            #expect(DateFix(typed: typed) == nil, "\(typed)")
        }
    }

    @Test func datesAreTypedAsADayOrADayAndATime() throws {
        #expect(DateFix(typed: "2024-06-14 10:03") == .set(try #require(TakenMoment(exif: "2024-06-14 10:03:00"))))
        #expect(DateFix(typed: "2024:06:14 10:03:22") == .set(try #require(TakenMoment(exif: "2024-06-14 10:03:22"))))
        #expect(DateFix(typed: "2024-06-14") == .setDay(CalendarDay(year: 2024, month: 6, day: 14)))
    }

    /// Setting several photos' date moves the earliest there and the rest with it; a day
    /// alone keeps each photo's time of day.
    @Test func settingMovesTheEarliestAndKeepsTheSpacing() throws {
        let first = try #require(TakenMoment(exif: "2015-01-01 09:00:00"))
        let later = try #require(TakenMoment(exif: "2015-01-01 11:30:00"))
        let fix = try #require(DateFix(typed: "2024-06-14 10:00"))
        let shift = fix.shift(from: first)
        #expect(first.shifted(by: shift)?.exifText == "2024-06-14 10:00:00")
        #expect(later.shifted(by: shift)?.exifText == "2024-06-14 12:30:00")
        let day = try #require(DateFix(typed: "2024-06-14"))
        #expect(first.shifted(by: day.shift(from: first))?.exifText == "2024-06-14 09:00:00")
        #expect(later.shifted(by: day.shift(from: first))?.exifText == "2024-06-14 11:30:00")
    }

    @Test func momentsKeepTheirFractionAndMoveOnTheCalendar() throws {
        let burst = try #require(TakenMoment(exif: "2024-05-01 14:03:22.35"))
        #expect(burst.exifText == "2024-05-01 14:03:22.35")
        #expect(burst.shifted(by: DateShift(seconds: 3_600))?.exifText == "2024-05-01 15:03:22.35")
        #expect(burst < TakenMoment(exif: "2024-05-01 14:03:22.40")!)
        let leap = try #require(TakenMoment(exif: "2024-02-29 12:00:00"))
        #expect(leap.shifted(by: DateShift(years: 1))?.exifText == "2025-02-28 12:00:00", "a year on from 29 February")
        // The clock has no time zone: the last Sunday of March is 24 hours like any day.
        let spring = try #require(TakenMoment(exif: "2024-03-31 01:30:00"))
        #expect(spring.shifted(by: DateShift(seconds: 3_600))?.exifText == "2024-03-31 02:30:00")
        #expect(try #require(TakenMoment(exif: "9999-12-31 23:00:00")).shifted(by: DateShift(seconds: 7_200)) == nil)
        #expect(TakenMoment(exif: "0000-00-00 00:00:00") == nil)
    }
}
