internal import CExif

/// What a photo's EXIF block says that Flick uses: how to turn it upright, and the
/// camera's own small copy of it.
public struct ExifInfo: Sendable, Equatable {
    public var orientation: Orientation = .up
    /// The embedded thumbnail's bytes (a JPEG, stored the way the photo is: not upright).
    public var embeddedThumbnail: [UInt8]?
    /// The photo's size as the camera recorded it, as stored (before orientation).
    public var pixelDimensions: (width: Int, height: Int)? {
        guard let pixelWidth, let pixelHeight, pixelWidth > 0, pixelHeight > 0 else { return nil }
        return (pixelWidth, pixelHeight)
    }
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
        orientation = integer(EXIF_TAG_ORIENTATION).flatMap(Orientation.init(rawValue:)) ?? .up
        pixelWidth = integer(EXIF_TAG_PIXEL_X_DIMENSION)
        pixelHeight = integer(EXIF_TAG_PIXEL_Y_DIMENSION)
        if let thumbnail = data.pointee.data, data.pointee.size > 0 {
            embeddedThumbnail = Array(UnsafeBufferPointer(start: thumbnail, count: Int(data.pointee.size)))
        }
    }
}
