import Foundation
import PhotoLibrary
import SystemPackage

/// The folder Flick shows and its photos.
struct Album {
    let folder: URL
    var photos: [Photo]

    var name: String { folder.lastPathComponent.isEmpty ? folder.path : folder.lastPathComponent }

    /// An album and the photo to start at.
    struct Opening {
        let album: Album
        let startIndex: Int?
    }

    /// Opens a folder, or the folder of an image at that image.
    static func open(path: String) throws(FolderError) -> Opening {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw .notFound(path) }
        if isDirectory.boolValue {
            guard access(url.path, R_OK | X_OK) == 0 else { throw .unreadable(path) }
            return Opening(album: Album(folder: url, photos: try FolderScanner.photos(in: FilePath(url.path))), startIndex: nil)
        }
        guard access(url.path, R_OK) == 0 else { throw .unreadable(path) }
        guard FolderScanner.photo(at: FilePath(url.path)) != nil else { throw .notAFolder(path) }
        let folder = url.deletingLastPathComponent()
        let photos = try FolderScanner.photos(in: FilePath(folder.path))
        return Opening(album: Album(folder: folder, photos: photos),
                       startIndex: photos.firstIndex { $0.path == FilePath(url.path) })
    }
}
