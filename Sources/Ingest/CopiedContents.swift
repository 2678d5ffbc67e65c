// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import Foundation
import SystemPackage

/// What a destination already holds, by content: the files under its base folder whose
/// sizes a card file has, hashed when first compared. An import skips a file already
/// copied (by an earlier import, or one that was cut short) whatever its name there.
final class CopiedContents {
    private var pathsBySize: [Int: [FilePath]] = [:]
    private var hashes: [FilePath: ContentHash] = [:]

    /// Looks under `base` for files of the `sizes` wanted, leaving out `excluded` (the card
    /// itself, where it lies under the base). Temporary copies a killed import left behind
    /// are removed on the way: each is a part of a file still on the card.
    init(base: FilePath, sizes: Set<Int>, excluding excluded: FilePath?) {
        var folders = [base]
        var visited: Set<[Int]> = []
        while let folder = folders.popLast() {
            var folderInfo = stat()
            guard folder.withPlatformString({ stat($0, &folderInfo) }) == 0 else { continue }
            // A folder reached twice (a bind mount, a link loop) is read once.
            guard visited.insert([Int(folderInfo.st_dev), Int(folderInfo.st_ino)]).inserted else { continue }
            if let excluded, folder == excluded { continue }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.string) else { continue }
            for name in names {
                let path = folder.appending(name)
                var info = stat()
                guard path.withPlatformString({ lstat($0, &info) }) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    folders.append(path)
                } else if (info.st_mode & S_IFMT) == S_IFREG {
                    if VerifiedCopy.isTemporary(name) {
                        Self.removeIfAbandoned(path, name: name)
                    } else if sizes.contains(Int(info.st_size)) {
                        pathsBySize[Int(info.st_size), default: []].append(path)
                    }
                }
            }
        }
    }

    /// A copy of content `hash` (of `size` bytes) already there, if any.
    func copy(of hash: ContentHash, size: Int) -> FilePath? {
        for path in pathsBySize[size] ?? [] {
            let known = hashes[path] ?? VerifiedCopy.hash(ofFileAt: path)
            hashes[path] = known
            if known == hash { return path }
        }
        return nil
    }

    /// Whether any file of `size` bytes is there (only then is the card's file hashed first).
    func mayHold(size: Int) -> Bool { pathsBySize[size] != nil }

    /// A copy just made.
    func add(_ path: FilePath, hash: ContentHash, size: Int) {
        pathsBySize[size, default: []].append(path)
        hashes[path] = hash
    }

    /// Removes a temporary copy whose import is no longer running.
    private static func removeIfAbandoned(_ path: FilePath, name: String) {
        guard let maker = VerifiedCopy.maker(ofTemporary: name), maker != getpid() else { return }
        if kill(maker, 0) != 0 && errno == ESRCH { _ = path.withPlatformString { unlink($0) } }
    }
}
