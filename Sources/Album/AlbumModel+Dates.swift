// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary

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
    static func exifStyle(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
