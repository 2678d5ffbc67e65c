// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import SystemPackage

/// A quarter turn of a photo as it is shown.
public enum QuarterTurn: Sendable, Equatable {
    case clockwise, anticlockwise
}

extension Orientation {
    /// The orientation that shows the photo turned a quarter more: `applying` it gives
    /// what `applying` self gave, turned. Mirrored ones stay mirrored.
    public func turned(_ turn: QuarterTurn) -> Orientation {
        // Clockwise: 1 → 6 → 3 → 8 → 1, and mirrored 2 → 7 → 4 → 5 → 2 (EXIF 2.3, 0x0112).
        let clockwise: [Orientation: Orientation] = [.up: .right, .right: .down, .down: .left, .left: .up,
                                                     .upMirrored: .rightMirrored, .rightMirrored: .downMirrored,
                                                     .downMirrored: .leftMirrored, .leftMirrored: .upMirrored]
        switch turn {
        case .clockwise: return clockwise[self]!
        case .anticlockwise: return clockwise.first { $0.value == self }!.key
        }
    }
}

/// Where a JPEG's EXIF orientation (tag 0x0112 of IFD0, a SHORT) is in its bytes, so that
/// it can be changed and nothing else.
public struct OrientationTag: Sendable, Equatable {
    /// The offset of its two-byte value in the file.
    public var offset: Int
    public var bigEndian: Bool
    public var orientation: Orientation

    /// The tag of a JPEG's bytes; nil where the file is not a JPEG, has no EXIF block, its
    /// EXIF block has no orientation (or one of another type, or an unknown value), or any
    /// of it lies outside its segment (a damaged block is not written into).
    public static func find(in bytes: [UInt8]) -> OrientationTag? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            // Fill bytes, and markers that stand alone.
            if marker == 0xFF { i += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            // The picture's data starts, or the file ends: no EXIF before them.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let end = i + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xE1, end - (i + 4) >= 14, Array(bytes[(i + 4)..<(i + 10)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return inTIFF(bytes, from: i + 10, to: end)
            }
            i = end
        }
        return nil
    }

    /// The tag in the TIFF structure at `start` (its header) that must end by `end`.
    private static func inTIFF(_ bytes: [UInt8], from start: Int, to end: Int) -> OrientationTag? {
        let bigEndian: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= start, at + 2 <= end else { return nil }
            return bigEndian ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at + 1]) << 8 | Int(bytes[at])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(bigEndian ? at : at + 2), let low = u16(bigEndian ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        // The whole directory inside the block, or the block is damaged and not written into.
        guard u16(start + 2) == 42, let ifd = u32(start + 4), let count = u16(start + ifd), start + ifd + 2 + count * 12 <= end else { return nil }
        for entry in 0..<count {
            let at = start + ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            guard tag == 0x0112 else { continue }
            // A SHORT, one of it: the value sits in the entry itself.
            guard u16(at + 2) == 3, u32(at + 4) == 1, let value = u16(at + 8), let orientation = Orientation(rawValue: value) else { return nil }
            return OrientationTag(offset: at + 8, bigEndian: bigEndian, orientation: orientation)
        }
        return nil
    }
}

/// Why a photo was not turned.
public enum RotationError: Error, Sendable, Equatable {
    /// Not a JPEG with an orientation tag to change in place.
    case noTag
    case tooLarge
    /// Another program changed or replaced the file since Flick read it.
    case changed
    case unreadable(String)
    case unwritable(String)

    /// In a few words, for a message.
    public var reason: String {
        switch self {
        case .noTag: localized("it has no orientation tag to change in place")
        case .tooLarge: localized("it is too large to rewrite")
        case .changed: localized("another program changed it since Flick read it")
        case let .unreadable(reason), let .unwritable(reason): reason
        }
    }
}

/// Turns a JPEG by its orientation tag, written into a copy of the file that replaces it:
/// every other byte kept (a gain map, an embedded video), the mode and times kept, the
/// file replaced at once (a crash leaves the old one or the new one, never half of one).
public enum OrientationWriter {
    /// The largest file rewritten (it is read whole).
    public static let largestFile = 1 << 30

    /// What a turn did, for its undo.
    public struct Turned: Sendable, Equatable {
        public var path: FilePath
        public var tag: OrientationTag
        public var before: Orientation
        public var after: Orientation
        /// The file as it was left.
        public var stamp: FileStamp
    }

    /// Turns the photo at `path` a quarter; `expected` is the file as Flick read it (a
    /// different one is refused).
    public static func turn(_ path: FilePath, _ turn: QuarterTurn, expecting expected: FileStamp? = nil) throws(RotationError) -> Turned {
        guard let stamp = FileStamp(of: path) else { throw .unreadable(localized("it is no longer there")) }
        if let expected, !expected.isSameFile(as: stamp) { throw .changed }
        guard stamp.values[0] <= largestFile else { throw .tooLarge }
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path.string), options: .mappedIfSafe))
        } catch {
            throw .unreadable((error as NSError).localizedDescription)
        }
        guard let tag = OrientationTag.find(in: bytes) else { throw .noTag }
        let after = tag.orientation.turned(turn)
        let left = try write(after, into: bytes, at: tag, path: path, replacing: stamp)
        return Turned(path: path, tag: tag, before: tag.orientation, after: after, stamp: left)
    }

    /// Puts back what `turned` changed, if the file is still as the turn left it: its size
    /// and time, and the tag where the turn put it, holding what the turn wrote.
    public static func undo(_ turned: Turned) throws(RotationError) -> FileStamp {
        guard let stamp = FileStamp(of: turned.path) else { throw .unreadable(localized("it is no longer there")) }
        guard stamp.hasSameSizeAndTime(as: turned.stamp) else { throw .changed }
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: turned.path.string), options: .mappedIfSafe))
        } catch {
            throw .unreadable((error as NSError).localizedDescription)
        }
        guard OrientationTag.find(in: bytes) == OrientationTag(offset: turned.tag.offset, bigEndian: turned.tag.bigEndian, orientation: turned.after) else {
            throw .changed
        }
        return try write(turned.before, into: bytes, at: turned.tag, path: turned.path, replacing: stamp)
    }

    /// `bytes` with `orientation` at `tag`, written beside `path` and renamed over it once
    /// flushed; refused if the file changed meanwhile. The file's new stamp.
    private static func write(_ orientation: Orientation, into bytes: [UInt8], at tag: OrientationTag, path: FilePath,
                              replacing stamp: FileStamp) throws(RotationError) -> FileStamp {
        var bytes = bytes
        let value = UInt16(orientation.rawValue)
        bytes[tag.offset] = UInt8(tag.bigEndian ? value >> 8 : value & 0xFF)
        bytes[tag.offset + 1] = UInt8(tag.bigEndian ? value & 0xFF : value >> 8)
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { throw .unreadable(localized("it is no longer there")) }
        guard let name = path.lastComponent?.string else { throw .unwritable(localized("it has no name")) }
        let temporary = path.removingLastComponent().appending(".\(name).flick-turn-\(getpid())")
        let descriptor = temporary.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o7777) }
        guard descriptor >= 0 else { throw .unwritable(String(cString: strerror(errno))) }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += count
            }
        }
        // The mode (open's is masked by the umask), the owner where allowed, the times.
        if failure == nil, fchmod(descriptor, info.st_mode & 0o7777) != 0 { failure = String(cString: strerror(errno)) }
        _ = fchown(descriptor, info.st_uid, info.st_gid)
        var times = [info.st_atim, info.st_mtim]
        if failure == nil, futimens(descriptor, &times) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        // Another program's change since the file was read wins: the copy goes.
        if failure == nil, FileStamp(of: path)?.isSameFile(as: stamp) != true { failure = "" }
        if let failure {
            _ = temporary.withPlatformString { unlink($0) }
            throw failure.isEmpty ? .changed : .unwritable(failure)
        }
        guard temporary.withPlatformString({ tmp in path.withPlatformString { rename(tmp, $0) } }) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = temporary.withPlatformString { unlink($0) }
            throw .unwritable(reason)
        }
        // The new name in the folder on disk too.
        let folder = path.removingLastComponent().withPlatformString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
        return FileStamp(of: path) ?? stamp
    }
}
