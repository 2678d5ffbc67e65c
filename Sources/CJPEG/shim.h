// SPDX-License-Identifier: GPL-3.0-or-later
// libjpeg for Swift: one rectangle of a JPEG at full scale, for zooming to 100 %.
//
// TurboJPEG decodes whole pictures only (its cropping came in libjpeg-turbo 3); libjpeg's own
// API skips the rows above a rectangle without their inverse DCT and colour conversion
// (jpeg_skip_scanlines), decodes only the columns around it (jpeg_crop_scanline), and stops
// below it. libjpeg reports errors by longjmp, which Swift cannot catch: so this lives here.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    // libjpeg's words for the error that stopped it.
    char message[JMSG_LENGTH_MAX];
    // Set when the data ended before the picture did (libjpeg fills the rest grey).
    int ended_early;
} flick_jpeg_errors;

static inline void flick_jpeg_error_exit(j_common_ptr info) {
    flick_jpeg_errors *errors = (flick_jpeg_errors *)info->err;
    (*info->err->format_message)(info, errors->message);
    longjmp(errors->escape, 1);
}

// Warnings are not printed; the one that says the file was cut short is kept.
static inline void flick_jpeg_emit_message(j_common_ptr info, int level) {
    flick_jpeg_errors *errors = (flick_jpeg_errors *)info->err;
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) errors->ended_early = 1;
}

enum {
    FLICK_JPEG_DECODED = 0,
    // Something libjpeg refused (the message says what).
    FLICK_JPEG_FAILED = 1,
    // CMYK and YCCK: libjpeg gives no BGRA for them; the caller decodes them whole.
    FLICK_JPEG_UNSUPPORTED_COLOURS = 2,
    // The rectangle is not inside the picture as stored.
    FLICK_JPEG_OUTSIDE = 3,
};

// Decodes the rectangle at (x, y), width × height, of the JPEG in `bytes` as stored (no
// orientation applied) into `pixels` (BGRA, `stride` bytes a row), with the same DCT and
// upsampling the whole picture is decoded with (TurboJPEG's FASTDCT and FASTUPSAMPLE), so
// the rectangle's pixels are the whole picture's. `errors->message` says why on failure.
static inline int flick_jpeg_decode_region(const unsigned char *bytes, unsigned long count,
                                           unsigned int x, unsigned int y, unsigned int width, unsigned int height,
                                           unsigned char *pixels, size_t stride, flick_jpeg_errors *errors) {
    struct jpeg_decompress_struct info;
    // Volatile: read after a longjmp back into this frame.
    unsigned char *volatile row = NULL;
    memset(errors, 0, sizeof *errors);
    info.err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = flick_jpeg_error_exit;
    errors->manager.emit_message = flick_jpeg_emit_message;
    jpeg_create_decompress(&info);
    if (setjmp(errors->escape)) {
        free(row);
        jpeg_destroy_decompress(&info);
        return FLICK_JPEG_FAILED;
    }
    jpeg_mem_src(&info, bytes, count);
    jpeg_read_header(&info, TRUE);
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        jpeg_destroy_decompress(&info);
        return FLICK_JPEG_UNSUPPORTED_COLOURS;
    }
    info.out_color_space = JCS_EXT_BGRA;
    info.dct_method = JDCT_IFAST;
    info.do_fancy_upsampling = FALSE;
    jpeg_start_decompress(&info);
    if (width == 0 || height == 0 || x > info.output_width || width > info.output_width - x ||
        y > info.output_height || height > info.output_height - y) {
        jpeg_destroy_decompress(&info);
        return FLICK_JPEG_OUTSIDE;
    }
    // libjpeg widens the columns to whole blocks: left to the block's edge, and wider.
    JDIMENSION left = x, columns = width;
    jpeg_crop_scanline(&info, &left, &columns);
    row = malloc((size_t)columns * 4);
    if (!row) {
        jpeg_destroy_decompress(&info);
        strcpy(errors->message, "out of memory");
        return FLICK_JPEG_FAILED;
    }
    if (y > 0) jpeg_skip_scanlines(&info, y);
    for (unsigned int line = 0; line < height; line++) {
        JSAMPROW target = row;
        if (jpeg_read_scanlines(&info, &target, 1) != 1) {
            for (; line < height; line++) memset(pixels + (size_t)line * stride, 0, (size_t)width * 4);
            break;
        }
        memcpy(pixels + (size_t)line * stride, row + (size_t)(x - left) * 4, (size_t)width * 4);
    }
    free(row);
    // The rows below are never decoded.
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    return FLICK_JPEG_DECODED;
}
