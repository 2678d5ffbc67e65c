import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// The folder Flick shows and its photos.
struct Album {
    let folder: URL
    var photos: [Photo] = []

    var name: String { folder.lastPathComponent.isEmpty ? folder.path : folder.lastPathComponent }
    var folderPath: FilePath { FilePath(folder.path) }

    /// An album (photos still to be listed) and the photo to start at.
    struct Opening {
        let album: Album
        let startPath: FilePath?
    }

    /// Checks that `path` is a readable folder, or an image whose folder is readable; the
    /// listing itself happens in the background (`AlbumLister`).
    static func open(path: String) throws(FolderError) -> Opening {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw .notFound(path) }
        if isDirectory.boolValue {
            guard access(url.path, R_OK | X_OK) == 0 else { throw .unreadable(path) }
            return Opening(album: Album(folder: url), startPath: nil)
        }
        guard access(url.path, R_OK) == 0 else { throw .unreadable(path) }
        guard FolderScanner.photo(at: FilePath(url.path)) != nil else { throw .notAFolder(path) }
        let folder = url.deletingLastPathComponent()
        guard access(folder.path, R_OK | X_OK) == 0 else { throw .unreadable(folder.path) }
        return Opening(album: Album(folder: folder), startPath: FilePath(url.path))
    }
}

/// Lists a folder on its own thread and hands the photos over in batches through an
/// inbox, waking the frame loop for each, so the first screen never waits for the rest.
final class AlbumLister: Sendable {
    private struct State {
        var arrived: [Photo] = []
        var finished = false
    }

    private let state = Mutex(State())
    let wake = WakeRelay()

    /// `firstBatch` sees the first photos listed, on the listing thread, so their decoding
    /// can start before anything asks for them.
    init(folder: FilePath, firstBatch: @escaping @Sendable ([Photo]) -> Void = { _ in }) {
        let wake = self.wake
        let thread = Thread { [self] in
            var isFirst = true
            try? FolderScanner.scan(folder) { batch in
                if isFirst { firstBatch(batch) }
                isFirst = false
                state.withLock { $0.arrived += batch }
                wake.wake()
                return true
            }
            state.withLock { $0.finished = true }
            wake.wake()
        }
        thread.name = "flick-list"
        thread.start()
    }

    /// The photos listed since the last call, and whether the listing is complete.
    func drain() -> (photos: [Photo], finished: Bool) {
        state.withLock { state in
            defer { state.arrived.removeAll(keepingCapacity: true) }
            return (state.arrived, state.finished)
        }
    }
}
