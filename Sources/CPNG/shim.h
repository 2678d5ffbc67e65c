// SPDX-License-Identifier: GPL-3.0-or-later
// libpng, for thumbnail PNGs with text chunks and for decoding PNGs. libpng reports errors by longjmp, which
// Swift cannot catch, so the calls that can fail are wrapped here with setjmp.
#include <png.h>
// zlib's CRC, for the PNG chunks an APNG frame is rebuilt from.
#include <zlib.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Errors jump back to the setjmp in the calling function; warnings (odd but readable
// files) are ignored rather than printed on Flick's stderr.
static inline void flick_png_error(png_structp png, png_const_charp message) { (void)message; png_longjmp(png, 1); }
static inline void flick_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

// Writes BGRA pixels (4 bytes each, rows `stride` apart) as an 8-bit RGBA PNG with
// `count` tEXt chunks at zlib's `level` to `file`, which it closes. Returns 0 on success.
static inline int flick_png_write_file(FILE *file, int level, const unsigned char *bgra, int width, int height, int stride,
                                       const char **keys, const char **values, int count) {
    if (!file) return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, flick_png_error, flick_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { png_destroy_write_struct(&png, &info); fclose(file); return -1; }
    if (setjmp(png_jmpbuf(png))) { png_destroy_write_struct(&png, &info); fclose(file); return -1; }
    png_init_io(png, file);
    png_set_compression_level(png, level);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_text *texts = count > 0 ? calloc(count, sizeof(png_text)) : NULL;
    for (int i = 0; i < count; i++) {
        texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
        texts[i].key = (char *)keys[i];
        texts[i].text = (char *)values[i];
    }
    if (count > 0) png_set_text(png, info, texts, count);
    png_write_info(png, info);
    png_set_bgr(png);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(bgra + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(texts);
    return fclose(file) == 0 ? 0 : -1;
}

// Thumbnails are written once per photo on the critical path of a cache fill: zlib's
// fastest level costs some bytes and saves most of the encoding time.
static inline int flick_png_write(const char *path, const unsigned char *bgra, int width, int height, int stride,
                                  const char **keys, const char **values, int count) {
    return flick_png_write_file(fopen(path, "wbe"), 1, bgra, width, height, stride, keys, values, count);
}

// The PNG in memory, in `*data` (free with free()) of `*size` bytes.
static inline int flick_png_write_memory(const unsigned char *bgra, int width, int height, int stride, int level,
                                         char **data, size_t *size) {
    *data = NULL;
    *size = 0;
    int status = flick_png_write_file(open_memstream(data, size), level, bgra, width, height, stride, NULL, NULL, 0);
    if (status != 0) { free(*data); *data = NULL; *size = 0; }
    return status;
}

static inline int flick_png_find_text(png_structp png, png_infop info, const char *key, char *value, int capacity) {
    png_textp texts = NULL;
    int count = 0;
    png_get_text(png, info, &texts, &count);
    for (int i = 0; i < count; i++) {
        if (strcmp(texts[i].key, key) == 0 && capacity > 0) {
            strncpy(value, texts[i].text, capacity - 1);
            value[capacity - 1] = 0;
            return 0;
        }
    }
    return -1;
}

// Copies the text of tEXt/zTXt/iTXt chunk `key` into `value` (at most `capacity` bytes
// with the terminator). Chunks may come before or after the image data (ImageMagick puts
// them after); the image, at most 64 MB of rows, is read through to reach the latter.
// Returns 0 when found.
static inline int flick_png_read_text(const char *path, const char *key, char *value, int capacity) {
    FILE *file = fopen(path, "rbe");
    if (!file) return -1;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, flick_png_error, flick_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_bytep pixels = NULL;
    png_bytepp rows = NULL;
    if (!png || !info) { png_destroy_read_struct(&png, &info, NULL); fclose(file); return -1; }
    if (setjmp(png_jmpbuf(png))) { free(pixels); free(rows); png_destroy_read_struct(&png, &info, NULL); fclose(file); return -1; }
    png_init_io(png, file);
    png_read_info(png, info);
    int found = flick_png_find_text(png, info, key, value, capacity);
    if (found != 0) {
        png_set_interlace_handling(png);
        png_read_update_info(png, info);
        png_uint_32 height = png_get_image_height(png, info);
        size_t rowBytes = png_get_rowbytes(png, info);
        if (height > 0 && rowBytes > 0 && rowBytes * height <= (64u << 20)) {
            pixels = malloc(rowBytes * height);
            rows = malloc(sizeof(png_bytep) * height);
            if (pixels && rows) {
                for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + y * rowBytes;
                png_read_image(png, rows);
                png_read_end(png, info);
                found = flick_png_find_text(png, info, key, value, capacity);
            }
        }
    }
    free(pixels);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    return found;
}

// Decoding PNGs from memory, bounded: a crafted file fails in milliseconds instead of
// spinning or allocating gigabytes (limits on size, chunk cache and chunk memory; text and
// other ancillary chunks Flick does not use are skipped unread; reading past the end of
// the data is an error, not a stream of zeros).
enum {
    FLICK_PNG_OK = 0,
    FLICK_PNG_NOT_PNG = 1,
    // The data ends before the image does.
    FLICK_PNG_INCOMPLETE = 2,
    FLICK_PNG_TOO_LARGE = 3,
    FLICK_PNG_BROKEN = 4,
};

// Largest side libpng accepts; DecodeLimits decides finer.
#define FLICK_PNG_MAXIMUM_SIDE 65535u
// Chunks kept in memory at most (sPLT, unknown ones), and bytes one chunk may allocate.
#define FLICK_PNG_CHUNK_CACHE_MAX 64u
#define FLICK_PNG_CHUNK_MALLOC_MAX (4u << 20)
// deflate cannot shrink data more than about 1032:1; image data needing more than this
// many times the bytes left in the file cannot be there.
#define FLICK_PNG_DEFLATE_RATIO_MAX 1100u

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
    int ran_out;
    char message[160];
} flick_png_source;

static inline void flick_png_read_memory(png_structp png, png_bytep out, size_t count) {
    flick_png_source *source = (flick_png_source *)png_get_io_ptr(png);
    if (count > source->size - source->offset) {
        source->ran_out = 1;
        png_error(png, "the file ends early");
    }
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

static inline void flick_png_error_message(png_structp png, png_const_charp message) {
    flick_png_source *source = (flick_png_source *)png_get_error_ptr(png);
    if (source && message) {
        strncpy(source->message, message, sizeof source->message - 1);
        source->message[sizeof source->message - 1] = 0;
    }
    png_longjmp(png, 1);
}

static inline png_structp flick_png_reader(flick_png_source *source) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, flick_png_error_message, flick_png_warning);
    if (!png) return NULL;
    png_set_read_fn(png, source, flick_png_read_memory);
    png_set_user_limits(png, FLICK_PNG_MAXIMUM_SIDE, FLICK_PNG_MAXIMUM_SIDE);
    png_set_chunk_cache_max(png, FLICK_PNG_CHUNK_CACHE_MAX);
    png_set_chunk_malloc_max(png, FLICK_PNG_CHUNK_MALLOC_MAX);
    // Oddities in optional chunks are warnings: the image still shows.
    png_set_benign_errors(png, 1);
    static const png_byte skipped[] =
        "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0hIST\0tIME\0pCAL\0sCAL\0oFFs\0pHYs\0sBIT\0bKGD\0eXIf\0";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped, (int)(sizeof skipped / 5));
    return png;
}

static inline int flick_png_status(flick_png_source *source) {
    if (source->ran_out) return FLICK_PNG_INCOMPLETE;
    if (strstr(source->message, "exceeds user limit") || strstr(source->message, "Image too large")) return FLICK_PNG_TOO_LARGE;
    return FLICK_PNG_BROKEN;
}

// Reads the header and asks libpng for 8-bit BGRA rows whatever the colour type, bit
// depth, palette or transparency chunk; *has_alpha tells whether the image has any
// transparency (alpha or a tRNS chunk). Errors jump to the caller's setjmp.
static inline void flick_png_read_bgra_info_deep(png_structp png, png_infop info, unsigned width, unsigned height, int *has_alpha,
                                                 int keep_16, int *deep) {
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) png_error(png, "size changed");
    int colorType = png_get_color_type(png, info);
    *has_alpha = (colorType & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, info, PNG_INFO_tRNS);
    *deep = keep_16 && png_get_bit_depth(png, info) == 16;
    png_set_expand(png);
    // 16 bits a channel, native (little-endian) order, kept where asked: their colours are
    // converted before they are cut to 8.
    if (*deep) png_set_swap(png); else png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_bgr(png);
    if (!*has_alpha) png_set_filler(png, *deep ? 0xffff : 0xff, PNG_FILLER_AFTER);
}

static inline void flick_png_read_bgra_info(png_structp png, png_infop info, unsigned width, unsigned height, int *has_alpha) {
    int deep = 0;
    flick_png_read_bgra_info_deep(png, info, width, height, has_alpha, 0, &deep);
}

// Reads a PNG from memory. With `bgra` NULL, only its header: the size it declares in
// *width and *height, refusing (as incomplete) a file far too short to hold that many
// pixels before anything is allocated for them. Otherwise decodes into `bgra` (width·height·4
// bytes, for the size the header gave) as 8-bit BGRA whatever the colour type, bit depth,
// palette, transparency chunk or interlacing; `rows` holds `height` row pointers of scratch,
// and *has_alpha tells whether the image has any transparency (alpha or a tRNS chunk).
static inline int flick_png_read(const unsigned char *data, size_t size, unsigned *width, unsigned *height,
                                 unsigned char *bgra, unsigned char **rows, int *has_alpha, char *message, int capacity) {
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) return FLICK_PNG_NOT_PNG;
    flick_png_source source = { data, size, 0, 0, {0} };
    png_structp png = flick_png_reader(&source);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int status = FLICK_PNG_OK;
    if (!png || !info) { png_destroy_read_struct(&png, &info, NULL); return FLICK_PNG_BROKEN; }
    if (setjmp(png_jmpbuf(png))) {
        status = flick_png_status(&source);
    } else if (!bgra) {
        png_read_info(png, info);
        *width = png_get_image_width(png, info);
        *height = png_get_image_height(png, info);
        double rawBytes = ((double)png_get_rowbytes(png, info) + 1) * (double)*height;
        if (rawBytes > (double)(size - source.offset) * FLICK_PNG_DEFLATE_RATIO_MAX) status = FLICK_PNG_INCOMPLETE;
    } else {
        flick_png_read_bgra_info(png, info, *width, *height, has_alpha);
        png_set_interlace_handling(png);
        png_read_update_info(png, info);
        if (png_get_rowbytes(png, info) != (size_t)*width * 4) png_error(png, "unexpected row layout");
        for (unsigned y = 0; y < *height; y++) rows[y] = bgra + (size_t)y * *width * 4;
        png_read_image(png, rows);
    }
    if (message && capacity > 0) { strncpy(message, source.message, capacity - 1); message[capacity - 1] = 0; }
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}

// Returned by flick_png_read_rows_deep for an interlaced image, whose rows come in seven passes.
#define FLICK_PNG_INTERLACED 5
// Returned by flick_png_read_rows_deep, before any row, for an image of 8 bits or fewer.
#define FLICK_PNG_NOT_DEEP 6

// Decodes a non-interlaced PNG one row at a time, as 8-bit BGRA like flick_png_read, handing
// each row to `row` in order from the top: memory for one row, whatever the image's size.
// `width` and `height` are the header's, already checked. The callback must not jump out.
// With `keep_16`, a 16-bit image's rows come as 16-bit BGRA (8 bytes a pixel) and *deep is
// set; any other image returns FLICK_PNG_NOT_DEEP before a row is read.
static inline int flick_png_read_rows_deep(const unsigned char *data, size_t size, unsigned width, unsigned height,
                                           void (*row)(void *context, const unsigned char *bgra), void *context,
                                           int *has_alpha, int keep_16, int *deep, char *message, int capacity) {
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) return FLICK_PNG_NOT_PNG;
    flick_png_source source = { data, size, 0, 0, {0} };
    png_structp png = flick_png_reader(&source);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { png_destroy_read_struct(&png, &info, NULL); return FLICK_PNG_BROKEN; }
    // Volatile: set between setjmp and a longjmp back to it.
    unsigned char *volatile buffer = NULL;
    volatile int status = FLICK_PNG_OK;
    if (setjmp(png_jmpbuf(png))) {
        status = flick_png_status(&source);
    } else {
        flick_png_read_bgra_info_deep(png, info, width, height, has_alpha, keep_16, deep);
        size_t pixel_bytes = *deep ? 8 : 4;
        if (keep_16 && !*deep) {
            status = FLICK_PNG_NOT_DEEP;
        } else if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
            status = FLICK_PNG_INTERLACED;
        } else {
            png_read_update_info(png, info);
            if (png_get_rowbytes(png, info) != (size_t)width * pixel_bytes) png_error(png, "unexpected row layout");
            buffer = malloc((size_t)width * pixel_bytes);
            if (!buffer) png_error(png, "out of memory");
            for (unsigned y = 0; y < height; y++) {
                png_read_row(png, buffer, NULL);
                row(context, buffer);
            }
        }
    }
    free(buffer);
    if (message && capacity > 0) { strncpy(message, source.message, capacity - 1); message[capacity - 1] = 0; }
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}

