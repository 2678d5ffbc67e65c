// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage

/// Walks a folder and every folder below it, to any depth, for the album of every folder
/// at once: the root's photos first, then each subfolder's, depth first, each level in
/// natural order — the order `AlbumModel` keeps a tree in, so batches arrive in order.
/// Hidden folders are not entered; a symlinked folder is not followed, and a folder seen
/// before (a bind mount of a folder above it) is not walked again, so no cycle recurses.
/// Folders that cannot be read are passed over and named in the report.
public enum TreeWalker {
    /// Deeper than any photo tree a person keeps; a deeper one is cut here, not walked
    /// without end.
    public static let maximumDepth = 64

    /// What a walk found besides photos.
    public struct Report: Sendable, Equatable {
        /// Every folder walked, in the order walked (the watcher's list).
        public var folders: [FilePath] = []
        /// Each folder's modification time when it was read (nanoseconds), beside `folders`.
        var stamps: [Int64] = []
        /// Folders that could not be read (permission, gone meanwhile).
        public var unreadable: [FilePath] = []
        /// Folders not entered because they were deeper than `maximumDepth`.
        public var tooDeep = 0
        /// The walk was stopped before its end.
        public var stopped = false
    }

    /// Walks `root`; `deliver` gets each folder's photos in batches (natural order) and
    /// returns false to stop the walk.
    /// `latestFirst`: each folder's subfolders and photos the other way round (a timeline
    /// newest first is read from its last folder: "2025" before "2016", a card's 102CANON
    /// before 100CANON), so its top is known first.
    public static func walk(_ root: FilePath, batchSize: Int = 256, maximumDepth: Int = maximumDepth, latestFirst: Bool = false,
                            deliver: ([Photo]) -> Bool) -> Report {
        var report = Report()
        var seen = Set<FolderIdentity>()
        var pending: [(path: FilePath, depth: Int)] = [(root, 0)]
        while let (folder, depth) = pending.popLast() {
            var info = stat()
            guard folder.withPlatformString({ stat($0, &info) }) == 0 else {
                report.unreadable.append(folder)
                continue
            }
            guard seen.insert(FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { continue }
            report.folders.append(folder)
            report.stamps.append(Self.stamp(info))
            var goOn = true
            do throws(FolderError) {
                try FolderScanner.scan(folder, batchSize: batchSize, reversed: latestFirst) { batch in
                    goOn = deliver(batch)
                    return goOn
                }
            } catch {
                report.unreadable.append(folder)
            }
            guard goOn else {
                report.stopped = true
                return report
            }
            let subfolders = FolderScanner.subfolders(of: folder)
            guard depth < maximumDepth else {
                report.tooDeep += subfolders.count
                continue
            }
            // Reversed onto the stack, so they come off in natural order (or the other way).
            pending += (latestFirst ? subfolders : subfolders.reversed()).map { ($0, depth + 1) }
        }
        return report
    }

    /// Whether any folder walked changed since it was read: a photo added, removed or
    /// renamed between the walk and the watching that follows it, which no watch saw.
    public static func changedSince(_ report: Report) -> Bool {
        zip(report.folders, report.stamps).contains { folder, stamp in
            var info = stat()
            return folder.withPlatformString({ stat($0, &info) }) != 0 || Self.stamp(info) != stamp
        }
    }

    private static func stamp(_ info: stat) -> Int64 {
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// Every photo below `root` at once (rescans, tests).
    public static func photos(under root: FilePath) -> (photos: [Photo], report: Report) {
        var photos: [Photo] = []
        let report = walk(root) { batch in
            photos += batch
            return true
        }
        return (photos, report)
    }

    /// Files more than folders, read so far, past which a folder is surely an album: it is
    /// read no further (a folder of 100,000 photos is asked at start, before its first photo).
    static let albumCertainty = 1_000

    /// Whether `folder` looks like a library rather than an album: more folders in it than
    /// files that may be photos (a Pictures folder of years, a card's DCIM). Read from its
    /// entries' names and types alone, so it costs at most one directory read at start.
    public static func holdsMoreFoldersThanPhotos(_ folder: FilePath) -> Bool {
        guard let directory = folder.withPlatformString({ opendir($0) }) else { return false }
        defer { closedir(directory) }
        var folders = 0, photos = 0
        while photos - folders < albumCertainty, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.bindMemory(to: UInt8.self).prefix { $0 != 0 }) }
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                let path = FilePath(rawBytes: folder.rawBytes + [UInt8(ascii: "/")] + name)
                guard path.withPlatformString({ lstat($0, &info) }) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) {
                folders += 1
            } else if type == UInt8(DT_REG) || type == UInt8(DT_LNK) {
                // A sidecar is no photo: "*.xmp" in any case.
                let isSidecar = name.count > 4 && name.suffix(4).map { $0 | 0x20 } == Array(".xmp".utf8)
                if !isSidecar { photos += 1 }
            }
        }
        return folders > photos
    }

    private struct FolderIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }
}
