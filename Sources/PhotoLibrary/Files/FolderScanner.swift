// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import SystemPackage

/// Why a folder could not be listed, in words for the user.
public enum FolderError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case notAFolder(String)
    case unreadable(String)

    public var description: String {
        switch self {
        case let .notFound(path): localized("{path}: no such file or folder", ["path": path])
        case let .notAFolder(path): localized("{path}: not a folder or an image", ["path": path])
        case let .unreadable(path): localized("{path}: cannot be read (permission denied)", ["path": path])

        }
    }
}

/// Lists a folder's images: recognised by content, not by name; hidden files, folders,
/// FIFOs, devices, symlink loops and unreadable files skipped; in natural file-name order.
/// Names are kept byte for byte, so a file named in an old 8-bit encoding still opens.
public enum FolderScanner {
    public static func photos(in folder: FilePath) throws(FolderError) -> [Photo] {
        var info = stat()
        guard folder.withPlatformString({ stat($0, &info) }) == 0 else { throw .notFound(folder.string) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notAFolder(folder.string) }
        guard let entries = visibleEntries(of: folder) else { throw .unreadable(folder.string) }
        return entries.compactMap { photo(at: $0.path, name: $0.name) }.sorted { NaturalOrder.areInIncreasingOrder($0.fileName, $1.fileName) }
    }

    /// Lists the folder's photos in natural order and hands them over `batchSize` at a
    /// time, so a folder of 100,000 files shows its first screen long before the last file
    /// is looked at. Names are read and sorted first (fast); each file is then checked
    /// (stat and a 16-byte sniff) batch by batch. `deliver` returns false to stop early.
    public static func scan(_ folder: FilePath, batchSize: Int = 256, reversed: Bool = false, deliver: ([Photo]) -> Bool) throws(FolderError) {
        var info = stat()
        guard folder.withPlatformString({ stat($0, &info) }) == 0 else { throw .notFound(folder.string) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notAFolder(folder.string) }
        guard let entries = visibleEntries(of: folder) else { throw .unreadable(folder.string) }
        let ordered = entries.map { (entry: $0, key: NaturalOrder.Key(String(decoding: $0.name, as: UTF8.self))) }
            .sorted { NaturalOrder.areInIncreasingOrder($0.key, $1.key) }
        let sorted = reversed ? Array(ordered.reversed()) : ordered
        var start = 0
        while start < sorted.count {
            let end = min(sorted.count, start + max(1, batchSize))
            let batch = sorted[start..<end].compactMap { photo(at: $0.entry.path, name: $0.entry.name) }
            if !batch.isEmpty, !deliver(batch) { return }
            start = end
        }
    }

    /// The paths of a folder's entries whose names do not start with a dot, and their names,
    /// byte for byte; nil when the folder cannot be opened. Made of bytes, not through
    /// FilePath's components, which parse the whole path at each step (a folder of 100,000
    /// files took minutes that way in a debug build).
    private static func visibleEntries(of folder: FilePath) -> [(path: FilePath, name: [UInt8])]? {
        guard let directory = folder.withPlatformString({ opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var folderBytes = folder.rawBytes
        if folderBytes.last != UInt8(ascii: "/") { folderBytes.append(UInt8(ascii: "/")) }
        var entries: [(path: FilePath, name: [UInt8])] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.bindMemory(to: UInt8.self).prefix { $0 != 0 }) }
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            entries.append((FilePath(rawBytes: folderBytes + name), name))
        }
        return entries
    }

    /// The photos in `folder` and, `recursive`, in every folder below it (one that cannot
    /// be read below the first is passed over).
    public static func photos(in folder: FilePath, recursive: Bool) throws(FolderError) -> [Photo] {
        var found = try photos(in: folder)
        guard recursive else { return found }
        for subfolder in subfolders(of: folder) { found += (try? photos(in: subfolder, recursive: true)) ?? [] }
        return found
    }

    /// The photos `paths` name, each an image (itself) or a folder (its photos, and with
    /// `recursive` those below it), in the order given.
    public static func photos(named paths: [FilePath], recursive: Bool) throws(FolderError) -> [Photo] {
        var found: [Photo] = []
        for path in paths {
            if let photo = photo(at: path) { found.append(photo) } else { found += try photos(in: path, recursive: recursive) }
        }
        return found
    }

    /// The visible folders inside `folder` (symlinked folders are not followed, so a link
    /// loop cannot recurse forever), in natural order.
    public static func subfolders(of folder: FilePath) -> [FilePath] {
        let folders = (visibleEntries(of: folder) ?? []).filter { entry in
            var info = stat()
            return entry.path.withPlatformString({ lstat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        }
        return folders.sorted { NaturalOrder.areInIncreasingOrder($0.path.string, $1.path.string) }.map(\.path)
    }

    /// The photo at `path` if it is a regular file in an image format, or one whose name
    /// says it is an image (empty, corrupt or unreadable, it is listed to say so).
    public static func photo(at path: FilePath) -> Photo? {
        let bytes = path.rawBytes
        return photo(at: path, name: Array(bytes[((bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...]))
    }

    /// As `photo(at:)`, its name's bytes given (a listing has them).
    static func photo(at path: FilePath, name: [UInt8]) -> Photo? {
        // What follows the name's last dot, as FilePath's `extension` has it ("" for ".jpg").
        let dot = name.lastIndex(of: UInt8(ascii: "."))
        let fileExtension = dot.map { $0 > 0 ? String(decoding: name[($0 + 1)...], as: UTF8.self).lowercased() : "" } ?? ""
        // A card culled in darktable holds a sidecar for every photo: not even looked at.
        if fileExtension == "xmp" { return nil }
        var info = stat()
        // stat follows symlinks; a link loop fails with ELOOP and is skipped.
        guard path.withPlatformString({ stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        func listed(as format: ImageFormat?) -> Photo? {
            format.map { Photo(path: path, format: $0, byteCount: Int(info.st_size), modificationDate: modified) }
        }
        let fd = path.openForReading()
        guard fd >= 0 else { return listed(as: ImageFormat.claimed(byExtension: fileExtension)) }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
        let count = max(0, read(fd, &header, header.count))
        return listed(as: ImageFormat.sniff(Array(header.prefix(count)), fileExtension: fileExtension)
            ?? ImageFormat.claimed(byExtension: fileExtension))
    }
}
