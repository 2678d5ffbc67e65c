// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// Why one file was not copied. The card is only ever read, so none of these harms it; a
/// copy that failed leaves nothing under its final name.
public enum CopyFailure: Error, Equatable, Sendable {
    /// Reading the card failed (an I/O error: a card pulled, a bad sector).
    case sourceUnreadable(String)
    /// The file is gone from the card.
    case sourceGone
    /// The file changed size or time while it was read (a card written by another program).
    case sourceChanged
    /// The destination has no room left.
    case destinationFull(FilePath)
    /// The destination cannot be written (read-only, no permission), and why.
    case destinationUnwritable(FilePath, String)
    /// What was read back from the copy is not what was read from the card.
    case copyDiffers(FilePath)
    /// Something took the copy's name while it was made; it is never replaced.
    case nameTaken(FilePath)
    /// xxHash is missing: nothing can be verified, so nothing is copied.
    case cannotVerify(String)
    case cancelled
}

/// One file copied to every destination at once, each copy under a temporary name, flushed,
/// read back from the disk and compared by hash with what was read from the card, and only
/// then renamed into place (never over another file). The card is opened read-only, read
/// once, never written.
public enum VerifiedCopy {
    /// Read and written in pieces this big: few enough calls, little memory.
    static let chunkSize = 4 << 20

    /// The temporary names copies are made under: `.flick-import-PID-N.part`. A process
    /// killed mid-copy leaves one behind; the next import into that folder removes it.
    static let temporaryPrefix = ".flick-import-"
    static let temporarySuffix = ".part"
    private static let temporaryCounter = Atomic<Int>(0)

    /// Copies `source` to each of `targets` (folders are made as needed). `progress` hears
    /// the bytes read from the card so far and returns false to cancel. Returns the
    /// content's hash once every copy is in place.
    public static func copy(_ source: FilePath, to targets: [FilePath], progress: (Int) -> Bool = { _ in true }) -> Result<ContentHash, CopyFailure> {
        guard let hasher = ContentHasher() else { return .failure(.cannotVerify(ContentHasher.problem ?? "xxHash is missing")) }
        let input = source.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { return .failure(errno == ENOENT ? .sourceGone : .sourceUnreadable(Self.reason(errno))) }
        defer { close(input) }
        var before = stat()
        guard fstat(input, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG else { return .failure(.sourceUnreadable(Self.reason(EINVAL))) }
        _ = posix_fadvise(input, 0, 0, POSIX_FADV_SEQUENTIAL)

        var made: [(fd: Int32, temporary: FilePath, final: FilePath)] = []
        func abandon(_ failure: CopyFailure) -> Result<ContentHash, CopyFailure> {
            for copy in made {
                close(copy.fd)
                _ = copy.temporary.withPlatformString { unlink($0) }
            }
            return .failure(failure)
        }
        for target in targets {
            let folder = target.removingLastComponent()
            guard makeFolders(folder) else { return abandon(writeFailure(errno, folder)) }
            let temporary = folder.appending(nextTemporaryName())
            let fd = temporary.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            guard fd >= 0 else { return abandon(writeFailure(errno, folder)) }
            made.append((fd, temporary, target))
            // Room for the whole file now: a full destination says so before the card is read.
            if before.st_size > 0 {
                let reserved = posix_fallocate(fd, 0, before.st_size)
                if reserved == ENOSPC || reserved == EDQUOT { return abandon(.destinationFull(folder)) }
            }
        }

        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { readFully(input, $0) }
            if count < 0 { return abandon(.sourceUnreadable(reason(Int32(-count)))) }
            if count == 0 { break }
            total += count
            let failed = buffer.withUnsafeBytes { bytes -> CopyFailure? in
                let piece = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                hasher.update(piece)
                for copy in made {
                    let error = writeFully(copy.fd, piece)
                    if error != 0 { return writeFailure(error, copy.final.removingLastComponent()) }
                }
                return nil
            }
            if let failed { return abandon(failed) }
            if !progress(total) { return abandon(.cancelled) }
        }
        var after = stat()
        guard fstat(input, &after) == 0 else { return abandon(.sourceUnreadable(reason(errno))) }
        if total != Int(before.st_size) || after.st_size != before.st_size
            || after.st_mtim.tv_sec != before.st_mtim.tv_sec || after.st_mtim.tv_nsec != before.st_mtim.tv_nsec {
            return abandon(.sourceChanged)
        }
        let digest = hasher.digest

        for copy in made {
            // The photo's own time, as a camera wrote it; the copy is new, not the picture.
            var times = [before.st_atim, before.st_mtim]
            _ = futimens(copy.fd, &times)
            if fsync(copy.fd) != 0 { return abandon(writeFailure(errno, copy.final.removingLastComponent())) }
            // Read back from the disk, not from the pages just written.
            _ = posix_fadvise(copy.fd, 0, 0, POSIX_FADV_DONTNEED)
            guard let readBack = hash(ofFileAt: copy.temporary, buffer: &buffer) else { return abandon(.copyDiffers(copy.final)) }
            if readBack != digest { return abandon(.copyDiffers(copy.final)) }
        }
        var placed: [FilePath] = []
        for copy in made {
            close(copy.fd)
            if let error = FileMove.withoutReplacing(copy.temporary, to: copy.final) {
                // Those placed stay: each is whole and verified. The rest go.
                for rest in made where !placed.contains(rest.final) { _ = rest.temporary.withPlatformString { unlink($0) } }
                return .failure(error == EEXIST ? .nameTaken(copy.final) : writeFailure(error, copy.final.removingLastComponent()))
            }
            placed.append(copy.final)
            syncFolder(copy.final.removingLastComponent())
        }
        return .success(digest)
    }

    /// The hash of the file at `path` as it is on disk; nil if it cannot be read.
    public static func hash(ofFileAt path: FilePath) -> ContentHash? {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        return hash(ofFileAt: path, buffer: &buffer)
    }

    static func hash(ofFileAt path: FilePath, buffer: inout [UInt8]) -> ContentHash? {
        guard let hasher = ContentHasher() else { return nil }
        let fd = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        while true {
            let count = buffer.withUnsafeMutableBytes { readFully(fd, $0) }
            if count < 0 { return nil }
            if count == 0 { return hasher.digest }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// Whether `name` is one of the temporary names copies are made under.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix) && name.hasSuffix(temporarySuffix)
    }

    /// The process that made temporary `name`, if its name says.
    static func maker(ofTemporary name: String) -> pid_t? {
        guard isTemporary(name) else { return nil }
        return pid_t(name.dropFirst(temporaryPrefix.count).prefix { $0 != "-" })
    }

    static func nextTemporaryName() -> FilePath.Component {
        let number = temporaryCounter.add(1, ordering: .relaxed).newValue
        return FilePath.Component("\(temporaryPrefix)\(getpid())-\(number)\(temporarySuffix)")!
    }

    /// Fills as much of `buffer` as the file has left: the count, 0 at its end, or -errno.
    private static func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 {
                if errno == EINTR { continue }
                return -Int(errno)
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// 0, or the errno of the write that failed.
    private static func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var written = 0
        while written < bytes.count {
            let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return 0
    }

    private static func writeFailure(_ error: Int32, _ folder: FilePath) -> CopyFailure {
        error == ENOSPC || error == EDQUOT ? .destinationFull(folder) : .destinationUnwritable(folder, reason(error))
    }

    /// Makes `folder` and those above it, as a user's own (0755 less the umask).
    static func makeFolders(_ folder: FilePath) -> Bool {
        var info = stat()
        if folder.withPlatformString({ stat($0, &info) }) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        let parent = folder.removingLastComponent()
        guard parent != folder, makeFolders(parent) else { return false }
        return folder.withPlatformString { mkdir($0, 0o755) } == 0 || errno == EEXIST
    }

    /// A new name in a folder lasts a power cut only once the folder is flushed too.
    private static func syncFolder(_ folder: FilePath) {
        let fd = folder.withPlatformString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
