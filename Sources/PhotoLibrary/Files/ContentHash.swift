// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries
internal import CXXHash
import Foundation
import SystemPackage

/// What a file holds, as 128 bits of XXH3: equal hashes, equal bytes (for anything but a
/// file made to collide, which a card does not hold). Fast enough that verifying a copy
/// costs the disk's time, not the processor's.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        (self.high, self.low) = (high, low)
    }

    public var description: String { String(format: "%016llx%016llx", high, low) }
}

/// Hashes bytes as they stream past (a card read once, a copy read back, a duplicate).
public final class ContentHasher {
    private let state: OpaquePointer

    /// Nil where xxHash cannot be loaded (its package missing): an import then cannot
    /// verify, so it does not copy.
    public init?() {
        guard flick_library_problem(FLICK_LIBRARY_XXHASH) == nil, let state = XXH3_createState() else { return nil }
        self.state = state
        XXH3_128bits_reset(state)
    }

    /// Why xxHash is missing, in its loader's words; nil where it is there.
    public static var problem: String? { flick_library_problem(FLICK_LIBRARY_XXHASH).map { String(cString: $0) } }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        XXH3_128bits_update(state, base, bytes.count)
    }

    public var digest: ContentHash {
        let hash = XXH3_128bits_digest(state)
        return ContentHash(high: hash.high64, low: hash.low64)
    }

    deinit { XXH3_freeState(state) }
}

extension ContentHash {
    /// The hash of the file at `path`, or of its first `prefix` bytes; nil where it cannot
    /// be read (or xxHash loaded).
    public static func of(_ path: FilePath, prefix: Int? = nil) -> ContentHash? {
        guard let hasher = ContentHasher() else { return nil }
        let fd = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // A buffer no larger than the file: a duplicate search hashes tens of thousands of
        // small photos, and a megabyte made and faulted in for each cost more than reading.
        var info = stat()
        let size = fstat(fd, &info) == 0 ? max(Int(info.st_size), 0) : Int.max
        var left = prefix ?? .max
        var buffer = [UInt8](repeating: 0, count: max(1, min(1 << 20, left, size == Int.max ? size : size + 1)))
        let chunk = buffer.count
        while left > 0 {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min(chunk, left)) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            left -= count
        }
        return hasher.digest
    }
}
