// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage

/// Each photo's likeness kept across runs: measured once (≈65–80 ms of a helper for a 12 MP
/// JPEG), read back in a fraction of a millisecond the next time its folder groups bursts
/// or sorts by sharpness. One small file a photo under `$XDG_CACHE_HOME/flick/likenesses/`,
/// named as the shared thumbnails are (the MD5 of the photo's URI), holding the URI and the
/// photo's modification time and size when it was measured: a photo changed since is
/// measured again, and so is every photo once the measure itself changes (`version`).
public struct LikenessCache: Sendable {
    public let root: FilePath

    /// The measure's edition: raised whenever `FocusMeasure` or `LookHash` would score a
    /// photo differently, so no old score is ranked beside a new one. 4: a RAW is measured
    /// on its JPEG preview's own luma; 5: the contrastier half of the tiles pooled.
    public static let version = 5
    /// A record is a few lines; anything longer is not one.
    static let maximumBytes = 4096

    public init(root: FilePath) {
        self.root = root
    }

    /// `$XDG_CACHE_HOME/flick/likenesses`, or `~/.cache/flick/likenesses`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        ThumbnailCache.cacheHome(environment: environment).appending("flick/likenesses")
    }

    /// What a photo is when measured: the record is current while these have not changed.
    public struct Stamp: Sendable, Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int

        /// The photo at `path` as it is now; nil if it cannot be looked at.
        public init?(of path: FilePath) {
            var status = stat()
            guard path.withPlatformString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            self.init(seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec), size: Int(status.st_size))
        }

        init(seconds: Int, nanoseconds: Int, size: Int) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
            self.size = size
        }
    }

    /// The likeness kept for the photo at `path`, if it was measured as the photo is now.
    public func likeness(of path: FilePath) -> PhotoLikeness? {
        guard let uri = ThumbnailCache.uri(for: path), let stamp = Stamp(of: path),
              let record = contents(of: file(for: uri)) else { return nil }
        let lines = record.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == "flick-likeness \(Self.version)", lines[1] == uri else { return nil }
        let stamped = lines[2].split(separator: " ").compactMap { Int($0) }
        let measured = lines[3].split(separator: " ")
        guard stamped.count == 3, Stamp(seconds: stamped[0], nanoseconds: stamped[1], size: stamped[2]) == stamp,
              measured.count == 2, let sharpness = Double(measured[0]), sharpness.isFinite, sharpness >= 0,
              let hash = UInt64(measured[1], radix: 16) else { return nil }
        return PhotoLikeness(sharpness: sharpness, hash: hash)
    }

    /// Keeps `likeness`, measured of the photo at `path` when it was as `stamp` says (taken
    /// before measuring: a photo rewritten meanwhile is not taken for the one measured). A
    /// cache that cannot be written costs the next run the measuring, nothing else.
    public func store(_ likeness: PhotoLikeness, for path: FilePath, measuredAt stamp: Stamp) {
        guard let uri = ThumbnailCache.uri(for: path) else { return }
        let record = "flick-likeness \(Self.version)\n\(uri)\n\(stamp.seconds) \(stamp.nanoseconds) \(stamp.size)\n"
            + "\(likeness.sharpness) \(String(likeness.hash, radix: 16))\n"
        let target = file(for: uri)
        guard record.utf8.count <= Self.maximumBytes, ThumbnailCache.makePrivateFolders(root) == nil else { return }
        let temporary = root.appending(".\(target.lastComponent?.string ?? "likeness").\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let written = temporary.withPlatformString { temporaryPath -> Bool in
            let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return false }
            let bytes = Array(record.utf8)
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            let closed = close(descriptor) == 0
            return count == bytes.count && closed && target.withPlatformString { rename(temporaryPath, $0) == 0 }
        }
        if !written { _ = temporary.withPlatformString { unlink($0) } }
    }

    func file(for uri: String) -> FilePath {
        root.appending(ThumbnailCache.hash(uri: uri))
    }

    /// The record's text, if it is a small regular file.
    private func contents(of path: FilePath) -> String? {
        let descriptor = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= Self.maximumBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Self.maximumBytes)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(validating: bytes[..<count], as: UTF8.self)
    }
}
