internal import CExif
import Foundation

/// What a photo's EXIF block says that Flick uses: orientation, the embedded preview, and
/// the facts shown on the back of a card.
public struct ExifInfo: Sendable, Equatable {
    public var orientation: Orientation = .up
    /// The embedded JPEG preview (typically 160×120), if any.
    public var thumbnailJPEG: [UInt8]?
    public var dateTaken: String?
    public var camera: String?
    public var exposure: String?

    public init() {}

    /// Reads the EXIF block of a JPEG's bytes; a JPEG without one gives the defaults.
    public init(jpeg bytes: [UInt8]) {
        guard let data = bytes.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }) else { return }
        defer { exif_data_unref(data) }
        let order = exif_data_get_byte_order(data)
        if let entry = flick_exif_entry(data, EXIF_TAG_ORIENTATION), entry.pointee.format == EXIF_FORMAT_SHORT, let raw = entry.pointee.data {
            orientation = Orientation(rawValue: Int(exif_get_short(raw, order))) ?? .up
        }
        if let thumbnail = data.pointee.data, data.pointee.size > 0 {
            thumbnailJPEG = Array(UnsafeBufferPointer(start: thumbnail, count: Int(data.pointee.size)))
        }
        dateTaken = Self.text(data, EXIF_TAG_DATE_TIME_ORIGINAL) ?? Self.text(data, EXIF_TAG_DATE_TIME)
        let make = Self.text(data, EXIF_TAG_MAKE), model = Self.text(data, EXIF_TAG_MODEL)
        camera = model.map { model in make.map { model.hasPrefix($0) ? model : "\($0) \(model)" } ?? model } ?? make
        let parts = [Self.text(data, EXIF_TAG_EXPOSURE_TIME), Self.text(data, EXIF_TAG_FNUMBER),
                     Self.text(data, EXIF_TAG_ISO_SPEED_RATINGS).map { "ISO \($0)" }].compactMap { $0 }
        exposure = parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func text(_ data: UnsafeMutablePointer<ExifData>, _ tag: ExifTag) -> String? {
        guard let entry = flick_exif_entry(data, tag) else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        guard let value = exif_entry_get_value(entry, &buffer, UInt32(buffer.count)) else { return nil }
        let text = String(cString: value).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
