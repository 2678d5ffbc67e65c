// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import PhotoLibrary
import SystemPackage

/// Where a photo's marks may be written down, in the order they are believed:
/// - `kept`: Flick's own copy in `$XDG_DATA_HOME/flick/sidecars/` under the photo's
///   absolute folder, made only where the folder could not be written;
/// - `named`: `NAME.EXT.xmp` beside the photo, as darktable and digiKam name theirs;
/// - `stem`: `NAME.xmp` beside it, as Lightroom and Photo Mechanic name theirs (one for a
///   RAW and its JPEG alike).
/// Names are bytes: a photo whose name is not UTF-8 gets a sidecar named the same way.
public struct Sidecars: Sendable, Equatable {
    public let photo: FilePath
    public let kept: FilePath
    public let named: FilePath
    public let stem: FilePath

    public init(of photo: FilePath, dataFolder: FilePath) {
        self.photo = photo
        let bytes = photo.rawBytes
        let suffix = Array(".xmp".utf8)
        named = FilePath(rawBytes: bytes + suffix)
        let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        // The extension's dot: the last in the name, and not its first character.
        if let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot > nameStart {
            stem = FilePath(rawBytes: Array(bytes[..<dot]) + suffix)
        } else {
            stem = named
        }
        let absolute = bytes.first == UInt8(ascii: "/") ? bytes : Array(FileManager.default.currentDirectoryPath.utf8) + [UInt8(ascii: "/")] + bytes
        kept = FilePath(rawBytes: dataFolder.rawBytes + absolute + suffix)
    }

    /// `$XDG_DATA_HOME/flick/sidecars` (by default ~/.local/share/flick/sidecars).
    public static func dataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? FilePath($0) : nil }
            ?? FilePath(environment["HOME"] ?? NSHomeDirectory()).appending(".local/share")
        return dataHome.appending("flick/sidecars")
    }

    /// The sidecars that exist, most believed first.
    public var existing: [FilePath] {
        [kept, named, stem].reduce(into: []) { found, path in
            if !found.contains(path), Self.isFile(path) { found.append(path) }
        }
    }

    /// Where new marks go: the folder's sidecar that exists (darktable's name before
    /// Lightroom's), else a new `NAME.EXT.xmp`.
    public var writeTarget: FilePath {
        Self.isFile(named) ? named : Self.isFile(stem) ? stem : named
    }

    /// What the sidecars and the photo are now (which exist, their times and sizes): marks
    /// are read again when this changes (a sidecar written, a photo given marks inside).
    public var signature: [Int64] {
        [photo, kept, named, stem].flatMap { path -> [Int64] in
            var info = stat()
            guard path.withPlatformString({ stat($0, &info) }) == 0 else { return [-1] }
            return [Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_size), Int64(info.st_ino)]
        }
    }

    /// The sidecars that go to the Trash with `photos` (one list each, existing files only):
    /// a photo's `NAME.EXT.xmp` always, and `NAME.xmp` (one for a RAW and its JPEG alike)
    /// once no photo of that name is left among `remaining`.
    static func goingWith(_ photos: [FilePath], leaving remaining: some Sequence<FilePath>) -> [[FilePath]] {
        let stemsLeft = Set(remaining.map(FilePairs.stem(of:)))
        var stemsTaken = Set<FilePath>()
        return photos.map { photo in
            let sidecars = Sidecars(of: photo, dataFolder: FilePath("/"))
            var going = [sidecars.named]
            if sidecars.stem != sidecars.named, !stemsLeft.contains(FilePairs.stem(of: photo)), stemsTaken.insert(sidecars.stem).inserted {
                going.append(sidecars.stem)
            }
            return going.filter(isFile)
        }
    }

    /// Why the sidecar at `path` is not read, where it is too large to be (another
    /// program's, grown past what an XMP packet holds); nil otherwise.
    static func tooLargeToRead(_ path: FilePath) -> String? {
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0, Int(info.st_size) > XMPMarks.maximumPacketBytes else { return nil }
        return localized("it is larger than {size}", ["size": Language.fileSize(XMPMarks.maximumPacketBytes)])
    }

    static func isFile(_ path: FilePath) -> Bool {
        var info = stat()
        return path.withPlatformString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
