// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import SystemPackage

/// One photo (or video) as it travels: its files of the same name in one folder of the
/// card — a RAW and its JPEG, a Live Photo's HEIC and MOV, a video's THM, and the sidecars
/// another program left — all copied under one new name.
public struct IngestItem: Sendable, Equatable {
    /// The folder on the card.
    public let folder: FilePath
    /// The name the files share, without extensions ("IMG_0001").
    public let stem: String
    /// Each file's name, the stem's and the rest ("IMG_0001" + ".CR3", ".JPG", ".CR3.xmp"),
    /// the one its date is read from first.
    public let suffixes: [String]
    public let byteCounts: [Int]
    /// The principal file's time (a sidecar is written later than its photo was taken).
    public let modificationDate: Date

    public var paths: [FilePath] { suffixes.map { folder.appending(stem + $0) } }
    public var byteCount: Int { byteCounts.reduce(0, +) }
    /// The file whose facts (date taken, camera) name the whole item.
    public var principal: FilePath { paths[0] }
}

/// What an import finds on a card: every photo and video under the source, to any depth
/// (a card's DCIM/100CANON, 101CANON…), grouped with the files that travel with it.
public enum CardFiles {
    /// Videos, by their names (cameras' and phones' containers); photos are sniffed.
    static let videoExtensions: Set<String> = ["mov", "mp4", "m4v", "mkv", "webm", "avi", "3gp", "mts", "m2ts", "mpg", "mpeg", "insv", "lrv"]

    /// The card `folder` is on: the folder itself where it holds a `DCIM` folder (a card
    /// reader's volume, a camera or phone in mass storage), else the folder above the `DCIM`
    /// it is in; nil where neither (a Pictures folder is no card, whatever its home holds).
    public static func cardRoot(of folder: FilePath) -> FilePath? {
        var info = stat()
        for name in ["DCIM", "dcim"] where folder.appending(name).withPlatformString({ stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            return folder
        }
        var root = FilePath(root: folder.root), found: FilePath?
        for component in folder.components {
            if component.string.uppercased() == "DCIM" { found = root }
            root.append(component)
        }
        return found
    }

    /// The items under `source` in the order they were taken as far as names and times tell
    /// (a camera numbers in order; the dates are read later), and the folders that could not
    /// be read.
    public static func items(under source: FilePath) -> (items: [IngestItem], unreadable: [FilePath]) {
        var items: [IngestItem] = [], unreadable: [FilePath] = []
        var folders = [source]
        while let folder = folders.popLast() {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.string) else {
                unreadable.append(folder)
                continue
            }
            var files: [(name: String, size: Int, modified: Date)] = []
            for name in entries where !name.hasPrefix(".") {
                let path = folder.appending(name)
                var info = stat()
                guard path.withPlatformString({ lstat($0, &info) }) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: folders.append(path)
                case S_IFREG:
                    files.append((name, Int(info.st_size), Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)))
                default: break    // links, devices, sockets: not a camera's
                }
            }
            items += group(files, in: folder)
        }
        items.sort { ($0.modificationDate, $0.folder.string, $0.stem) < ($1.modificationDate, $1.folder.string, $1.stem) }
        return (items, unreadable)
    }

    /// A folder's files grouped by the name they share; a group without a photo or a video
    /// (a camera's catalogue file, a lone sidecar) stays on the card.
    static func group(_ files: [(name: String, size: Int, modified: Date)], in folder: FilePath) -> [IngestItem] {
        var byStem: [String: [(suffix: String, size: Int, modified: Date, rank: Int)]] = [:]
        for file in files {
            let (stem, suffix) = split(file.name)
            byStem[stem, default: []].append((suffix, file.size, file.modified, rank(of: file.name, in: folder)))
        }
        return byStem.compactMap { stem, members in
            guard members.contains(where: { $0.rank < 3 }) else { return nil }
            let ordered = members.sorted { ($0.rank, $0.suffix) < ($1.rank, $1.suffix) }
            return IngestItem(folder: folder, stem: stem, suffixes: ordered.map(\.suffix), byteCounts: ordered.map(\.size),
                              modificationDate: ordered[0].modified)
        }
    }

    /// Whether a file of an item, by what follows its stem, is a sidecar (".CR3.xmp", ".xmp").
    static func isSidecar(_ suffix: String) -> Bool { suffix.lowercased().hasSuffix(".xmp") }

    /// "IMG_0001.CR3.xmp" → ("IMG_0001", ".CR3.xmp"); "IMG_0001.JPG" → ("IMG_0001", ".JPG").
    static func split(_ name: String) -> (stem: String, suffix: String) {
        var base = name
        if base.lowercased().hasSuffix(".xmp") { base = String(base.dropLast(4)) }
        guard let dot = base.lastIndex(of: "."), dot > base.startIndex else {
            return (base, String(name.dropFirst(base.count)))
        }
        return (String(base[..<dot]), String(name[dot...]))
    }

    /// Which file of a group names it: 0 a JPEG or HEIC (its facts are quick to read), 1
    /// another photo, 2 a video, 3 the rest (sidecars, THM).
    private static func rank(of name: String, in folder: FilePath) -> Int {
        let lowered = name.lowercased()
        // A camera's THM is a small JPEG of its video's first frame: it travels, never leads.
        if lowered.hasSuffix(".xmp") || lowered.hasSuffix(".thm") { return 3 }
        let fileExtension = lowered.split(separator: ".").last.map(String.init) ?? ""
        if videoExtensions.contains(fileExtension) { return 2 }
        guard let photo = FolderScanner.photo(at: folder.appending(name)) else { return 3 }
        return photo.format == .jpeg || photo.format == .heif ? 0 : 1
    }
}
