// SPDX-License-Identifier: GPL-3.0-or-later
internal import CExif

/// What a photo's EXIF block says that Flick uses: how to turn it upright, the camera's
/// own small copy of it, and the facts a card's back shows.
public struct ExifInfo: Sendable, Equatable {
    public var orientation: Orientation = .up
    /// Date taken, camera, lens and exposure (no pixel size: that comes from the image).
    public var facts = EmbeddedFacts()
    /// The embedded thumbnail's bytes (a JPEG, stored the way the photo is: not upright).
    public var embeddedThumbnail: [UInt8]?
    /// The photo's size as the camera recorded it, as stored (before orientation).
    public var pixelDimensions: (width: Int, height: Int)? {
        guard let pixelWidth, let pixelHeight, pixelWidth > 0, pixelHeight > 0 else { return nil }
        return (pixelWidth, pixelHeight)
    }
    /// True when the camera shot in Adobe RGB and said so the DCF way, without a profile:
    /// ColorSpace "uncalibrated" and the interoperability index "R03".
    public var declaresAdobeRGB = false
    private var pixelWidth: Int?
    private var pixelHeight: Int?

    public init() {}

    /// Reads the EXIF block of a JPEG's bytes (the file's start is enough: the block sits
    /// in the first 64 KB); a JPEG without one gives the defaults.
    public init(jpeg bytes: [UInt8]) {
        guard let data = bytes.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }) else { return }
        defer { exif_data_unref(data) }
        let byteOrder = exif_data_get_byte_order(data)
        func integer(_ tag: ExifTag) -> Int? {
            guard let entry = flick_exif_entry(data, tag), entry.pointee.components == 1, let raw = entry.pointee.data else { return nil }
            switch entry.pointee.format {
            case EXIF_FORMAT_SHORT: return Int(exif_get_short(raw, byteOrder))
            case EXIF_FORMAT_LONG: return Int(exif_get_long(raw, byteOrder))
            default: return nil
            }
        }
        func text(_ tag: ExifTag) -> String? {
            guard let entry = flick_exif_entry(data, tag), entry.pointee.format == EXIF_FORMAT_ASCII,
                  let raw = entry.pointee.data, entry.pointee.size > 0 else { return nil }
            let bytes = UnsafeBufferPointer(start: raw, count: Int(min(entry.pointee.size, 1024))).prefix { $0 != 0 }
            let value = EmbeddedFacts.singleLine(String(decoding: bytes, as: UTF8.self))
            return value.isEmpty ? nil : value
        }
        func rational(_ tag: ExifTag) -> Double? {
            guard let entry = flick_exif_entry(data, tag), entry.pointee.components >= 1, let raw = entry.pointee.data,
                  entry.pointee.size >= 8 else { return nil }
            switch entry.pointee.format {
            case EXIF_FORMAT_RATIONAL:
                let value = exif_get_rational(raw, byteOrder)
                return value.denominator == 0 ? nil : Double(value.numerator) / Double(value.denominator)
            case EXIF_FORMAT_SRATIONAL:
                let value = exif_get_srational(raw, byteOrder)
                return value.denominator == 0 ? nil : Double(value.numerator) / Double(value.denominator)
            default: return nil
            }
        }
        func firstInteger(_ tag: ExifTag) -> Int? {
            guard let entry = flick_exif_entry(data, tag), entry.pointee.components >= 1, let raw = entry.pointee.data else { return nil }
            switch entry.pointee.format {
            case EXIF_FORMAT_SHORT where entry.pointee.size >= 2: return Int(exif_get_short(raw, byteOrder))
            case EXIF_FORMAT_LONG where entry.pointee.size >= 4: return Int(exif_get_long(raw, byteOrder))
            default: return nil
            }
        }
        orientation = integer(EXIF_TAG_ORIENTATION).flatMap(Orientation.init(rawValue:)) ?? .up
        facts.orientation = orientation
        // "2024:05:01 14:03:22" as EXIF writes it; shown with dashes in the date.
        // An unset clock writes zeros or blanks: no date rather than year 0.
        facts.dateTaken = (text(EXIF_TAG_DATE_TIME_ORIGINAL) ?? text(EXIF_TAG_DATE_TIME)).flatMap { value in
            guard value.count >= 10, !value.hasPrefix("0000"), value.first?.isNumber == true else { return nil }
            // The fraction of a second tells a burst's frames apart ("…:22.35").
            let fraction = text(text(EXIF_TAG_DATE_TIME_ORIGINAL) != nil ? EXIF_TAG_SUB_SEC_TIME_ORIGINAL : EXIF_TAG_SUB_SEC_TIME)
                .map { String($0.prefix { $0.isASCII && $0.isNumber }.prefix(6)) }.flatMap { $0.isEmpty ? nil : "." + $0 } ?? ""
            return value.prefix(10).replacingOccurrences(of: ":", with: "-") + value.dropFirst(10).prefix(9) + fraction
        }
        facts.cameraMake = text(EXIF_TAG_MAKE)
        facts.cameraModel = text(EXIF_TAG_MODEL)
        facts.lens = text(ExifTag(rawValue: 0xA434))  // LensModel, EXIF 2.3
        if let entry = flick_exif_entry(data, EXIF_TAG_MAKER_NOTE), let raw = entry.pointee.data, entry.pointee.size > 0 {
            let note = Array(UnsafeBufferPointer(start: raw, count: Int(min(entry.pointee.size, 1 << 20))))
            if facts.lens == nil { facts.lens = MakerNotes.lens(make: facts.cameraMake, makerNote: note, in: bytes) }
            facts.contentIdentifier = MakerNotes.contentIdentifier(make: facts.cameraMake, makerNote: note)
        }
        facts.exposureTime = rational(EXIF_TAG_EXPOSURE_TIME)
        facts.fNumber = rational(EXIF_TAG_FNUMBER)
        facts.iso = firstInteger(EXIF_TAG_ISO_SPEED_RATINGS)
        facts.focalLength = rational(EXIF_TAG_FOCAL_LENGTH)
        if integer(EXIF_TAG_COLOR_SPACE) == 0xFFFF, let entry = flick_exif_interop_entry(data, EXIF_TAG_INTEROPERABILITY_INDEX),
           entry.pointee.format == EXIF_FORMAT_ASCII, let raw = entry.pointee.data, entry.pointee.size >= 3 {
            declaresAdobeRGB = Array(UnsafeBufferPointer(start: raw, count: 3)) == Array("R03".utf8)
        }
        // Where it was taken: degrees, minutes and seconds, north or south, east or west.
        func coordinate(_ tag: ExifTag, reference: ExifTag, negative: UInt8) -> Double? {
            guard let entry = flick_exif_gps_entry(data, tag), entry.pointee.format == EXIF_FORMAT_RATIONAL,
                  entry.pointee.components == 3, let raw = entry.pointee.data, entry.pointee.size >= 24 else { return nil }
            let parts = (0..<3).map { exif_get_rational(raw + $0 * 8, byteOrder) }
            guard parts.allSatisfy({ $0.denominator != 0 }) else { return nil }
            let value = parts.enumerated().reduce(0.0) { sum, part in sum + Double(part.element.numerator) / Double(part.element.denominator) / [1.0, 60, 3600][part.offset] }
            guard let ref = flick_exif_gps_entry(data, reference), let refData = ref.pointee.data, ref.pointee.size >= 1 else { return value }
            return refData.pointee == negative ? -value : value
        }
        // libexif names the GPS tags by #define, not in its enum.
        func gpsTag(_ number: Int32) -> ExifTag { ExifTag(rawValue: UInt32(number)) }
        if let latitude = coordinate(gpsTag(EXIF_TAG_GPS_LATITUDE), reference: gpsTag(EXIF_TAG_GPS_LATITUDE_REF), negative: UInt8(ascii: "S")),
           let longitude = coordinate(gpsTag(EXIF_TAG_GPS_LONGITUDE), reference: gpsTag(EXIF_TAG_GPS_LONGITUDE_REF), negative: UInt8(ascii: "W")),
           abs(latitude) <= 90, abs(longitude) <= 180 {
            facts.latitude = latitude
            facts.longitude = longitude
        }
        pixelWidth = integer(EXIF_TAG_PIXEL_X_DIMENSION)
        pixelHeight = integer(EXIF_TAG_PIXEL_Y_DIMENSION)
        if let thumbnail = data.pointee.data, data.pointee.size > 0 {
            embeddedThumbnail = Array(UnsafeBufferPointer(start: thumbnail, count: Int(data.pointee.size)))
        }
    }
}
