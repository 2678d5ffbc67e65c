// SPDX-License-Identifier: GPL-3.0-or-later
// glibc's allocator tuning (mallopt), which Swift's Glibc module leaves out, and faulting
// in a large allocation in one go.
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

// A megabyte or more (a screen picture, not a thumbnail) is worth faulting in at once.
static const size_t FLICK_PREFAULT_MIN_BYTES = (size_t)1 << 20;

// Maps the pages of [start, start + count) that are wholly inside it, writable, in one call:
// a fresh 6 MB buffer filled page by page takes ~1,500 faults (3–7 ms on these machines),
// one MADV_POPULATE_WRITE about 1.7 ms. Kernels before 5.14 refuse it; the pages then fault
// as they are written, as before.
static inline void flick_prefault(void *start, size_t count) {
    if (start == NULL || count < FLICK_PREFAULT_MIN_BYTES) return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = ((uintptr_t)start + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)start + count) & ~(page - 1);
    if (end > first) (void)madvise((void *)first, end - first, MADV_POPULATE_WRITE);
}

// malloc, with a large block faulted in at once: for SDL, whose software textures are
// allocated and then cleared whole.
static void *flick_prefaulting_malloc(size_t size) {
    void *block = malloc(size);
    flick_prefault(block, size);
    return block;
}
