// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries
internal import CXXHash

/// What a file holds, as 128 bits of XXH3: equal hashes, equal bytes (for anything but a
/// file made to collide, which a card does not hold). Fast enough that verifying a copy
/// costs the disk's time, not the processor's.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public var description: String { String(format: "%016llx%016llx", high, low) }
}

/// Hashes bytes as they stream past (a card read once, a copy read back).
final class ContentHasher {
    private let state: OpaquePointer

    /// Nil where xxHash cannot be loaded (its package missing): an import then cannot
    /// verify, so it does not copy.
    init?() {
        guard flick_library_problem(FLICK_LIBRARY_XXHASH) == nil, let state = XXH3_createState() else { return nil }
        self.state = state
        XXH3_128bits_reset(state)
    }

    /// Why xxHash is missing, in its loader's words; nil where it is there.
    static var problem: String? { flick_library_problem(FLICK_LIBRARY_XXHASH).map { String(cString: $0) } }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        XXH3_128bits_update(state, base, bytes.count)
    }

    var digest: ContentHash {
        let hash = XXH3_128bits_digest(state)
        return ContentHash(high: hash.high64, low: hash.low64)
    }

    deinit { XXH3_freeState(state) }
}
