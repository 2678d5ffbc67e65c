// SPDX-License-Identifier: GPL-3.0-or-later
// xxHash's XXH3, 128 bits: an import hashes what it reads from a card and what it reads
// back from each copy, at memory speed, so verifying costs the disk's time, not the CPU's.
#include <xxhash.h>
