import Foundation

/// Why a folder could not be listed, in words for the user.
public enum FolderError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case notAFolder(String)
    case unreadable(String)

    public var description: String {
        switch self {
        case let .notFound(path): "\(path): no such file or folder"
        case let .notAFolder(path): "\(path): not a folder or an image"
        case let .unreadable(path): "\(path): cannot be read (permission denied)"
        }
    }
}

/// Lists a folder's images: recognised by content, not by name; hidden files, folders,
/// FIFOs, devices and unreadable files skipped; in natural file-name order.
public enum FolderScanner {
    public static func photos(in folder: URL) throws(FolderError) -> [Photo] {
        let path = folder.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(path) }
        guard isDirectory.boolValue else { throw .notAFolder(path) }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { throw .unreadable(path) }
        let photos = names.filter { !$0.hasPrefix(".") }.compactMap { name in
            photo(at: folder.appendingPathComponent(name))
        }
        return photos.sorted { NaturalOrder.areInIncreasingOrder($0.fileName, $1.fileName) }
    }

    /// The photo at `url` if it is a regular, readable file in an image format.
    public static func photo(at url: URL) -> Photo? {
        var info = stat()
        // stat follows symlinks; a link loop fails with ELOOP and is skipped.
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
        let count = read(fd, &header, header.count)
        guard count > 0 else { return nil }
        let format = ImageFormat.sniff(Array(header.prefix(count)), fileExtension: url.pathExtension.lowercased())
        guard let format else { return nil }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        return Photo(url: url, format: format, byteCount: Int(info.st_size), modificationDate: modified)
    }
}
