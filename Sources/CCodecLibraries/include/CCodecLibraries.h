// SPDX-License-Identifier: GPL-3.0-or-later
// The codec libraries Flick loads only when a photo needs them: HEIF/AVIF (libheif), JPEG XL
// (libjxl), SVG (librsvg and cairo) and camera RAW (LibRaw). Linked, they cost every start
// of Flick ≈ 25 ms of symbol binding and static constructors before its first photo, a JPEG
// in most folders; loaded on demand, only the helper that meets such a file pays, once.
// Their functions are called through their own headers as usual: this target defines each
// one Flick uses, and the first call finds the library's own.
#ifndef FLICK_CODEC_LIBRARIES_H
#define FLICK_CODEC_LIBRARIES_H

#include <stddef.h>

typedef enum {
    FLICK_CODEC_HEIF = 0,
    FLICK_CODEC_JXL = 1,
    FLICK_CODEC_RSVG = 2,
    FLICK_CODEC_CAIRO = 3,
    FLICK_CODEC_RAW = 4,
    FLICK_CODEC_COUNT = 5
} flick_codec_library;

// Loads `library` if it is not yet: 1 when it is there, else 0 with the reason (the
// library's file name and the loader's words) in `reason`, `capacity` bytes at most.
// Call it before any function of that library; a function called without it loads the
// library itself and ends the process if it cannot.
int flick_codec_load(flick_codec_library library, char *reason, size_t capacity);

// The file name Flick loads `library` by (its soname, from the headers it was built with).
const char *flick_codec_file_name(flick_codec_library library);

#endif
