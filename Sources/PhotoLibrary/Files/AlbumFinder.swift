// SPDX-License-Identifier: GPL-3.0-or-later
import SystemPackage

/// A folder holding images: one album of the strip.
public struct AlbumFolder: Sendable, Hashable {
    public let path: FilePath
    /// How a person knows it: the opened folder's own name, or a subfolder's path below it
    /// ("2024/Trip"), so two "Trip" folders in different years stay apart.
    public let name: String
    /// Its photos as a person counts them: a RAW+JPEG pair or a Live Photo is one.
    public let photoCount: Int
    /// How many of them are videos (a Live Photo's is not).
    public let videoCount: Int
    /// The first photos in natural order (`coverCandidates` at most): the album's cover is
    /// the first of them that opens, so a broken file first in the folder is no cover.
    public let covers: [Photo]
    /// The album of every photo below `path`, to any depth, not of its own alone.
    public let includesSubfolders: Bool

    /// The photos an album's cover is looked for among.
    public static let coverCandidates = 4

    /// The first photo in natural order.
    public var cover: Photo { covers[0] }

    public init(path: FilePath, name: String, photoCount: Int, videoCount: Int = 0, covers: some Collection<Photo>,
                includesSubfolders: Bool = false) {
        precondition(!covers.isEmpty, "an album has a photo")
        self.path = path
        self.name = name
        self.photoCount = photoCount
        self.videoCount = videoCount
        self.covers = Array(covers.prefix(Self.coverCandidates))
        self.includesSubfolders = includesSubfolders
    }
}

/// Finds the albums of a folder: the folder itself and the folders below it that hold
/// images ("the folder Flick was opened on and its subfolders"). Folders without
/// images are passed through but not listed; hidden and symlinked folders are not entered,
/// so a link loop cannot recurse.
public enum AlbumFinder {
    /// How deep below the opened folder albums are looked for: a trip inside a year inside
    /// Pictures is found; a whole home folder is not walked.
    public static let maximumDepth = 3
    /// At most this many folders are looked into, whatever the depth.
    public static let maximumFolders = 2_000

    /// What a search found, and every folder it looked into: watching those tells when
    /// to search again.
    public struct Search: Sendable {
        public let albums: [AlbumFolder]
        public let searchedFolders: [FilePath]

        /// The albums with, first, the album of every folder at once (`name`), where there
        /// are folders below the opened one holding photos: its count is the albums' (the
        /// search goes `maximumDepth` deep; the album itself, to any depth).
        public func withEveryFolder(root: FilePath, named name: String) -> [AlbumFolder] {
            guard albums.contains(where: { $0.path != root }) else { return albums }
            let every = AlbumFolder(path: root, name: name, photoCount: albums.reduce(0) { $0 + $1.photoCount },
                                    videoCount: albums.reduce(0) { $0 + $1.videoCount }, covers: albums.lazy.flatMap(\.covers).prefix(AlbumFolder.coverCandidates),
                                    includesSubfolders: true)
            return [every] + albums
        }
    }

    /// The opened folder first (when it holds images), then its subfolders depth first, each
    /// level in natural order.
    public static func albums(in root: FilePath, maximumDepth: Int = maximumDepth) -> [AlbumFolder] {
        search(in: root, maximumDepth: maximumDepth).albums
    }

    /// `asOne` folds each folder's files (in natural order) into the photos a person sees:
    /// the album's model pairs a RAW with its JPEG and a Live Photo's still with its video,
    /// and the strip's counts are to say what the album shows.
    public static func search(in root: FilePath, maximumDepth: Int = maximumDepth,
                              asOne: ([Photo]) -> [Photo] = { $0 }) -> Search {
        var albums: [AlbumFolder] = []
        var searched: [FilePath] = []
        var folders: [(path: FilePath, depth: Int)] = [(root, 0)]
        var visited = 0
        let rootName = DisplayName.of(lastComponentOf: root)
        while let (folder, depth) = folders.popLast(), visited < maximumFolders {
            visited += 1
            searched.append(folder)
            if let files = try? FolderScanner.photos(in: folder), case let photos = asOne(files), !photos.isEmpty {
                let name = depth == 0 ? rootName : relativeName(of: folder, below: root)
                albums.append(AlbumFolder(path: folder, name: name, photoCount: photos.count,
                                          videoCount: photos.count { $0.format == .video }, covers: photos))
            }
            guard depth < maximumDepth else { continue }
            // Reversed onto the stack, so they come off in natural order.
            folders += FolderScanner.subfolders(of: folder).reversed().map { ($0, depth + 1) }
        }
        return Search(albums: albums, searchedFolders: searched)
    }

    /// "2024/Summer", shown safely.
    private static func relativeName(of folder: FilePath, below root: FilePath) -> String {
        var relative = folder
        guard relative.removePrefix(root) else { return DisplayName.of(folder.rawBytes) }
        return DisplayName.of(relative.rawBytes)
    }
}
