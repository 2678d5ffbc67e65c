// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SystemPackage

/// A path as a dictionary key, its hash worked out once, from its bytes at once.
///
/// `FilePath` hashes its bytes one by one, a few hundred nanoseconds a path: the tables
/// that follow every photo of an album (the dates, the marks, where each picture is) are
/// filled and asked 100,000 times at each change, and that hashing was most of the time a
/// warm library took to show, and most of a search keystroke's. A `Photo` carries its key.
public struct PathKey: Hashable, Sendable {
    public let path: FilePath
    private let hash: Int

    public init(_ path: FilePath) {
        self.path = path
        hash = path.withPlatformString { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(start: bytes, count: strlen(bytes)))
            return hasher.finalize()
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    public static func == (a: PathKey, b: PathKey) -> Bool {
        a.hash == b.hash && a.path == b.path
    }
}
