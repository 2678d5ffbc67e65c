// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import Marks
import PhotoLibrary
import SystemPackage

/// Why a sidecar could not be written, in words for a toast.
public struct SidecarWriteError: Error, Sendable {
    public var reason: String
}

/// What is written into a sidecar: marks, a date taken or an orientation (nil: the
/// sidecar's taken out).
enum SidecarChange: Sendable {
    case marks(PhotoMarks)
    case dateTaken(String?)
    case orientation(Orientation?)
}

/// Writes one sidecar the safe way: its new bytes made by a helper from the old ones, into
/// a new file beside it, flushed, then renamed over it, so a crash or a full disk leaves
/// the old sidecar whole. The old one's permissions are kept; a sidecar that may not be
/// written is not replaced, even where the folder would allow the rename.
enum SidecarFile {
    static func write(_ change: SidecarChange, to target: FilePath, base: FilePath?, decoder: IsolatedDecoder,
                      makingFolders: Bool = false) throws(SidecarWriteError) {
        if base == target, target.withPlatformString({ access($0, W_OK) }) != 0 {
            throw SidecarWriteError(reason: Self.describe(errno))
        }
        if let base, let reason = Sidecars.tooLargeToRead(base) {
            throw SidecarWriteError(reason: localized("its sidecar cannot be read ({problem})", ["problem": reason]))
        }
        let bytes: [UInt8]
        let made = switch change {
        case let .marks(marks): decoder.sidecar(base, updatedWith: marks)
        case let .dateTaken(date): decoder.sidecar(base, datedAt: date)
        case let .orientation(orientation): decoder.sidecar(base, orientedAs: orientation)
        }
        switch made {
        case let .success(made): bytes = made
        case let .failure(error): throw SidecarWriteError(reason: localized("its sidecar cannot be read ({problem})", ["problem": error.headline]))

        }
        let folder = target.removingLastComponent()
        if makingFolders { try makeFolders(folder) }
        var mode: mode_t = 0o644
        var info = stat()
        if target.withPlatformString({ stat($0, &info) }) == 0 { mode = info.st_mode & 0o7777 }
        let temporary = FilePath(rawBytes: folder.rawBytes + Array("/.flick-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).xmp.tmp".utf8))
        let fd = temporary.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw SidecarWriteError(reason: Self.describe(errno)) }
        // open() takes the umask off the mode: a sidecar another program made 0666 stays so.
        var failure: Int32 = fchmod(fd, mode) == 0 ? 0 : errno
        var written = 0
        while written < bytes.count && failure == 0 {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 { if errno != EINTR { failure = errno } } else { written += count }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 {
            let renamed = temporary.withPlatformString { from in target.withPlatformString { to in rename(from, to) } }
            if renamed != 0 { failure = errno }
        }
        if failure != 0 {
            _ = temporary.withPlatformString { unlink($0) }
            throw SidecarWriteError(reason: Self.describe(failure))
        }
    }

    /// `folder` and the folders above it, by their bytes (Flick's copy mirrors a photo's
    /// folder, whose name need not be UTF-8).
    private static func makeFolders(_ folder: FilePath) throws(SidecarWriteError) {
        var made = FilePath("/")
        for component in folder.components {
            made.append(component)
            if made.withPlatformString({ mkdir($0, 0o755) }) != 0 && errno != EEXIST {
                throw SidecarWriteError(reason: describe(errno))
            }
        }
    }

    /// Errors a person can act on, in their words.
    static func describe(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: localized("the folder may not be written")
        case EROFS: localized("the folder is on a read-only volume")
        case ENOSPC, EDQUOT: localized("the disk is full")
        default: String(cString: strerror(code))
        }
    }
}
