// SPDX-License-Identifier: GPL-3.0-or-later
// libjpeg for Swift: one rectangle of a JPEG at full scale, for zooming to 100 %; a
// thumbnail and a larger brightness from one decode, for bursts' likenesses.
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
// For the inverse DCT and entropy decoder modules the likeness decode reaches into; Debian
// installs it with libjpeg62-turbo-dev.
#include <jpegint.h>

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

// A decompressor whose errors come back through `errors` (set its escape before use).
static inline void flick_jpeg_create(struct jpeg_decompress_struct *info, flick_jpeg_errors *errors) {
    memset(errors, 0, sizeof *errors);
    info->err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = flick_jpeg_error_exit;
    errors->manager.emit_message = flick_jpeg_emit_message;
    jpeg_create_decompress(info);
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
    flick_jpeg_create(&info, errors);
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

// What `flick_jpeg_decode_brightness_and_thumbnail` gives; free with `flick_jpeg_free_brightness_and_thumbnail`.
typedef struct {
    // The luma at the scale asked, one byte a pixel, as stored (no orientation applied).
    unsigned char *brightness;
    unsigned int brightness_width, brightness_height;
    // The picture, BGRA: at 1/8 (each 8 × 8 block's mean, as libjpeg's own 1/8 decode gives
    // it) or at the luma's scale.
    unsigned char *thumbnail;
    unsigned int thumbnail_width, thumbnail_height;
} flick_jpeg_brightness_and_thumbnail;

static inline void flick_jpeg_free_brightness_and_thumbnail(flick_jpeg_brightness_and_thumbnail *result) {
    free(result->brightness);
    free(result->thumbnail);
    result->brightness = result->thumbnail = NULL;
}

// A colour block's inverse DCT when only its mean is wanted: the value libjpeg's 1/8 decode
// gives it (its 1 × 1 inverse DCT), written at the block's first sample alone, which is all
// the thumbnail reads.
static void flick_jpeg_block_mean(j_decompress_ptr info, jpeg_component_info *component, JCOEFPTR coefficients,
                                  JSAMPARRAY output, JDIMENSION column) {
    (void)info;
    int value = (coefficients[0] * component->quant_table->quantval[0] + 4) >> 3;
    value += CENTERJSAMPLE;
    output[0][column] = (JSAMPLE)(value < 0 ? 0 : value > MAXJSAMPLE ? MAXJSAMPLE : value);
}

// The rounded mean of a `size` × `size` block of samples, rows `stride` apart.
static inline int flick_jpeg_block_average(const unsigned char *block, size_t stride, int size, int area) {
    if (size == 2) return (block[0] + block[1] + block[stride] + block[stride + 1] + 2) >> 2;
    int sum = 0;
    for (int r = 0; r < size; r++, block += stride) {
        for (int s = 0; s < size; s++) sum += block[s];
    }
    return (sum + area / 2) / area;
}

// JFIF's YCbCr to BGRA in 16-bit fixed point, rounded, as libjpeg converts it.
static inline void flick_jpeg_put_pixel(unsigned char *out, int luma, int cb, int cr) {
    int red = luma + ((91881 * cr + 32768) >> 16);
    int green = luma + ((-22554 * cb - 46802 * cr + 32768) >> 16);
    int blue = luma + ((116130 * cb + 32768) >> 16);
    out[0] = (unsigned char)(blue < 0 ? 0 : blue > 255 ? 255 : blue);
    out[1] = (unsigned char)(green < 0 ? 0 : green > 255 ? 255 : green);
    out[2] = (unsigned char)(red < 0 ? 0 : red > 255 ? 255 : red);
    out[3] = 255;
}

// The thumbnail at the luma's scale: each colour sample repeated over the luma samples it
// covers, as libjpeg's fast upsampling repeats it.
static inline void flick_jpeg_thumbnail_at_luma_scale(const struct jpeg_decompress_struct *info, const unsigned char *const *planes,
                                                      const size_t *widths, flick_jpeg_brightness_and_thumbnail *result) {
    int size = info->comp_info[0].DCT_scaled_size, components = info->num_components;
    // How many luma samples share a colour sample, across and down.
    size_t across = 1, down = 1;
    if (components == 3) {
        across = (size_t)(size * info->max_h_samp_factor) / (size_t)(info->comp_info[1].DCT_scaled_size * info->comp_info[1].h_samp_factor);
        down = (size_t)(size * info->max_v_samp_factor) / (size_t)(info->comp_info[1].DCT_scaled_size * info->comp_info[1].v_samp_factor);
    }
    for (JDIMENSION y = 0; y < info->output_height; y++) {
        unsigned char *out = result->thumbnail + (size_t)y * info->output_width * 4;
        const unsigned char *luma = planes[0] + (size_t)y * widths[0];
        const unsigned char *blue = components == 3 ? planes[1] + (y / down) * widths[1] : NULL;
        const unsigned char *red = components == 3 ? planes[2] + (y / down) * widths[2] : NULL;
        for (JDIMENSION x = 0; x < info->output_width; x++, out += 4) {
            if (components == 3) {
                flick_jpeg_put_pixel(out, luma[x], blue[x / across] - CENTERJSAMPLE, red[x / across] - CENTERJSAMPLE);
            } else {
                flick_jpeg_put_pixel(out, luma[x], 0, 0);
            }
        }
    }
}

// The thumbnail at 1/8: each luma block's mean with its colour's (a colour block's mean, or
// for colour in detail the block's worth of samples level with the luma's).
static inline void flick_jpeg_thumbnail_at_eighth(const struct jpeg_decompress_struct *info, const unsigned char *const *planes, const size_t *widths,
                                                  int colour_in_detail, flick_jpeg_brightness_and_thumbnail *result) {
    int size = info->comp_info[0].DCT_scaled_size, area = size * size, components = info->num_components;
    // How many luma blocks share a colour block, across and down (1, 2 or 4).
    int across = components == 3 ? info->max_h_samp_factor / info->comp_info[1].h_samp_factor : 1;
    int down = components == 3 ? info->max_v_samp_factor / info->comp_info[1].v_samp_factor : 1;
    size_t colour_size = components == 3 ? (size_t)info->comp_info[1].DCT_scaled_size : 0;
    for (unsigned int by = 0; by < result->thumbnail_height; by++) {
        unsigned char *out = result->thumbnail + (size_t)by * result->thumbnail_width * 4;
        size_t luma_row = (size_t)by * size;
        // A colour block's mean is its first sample (flick_jpeg_block_mean); colour in
        // detail is a block of samples level with the luma's.
        size_t colour_row = colour_in_detail ? luma_row : (size_t)(by / down) * colour_size;
        for (unsigned int bx = 0; bx < result->thumbnail_width; bx++, out += 4) {
            int luma = flick_jpeg_block_average(planes[0] + luma_row * widths[0] + (size_t)bx * size, widths[0], size, area);
            if (components == 3) {
                size_t colour_column = colour_in_detail ? (size_t)bx * size : (size_t)(bx / across) * colour_size;
                const unsigned char *first_blue = planes[1] + colour_row * widths[1] + colour_column;
                const unsigned char *first_red = planes[2] + colour_row * widths[2] + colour_column;
                int cb = (colour_in_detail ? flick_jpeg_block_average(first_blue, widths[1], size, area) : *first_blue) - CENTERJSAMPLE;
                int cr = (colour_in_detail ? flick_jpeg_block_average(first_red, widths[2], size, area) : *first_red) - CENTERJSAMPLE;
                flick_jpeg_put_pixel(out, luma, cb, cr);
            } else {
                flick_jpeg_put_pixel(out, luma, 0, 0);
            }
        }
    }
}

// The luma of the JPEG in `bytes` at scale `scale_eighths` / 8 (2…8: what a focus measure
// needs) and its thumbnail, from one decode: decoding the file twice costs its entropy
// decoding twice, most of a decode.
// - A thumbnail at 1/8 (`thumbnail_at_luma_scale` 0): the colour components' coefficients
//   beyond their means are skipped, as a 1/8 decode skips them, and the luma is decoded at
//   the larger scale (its inverse DCT alone, no colour conversion). The thumbnail is each
//   luma block's mean with its colour block's mean.
// - A thumbnail at the luma's scale (1): everything is decoded at that scale, and the
//   colour is laid over the luma as libjpeg's fast upsampling lays it (each sample repeated).
// Either way converted as libjpeg converts (JFIF YCbCr). FLICK_JPEG_UNSUPPORTED_COLOURS for
// JPEGs that are not YCbCr or grey, or whose luma is not the most finely sampled
// component: the caller decodes those twice.
static inline int flick_jpeg_decode_brightness_and_thumbnail(const unsigned char *bytes, unsigned long count, int scale_eighths,
                                                             int thumbnail_at_luma_scale,
                                                             flick_jpeg_brightness_and_thumbnail *result,
                                                             flick_jpeg_errors *errors) {
    struct jpeg_decompress_struct info;
    // Volatile: freed after a longjmp back into this frame.
    unsigned char *volatile planes[3] = {NULL, NULL, NULL};
    memset(result, 0, sizeof *result);
    flick_jpeg_create(&info, errors);
    if (setjmp(errors->escape)) {
        for (int plane = 0; plane < 3; plane++) free(planes[plane]);
        flick_jpeg_free_brightness_and_thumbnail(result);
        jpeg_destroy_decompress(&info);
        return FLICK_JPEG_FAILED;
    }
    jpeg_mem_src(&info, bytes, count);
    jpeg_read_header(&info, TRUE);
    int components = info.num_components;
    // The two colour components sampled alike, each a whole number of luma blocks.
    int sampled_alike = components == 1 ||
        (info.comp_info[1].h_samp_factor == info.comp_info[2].h_samp_factor &&
         info.comp_info[1].v_samp_factor == info.comp_info[2].v_samp_factor &&
         info.max_h_samp_factor % info.comp_info[1].h_samp_factor == 0 &&
         info.max_v_samp_factor % info.comp_info[1].v_samp_factor == 0);
    if (!((info.jpeg_color_space == JCS_YCbCr && components == 3) || (info.jpeg_color_space == JCS_GRAYSCALE && components == 1)) ||
        info.comp_info[0].h_samp_factor != info.max_h_samp_factor || info.comp_info[0].v_samp_factor != info.max_v_samp_factor ||
        !sampled_alike || scale_eighths < 2 || scale_eighths > 8) {
        jpeg_destroy_decompress(&info);
        return FLICK_JPEG_UNSUPPORTED_COLOURS;
    }
    info.scale_num = (unsigned int)scale_eighths;
    info.scale_denom = 8;
    info.raw_data_out = TRUE;
    info.dct_method = JDCT_IFAST;
    info.do_fancy_upsampling = FALSE;
    jpeg_start_decompress(&info);
    int size = info.comp_info[0].DCT_scaled_size, area = size * size;
    // Colour halved both ways (4:2:0): libjpeg's 1/8 decode draws it at twice its blocks'
    // scale, one value per luma block, and so does this: the colour's own inverse DCT at the
    // luma's scale, a luma block's worth of it averaged. Otherwise (4:4:4, 4:2:2) it
    // takes each colour block's mean alone, and so does this.
    // A thumbnail at the luma's scale needs all the colour too.
    int colour_in_detail = thumbnail_at_luma_scale || (components == 3 && info.comp_info[1].h_samp_factor < info.max_h_samp_factor &&
        info.comp_info[1].v_samp_factor < info.max_v_samp_factor &&
        info.comp_info[1].DCT_scaled_size * info.comp_info[1].h_samp_factor == size * info.max_h_samp_factor &&
        info.comp_info[1].DCT_scaled_size * info.comp_info[1].v_samp_factor == size * info.max_v_samp_factor);
    if (thumbnail_at_luma_scale && components == 3) {
        // Each colour sample repeated a whole number of times over the luma's.
        int colour_h = info.comp_info[1].DCT_scaled_size * info.comp_info[1].h_samp_factor, luma_h = size * info.max_h_samp_factor;
        int colour_v = info.comp_info[1].DCT_scaled_size * info.comp_info[1].v_samp_factor, luma_v = size * info.max_v_samp_factor;
        if (colour_h > luma_h || luma_h % colour_h != 0 || colour_v > luma_v || luma_v % colour_v != 0) {
            jpeg_abort_decompress(&info);
            jpeg_destroy_decompress(&info);
            return FLICK_JPEG_UNSUPPORTED_COLOURS;
        }
    }
    if (!colour_in_detail) {
        for (int c = 1; c < components; c++) info.idct->inverse_DCT[c] = flick_jpeg_block_mean;
    }
    // A single-scan file is not read yet: its entropy decoder is set up again believing the
    // colour components are decoded at 1/8, so it skips their coefficients beyond the mean
    // instead of storing them. (Were it not to, the means above would be the same.)
    if (!colour_in_detail && !jpeg_has_multiple_scans(&info) && components > 1) {
        int sizes[3];
        for (int c = 1; c < components; c++) {
            sizes[c] = info.comp_info[c].DCT_scaled_size;
            info.comp_info[c].DCT_scaled_size = 1;
        }
        (*info.entropy->start_pass)(&info);
        for (int c = 1; c < components; c++) info.comp_info[c].DCT_scaled_size = sizes[c];
    }
    // Each plane whole, in whole blocks: raw data comes an iMCU row at a time.
    size_t widths[3], heights[3];
    for (int c = 0; c < components; c++) {
        jpeg_component_info *component = &info.comp_info[c];
        widths[c] = (size_t)component->width_in_blocks * (size_t)component->DCT_scaled_size;
        size_t rows_per_imcu = (size_t)component->v_samp_factor * (size_t)component->DCT_scaled_size;
        heights[c] = ((size_t)info.total_iMCU_rows) * rows_per_imcu;
        planes[c] = malloc(widths[c] * heights[c]);
        if (!planes[c]) ERREXIT1(&info, JERR_OUT_OF_MEMORY, 0);
    }
    JSAMPROW rows[3][4 * DCTSIZE];
    JSAMPARRAY plane_rows[3] = {rows[0], rows[1], rows[2]};
    JDIMENSION lines = (JDIMENSION)(info.max_v_samp_factor * info.comp_info[0].DCT_scaled_size);
    for (JDIMENSION imcu = 0; info.output_scanline < info.output_height; imcu++) {
        for (int c = 0; c < components; c++) {
            size_t rows_per_imcu = (size_t)info.comp_info[c].v_samp_factor * (size_t)info.comp_info[c].DCT_scaled_size;
            for (size_t r = 0; r < rows_per_imcu; r++) rows[c][r] = planes[c] + ((size_t)imcu * rows_per_imcu + r) * widths[c];
        }
        if (jpeg_read_raw_data(&info, plane_rows, lines) == 0) break;
    }
    // Luma: as stored, cropped to the picture.
    result->brightness_width = info.output_width;
    result->brightness_height = info.output_height;
    result->brightness = malloc((size_t)info.output_width * info.output_height);
    // Thumbnail: the luma's size, or one pixel a luma block, as libjpeg's 1/8 scale gives
    // it (rounded up).
    result->thumbnail_width = thumbnail_at_luma_scale ? info.output_width : (info.image_width + 7) / 8;
    result->thumbnail_height = thumbnail_at_luma_scale ? info.output_height : (info.image_height + 7) / 8;
    result->thumbnail = malloc((size_t)result->thumbnail_width * result->thumbnail_height * 4);
    if (!result->brightness || !result->thumbnail) ERREXIT1(&info, JERR_OUT_OF_MEMORY, 0);
    for (JDIMENSION y = 0; y < info.output_height; y++) {
        memcpy(result->brightness + (size_t)y * info.output_width, planes[0] + (size_t)y * widths[0], info.output_width);
    }
    if (thumbnail_at_luma_scale) {
        flick_jpeg_thumbnail_at_luma_scale(&info, (const unsigned char *const *)planes, widths, result);
    } else {
        flick_jpeg_thumbnail_at_eighth(&info, (const unsigned char *const *)planes, widths, colour_in_detail, result);
    }
    for (int plane = 0; plane < 3; plane++) free(planes[plane]);
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    return FLICK_JPEG_DECODED;
}
