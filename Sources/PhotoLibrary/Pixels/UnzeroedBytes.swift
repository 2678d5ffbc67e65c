// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMalloc

extension [UInt8] {
    /// The bytes `fill` writes from the start of a block of `capacity`, given back as how
    /// many it wrote. Nothing is zeroed first (a picture is megabytes, all of it written
    /// over), and a block of a megabyte or more is faulted in with one call instead of a
    /// page at a time as it is written.
    init(capacity: Int, filledBy fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        self.init(unsafeUninitializedCapacity: capacity) { buffer, initialized in
            flick_prefault(buffer.baseAddress, buffer.count)
            initialized = Swift.min(Swift.max(fill(buffer), 0), capacity)
        }
    }
}
