// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage

/// One image file of an album.
public struct Photo: Sendable, Hashable {
    /// The file's path, byte for byte (names need not be UTF-8).
    public var path: FilePath { key.path }
    /// The path as the tables that follow every photo look it up (`PathKey`).
    public let key: PathKey
    public let format: ImageFormat
    public let byteCount: Int
    public let modificationDate: Date
    /// Files shown as this one photo: the camera's RAW beside its JPEG (or HEIC) of the same
    /// name, a Live Photo's video beside its still. Marked, trashed and restored with it.
    public private(set) var companions: [Photo]

    public init(path: FilePath, format: ImageFormat, byteCount: Int, modificationDate: Date, companions: [Photo] = []) {
        key = PathKey(path)
        self.format = format
        self.byteCount = byteCount
        self.modificationDate = modificationDate
        self.companions = companions
    }

    /// This photo with `companions` shown as part of it.
    public func with(companions: [Photo]) -> Photo {
        var photo = self
        photo.companions = companions
        return photo
    }

    /// True where `other` is this photo's file as it was: the same path, format, size and
    /// modification time. Both count: a file's time is the kernel's coarse clock, so a copy
    /// listed while empty and written whole a moment later may keep it to the nanosecond.
    public func isUnchanged(from other: Photo) -> Bool {
        path == other.path && format == other.format && byteCount == other.byteCount && modificationDate == other.modificationDate
    }

    /// True where `stamp` is this photo's file as listed (a decode begun before the file
    /// was rewritten is not).
    public func matches(_ stamp: FileStamp) -> Bool { stamp.matches(size: byteCount, modified: modificationDate) }

    /// Its own file and its companions'.
    public var allPaths: [FilePath] { [path] + companions.map(\.path) }

    /// "RAW+JPEG", "RAW+HEIC" for a pair; nil for a photo alone.
    public var pairName: String? {
        guard companions.contains(where: { $0.format == .raw }) else { return nil }
        return format == .heif ? "RAW+HEIC" : "RAW+JPEG"
    }

    /// A RAW+JPEG pair's RAW, whose preview may stand for its JPEG on screen (`PairPreview`).
    public var rawBeside: FilePath? { format == .jpeg ? companions.first { $0.format == .raw }?.path : nil }

    /// A Live Photo's moment: the video beside the still shown; nil for any other photo.
    public var liveVideo: Photo? { format == .video ? nil : companions.first { $0.format == .video } }

    /// The file name as text; bytes that are not UTF-8 show as "�".
    public var fileName: String {
        // From the bytes: FilePath's components parse the whole path at each step.
        let bytes = path.rawBytes
        return String(decoding: bytes[((bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...], as: UTF8.self)
    }

    /// The file name as it may be shown (`DisplayName`): escaped where it would mislead,
    /// cut in the middle where it is very long.
    public var displayName: String { DisplayName.of(lastComponentOf: path) }
}

extension FilePath {
    /// The path's bytes as the file system has them (names need not be UTF-8).
    public var rawBytes: [UInt8] {
        // Copied as bytes, not element by element: it is asked for 100,000 photos at a time.
        withPlatformString { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
    }

    /// The path made of exactly these bytes.
    public init(rawBytes: [UInt8]) {
        self = (rawBytes + [0]).withUnsafeBytes { FilePath(platformString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
    }

    /// Opens the file read-only without following it into a FIFO's wait; -1 on failure.
    func openForReading() -> Int32 {
        withPlatformString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    }
}

