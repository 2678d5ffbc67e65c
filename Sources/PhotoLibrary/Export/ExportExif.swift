// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CExif
import Marks

/// A new EXIF block for a shared copy, made with libexif from the facts Flick read of the
/// photo: only the fields named (never its maker notes, serial numbers or thumbnail), its
/// orientation upright (the copy's pixels are), and a date taken fixed in its sidecar
/// rather than the camera's.
enum ExportExif {
    /// The block as an APP1 segment's payload ("Exif\0\0…"); nil where there is nothing to say.
    static func block(_ facts: EmbeddedFacts, metadata: ExportMetadata, dateTaken: String?) -> [UInt8]? {
        guard metadata != .none, let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        // Only what is written here: no mandatory fields made up by libexif.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        let order = EXIF_BYTE_ORDER_INTEL

        func add(_ ifd: ExifIfd, _ tag: UInt16, _ format: ExifFormat, _ components: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
            guard let mem = exif_mem_new_default() else { return }
            defer { exif_mem_unref(mem) }
            guard let entry = exif_entry_new_mem(mem) else { return }
            defer { exif_entry_unref(entry) }
            let size = Int(exif_format_get_size(format)) * components
            guard let raw = exif_mem_alloc(mem, ExifLong(size)) else { return }
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            bytes.initialize(repeating: 0, count: size)
            fill(bytes)
            entry.pointee.tag = ExifTag(rawValue: UInt32(tag))
            entry.pointee.format = format
            entry.pointee.components = UInt(components)
            entry.pointee.size = UInt32(size)
            entry.pointee.data = bytes
            guard let target = content(data, ifd) else { return }
            exif_content_add_entry(target, entry)
        }
        func text(_ ifd: ExifIfd, _ tag: UInt16, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            let bytes = Array(value.utf8.prefix(255)) + [0]
            add(ifd, tag, EXIF_FORMAT_ASCII, bytes.count) { $0.update(from: bytes, count: bytes.count) }
        }
        func rationals(_ ifd: ExifIfd, _ tag: UInt16, _ values: [(UInt32, UInt32)]) {
            add(ifd, tag, EXIF_FORMAT_RATIONAL, values.count) { raw in
                for (index, value) in values.enumerated() {
                    exif_set_rational(raw + 8 * index, order, ExifRational(numerator: value.0, denominator: value.1))
                }
            }
        }
        func short(_ ifd: ExifIfd, _ tag: UInt16, _ value: Int) {
            add(ifd, tag, EXIF_FORMAT_SHORT, 1) { exif_set_short($0, order, ExifShort(clamping: value)) }
        }

        short(EXIF_IFD_0, 0x0112, 1)  // Orientation: the copy is upright.
        text(EXIF_IFD_0, 0x010F, facts.cameraMake)
        text(EXIF_IFD_0, 0x0110, facts.cameraModel)
        if let taken = (dateTaken ?? facts.dateTaken).flatMap(exifDate) {
            text(EXIF_IFD_EXIF, 0x9003, taken)  // DateTimeOriginal
            text(EXIF_IFD_EXIF, 0x9004, taken)  // DateTimeDigitized
        }
        if let time = facts.exposureTime, time > 0 {
            rationals(EXIF_IFD_EXIF, 0x829A, [time >= 1 ? (UInt32(min(time, 3600).rounded()), 1) : (1, UInt32((1 / time).rounded()))])
        }
        if let number = facts.fNumber, number > 0, number < 1000 { rationals(EXIF_IFD_EXIF, 0x829D, [(UInt32((number * 10).rounded()), 10)]) }
        if let iso = facts.iso, iso > 0 { short(EXIF_IFD_EXIF, 0x8827, iso) }
        if let focal = facts.focalLength, focal > 0, focal < 100_000 { rationals(EXIF_IFD_EXIF, 0x920A, [(UInt32((focal * 10).rounded()), 10)]) }
        text(EXIF_IFD_EXIF, 0xA434, facts.lens)
        if metadata == .withPlace, let latitude = facts.latitude, let longitude = facts.longitude,
           abs(latitude) <= 90, abs(longitude) <= 180 {
            add(EXIF_IFD_GPS, 0x0000, EXIF_FORMAT_BYTE, 4) { $0.update(from: [2, 3, 0, 0], count: 4) }  // GPSVersionID
            text(EXIF_IFD_GPS, 0x0001, latitude < 0 ? "S" : "N")
            rationals(EXIF_IFD_GPS, 0x0002, degrees(abs(latitude)))
            text(EXIF_IFD_GPS, 0x0003, longitude < 0 ? "W" : "E")
            rationals(EXIF_IFD_GPS, 0x0004, degrees(abs(longitude)))
        }
        var saved: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &saved, &size)
        guard let saved, size > 6 else { return nil }
        defer { free(saved) }
        return Array(UnsafeBufferPointer(start: saved, count: Int(size)))
    }

    private static func content(_ data: UnsafeMutablePointer<ExifData>, _ ifd: ExifIfd) -> UnsafeMutablePointer<ExifContent>? {
        withUnsafePointer(to: data.pointee.ifd) { tuple in
            tuple.withMemoryRebound(to: UnsafeMutablePointer<ExifContent>?.self, capacity: Int(EXIF_IFD_COUNT.rawValue)) { $0[Int(ifd.rawValue)] }
        }
    }

    /// "2024-06-14 10:03:22.35" as EXIF writes a date ("2024:06:14 10:03:22").
    static func exifDate(_ date: String) -> String? {
        let digits = date.split(whereSeparator: { !$0.isNumber }).prefix(6)
        guard digits.count == 6, digits[0].count == 4 else { return nil }
        return "\(digits[0]):\(digits[1]):\(digits[2]) \(digits[3]):\(digits[4]):\(digits[5])"
    }

    /// Degrees as EXIF's three rationals: degrees, minutes, seconds to a hundredth.
    private static func degrees(_ value: Double) -> [(UInt32, UInt32)] {
        let whole = value.rounded(.down)
        let minutes = ((value - whole) * 60).rounded(.down)
        let seconds = ((value - whole) * 60 - minutes) * 60
        return [(UInt32(whole), 1), (UInt32(minutes), 1), (UInt32((seconds * 100).rounded()), 100)]
    }
}
