// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CExempi
import Marks

/// A date taken as a sidecar records it: `exif:DateTimeOriginal` in XMP, which darktable,
/// digiKam and exiftool read (and write when a date is fixed). Flick writes one where the
/// user fixes a photo's date, never into the photo; read with the marks, in the helpers.
public enum XMPDate {
    static let exifNamespace = "http://ns.adobe.com/exif/1.0/"

    /// The packet's date taken as EXIF writes a date ("2024-06-14 10:03:22", subseconds
    /// kept, a time zone dropped: EXIF's are the clock's), nil where it records none or
    /// one that is not a date.
    static func dateTaken(in xmp: XmpPtr) -> String? {
        XMPMarks.property(xmp, exifNamespace, "DateTimeOriginal").flatMap(exifStyle(fromXMP:))
    }

    /// `existing` (a sidecar's bytes; nil for a new one) with its date taken set to `date`
    /// (EXIF's style), or taken out (nil), and everything else kept. Nil where `existing`
    /// is not XMP or `date` not a date.
    public static func updating(_ existing: [UInt8]?, dateTaken date: String?) -> [UInt8]? {
        XMPMarks.withToolkit { () -> [UInt8]? in
            guard (existing?.count ?? 0) <= XMPMarks.maximumPacketBytes else { return nil }
            guard let xmp = existing.map(XMPMarks.parse) ?? xmp_new_empty() else { return nil }
            defer { xmp_free(xmp) }
            if let date {
                guard let text = xmpStyle(fromExif: date), xmp_set_property(xmp, exifNamespace, "DateTimeOriginal", text, 0) else { return nil }
            } else {
                xmp_delete_property(xmp, exifNamespace, "DateTimeOriginal")
            }
            return XMPMarks.serialized(xmp)
        }
    }

    /// "2024-06-14T10:03:22.35+02:00" (XMP's) or "2024:06:14 10:03:22" (as darktable
    /// writes it) → "2024-06-14 10:03:22.35"; a date alone is at midnight.
    static func exifStyle(fromXMP given: String) -> String? {
        var text = Substring(given.trimmingCharacters(in: .whitespaces))
        // The time zone goes: a camera's clock has none, and Flick's dates are the clock's.
        if text.count > 10, let zone = text.dropFirst(10).firstIndex(where: { $0 == "+" || $0 == "-" || $0 == "Z" }) {
            text = text[..<zone]
        }
        if text.count == 10 { text += " 00:00" }
        return TakenMoment(exif: text)?.exifText
    }

    /// "2024-06-14 10:03:22.35" → "2024-06-14T10:03:22.35".
    static func xmpStyle(fromExif date: String) -> String? {
        guard let moment = TakenMoment(exif: date) else { return nil }
        return moment.exifText.replacingOccurrences(of: " ", with: "T")
    }
}
