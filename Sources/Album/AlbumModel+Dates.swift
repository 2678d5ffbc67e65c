// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
import PhotoLibrary
import SystemPackage

/// How the album compares photos' times: dates taken as numbers, files' times as EXIF
/// writes a date, sorts that keep ties in the listing's order.
extension AlbumModel {
    static func stableSort(_ photos: inout [Photo], by precedes: (Photo, Photo) -> Bool) {
        photos = photos.enumerated().sorted { a, b in
            precedes(a.element, b.element) || (!precedes(b.element, a.element) && a.offset < b.offset)
        }.map(\.element)
    }

    /// "2024-05-01 14:03:22.35" as 20240501140322350: its digits, to the millisecond, so
    /// dates compare as numbers do.
    static func sortKey(_ date: String) -> UInt64 {
        var key: UInt64 = 0, digits = 0
        for byte in date.utf8 where byte >= 48 && byte <= 57 && digits < 17 {
            key = key * 10 + UInt64(byte - 48)
            digits += 1
        }
        while digits < 17 {
            key *= 10
            digits += 1
        }
        return key
    }

    /// A file's time as EXIF writes a date taken (local time), so the two sort together.
    /// Written digit by digit: it stands in for every date not read yet, 100,000 of them at
    /// each change while a tree's dates are read (`String(format:)` took most of that).
    static func exifStyle(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else {
            return String(format: "%04d-%02d-%02d %02d:%02d:%02d", year, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
        }
        var text: [UInt8] = []
        text.reserveCapacity(19)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4)
        for (separator, value) in [(UInt8(ascii: "-"), parts.tm_mon + 1), (UInt8(ascii: "-"), parts.tm_mday), (UInt8(ascii: " "), parts.tm_hour),
                                   (UInt8(ascii: ":"), parts.tm_min), (UInt8(ascii: ":"), parts.tm_sec)] {
            text.append(separator)
            digits(Int(value), 2)
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Fixing dates taken (a camera's clock an hour or a year off): written into the photos'
/// sidecars as `exif:DateTimeOriginal`, never into the photos, read back before their EXIF.
extension AlbumModel {
    /// What a date fix did: how many photos it moved, and those it could not (a date
    /// before year 1 or after 9999).
    public struct Redating: Sendable, Equatable {
        public var moved: [Photo]
        public var refused: [Photo]
    }

    /// Moves the dates taken of `photos` (and their pairs') as `fix` asks, as one step
    /// Ctrl+Z takes back. Nil where there is nowhere to keep marks (no sidecars at all).
    public func redate(_ photos: [Photo], _ fix: DateFix) -> Redating? {
        guard let markBook, !photos.isEmpty else { return nil }
        let moments = photos.map { TakenMoment(exif: dateTaken(of: $0)) }
        guard let earliest = moments.compactMap({ $0 }).min() else { return Redating(moved: [], refused: photos) }
        let shift = fix.shift(from: earliest)
        var before: [FilePath: String?] = [:]
        var outcome = Redating(moved: [], refused: [])
        for (photo, moment) in zip(photos, moments) {
            guard let moved = moment?.shifted(by: shift) else {
                outcome.refused.append(photo)
                continue
            }
            for path in photo.allPaths where before[path] == nil {
                before[path] = .some(markBook.dateTaken(of: path))
                markBook.setDateTaken(moved.exifText, for: path)
            }
            outcome.moved.append(photo)
        }
        guard !before.isEmpty else { return outcome }
        remember(.redated(before))
        datesChanged()
        return outcome
    }

    /// The date taken `photo`'s sidecar records (of a pair, the first file's that has one).
    func fixedDate(of photo: Photo) -> String? {
        guard let markBook, markBook.holdsDates else { return nil }
        return photo.allPaths.lazy.compactMap(markBook.dateTaken(of:)).first
    }

    /// The date taken `photo`'s sidecar records (fixed by the user), if any.
    public func fixedDateText(of photo: Photo) -> String? { fixedDate(of: photo) }

    /// When `photo` counts as taken, as EXIF writes a date (for a date fix's preview).
    public func dateTakenText(of photo: Photo) -> String { dateTaken(of: photo) }

    /// Whether `photo`'s own date taken was read (or found missing), so a fix moves it from
    /// the date it has.
    public func isDateTakenRead(_ photo: Photo) -> Bool { hasReadDate(of: photo.path) }

    /// Sidecars' dates changed (fixed, undone, read): days, bursts and the order follow.
    func datesChanged() {
        daySectionsCache = nil
        // What a search reads of a photo holds its day.
        searchRecords = nil
        if !likenesses.isEmpty { regroupBursts() }
        if order.key == .dateTaken || groupsBursts { commit(listing) }
    }
}
