// SPDX-License-Identifier: GPL-3.0-or-later
internal import CProcess

/// Whether some bytes hold others, by the C library's memmem (`flick_find_bytes`), which
/// finds a packet in a photo's head and a word among 100,000 photos' names alike.
public enum ByteSearch {
    public static func contains(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Bool {
        guard needle.count > 0 else { return true }
        guard let base = haystack.baseAddress, let wanted = needle.baseAddress else { return false }
        return flick_find_bytes(base, haystack.count, wanted, needle.count) != nil
    }
}
