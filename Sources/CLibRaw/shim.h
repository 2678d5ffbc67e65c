// SPDX-License-Identifier: GPL-3.0-or-later
// LibRaw for Swift: camera RAW files (their embedded previews, and full renders). Loaded
// when a RAW is first met (CDeferredLibraries), so not linked here.
#include <libraw/libraw.h>

// The per-channel black levels past the common one: an array too long for Swift to import.
static inline unsigned flick_libraw_channel_black(const libraw_data_t *raw, int channel) {
    return channel >= 0 && channel < 4 ? raw->color.cblack[channel] : 0;
}
