// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// The folder Flick shows (its photos are the `AlbumModel`'s).
public struct Folder {
    /// Byte for byte: a folder named in an old 8-bit encoding still opens.
    public let folderPath: FilePath

    public init(folderPath: FilePath) { self.folderPath = folderPath }

    /// The folder's name as it may be shown.
    public var name: String { DisplayName.of(lastComponentOf: folderPath) }

    /// An album (photos still to be listed) and the photo to start at.
    public struct Opening {
        public let album: Folder
        public let startPath: FilePath?
    }

    /// Checks that `path` is a readable folder, or an image whose folder is readable; the
    /// listing itself happens in the background (`AlbumLister`).
    public static func open(path: String) throws(FolderError) -> Opening {
        try open(path: FilePath(path))
    }

    /// As `open(path:)`, byte for byte: a path named in an old 8-bit encoding (a Latin-1
    /// archive, an old camera's card) is opened as it is on disk, never as text.
    public static func open(path given: FilePath) throws(FolderError) -> Opening {
        let shown = DisplayName.of(given.rawBytes)
        let path = absolute(given)
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { throw .notFound(shown) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard path.withPlatformString({ access($0, R_OK | X_OK) }) == 0 else { throw .unreadable(shown) }
            return Opening(album: Folder(folderPath: path), startPath: nil)
        }
        guard path.withPlatformString({ access($0, R_OK) }) == 0 else { throw .unreadable(shown) }
        guard FolderScanner.photo(at: path) != nil else { throw .notAFolder(shown) }
        let folder = path.removingLastComponent()
        guard folder.withPlatformString({ access($0, R_OK | X_OK) }) == 0 else { throw .unreadable(DisplayName.of(folder.rawBytes)) }
        return Opening(album: Folder(folderPath: folder), startPath: path)
    }

    /// `path` from the root, its "." and ".." taken out, as the file manager would name it.
    static func absolute(_ path: FilePath) -> FilePath {
        let rooted = path.isAbsolute ? path : FilePath(FileManager.default.currentDirectoryPath).pushing(path)
        return rooted.lexicallyNormalized()
    }
}

/// Lists a folder on its own thread and hands the photos over in batches through an
/// inbox, waking the frame loop for each, so the first screen never waits for the rest.
public final class AlbumLister: Sendable {
    private struct State {
        var arrived: [Photo] = []
        var finished = false
        var cancelled = false
    }

    private let state = Mutex(State())
    public let wake = WakeRelay()

    /// `firstBatch` sees the first photos listed, on the listing thread, so their decoding
    /// can start before anything asks for them. The photo Flick was opened on (`start`)
    /// comes first, on its own, so it is shown at once however long the folder takes to
    /// read (a /tmp of 20,000 entries took a quarter of a second); the listing then brings
    /// the rest, in their order around it.
    public init(folder: FilePath, start: FilePath? = nil, firstBatch: @escaping @Sendable ([Photo]) -> Void = { _ in }) {
        let wake = self.wake
        let thread = Thread { [self] in
            if let start, let photo = FolderScanner.photo(at: start) {
                state.withLock { $0.arrived.append(photo) }
                wake.wake()
            }
            var isFirst = true
            try? FolderScanner.scan(folder) { batch in
                if isFirst { firstBatch(batch) }
                isFirst = false
                let goOn = state.withLock { state in
                    state.arrived += batch
                    return !state.cancelled
                }
                wake.wake()
                return goOn
            }
            state.withLock { $0.finished = true }
            wake.wake()
        }
        thread.name = "flick-list"
        thread.start()
    }

    /// Stops listing after the batch in hand: another album was opened.
    public func cancel() {
        state.withLock { $0.cancelled = true }
    }

    /// The photos listed since the last call, and whether the listing is complete.
    public func drain() -> (photos: [Photo], finished: Bool) {
        state.withLock { state in
            defer { state.arrived.removeAll(keepingCapacity: true) }
            return (state.arrived, state.finished)
        }
    }
}

/// Looks for the opened folder's albums on its own thread (each subfolder's files are
/// sniffed to count them) and hands over the result through an inbox; asked again when
/// folders change.
public final class AlbumSearch: Sendable {
    private struct State {
        var result: AlbumFinder.Search?
        var running = false
        /// A search was asked for while one ran: run again when it ends.
        var again = false
    }

    private let root: FilePath
    private let state = Mutex(State())
    public let wake = WakeRelay()

    public init(root: FilePath) {
        self.root = root
        start()
    }

    /// Searches again (folders appeared or vanished).
    public func start() {
        let begin = state.withLock { state -> Bool in
            if state.running { state.again = true }
            defer { state.running = true }
            return !state.running
        }
        guard begin else { return }
        let thread = Thread { [self] in
            var goOn = true
            while goOn {
                let search = AlbumFinder.search(in: root)
                goOn = state.withLock { state in
                    state.result = search
                    defer { state.again = false }
                    state.running = state.again
                    return state.again
                }
                wake.wake()
            }
        }
        thread.name = "flick-albums"
        thread.start()
    }

    /// The newest search's result, once.
    public func take() -> AlbumFinder.Search? {
        state.withLock { state in
            defer { state.result = nil }
            return state.result
        }
    }
}
