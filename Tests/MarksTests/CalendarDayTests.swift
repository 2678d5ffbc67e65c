// SPDX-License-Identifier: GPL-3.0-or-later
import Marks
import Testing

@Suite struct CalendarDayTests {
    @Test func theDayIsReadFromAnExifDateWithColonsOrDashes() {
        #expect(CalendarDay(exif: "2025:07:12 18:30:00") == CalendarDay(year: 2025, month: 7, day: 12))
        #expect(CalendarDay(exif: "2019-06-01 00:00:00") == CalendarDay(year: 2019, month: 6, day: 1))
        #expect(CalendarDay(exif: "2019-06-01") == CalendarDay(year: 2019, month: 6, day: 1))
        #expect(CalendarDay(exif: "2019:6:1 09:00:00") == CalendarDay(year: 2019, month: 6, day: 1))
        // A date of a text field (a substring) reads the same.
        let line = "taken 2024:02:29 12:00:00"
        #expect(CalendarDay(exif: line.dropFirst(6)) == CalendarDay(year: 2024, month: 2, day: 29))
    }

    @Test func whatIsNoRealDateHasNoDay() {
        for text in ["0000:00:00 00:00:00", "2019:13:01 00:00:00", "2019:00:10", "2019:06:32", "    :  :     ", "", "2019:06", "yesterday",
                     "2019:ab:01 00:00:00", "99999999999:01:01"] {
            #expect(CalendarDay(exif: text) == nil, "\(text)")
        }
    }
}
