// SPDX-License-Identifier: GPL-3.0-or-later
// libtiff for Swift: the first page of a TIFF, read from memory.
//
// libtiff reads through callbacks and reports errors through printf-style handlers; both
// are C-shaped (a va_list cannot be formatted from Swift), so they live here, small.
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <tiffio.h>

// A file's bytes as libtiff reads them, and the first error it reported.
typedef struct {
    const unsigned char *bytes;
    toff_t count;
    toff_t at;
    char error[256];
} flick_tiff_source;

static inline tmsize_t flick_tiff_read(thandle_t handle, void *buffer, tmsize_t size) {
    flick_tiff_source *source = (flick_tiff_source *)handle;
    if (size < 0 || source->at >= source->count) return 0;
    toff_t left = source->count - source->at;
    tmsize_t n = (toff_t)size < left ? size : (tmsize_t)left;
    memcpy(buffer, source->bytes + source->at, (size_t)n);
    source->at += (toff_t)n;
    return n;
}

static inline tmsize_t flick_tiff_write(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle; (void)buffer; (void)size;
    return -1;
}

static inline toff_t flick_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    flick_tiff_source *source = (flick_tiff_source *)handle;
    toff_t base = whence == SEEK_CUR ? source->at : whence == SEEK_END ? source->count : 0;
    // Past the end is allowed (a read there gives nothing); wrapping is not.
    if (offset > (toff_t)INT64_MAX - base) return (toff_t)-1;
    source->at = base + offset;
    return source->at;
}

static inline int flick_tiff_close(thandle_t handle) { (void)handle; return 0; }
static inline toff_t flick_tiff_size(thandle_t handle) { return ((flick_tiff_source *)handle)->count; }
static inline int flick_tiff_map(thandle_t handle, void **base, toff_t *size) {
    (void)handle; (void)base; (void)size;
    return 0;
}
static inline void flick_tiff_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle; (void)base; (void)size;
}

// Keeps the first error for the user; warnings (unknown tags and the like) are dropped.
static inline int flick_tiff_on_error(TIFF *tiff, void *handle, const char *module, const char *format, va_list args) {
    (void)tiff; (void)module;
    flick_tiff_source *source = (flick_tiff_source *)handle;
    if (source->error[0] == 0) vsnprintf(source->error, sizeof source->error, format, args);
    return 1;
}

static inline int flick_tiff_on_warning(TIFF *tiff, void *handle, const char *module, const char *format, va_list args) {
    (void)tiff; (void)handle; (void)module; (void)format; (void)args;
    return 1;
}

// Opens `source` read-only with no single allocation above `max_allocation` bytes and
// nothing printed; NULL (with source->error) when libtiff cannot read its first directory.
static inline TIFF *flick_tiff_open(flick_tiff_source *source, tmsize_t max_allocation) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_allocation);
    TIFFOpenOptionsSetErrorHandlerExtR(options, flick_tiff_on_error, source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, flick_tiff_on_warning, source);
    // "m": never map; the bytes are in memory already.
    TIFF *tiff = TIFFClientOpenExt("photo", "rm", (thandle_t)source, flick_tiff_read, flick_tiff_write,
                                   flick_tiff_seek, flick_tiff_close, flick_tiff_size,
                                   flick_tiff_map, flick_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}

// The page's ICC profile (TIFFGetField is variadic, out of Swift's reach); NULL without one.
static inline const void *flick_tiff_icc_profile(TIFF *tiff, uint32_t *count) {
    uint32_t length = 0;
    void *data = NULL;
    if (TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &length, &data) != 1 || !data) return NULL;
    *count = length;
    return data;
}

// How the first page stores its samples (TIFFGetField is variadic, out of Swift's reach).
typedef struct {
    uint16_t bits_per_sample, samples_per_pixel, photometric, planar, sample_format, ink_set, extra_samples, orientation;
    uint32_t rows_per_strip, tile_width, tile_length, width, height;
} flick_tiff_layout;

static inline flick_tiff_layout flick_tiff_get_layout(TIFF *tiff) {
    flick_tiff_layout layout = {0};
    uint16_t *extra = NULL;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &layout.bits_per_sample);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &layout.samples_per_pixel);
    TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &layout.photometric);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_PLANARCONFIG, &layout.planar);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLEFORMAT, &layout.sample_format);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_INKSET, &layout.ink_set);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_EXTRASAMPLES, &layout.extra_samples, &extra);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &layout.rows_per_strip);
    TIFFGetField(tiff, TIFFTAG_TILEWIDTH, &layout.tile_width);
    TIFFGetField(tiff, TIFFTAG_TILELENGTH, &layout.tile_length);
    TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &layout.width);
    TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &layout.height);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &layout.orientation);
    return layout;
}

// True when the page's one extra sample is associated (premultiplied) alpha.
static inline int flick_tiff_alpha_is_associated(TIFF *tiff) {
    uint16_t count = 0;
    uint16_t *kinds = NULL;
    if (TIFFGetField(tiff, TIFFTAG_EXTRASAMPLES, &count, &kinds) != 1 || count < 1 || !kinds) return 0;
    return kinds[0] == EXTRASAMPLE_ASSOCALPHA;
}
