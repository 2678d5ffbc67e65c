// SPDX-License-Identifier: GPL-3.0-or-later
import CMalloc
import Glibc
import Testing

/// A screen-size block (a picture read from a helper, a texture SDL clears whole) is
/// faulted in with one call before it is written, not a page at a time as it is written.
@Suite struct PrefaultTests {
    /// A fresh anonymous mapping: none of its pages is resident until touched.
    func withFreshMapping(_ count: Int, _ body: (UnsafeMutableRawPointer) -> Void) throws {
        let block = try #require(mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(block != MAP_FAILED)
        defer { munmap(block, count) }
        body(block)
    }

    func residentPages(_ block: UnsafeMutableRawPointer, _ count: Int) -> Int {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var flags = [UInt8](repeating: 0, count: count / page)
        #expect(mincore(block, count, &flags) == 0)
        return flags.filter { $0 & 1 != 0 }.count
    }

    @Test func aScreenSizeBlockIsResidentBeforeItIsWritten() throws {
        let size = 6 << 20, pages = size / Int(sysconf(Int32(_SC_PAGESIZE)))
        try withFreshMapping(size) { block in
            #expect(residentPages(block, size) == 0, "a fresh mapping has nothing resident")
            flick_prefault(block, size)
            #expect(residentPages(block, size) == pages)
        }
    }

    @Test func aBlockUnderAMegabyteIsLeftToFaultAsItIsWritten() throws {
        let size = 512 << 10
        try withFreshMapping(size) { block in
            flick_prefault(block, size)
            #expect(residentPages(block, size) == 0)
        }
    }
}
