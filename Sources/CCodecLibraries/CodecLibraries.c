// SPDX-License-Identifier: GPL-3.0-or-later
// Each codec function Flick calls, defined here against the library's own header (so the
// compiler checks every signature) and forwarded to the library's definition, found the
// first time it is called. See CCodecLibraries.h for why.
#include "CCodecLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>
#include <jxl/decode.h>
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <libraw/libraw.h>

#define FLICK_STRING(x) #x
#define FLICK_DIGITS(x) FLICK_STRING(x)

// Sonames as the headers Flick was built with give them: what the -dev packages link to.
static const char *const file_names[FLICK_CODEC_COUNT] = {
    [FLICK_CODEC_HEIF] = "libheif.so.1",
    [FLICK_CODEC_JXL] = "libjxl.so." FLICK_DIGITS(JPEGXL_MAJOR_VERSION) "." FLICK_DIGITS(JPEGXL_MINOR_VERSION),
    [FLICK_CODEC_RSVG] = "librsvg-2.so.2",
    [FLICK_CODEC_CAIRO] = "libcairo.so.2",
    [FLICK_CODEC_RAW] = "libraw.so." FLICK_DIGITS(LIBRAW_SHLIB_CURRENT),
};

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
static void *handles[FLICK_CODEC_COUNT];
static char failures[FLICK_CODEC_COUNT][256];

const char *flick_codec_file_name(flick_codec_library library) {
    return library >= 0 && library < FLICK_CODEC_COUNT ? file_names[library] : "";
}

static void *handle_of(flick_codec_library library) {
    void *handle = __atomic_load_n(&handles[library], __ATOMIC_ACQUIRE);
    if (handle) return handle;
    pthread_mutex_lock(&loading);
    handle = handles[library];
    // Tried once: a library that is not there stays not there for this process.
    if (!handle && !failures[library][0]) {
        handle = dlopen(file_names[library], RTLD_NOW | RTLD_LOCAL);
        if (handle) {
            __atomic_store_n(&handles[library], handle, __ATOMIC_RELEASE);
        } else {
            const char *why = dlerror();
            snprintf(failures[library], sizeof failures[library], "%s", why ? why : file_names[library]);
        }
    }
    pthread_mutex_unlock(&loading);
    return handle;
}

int flick_codec_load(flick_codec_library library, char *reason, size_t capacity) {
    if (library < 0 || library >= FLICK_CODEC_COUNT) return 0;
    if (handle_of(library)) return 1;
    if (reason && capacity > 0) {
        pthread_mutex_lock(&loading);
        snprintf(reason, capacity, "%s", failures[library]);
        pthread_mutex_unlock(&loading);
    }
    return 0;
}

// Called once per function. A library loaded but without the function is another version
// than Flick was built for; nothing sensible can be returned then, and codecs run only in
// helper processes, whose end Flick reports as a photo it cannot open.
static void *symbol(flick_codec_library library, const char *name) {
    void *handle = handle_of(library);
    void *function = handle ? dlsym(handle, name) : NULL;
    if (!function) {
        fprintf(stderr, "flick: %s: %s is missing (%s)\n", file_names[library], name,
                handle ? "another version than Flick was built with" : failures[library]);
        abort();
    }
    return function;
}

#define FORWARD(library, result, name, parameters, arguments)                                     \
    result name parameters {                                                                      \
        static result(*real) parameters;                                                          \
        result(*found) parameters = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                     \
        if (!found) {                                                                             \
            found = (result(*) parameters)symbol(library, #name);                                 \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                     \
        }                                                                                         \
        return found arguments;                                                                   \
    }

#define FORWARD_VOID(library, name, parameters, arguments)                                        \
    void name parameters {                                                                        \
        static void(*real) parameters;                                                            \
        void(*found) parameters = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                       \
        if (!found) {                                                                             \
            found = (void(*) parameters)symbol(library, #name);                                   \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                     \
        }                                                                                         \
        found arguments;                                                                          \
    }

// libheif
#define HEIF FLICK_CODEC_HEIF
FORWARD(HEIF, struct heif_context *, heif_context_alloc, (void), ())
FORWARD_VOID(HEIF, heif_context_free, (struct heif_context *context), (context))
FORWARD(HEIF, struct heif_error, heif_context_get_primary_image_handle,
        (struct heif_context *context, struct heif_image_handle **handle), (context, handle))
FORWARD(HEIF, struct heif_error, heif_context_read_from_file,
        (struct heif_context *context, const char *file_name, const struct heif_reading_options *options),
        (context, file_name, options))
FORWARD(HEIF, struct heif_error, heif_context_read_from_memory_without_copy,
        (struct heif_context *context, const void *memory, size_t size, const struct heif_reading_options *options),
        (context, memory, size, options))
FORWARD_VOID(HEIF, heif_context_set_maximum_image_size_limit, (struct heif_context *context, int maximum_width),
             (context, maximum_width))
FORWARD(HEIF, struct heif_error, heif_decode_image,
        (const struct heif_image_handle *handle, struct heif_image **image, enum heif_colorspace colorspace,
         enum heif_chroma chroma, const struct heif_decoding_options *options),
        (handle, image, colorspace, chroma, options))
FORWARD(HEIF, struct heif_decoding_options *, heif_decoding_options_alloc, (), ())
FORWARD_VOID(HEIF, heif_decoding_options_free, (struct heif_decoding_options *options), (options))
FORWARD(HEIF, int, heif_image_get_bits_per_pixel, (const struct heif_image *image, enum heif_channel channel),
        (image, channel))
FORWARD(HEIF, int, heif_image_get_width, (const struct heif_image *image, enum heif_channel channel), (image, channel))
FORWARD(HEIF, int, heif_image_get_height, (const struct heif_image *image, enum heif_channel channel), (image, channel))
FORWARD(HEIF, const uint8_t *, heif_image_get_plane_readonly,
        (const struct heif_image *image, enum heif_channel channel, int *stride), (image, channel, stride))
FORWARD_VOID(HEIF, heif_image_release, (const struct heif_image *image), (image))
FORWARD(HEIF, int, heif_image_handle_get_width, (const struct heif_image_handle *handle), (handle))
FORWARD(HEIF, int, heif_image_handle_get_height, (const struct heif_image_handle *handle), (handle))
FORWARD(HEIF, int, heif_image_handle_has_alpha_channel, (const struct heif_image_handle *handle), (handle))
FORWARD_VOID(HEIF, heif_image_handle_release, (const struct heif_image_handle *handle), (handle))
FORWARD(HEIF, int, heif_image_handle_get_number_of_metadata_blocks,
        (const struct heif_image_handle *handle, const char *type_filter), (handle, type_filter))
FORWARD(HEIF, int, heif_image_handle_get_list_of_metadata_block_IDs,
        (const struct heif_image_handle *handle, const char *type_filter, heif_item_id *ids, int count),
        (handle, type_filter, ids, count))
FORWARD(HEIF, size_t, heif_image_handle_get_metadata_size, (const struct heif_image_handle *handle, heif_item_id id),
        (handle, id))
FORWARD(HEIF, struct heif_error, heif_image_handle_get_metadata,
        (const struct heif_image_handle *handle, heif_item_id id, void *data), (handle, id, data))
FORWARD(HEIF, struct heif_error, heif_image_handle_get_nclx_color_profile,
        (const struct heif_image_handle *handle, struct heif_color_profile_nclx **profile), (handle, profile))
FORWARD_VOID(HEIF, heif_nclx_color_profile_free, (struct heif_color_profile_nclx *profile), (profile))
FORWARD(HEIF, size_t, heif_image_handle_get_raw_color_profile_size, (const struct heif_image_handle *handle), (handle))
FORWARD(HEIF, struct heif_error, heif_image_handle_get_raw_color_profile,
        (const struct heif_image_handle *handle, void *data), (handle, data))
FORWARD(HEIF, int, heif_image_handle_get_number_of_thumbnails, (const struct heif_image_handle *handle), (handle))
FORWARD(HEIF, int, heif_image_handle_get_list_of_thumbnail_IDs,
        (const struct heif_image_handle *handle, heif_item_id *ids, int count), (handle, ids, count))
FORWARD(HEIF, struct heif_error, heif_image_handle_get_thumbnail,
        (const struct heif_image_handle *handle, heif_item_id id, struct heif_image_handle **thumbnail),
        (handle, id, thumbnail))

// libjxl
#define JXL FLICK_CODEC_JXL
FORWARD(JXL, JxlDecoder *, JxlDecoderCreate, (const JxlMemoryManager *memory_manager), (memory_manager))
FORWARD_VOID(JXL, JxlDecoderDestroy, (JxlDecoder *decoder), (decoder))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderSubscribeEvents, (JxlDecoder *decoder, int events), (decoder, events))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderSetKeepOrientation, (JxlDecoder *decoder, JXL_BOOL keep), (decoder, keep))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderSetInput, (JxlDecoder *decoder, const uint8_t *data, size_t size),
        (decoder, data, size))
FORWARD_VOID(JXL, JxlDecoderCloseInput, (JxlDecoder *decoder), (decoder))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderProcessInput, (JxlDecoder *decoder), (decoder))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderGetBasicInfo, (const JxlDecoder *decoder, JxlBasicInfo *info), (decoder, info))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderGetColorAsEncodedProfile,
        (const JxlDecoder *decoder, const JxlPixelFormat *format, JxlColorProfileTarget target, JxlColorEncoding *encoding),
        (decoder, format, target, encoding))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderGetICCProfileSize,
        (const JxlDecoder *decoder, const JxlPixelFormat *format, JxlColorProfileTarget target, size_t *size),
        (decoder, format, target, size))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderGetColorAsICCProfile,
        (const JxlDecoder *decoder, const JxlPixelFormat *format, JxlColorProfileTarget target, uint8_t *profile, size_t size),
        (decoder, format, target, profile, size))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderImageOutBufferSize,
        (const JxlDecoder *decoder, const JxlPixelFormat *format, size_t *size), (decoder, format, size))
FORWARD(JXL, JxlDecoderStatus, JxlDecoderSetImageOutBuffer,
        (JxlDecoder *decoder, const JxlPixelFormat *format, void *buffer, size_t size), (decoder, format, buffer, size))

// librsvg
#define RSVG FLICK_CODEC_RSVG
FORWARD(RSVG, RsvgHandle *, rsvg_handle_new_from_data, (const guint8 *data, gsize length, GError **error),
        (data, length, error))
FORWARD(RSVG, gboolean, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *handle, gdouble *width, gdouble *height),
        (handle, width, height))
FORWARD_VOID(RSVG, rsvg_handle_get_intrinsic_dimensions,
             (RsvgHandle *handle, gboolean *has_width, RsvgLength *width, gboolean *has_height, RsvgLength *height,
              gboolean *has_view_box, RsvgRectangle *view_box),
             (handle, has_width, width, has_height, height, has_view_box, view_box))
FORWARD(RSVG, gboolean, rsvg_handle_render_document,
        (RsvgHandle *handle, cairo_t *cairo, const RsvgRectangle *viewport, GError **error),
        (handle, cairo, viewport, error))

// cairo
#define CAIRO FLICK_CODEC_CAIRO
FORWARD(CAIRO, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height),
        (format, width, height))
FORWARD(CAIRO, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))
FORWARD_VOID(CAIRO, cairo_surface_flush, (cairo_surface_t *surface), (surface))
FORWARD_VOID(CAIRO, cairo_surface_destroy, (cairo_surface_t *surface), (surface))
FORWARD(CAIRO, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface))
FORWARD(CAIRO, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface))
FORWARD(CAIRO, cairo_t *, cairo_create, (cairo_surface_t *target), (target))
FORWARD_VOID(CAIRO, cairo_destroy, (cairo_t *cairo), (cairo))

// LibRaw
#define RAW FLICK_CODEC_RAW
FORWARD(RAW, libraw_data_t *, libraw_init, (unsigned int flags), (flags))
FORWARD_VOID(RAW, libraw_close, (libraw_data_t *raw), (raw))
FORWARD(RAW, int, libraw_open_file, (libraw_data_t *raw, const char *file_name), (raw, file_name))
FORWARD(RAW, int, libraw_open_buffer, (libraw_data_t *raw, void *buffer, size_t size), (raw, buffer, size))
FORWARD(RAW, int, libraw_unpack, (libraw_data_t *raw), (raw))
FORWARD(RAW, int, libraw_unpack_thumb, (libraw_data_t *raw), (raw))
FORWARD(RAW, int, libraw_dcraw_process, (libraw_data_t *raw), (raw))
FORWARD(RAW, libraw_processed_image_t *, libraw_dcraw_make_mem_image, (libraw_data_t *raw, int *error), (raw, error))
FORWARD(RAW, libraw_processed_image_t *, libraw_dcraw_make_mem_thumb, (libraw_data_t *raw, int *error), (raw, error))
FORWARD_VOID(RAW, libraw_dcraw_clear_mem, (libraw_processed_image_t *image), (image))
FORWARD(RAW, const char *, libraw_strerror, (int error), (error))
