internal import CExif

/// What a photo's EXIF block says that Flick uses: how to turn it upright.
public struct ExifInfo: Sendable, Equatable {
    public var orientation: Orientation = .up

    public init() {}

    /// Reads the EXIF block of a JPEG's bytes; a JPEG without one gives the defaults.
    public init(jpeg bytes: [UInt8]) {
        guard let data = bytes.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }) else { return }
        defer { exif_data_unref(data) }
        if let entry = flick_exif_entry(data, EXIF_TAG_ORIENTATION), entry.pointee.format == EXIF_FORMAT_SHORT, let raw = entry.pointee.data {
            orientation = Orientation(rawValue: Int(exif_get_short(raw, exif_data_get_byte_order(data)))) ?? .up
        }
    }
}
