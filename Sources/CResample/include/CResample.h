// SPDX-License-Identifier: GPL-3.0-or-later
// A picture cut to a size bilinearly, for PhotoLibrary's decodes: in C for SSE2 (x86-64's
// baseline) with a plain fallback elsewhere, and without SDL, which a decode helper then
// never has to load.
#ifndef FLICK_CRESAMPLE_H
#define FLICK_CRESAMPLE_H

#include <stddef.h>
#include <stdint.h>

// Cuts a width × height picture of 4-byte pixels (rows `source_stride` bytes apart) to
// target_width × target_height (packed rows), each channel alike, by bilinear
// interpolation with pixel centres aligned: for reductions to no less than half, where each
// output pixel draws on at most 2 × 2 source pixels. 0 on success; -1 if a size is zero or
// memory runs out.
int flick_resample_bilinear(const uint8_t *source, int width, int height, size_t source_stride,
                            uint8_t *target, int target_width, int target_height);

#endif
