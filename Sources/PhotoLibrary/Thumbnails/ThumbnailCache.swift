// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGLib
internal import CPNG
import Foundation
import SystemPackage
import Pixels

/// The freedesktop.org Thumbnail Managing Standard's shared cache, so Flick and the file
/// managers make each thumbnail once: `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large}/` PNGs
/// named by the MD5 of the file's URI, carrying `Thumb::URI` and `Thumb::MTime`; stale
/// when the file's mtime changed; failures recorded under `fail/<app>-<version>/` so a
/// bad file is not retried every time. Flick writes only here, never into photo folders.
public struct ThumbnailCache: Sendable {
    public enum Flavor: String, Sendable, CaseIterable {
        /// At most 128 pixels on the longer side.
        case normal
        /// At most 256.
        case large
        /// At most 512: what a grid on a HiDPI screen shows.
        case xLarge = "x-large"

        public var pixelSize: Int {
            switch self {
            case .normal: 128
            case .large: 256
            case .xLarge: 512
            }
        }

        /// The smallest flavour at least `pixels` big, or nil when even `x-large` is too small.
        public static func covering(_ pixels: Int) -> Flavor? { allCases.first { $0.pixelSize >= pixels } }

        /// The flavour to decode a picture shown `pixels` big at: the smallest covering it,
        /// else the largest there is.
        public static func nearest(_ pixels: Int) -> Flavor { covering(pixels) ?? allCases.last! }
    }

    /// What the cache knows of a file.
    public enum Entry: Equatable, Sendable {
        /// A thumbnail for the file as it is now.
        case valid(FilePath)
        /// Making one failed before, for the file as it is now.
        case failed
        case missing
    }

    public let root: FilePath
    /// The `fail/` subfolder this program records in, e.g. "flick-0.1.0".
    public let failureFolder: String

    /// Photos turned by their sidecars (`PhotoTurns`): the cache holds every file as it is,
    /// for every program, so theirs are neither read from it nor written into it.
    public let turns: PhotoTurns?

    public init(root: FilePath, application: String, turns: PhotoTurns? = nil) {
        self.root = root
        failureFolder = application
        self.turns = turns
    }

    private func isTurned(_ photo: Photo) -> Bool { turns.map { $0.turn(of: photo.path) != .up } ?? false }

    /// `$XDG_CACHE_HOME/thumbnails`, or `~/.cache/thumbnails`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        cacheHome(environment: environment).appending("thumbnails")
    }

    /// `$XDG_CACHE_HOME` when it is an absolute path (the base directory specification
    /// ignores a relative one), else `~/.cache`.
    public static func cacheHome(environment: [String: String]) -> FilePath {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return FilePath(cache) }
        return FilePath(environment["HOME"] ?? NSHomeDirectory()).appending(".cache")
    }

    /// The file's canonical URI (RFC 3986-escaped `file://` absolute path), or nil for a
    /// relative path.
    public static func uri(for path: FilePath) -> String? {
        path.withPlatformString { raw -> String? in
            guard let uri = g_filename_to_uri(raw, nil, nil) else { return nil }
            defer { g_free(uri) }
            return String(cString: uri)
        }
    }

    /// The MD5 of the URI in lower-case hex: the thumbnail's file name without ".png".
    public static func hash(uri: String) -> String {
        let digest = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1)!
        defer { g_free(digest) }
        return String(cString: digest)
    }

    public func path(for uri: String, flavor: Flavor) -> FilePath {
        root.appending(flavor.rawValue).appending(Self.hash(uri: uri) + ".png")
    }

    /// Removes every thumbnail of `file`, in every size, and a failure recorded for it:
    /// its picture changed without its modification time (a photo turned in place).
    public func forget(_ file: FilePath) {
        guard let uri = Self.uri(for: file) else { return }
        for flavor in Flavor.allCases { try? FileManager.default.removeItem(atPath: path(for: uri, flavor: flavor).string) }
        try? FileManager.default.removeItem(atPath: failurePath(for: uri).string)
    }

    public func failurePath(for uri: String) -> FilePath {
        root.appending("fail").appending(failureFolder).appending(Self.hash(uri: uri) + ".png")
    }

    /// Whether a current thumbnail of `flavor`, or a current failure, exists for `photo` as
    /// it is now: its modification time in whole seconds (as the standard compares) and,
    /// where the entry records it, its size. A file written within the second it was first
    /// seen (a copy arriving, empty at first) has a new size though not a new time.
    public func entry(for photo: Photo, flavor: Flavor) -> Entry {
        guard !isTurned(photo), let uri = Self.uri(for: photo.path) else { return .missing }
        let mtime = Self.mtime(photo.modificationDate), size = String(photo.byteCount)
        func isCurrent(_ thumbnail: FilePath) -> Bool {
            Self.text(in: thumbnail, key: "Thumb::URI") == uri && Self.text(in: thumbnail, key: "Thumb::MTime") == mtime
                && (Self.text(in: thumbnail, key: "Thumb::Size").map { $0 == size } ?? true)
        }
        let thumbnail = path(for: uri, flavor: flavor)
        if isCurrent(thumbnail) { return .valid(thumbnail) }
        return isCurrent(failurePath(for: uri)) ? .failed : .missing
    }

    /// The standard's `Thumb::MTime`: whole seconds.
    private static func mtime(_ date: Date) -> String { String(Int(date.timeIntervalSince1970.rounded(.down))) }

    /// What a thumbnail of `photo` carries to say which file, as it was, it shows.
    private static func stamp(of photo: Photo, uri: String) -> [(String, String)] {
        [("Thumb::URI", uri), ("Thumb::MTime", mtime(photo.modificationDate)), ("Thumb::Size", String(photo.byteCount))]
    }

    /// Stores `pixels` (already no larger than the flavour) as the thumbnail of `file`.
    public func store(_ pixels: PixelBuffer, for photo: Photo, flavor: Flavor, originalSize: (width: Int, height: Int)? = nil) throws(CacheError) {
        guard !isTurned(photo) else { return }
        guard let uri = Self.uri(for: photo.path) else { throw .noURI }
        var texts = Self.stamp(of: photo, uri: uri) + [("Software", "Flick")]
        if let originalSize {
            texts += [("Thumb::Image::Width", String(originalSize.width)), ("Thumb::Image::Height", String(originalSize.height))]
        }
        try write(pixels, texts: texts, to: path(for: uri, flavor: flavor))
        // A failure recorded for the file as it was (empty, half-copied) no longer holds.
        try? FileManager.default.removeItem(atPath: failurePath(for: uri).string)
    }

    /// Records that no thumbnail can be made of `file` as it is now, and why, so the reason
    /// is shown again (a tile says "too large", not just "cannot open").
    public func recordFailure(for photo: Photo, error: DecodeError) throws(CacheError) {
        guard let uri = Self.uri(for: photo.path) else { throw .noURI }
        let blank = PixelBuffer(width: 1, height: 1, blue: 0, green: 0, red: 0, alpha: 0)
        let wire = error.wire
        try write(blank, texts: Self.stamp(of: photo, uri: uri) + [(Self.failureKey, "\(wire.kind) \(wire.width) \(wire.height) \(wire.reason)")],
                  to: failurePath(for: uri))
    }

    /// Why making a thumbnail of `file` failed, as recorded (nil if not, or recorded by
    /// another program).
    public func recordedFailure(for file: FilePath) -> DecodeError? {
        guard let uri = Self.uri(for: file), let text = Self.text(in: failurePath(for: uri), key: Self.failureKey) else { return nil }
        let fields = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count >= 3, let kind = UInt8(fields[0]), let width = Int(fields[1]), let height = Int(fields[2]) else { return nil }
        return DecodeError(wireKind: kind, width: width, height: height, reason: fields.count == 4 ? String(fields[3]) : "")
    }

    /// The failure record's text chunk saying why.
    static let failureKey = "Flick::Failure"

    public enum CacheError: Error, Equatable {
        case noURI
        case cannotWrite(String)
    }

    /// Writes a PNG beside its final name and renames it into place, so readers never see
    /// half a file; mode 0600 and folders 0700, as the standard asks (thumbnails reveal
    /// what a user's files look like).
    private func write(_ pixels: PixelBuffer, texts: [(String, String)], to target: FilePath) throws(CacheError) {
        let folder = target.removingLastComponent()
        if let failed = Self.makePrivateFolders(folder) { throw .cannotWrite(failed.string) }
        let temporary = folder.appending(".\(target.lastComponent?.string ?? "thumb").\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let keys = texts.map { strdup($0.0) }, values = texts.map { strdup($0.1) }
        defer { (keys + values).forEach { free($0) } }
        var keyPointers = keys.map { UnsafePointer($0) }, valuePointers = values.map { UnsafePointer($0) }
        let status = temporary.withPlatformString { tempPath in
            pixels.bytes.withUnsafeBufferPointer { bytes in
                flick_png_write(tempPath, bytes.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.bytesPerRow),
                                &keyPointers, &valuePointers, Int32(texts.count))
            }
        }
        guard status == 0 else {
            _ = temporary.withPlatformString { unlink($0) }
            throw .cannotWrite(target.string)
        }
        let moved = temporary.withPlatformString { tempPath in
            target.withPlatformString { finalPath in chmod(tempPath, 0o600) == 0 && rename(tempPath, finalPath) == 0 }
        }
        if !moved {
            _ = temporary.withPlatformString { unlink($0) }
            throw .cannotWrite(target.string)
        }
    }

    /// Makes `folder` and whatever above it is missing, private to the user (0700), as
    /// caches of what a user's photos look like must be. Nil when done, else the folder that
    /// could not be made.
    static func makePrivateFolders(_ folder: FilePath) -> FilePath? {
        var current = FilePath("/")
        for component in folder.components {
            current.append(component)
            let made = current.withPlatformString { mkdir($0, 0o700) }
            if made != 0 && errno != EEXIST { return current }
        }
        return nil
    }

    /// The text of chunk `key` in the PNG at `path`, if any.
    public static func text(in path: FilePath, key: String) -> String? {
        var value = [CChar](repeating: 0, count: 4096)
        let found = path.withPlatformString { flick_png_read_text($0, key, &value, Int32(value.count)) }
        return found == 0 ? String(filledBuffer: value) : nil
    }
}
