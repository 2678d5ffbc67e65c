// libpng, for thumbnail PNGs with text chunks. libpng reports errors by longjmp, which
// Swift cannot catch, so the calls that can fail are wrapped here with setjmp.
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Errors jump back to the setjmp in the calling function; warnings (odd but readable
// files) are ignored rather than printed on Flick's stderr.
static inline void flick_png_error(png_structp png, png_const_charp message) { (void)message; png_longjmp(png, 1); }
static inline void flick_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

// Writes BGRA pixels (4 bytes each, rows `stride` apart) as an 8-bit RGBA PNG with
// `count` tEXt chunks. Returns 0 on success.
static inline int flick_png_write(const char *path, const unsigned char *bgra, int width, int height, int stride,
                                  const char **keys, const char **values, int count) {
    FILE *file = fopen(path, "wb");
    if (!file) return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, flick_png_error, flick_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { png_destroy_write_struct(&png, &info); fclose(file); return -1; }
    if (setjmp(png_jmpbuf(png))) { png_destroy_write_struct(&png, &info); fclose(file); return -1; }
    png_init_io(png, file);
    // Thumbnails are written once per photo on the critical path of a cache fill: zlib's
    // fastest level costs some bytes and saves most of the encoding time.
    png_set_compression_level(png, 1);
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
    FILE *file = fopen(path, "rb");
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
