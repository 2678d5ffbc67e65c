import Foundation

/// One image file of an album.
public struct Photo: Sendable, Hashable {
    public let url: URL
    public let format: ImageFormat
    public let byteCount: Int
    public let modificationDate: Date

    public init(url: URL, format: ImageFormat, byteCount: Int, modificationDate: Date) {
        self.url = url
        self.format = format
        self.byteCount = byteCount
        self.modificationDate = modificationDate
    }

    public var fileName: String { url.lastPathComponent }
}
