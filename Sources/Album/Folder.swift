// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import PhotoLibrary
import Synchronization
import SystemPackage

/// The folder Flick shows (its photos are the `AlbumModel`'s): one folder's photos, or
/// every photo below it, to any depth, as one album.
public struct Folder: Equatable, Sendable {
    /// Byte for byte: a folder named in an old 8-bit encoding still opens.
    public let folderPath: FilePath
    /// Every folder below it too: a family's years of folders, a card's DCIM/1xxMAKER
    /// folders, as one timeline.
    public let includesSubfolders: Bool

    public init(folderPath: FilePath, includesSubfolders: Bool = false) {
        self.folderPath = folderPath
        self.includesSubfolders = includesSubfolders
    }

    /// The folder's name as it may be shown: "All of Pictures" for every folder below it.
    public var name: String {
        let name = DisplayName.of(lastComponentOf: folderPath)
        return includesSubfolders ? Self.everyFolderName(of: name) : name
    }

    /// What the album of every folder below `folder` is called.
    public static func everyFolderName(of folder: String) -> String {
        // TRANSLATORS: the album of every photo in a folder and all the folders below it.
        localized("All of {folder}", ["folder": folder])
    }

    /// An album (photos still to be listed) and the photo to start at.
    public struct Opening {
        public let album: Folder
        public let startPath: FilePath?
    }

    /// Checks that `path` is a readable folder, or an image whose folder is readable; the
    /// listing itself happens in the background (`AlbumLister`). A folder holding more
    /// folders than photos opens as the album of every folder below it.
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
            // A Pictures folder of years, a card's DCIM: every folder below it at once.
            return Opening(album: Folder(folderPath: path, includesSubfolders: TreeWalker.holdsMoreFoldersThanPhotos(path)), startPath: nil)
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
            // The strip's albums come after the album on screen.
            BackgroundPriority.lowerCurrentThread()
            var goOn = true
            while goOn {
                let search = AlbumFinder.search(in: root) { FilePairs.folded($0) }
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
