// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// When a photo was taken, as its file's name says, for photos whose EXIF says nothing: a
/// family's folders are full of them (WhatsApp strips EXIF; a screenshot never had any),
/// and their files' times are when they were copied. The names phones and apps give:
/// - `IMG-20190512-WA0003.jpg` (WhatsApp: the day only);
/// - `IMG_20190512_143005.jpg`, `VID_…`, `20190512_143005.jpg` (Android cameras, Samsung);
/// - `PXL_20230105_101530123.jpg` (Pixel: milliseconds after the seconds);
/// - `Screenshot_20190512-143005.png`, `Screenshot_2019-05-12-14-30-05-123_app.png` (Android);
/// - `signal-2023-01-05-101530.jpg`, `signal-2023-01-05-10-15-30-123.jpg` (Signal);
/// - `Screenshot from 2023-01-05 10-15-30.png` (GNOME), `Screenshot 2023-01-05 at 10.15.30.png`
///   (macOS).
/// A date is eight digits (YYYYMMDD) or three numbers of four, two and two digits joined by
/// one separator (`-`, `_` or `.`), standing alone (no digit touches it); a time may follow
/// after `-`, `_`, a space, `T` or " at ": six digits (and up to three of milliseconds), or
/// three numbers of two digits joined by one separator. Years 1990–2099 only, months, days,
/// hours, minutes and seconds in range, so that a camera's counter (DSC01234) is no date.
public enum NameDate {
    /// The date and time in `name` as EXIF writes a date taken ("YYYY-MM-DD hh:mm:ss"; the
    /// day's start where the name gives no time), or nil.
    public static func taken(fromFileName name: String) -> String? {
        let characters = Array(name)
        var runs: [(start: Int, end: Int)] = []
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber else { index += 1; continue }
            let start = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            runs.append((start, index))
        }
        func digits(_ run: (start: Int, end: Int)) -> String { String(characters[run.start..<run.end]) }
        func separator(between left: (start: Int, end: Int), and right: (start: Int, end: Int)) -> String {
            String(characters[left.end..<right.start])
        }
        for (number, run) in runs.enumerated() {
            var date: (year: Int, month: Int, day: Int)?
            var next = number + 1
            let text = digits(run)
            if text.count == 8 {
                date = valid(year: Int(text.prefix(4))!, month: Int(text.dropFirst(4).prefix(2))!, day: Int(text.suffix(2))!)
            } else if text.count == 4, number + 2 < runs.count, digits(runs[number + 1]).count == 2, digits(runs[number + 2]).count == 2 {
                let first = separator(between: run, and: runs[number + 1]), second = separator(between: runs[number + 1], and: runs[number + 2])
                if first == second, ["-", "_", "."].contains(first) {
                    date = valid(year: Int(text)!, month: Int(digits(runs[number + 1]))!, day: Int(digits(runs[number + 2]))!)
                    next = number + 3
                }
            }
            guard let date else { continue }
            let day = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
            let last = next > number + 1 ? runs[next - 1] : run
            return day + " " + (time(after: last, runs: runs, from: next, digits: digits, separator: separator) ?? "00:00:00")
        }
        return nil
    }

    private static func valid(year: Int, month: Int, day: Int) -> (year: Int, month: Int, day: Int)? {
        (1990...2099).contains(year) && (1...12).contains(month) && (1...31).contains(day) ? (year, month, day) : nil
    }

    /// The time right after the date (which ends with `dateRun`), from run `next` on.
    private static func time(after dateRun: (start: Int, end: Int), runs: [(start: Int, end: Int)], from next: Int,
                             digits: ((start: Int, end: Int)) -> String,
                             separator: ((start: Int, end: Int), (start: Int, end: Int)) -> String) -> String? {
        guard next < runs.count, ["-", "_", " ", "T", " at "].contains(separator(dateRun, runs[next])) else { return nil }
        let first = digits(runs[next])
        var parts: [Int]?
        if first.count == 6 || first.count == 9 {
            parts = [Int(first.prefix(2))!, Int(first.dropFirst(2).prefix(2))!, Int(first.dropFirst(4).prefix(2))!]
        } else if first.count == 2, next + 2 < runs.count, digits(runs[next + 1]).count == 2, digits(runs[next + 2]).count == 2 {
            let one = separator(runs[next], runs[next + 1]), two = separator(runs[next + 1], runs[next + 2])
            if one == two, ["-", "_", ".", ":"].contains(one) {
                parts = [Int(first)!, Int(digits(runs[next + 1]))!, Int(digits(runs[next + 2]))!]
            }
        }
        guard let parts, parts[0] < 24, parts[1] < 60, parts[2] < 60 else { return nil }
        return String(format: "%02d:%02d:%02d", parts[0], parts[1], parts[2])
    }
}
