// SPDX-License-Identifier: GPL-3.0-or-later
// Each deferred library's function Flick calls, defined here against the library's own
// header (so the compiler checks every signature) and forwarded to the library's
// definition, found the first time it is called. See CDeferredLibraries.h for why.
#define _GNU_SOURCE
#include "CDeferredLibraries.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>
#include <jxl/decode.h>
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <libraw/libraw.h>
#include <SDL.h>
#include <SDL_syswm.h>
#include <SDL_ttf.h>
#include <SDL_image.h>
#include <fontconfig/fontconfig.h>
#include <exempi-2.0/exempi/xmp.h>
#include <sqlite3.h>
#include <libgweather/gweather.h>
#include <xxhash.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>
#include <mpv/client.h>
#include <mpv/render.h>
#include <mpv/stream_cb.h>
#include <gio/gio.h>
// gio-unix-2.0 is not on the include path glib-2.0 gives; the header includes only gio.h.
#include <gio-unix-2.0/gio/gdesktopappinfo.h>

#define FLICK_STRING(x) #x
#define FLICK_DIGITS(x) FLICK_STRING(x)

// Sonames as the headers Flick was built with give them, where they give them: what the
// -dev packages link to. exempi's (8, exempi 2.5 and 2.6), GLib's (0, all of GLib 2),
// SDL2's and SDL_ttf's (2.0.0, all of SDL 2), fontconfig's (1, all of fontconfig 2),
// SQLite's (0, all of SQLite 3), libgweather's (0, all of libgweather 4) and xxHash's (0,
// all of 0.8) are not in their headers.
static const char *const file_names[FLICK_LIBRARY_COUNT] = {
    [FLICK_LIBRARY_HEIF] = "libheif.so.1",
    [FLICK_LIBRARY_JXL] = "libjxl.so." FLICK_DIGITS(JPEGXL_MAJOR_VERSION) "." FLICK_DIGITS(JPEGXL_MINOR_VERSION),
    [FLICK_LIBRARY_RSVG] = "librsvg-2.so.2",
    [FLICK_LIBRARY_CAIRO] = "libcairo.so.2",
    [FLICK_LIBRARY_RAW] = "libraw.so." FLICK_DIGITS(LIBRAW_SHLIB_CURRENT),
    [FLICK_LIBRARY_SDL_IMAGE] = "libSDL2_image-2.0.so.0",
    [FLICK_LIBRARY_EXEMPI] = "libexempi.so.8",
    [FLICK_LIBRARY_GOBJECT] = "libgobject-2.0.so.0",
    [FLICK_LIBRARY_GIO] = "libgio-2.0.so.0",
    [FLICK_LIBRARY_SDL2] = "libSDL2-2.0.so.0",
    [FLICK_LIBRARY_SDL2_TTF] = "libSDL2_ttf-2.0.so.0",
    [FLICK_LIBRARY_FONTCONFIG] = "libfontconfig.so.1",
    [FLICK_LIBRARY_SQLITE] = "libsqlite3.so.0",
    [FLICK_LIBRARY_GWEATHER] = "libgweather-4.so.0",
    [FLICK_LIBRARY_XXHASH] = "libxxhash.so.0",
    [FLICK_LIBRARY_AVUTIL] = "libavutil.so." FLICK_DIGITS(LIBAVUTIL_VERSION_MAJOR),
    [FLICK_LIBRARY_AVCODEC] = "libavcodec.so." FLICK_DIGITS(LIBAVCODEC_VERSION_MAJOR),
    [FLICK_LIBRARY_AVFORMAT] = "libavformat.so." FLICK_DIGITS(LIBAVFORMAT_VERSION_MAJOR),
    [FLICK_LIBRARY_SWSCALE] = "libswscale.so." FLICK_DIGITS(LIBSWSCALE_VERSION_MAJOR),
    [FLICK_LIBRARY_MPV] = "libmpv.so.2",
};

// libmpv's soname follows its client API's major version, which its header gives only as
// an expression.
_Static_assert(MPV_CLIENT_API_VERSION >> 16 == 2, "libmpv's client API is not version 2: change its soname above");

// Recursive: Flick's definitions are in its executable's dynamic symbols, so a library's
// constructor run by dlopen here may call one of them (GIO's, GObject's) and load another
// library on this same thread.
static pthread_mutex_t loading = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static void *handles[FLICK_LIBRARY_COUNT];
static char failures[FLICK_LIBRARY_COUNT][256];

static void *handle_of(flick_library library) {
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

const char *flick_library_problem(flick_library library) {
    if (library < 0 || library >= FLICK_LIBRARY_COUNT) return "no such library";
    // A failure is written once, under the lock, before handle_of returns; never again.
    return handle_of(library) ? NULL : failures[library];
}

// Called once per function. A library loaded but without the function is another version
// than Flick was built for; nothing sensible can be returned then. Callers load the library
// first (flick_library_problem) and fall back when it is missing, so this is only reached by a
// library of the wrong version: codecs run in helper processes, whose end Flick reports as
// a photo it cannot open.
static void *symbol(flick_library library, const char *name) {
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
#define HEIF FLICK_LIBRARY_HEIF
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
#define JXL FLICK_LIBRARY_JXL
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
#define RSVG FLICK_LIBRARY_RSVG
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
#define CAIRO FLICK_LIBRARY_CAIRO
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
#define RAW FLICK_LIBRARY_RAW
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
FORWARD(RAW, int, libraw_COLOR, (libraw_data_t *raw, int row, int col), (raw, row, col))

// SDL_image: the formats that have no decoder of Flick's own (BMP, TGA, ICO, PNM, QOI, …).
#define SDL_IMAGE FLICK_LIBRARY_SDL_IMAGE
FORWARD(SDL_IMAGE, SDL_Surface *, IMG_Load_RW, (SDL_RWops *source, int frees_source), (source, frees_source))

// exempi
#define EXEMPI FLICK_LIBRARY_EXEMPI
FORWARD(EXEMPI, bool, xmp_init, (void), ())
FORWARD(EXEMPI, XmpPtr, xmp_new_empty, (void), ())
FORWARD(EXEMPI, XmpPtr, xmp_new, (const char *buffer, size_t length), (buffer, length))
FORWARD(EXEMPI, bool, xmp_free, (XmpPtr xmp), (xmp))
FORWARD(EXEMPI, bool, xmp_get_property,
        (XmpPtr xmp, const char *schema, const char *name, XmpStringPtr property, uint32_t *bits),
        (xmp, schema, name, property, bits))
FORWARD(EXEMPI, bool, xmp_set_property,
        (XmpPtr xmp, const char *schema, const char *name, const char *value, uint32_t bits),
        (xmp, schema, name, value, bits))
FORWARD(EXEMPI, bool, xmp_delete_property, (XmpPtr xmp, const char *schema, const char *name), (xmp, schema, name))
FORWARD(EXEMPI, bool, xmp_append_array_item,
        (XmpPtr xmp, const char *schema, const char *name, uint32_t arrayOptions, const char *value, uint32_t optionBits),
        (xmp, schema, name, arrayOptions, value, optionBits))
FORWARD(EXEMPI, bool, xmp_get_array_item,
        (XmpPtr xmp, const char *schema, const char *name, int32_t index, XmpStringPtr property, uint32_t *propsBits),
        (xmp, schema, name, index, property, propsBits))
FORWARD(EXEMPI, bool, xmp_set_localized_text,
        (XmpPtr xmp, const char *schema, const char *name, const char *genericLang, const char *specificLang, const char *value, uint32_t optionBits),
        (xmp, schema, name, genericLang, specificLang, value, optionBits))
FORWARD(EXEMPI, bool, xmp_register_namespace,
        (const char *namespace_uri, const char *suggested_prefix, XmpStringPtr registered_prefix),
        (namespace_uri, suggested_prefix, registered_prefix))
FORWARD(EXEMPI, bool, xmp_serialize, (XmpPtr xmp, XmpStringPtr buffer, uint32_t options, uint32_t padding),
        (xmp, buffer, options, padding))
FORWARD(EXEMPI, XmpStringPtr, xmp_string_new, (void), ())
FORWARD_VOID(EXEMPI, xmp_string_free, (XmpStringPtr string), (string))
FORWARD(EXEMPI, const char *, xmp_string_cstr, (XmpStringPtr string), (string))
FORWARD(EXEMPI, size_t, xmp_string_len, (XmpStringPtr string), (string))

// GObject
#define GOBJECT FLICK_LIBRARY_GOBJECT
FORWARD_VOID(GOBJECT, g_object_unref, (gpointer object), (object))
FORWARD(GOBJECT, gboolean, g_type_check_instance_is_a, (GTypeInstance *instance, GType iface_type), (instance, iface_type))
FORWARD(GOBJECT, gulong, g_signal_connect_data,
        (gpointer instance, const gchar *detailed_signal, GCallback handler, gpointer data, GClosureNotify destroy_data,
         GConnectFlags flags),
        (instance, detailed_signal, handler, data, destroy_data, flags))

// GIO
#define GIO FLICK_LIBRARY_GIO
FORWARD(GIO, GSettingsSchemaSource *, g_settings_schema_source_get_default, (void), ())
FORWARD(GIO, GSettingsSchema *, g_settings_schema_source_lookup,
        (GSettingsSchemaSource *source, const gchar *schema_id, gboolean recursive), (source, schema_id, recursive))
FORWARD_VOID(GIO, g_settings_schema_unref, (GSettingsSchema *schema), (schema))
FORWARD(GIO, gboolean, g_settings_schema_has_key, (GSettingsSchema *schema, const gchar *name), (schema, name))
FORWARD(GIO, GSettings *, g_settings_new_full, (GSettingsSchema *schema, GSettingsBackend *backend, const gchar *path),
        (schema, backend, path))
FORWARD(GIO, gboolean, g_settings_get_boolean, (GSettings *settings, const gchar *key), (settings, key))
FORWARD(GIO, gboolean, g_settings_set_string, (GSettings *settings, const gchar *key, const gchar *value),
        (settings, key, value))
FORWARD_VOID(GIO, g_settings_sync, (void), ())
FORWARD(GIO, gboolean, g_app_info_should_show, (GAppInfo *info), (info))
FORWARD(GIO, GType, g_desktop_app_info_get_type, (void), ())
FORWARD(GIO, gboolean, g_desktop_app_info_launch_uris_as_manager,
        (GDesktopAppInfo *appinfo, GList *uris, GAppLaunchContext *launch_context, GSpawnFlags spawn_flags,
         GSpawnChildSetupFunc user_setup, gpointer user_setup_data, GDesktopAppLaunchCallback pid_callback,
         gpointer pid_callback_data, GError **error),
        (appinfo, uris, launch_context, spawn_flags, user_setup, user_setup_data, pid_callback, pid_callback_data, error))
FORWARD(GIO, const char *, g_app_info_get_id, (GAppInfo *info), (info))
FORWARD(GIO, const char *, g_app_info_get_display_name, (GAppInfo *info), (info))
FORWARD(GIO, GAppInfo *, g_app_info_get_default_for_type, (const char *content_type, gboolean must_support_uris),
        (content_type, must_support_uris))
FORWARD(GIO, GList *, g_app_info_get_all_for_type, (const char *content_type), (content_type))
FORWARD(GIO, gchar *, g_content_type_guess,
        (const gchar *file_name, const guchar *data, gsize data_size, gboolean *result_uncertain),
        (file_name, data, data_size, result_uncertain))
FORWARD(GIO, GDBusConnection *, g_bus_get_sync, (GBusType bus_type, GCancellable *cancellable, GError **error),
        (bus_type, cancellable, error))
FORWARD(GIO, GVariant *, g_dbus_connection_call_sync,
        (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name,
         const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags,
         gint timeout_msec, GCancellable *cancellable, GError **error),
        (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags, timeout_msec,
         cancellable, error))
FORWARD(GIO, GQuark, g_dbus_error_quark, (void), ())
FORWARD(GIO, GVariant *, g_dbus_connection_call_with_unix_fd_list_sync,
        (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name,
         const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags,
         gint timeout_msec, GUnixFDList *fd_list, GUnixFDList **out_fd_list, GCancellable *cancellable, GError **error),
        (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags, timeout_msec,
         fd_list, out_fd_list, cancellable, error))
FORWARD(GIO, GUnixFDList *, g_unix_fd_list_new, (void), ())
FORWARD(GIO, gint, g_unix_fd_list_append, (GUnixFDList *list, gint fd, GError **error), (list, fd, error))

// SDL2 and SDL_ttf: the window, the renderer, text. Platform's, in Flick itself: the decode
// helper forked at start never loads them.
#define SDL FLICK_LIBRARY_SDL2
FORWARD(SDL, SDL_Surface *, SDL_ConvertSurfaceFormat, (SDL_Surface * src, Uint32 pixel_format, Uint32 flags),
        (src, pixel_format, flags))
FORWARD(SDL, SDL_Surface *, SDL_CreateRGBSurfaceWithFormat, (Uint32 flags, int width, int height, int depth, Uint32 format),
        (flags, width, height, depth, format))
FORWARD(SDL, SDL_Surface *, SDL_CreateRGBSurfaceWithFormatFrom, (void *pixels, int width, int height, int depth, int pitch, Uint32 format),
        (pixels, width, height, depth, pitch, format))
FORWARD(SDL, SDL_Renderer *, SDL_CreateRenderer, (SDL_Window * window, int index, Uint32 flags),
        (window, index, flags))
FORWARD(SDL, SDL_Renderer *, SDL_CreateSoftwareRenderer, (SDL_Surface * surface), (surface))
FORWARD(SDL, SDL_Texture *, SDL_CreateTexture, (SDL_Renderer * renderer, Uint32 format, int access, int w, int h),
        (renderer, format, access, w, h))
FORWARD(SDL, SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags),
        (title, x, y, w, h, flags))
FORWARD_VOID(SDL, SDL_DestroyRenderer, (SDL_Renderer * renderer), (renderer))
FORWARD_VOID(SDL, SDL_DestroyTexture, (SDL_Texture * texture), (texture))
FORWARD_VOID(SDL, SDL_DestroyWindow, (SDL_Window * window), (window))
FORWARD_VOID(SDL, SDL_DisableScreenSaver, (void), ())
FORWARD_VOID(SDL, SDL_EnableScreenSaver, (void), ())
FORWARD(SDL, int, SDL_Error, (SDL_errorcode code), (code))
FORWARD(SDL, Uint8, SDL_EventState, (Uint32 type, int state), (type, state))
FORWARD_VOID(SDL, SDL_FreeSurface, (SDL_Surface * surface), (surface))
FORWARD(SDL, const char *, SDL_GetCurrentVideoDriver, (void), ())
FORWARD(SDL, int, SDL_GetDisplayBounds, (int displayIndex, SDL_Rect * rect), (displayIndex, rect))
FORWARD(SDL, int, SDL_GetDisplayUsableBounds, (int displayIndex, SDL_Rect * rect), (displayIndex, rect))
FORWARD(SDL, const char *, SDL_GetError, (void), ())
FORWARD(SDL, SDL_Keymod, SDL_GetModState, (void), ())
FORWARD(SDL, Uint64, SDL_GetPerformanceCounter, (void), ())
FORWARD(SDL, Uint64, SDL_GetPerformanceFrequency, (void), ())
FORWARD(SDL, int, SDL_GetRendererInfo, (SDL_Renderer * renderer, SDL_RendererInfo * info), (renderer, info))
FORWARD(SDL, int, SDL_GetRendererOutputSize, (SDL_Renderer * renderer, int *w, int *h), (renderer, w, h))
FORWARD(SDL, int, SDL_GetWindowDisplayIndex, (SDL_Window * window), (window))
FORWARD(SDL, int, SDL_GetWindowDisplayMode, (SDL_Window * window, SDL_DisplayMode * mode), (window, mode))
FORWARD(SDL, Uint32, SDL_GetWindowFlags, (SDL_Window * window), (window))
FORWARD(SDL, Uint32, SDL_GetWindowPixelFormat, (SDL_Window * window), (window))
FORWARD(SDL, const char *, SDL_GetWindowTitle, (SDL_Window * window), (window))
FORWARD(SDL, SDL_bool, SDL_GetWindowWMInfo, (SDL_Window * window, SDL_SysWMinfo * info), (window, info))
FORWARD(SDL, SDL_bool, SDL_HasColorKey, (SDL_Surface * surface), (surface))
FORWARD(SDL, int, SDL_Init, (Uint32 flags), (flags))
FORWARD(SDL, SDL_bool, SDL_IsScreenSaverEnabled, (void), ())
FORWARD(SDL, int, SDL_PeepEvents, (SDL_Event * events, int numevents, SDL_eventaction action, Uint32 minType, Uint32 maxType),
        (events, numevents, action, minType, maxType))
FORWARD(SDL, int, SDL_PollEvent, (SDL_Event * event), (event))
FORWARD(SDL, int, SDL_PushEvent, (SDL_Event * event), (event))
FORWARD_VOID(SDL, SDL_Quit, (void), ())
FORWARD(SDL, SDL_RWops *, SDL_RWFromConstMem, (const void *mem, int size), (mem, size))
FORWARD(SDL, Uint32, SDL_RegisterEvents, (int numevents), (numevents))
FORWARD(SDL, int, SDL_RenderClear, (SDL_Renderer * renderer), (renderer))
FORWARD(SDL, int, SDL_RenderCopyExF, (SDL_Renderer * renderer, SDL_Texture * texture, const SDL_Rect * srcrect, const SDL_FRect * dstrect, const double angle, const SDL_FPoint *center, const SDL_RendererFlip flip),
        (renderer, texture, srcrect, dstrect, angle, center, flip))
FORWARD(SDL, int, SDL_RenderCopyF, (SDL_Renderer * renderer, SDL_Texture * texture, const SDL_Rect * srcrect, const SDL_FRect * dstrect),
        (renderer, texture, srcrect, dstrect))
FORWARD(SDL, int, SDL_RenderFillRectF, (SDL_Renderer * renderer, const SDL_FRect * rect), (renderer, rect))
FORWARD(SDL, int, SDL_RenderFlush, (SDL_Renderer * renderer), (renderer))
FORWARD(SDL, int, SDL_RenderGeometry, (SDL_Renderer *renderer, SDL_Texture *texture, const SDL_Vertex *vertices, int num_vertices, const int *indices, int num_indices),
        (renderer, texture, vertices, num_vertices, indices, num_indices))
FORWARD_VOID(SDL, SDL_RenderPresent, (SDL_Renderer * renderer), (renderer))
FORWARD(SDL, int, SDL_RenderSetClipRect, (SDL_Renderer * renderer, const SDL_Rect * rect), (renderer, rect))
FORWARD(SDL, int, SDL_SetClipboardText, (const char *text), (text))
FORWARD(SDL, SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value))
FORWARD(SDL, int, SDL_SetMemoryFunctions, (SDL_malloc_func malloc_func, SDL_calloc_func calloc_func, SDL_realloc_func realloc_func, SDL_free_func free_func),
        (malloc_func, calloc_func, realloc_func, free_func))
FORWARD(SDL, int, SDL_SetRenderDrawBlendMode, (SDL_Renderer * renderer, SDL_BlendMode blendMode),
        (renderer, blendMode))
FORWARD(SDL, int, SDL_SetRenderDrawColor, (SDL_Renderer * renderer, Uint8 r, Uint8 g, Uint8 b, Uint8 a),
        (renderer, r, g, b, a))
FORWARD(SDL, int, SDL_SetSurfaceBlendMode, (SDL_Surface * surface, SDL_BlendMode blendMode), (surface, blendMode))
FORWARD(SDL, int, SDL_SetTextureAlphaMod, (SDL_Texture * texture, Uint8 alpha), (texture, alpha))
FORWARD(SDL, int, SDL_SetTextureBlendMode, (SDL_Texture * texture, SDL_BlendMode blendMode), (texture, blendMode))
FORWARD(SDL, int, SDL_SetTextureScaleMode, (SDL_Texture * texture, SDL_ScaleMode scaleMode), (texture, scaleMode))
FORWARD(SDL, int, SDL_SetWindowFullscreen, (SDL_Window * window, Uint32 flags), (window, flags))
FORWARD_VOID(SDL, SDL_SetWindowMinimumSize, (SDL_Window * window, int min_w, int min_h), (window, min_w, min_h))
FORWARD_VOID(SDL, SDL_SetWindowPosition, (SDL_Window * window, int x, int y), (window, x, y))
FORWARD_VOID(SDL, SDL_SetWindowSize, (SDL_Window * window, int w, int h), (window, w, h))
FORWARD_VOID(SDL, SDL_SetWindowTitle, (SDL_Window * window, const char *title), (window, title))
FORWARD_VOID(SDL, SDL_ShowWindow, (SDL_Window * window), (window))
FORWARD_VOID(SDL, SDL_HideWindow, (SDL_Window * window), (window))
FORWARD(SDL, int, SDL_SoftStretchLinear,
        (SDL_Surface * src, const SDL_Rect * srcrect, SDL_Surface * dst, const SDL_Rect * dstrect), (src, srcrect, dst, dstrect))
FORWARD(SDL, int, SDL_UpdateTexture, (SDL_Texture * texture, const SDL_Rect * rect, const void *pixels, int pitch),
        (texture, rect, pixels, pitch))
FORWARD(SDL, int, SDL_UpperBlit, (SDL_Surface * src, const SDL_Rect * srcrect, SDL_Surface * dst, SDL_Rect * dstrect),
        (src, srcrect, dst, dstrect))
FORWARD(SDL, int, SDL_WaitEvent, (SDL_Event * event), (event))
FORWARD(SDL, int, SDL_WaitEventTimeout, (SDL_Event * event, int timeout), (event, timeout))
FORWARD_VOID(SDL, SDL_free, (void *mem), (mem))
FORWARD(SDL, void *, SDL_malloc, (size_t size), (size))

// Variadic: the message is made here and handed on whole.
int SDL_SetError(const char *format, ...) {
    static int (*real)(const char *, ...);
    int (*found)(const char *, ...) = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
    if (!found) {
        found = (int (*)(const char *, ...))symbol(SDL, "SDL_SetError");
        __atomic_store_n(&real, found, __ATOMIC_RELEASE);
    }
    char message[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    return found("%s", message);
}

#define TTF FLICK_LIBRARY_SDL2_TTF
FORWARD_VOID(TTF, TTF_CloseFont, (TTF_Font *font), (font))
FORWARD(TTF, int, TTF_FontAscent, (const TTF_Font *font), (font))
FORWARD(TTF, int, TTF_FontHeight, (const TTF_Font *font), (font))
FORWARD(TTF, int, TTF_GlyphIsProvided32, (TTF_Font *font, Uint32 ch), (font, ch))
FORWARD(TTF, int, TTF_Init, (void), ())
FORWARD(TTF, TTF_Font *, TTF_OpenFont, (const char *file, int ptsize), (file, ptsize))
FORWARD(TTF, SDL_Surface *, TTF_RenderUTF8_Blended, (TTF_Font *font, const char *text, SDL_Color fg),
        (font, text, fg))
FORWARD(TTF, int, TTF_SizeUTF8, (TTF_Font *font, const char *text, int *w, int *h), (font, text, w, h))
FORWARD(TTF, int, TTF_WasInit, (void), ())

// fontconfig: the system's sans-serif font, and one for a character it lacks.
#define FONTCONFIG FLICK_LIBRARY_FONTCONFIG
FORWARD(FONTCONFIG, FcBool, FcCharSetAddChar, (FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4))
FORWARD(FONTCONFIG, FcCharSet*, FcCharSetCreate, (void), ())
FORWARD_VOID(FONTCONFIG, FcCharSetDestroy, (FcCharSet *fcs), (fcs))
FORWARD(FONTCONFIG, FcBool, FcCharSetHasChar, (const FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4))
FORWARD_VOID(FONTCONFIG, FcConfigDestroy, (FcConfig *config), (config))
FORWARD(FONTCONFIG, FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind), (config, p, kind))
FORWARD_VOID(FONTCONFIG, FcDefaultSubstitute, (FcPattern *pattern), (pattern))
FORWARD(FONTCONFIG, FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result), (config, p, result))
FORWARD(FONTCONFIG, FcConfig *, FcInitLoadConfigAndFonts, (void), ())
FORWARD(FONTCONFIG, FcPattern *, FcNameParse, (const FcChar8 *name), (name))
FORWARD(FONTCONFIG, FcBool, FcPatternAddCharSet, (FcPattern *p, const char *object, const FcCharSet *c),
        (p, object, c))
FORWARD_VOID(FONTCONFIG, FcPatternDestroy, (FcPattern *p), (p))
FORWARD(FONTCONFIG, FcResult, FcPatternGetCharSet, (const FcPattern *p, const char *object, int n, FcCharSet **c),
        (p, object, n, c))
FORWARD(FONTCONFIG, FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 ** s),
        (p, object, n, s))

// SQLite
#define SQLITE FLICK_LIBRARY_SQLITE
FORWARD(SQLITE, int, sqlite3_open_v2, (const char *filename, sqlite3 **database, int flags, const char *vfs),
        (filename, database, flags, vfs))
FORWARD(SQLITE, int, sqlite3_close_v2, (sqlite3 *database), (database))
FORWARD(SQLITE, int, sqlite3_busy_timeout, (sqlite3 *database, int milliseconds), (database, milliseconds))
FORWARD(SQLITE, int, sqlite3_exec, (sqlite3 *database, const char *sql, int (*callback)(void *, int, char **, char **), void *argument, char **error),
        (database, sql, callback, argument, error))
FORWARD(SQLITE, int, sqlite3_prepare_v2, (sqlite3 *database, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail),
        (database, sql, bytes, statement, tail))
FORWARD(SQLITE, int, sqlite3_step, (sqlite3_stmt *statement), (statement))
FORWARD(SQLITE, int, sqlite3_reset, (sqlite3_stmt *statement), (statement))
FORWARD(SQLITE, int, sqlite3_finalize, (sqlite3_stmt *statement), (statement))
FORWARD(SQLITE, int, sqlite3_bind_blob, (sqlite3_stmt *statement, int index, const void *bytes, int count, void (*destructor)(void *)),
        (statement, index, bytes, count, destructor))
FORWARD(SQLITE, int, sqlite3_bind_text, (sqlite3_stmt *statement, int index, const char *text, int count, void (*destructor)(void *)),
        (statement, index, text, count, destructor))
FORWARD(SQLITE, int, sqlite3_bind_int64, (sqlite3_stmt *statement, int index, sqlite3_int64 value), (statement, index, value))
FORWARD(SQLITE, int, sqlite3_bind_double, (sqlite3_stmt *statement, int index, double value), (statement, index, value))
FORWARD(SQLITE, double, sqlite3_column_double, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(SQLITE, int, sqlite3_bind_null, (sqlite3_stmt *statement, int index), (statement, index))
FORWARD(SQLITE, const void *, sqlite3_column_blob, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(SQLITE, int, sqlite3_column_bytes, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(SQLITE, sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(SQLITE, const unsigned char *, sqlite3_column_text, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(SQLITE, int, sqlite3_column_type, (sqlite3_stmt *statement, int column), (statement, column))
FORWARD(SQLITE, const char *, sqlite3_errmsg, (sqlite3 *database), (database))
FORWARD(SQLITE, const char *, sqlite3_errstr, (int code), (code))
FORWARD_VOID(SQLITE, sqlite3_free, (void *memory), (memory))

// libgweather
#define GWEATHER FLICK_LIBRARY_GWEATHER
FORWARD(GWEATHER, GWeatherLocation *, gweather_location_get_world, (void), ())
FORWARD(GWEATHER, GWeatherLocation *, gweather_location_find_nearest_city, (GWeatherLocation *loc, double lat, double lon), (loc, lat, lon))
FORWARD_VOID(GWEATHER, gweather_location_get_coords, (GWeatherLocation *loc, double *latitude, double *longitude), (loc, latitude, longitude))
FORWARD(GWEATHER, char *, gweather_location_get_city_name, (GWeatherLocation *loc), (loc))
FORWARD(GWEATHER, char *, gweather_location_get_country_name, (GWeatherLocation *loc), (loc))

// xxHash
#define XXHASH FLICK_LIBRARY_XXHASH
FORWARD(XXHASH, XXH3_state_t *, XXH3_createState, (void), ())
FORWARD(XXHASH, XXH_errorcode, XXH3_freeState, (XXH3_state_t *state), (state))
FORWARD(XXHASH, XXH_errorcode, XXH3_128bits_reset, (XXH3_state_t *state), (state))
FORWARD(XXHASH, XXH_errorcode, XXH3_128bits_update, (XXH3_state_t *state, const void *input, size_t length), (state, input, length))
FORWARD(XXHASH, XXH128_hash_t, XXH3_128bits_digest, (const XXH3_state_t *state), (state))

// FFmpeg: a video's facts and poster (CVideo).
#define AVUTIL FLICK_LIBRARY_AVUTIL
FORWARD_VOID(AVUTIL, av_log_set_level, (int level), (level))
FORWARD(AVUTIL, int, av_strerror, (int code, char *buffer, size_t size), (code, buffer, size))
FORWARD(AVUTIL, void *, av_malloc, (size_t size), (size))
FORWARD_VOID(AVUTIL, av_free, (void *pointer), (pointer))
FORWARD_VOID(AVUTIL, av_freep, (void *pointer), (pointer))
FORWARD(AVUTIL, char *, av_strdup, (const char *text), (text))
FORWARD(AVUTIL, AVDictionaryEntry *, av_dict_get, (const AVDictionary *dictionary, const char *key, const AVDictionaryEntry *previous, int flags),
        (dictionary, key, previous, flags))
FORWARD(AVUTIL, double, av_display_rotation_get, (const int32_t matrix[9]), (matrix))
FORWARD(AVUTIL, AVFrame *, av_frame_alloc, (void), ())
FORWARD_VOID(AVUTIL, av_frame_free, (AVFrame **frame), (frame))
#define AVCODEC FLICK_LIBRARY_AVCODEC
FORWARD(AVCODEC, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id))
FORWARD(AVCODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec))
FORWARD(AVCODEC, int, avcodec_parameters_to_context, (AVCodecContext *context, const AVCodecParameters *parameters), (context, parameters))
FORWARD(AVCODEC, int, avcodec_open2, (AVCodecContext *context, const AVCodec *codec, AVDictionary **options), (context, codec, options))
FORWARD(AVCODEC, int, avcodec_send_packet, (AVCodecContext *context, const AVPacket *packet), (context, packet))
FORWARD(AVCODEC, int, avcodec_receive_frame, (AVCodecContext *context, AVFrame *frame), (context, frame))
FORWARD_VOID(AVCODEC, avcodec_flush_buffers, (AVCodecContext *context), (context))
FORWARD_VOID(AVCODEC, avcodec_free_context, (AVCodecContext **context), (context))
FORWARD(AVCODEC, AVPacket *, av_packet_alloc, (void), ())
FORWARD_VOID(AVCODEC, av_packet_free, (AVPacket **packet), (packet))
FORWARD_VOID(AVCODEC, av_packet_unref, (AVPacket *packet), (packet))
#define AVFORMAT FLICK_LIBRARY_AVFORMAT
FORWARD(AVFORMAT, AVIOContext *, avio_alloc_context,
        (unsigned char *buffer, int size, int writable, void *opaque, int (*read)(void *, uint8_t *, int),
         int (*write)(void *, uint8_t *, int), int64_t (*seek)(void *, int64_t, int)),
        (buffer, size, writable, opaque, read, write, seek))
FORWARD_VOID(AVFORMAT, avio_context_free, (AVIOContext **context), (context))
FORWARD(AVFORMAT, AVFormatContext *, avformat_alloc_context, (void), ())
FORWARD(AVFORMAT, int, avformat_open_input, (AVFormatContext **context, const char *url, const AVInputFormat *format, AVDictionary **options),
        (context, url, format, options))
FORWARD(AVFORMAT, int, avformat_find_stream_info, (AVFormatContext *context, AVDictionary **options), (context, options))
FORWARD_VOID(AVFORMAT, avformat_close_input, (AVFormatContext **context), (context))
FORWARD(AVFORMAT, int, av_read_frame, (AVFormatContext *context, AVPacket *packet), (context, packet))
FORWARD(AVFORMAT, int, av_seek_frame, (AVFormatContext *context, int stream, int64_t timestamp, int flags), (context, stream, timestamp, flags))
FORWARD(AVFORMAT, uint8_t *, av_stream_get_side_data, (const AVStream *stream, enum AVPacketSideDataType type, size_t *size), (stream, type, size))
#define SWSCALE FLICK_LIBRARY_SWSCALE
FORWARD(SWSCALE, struct SwsContext *, sws_getContext,
        (int source_width, int source_height, enum AVPixelFormat source_format, int width, int height, enum AVPixelFormat format,
         int flags, SwsFilter *source_filter, SwsFilter *filter, const double *parameters),
        (source_width, source_height, source_format, width, height, format, flags, source_filter, filter, parameters))
FORWARD(SWSCALE, int, sws_setColorspaceDetails,
        (struct SwsContext *context, const int inverse_table[4], int source_range, const int table[4], int range, int brightness,
         int contrast, int saturation),
        (context, inverse_table, source_range, table, range, brightness, contrast, saturation))
FORWARD(SWSCALE, const int *, sws_getCoefficients, (int colourspace), (colourspace))
FORWARD(SWSCALE, int, sws_scale,
        (struct SwsContext *context, const uint8_t *const source[], const int source_strides[], int y, int rows, uint8_t *const target[],
         const int target_strides[]),
        (context, source, source_strides, y, rows, target, target_strides))
FORWARD_VOID(SWSCALE, sws_freeContext, (struct SwsContext *context), (context))

// libmpv: a video played (CPlayer).
#define MPV FLICK_LIBRARY_MPV
FORWARD(MPV, mpv_handle *, mpv_create, (void), ())
FORWARD(MPV, int, mpv_initialize, (mpv_handle *context), (context))
FORWARD_VOID(MPV, mpv_terminate_destroy, (mpv_handle *context), (context))
FORWARD(MPV, int, mpv_set_option_string, (mpv_handle *context, const char *name, const char *data), (context, name, data))
FORWARD(MPV, int, mpv_command, (mpv_handle *context, const char **arguments), (context, arguments))
FORWARD(MPV, int, mpv_command_string, (mpv_handle *context, const char *arguments), (context, arguments))
FORWARD(MPV, mpv_event *, mpv_wait_event, (mpv_handle *context, double timeout), (context, timeout))
FORWARD_VOID(MPV, mpv_set_wakeup_callback, (mpv_handle *context, void (*callback)(void *data), void *data), (context, callback, data))
FORWARD(MPV, int, mpv_observe_property, (mpv_handle *context, uint64_t reply, const char *name, mpv_format format),
        (context, reply, name, format))
FORWARD(MPV, int, mpv_get_property, (mpv_handle *context, const char *name, mpv_format format, void *data), (context, name, format, data))
FORWARD(MPV, char *, mpv_get_property_string, (mpv_handle *context, const char *name), (context, name))
FORWARD(MPV, int, mpv_set_property, (mpv_handle *context, const char *name, mpv_format format, void *data), (context, name, format, data))
FORWARD_VOID(MPV, mpv_free, (void *data), (data))
FORWARD(MPV, const char *, mpv_error_string, (int error), (error))
FORWARD(MPV, int, mpv_render_context_create, (mpv_render_context **render, mpv_handle *context, mpv_render_param *parameters),
        (render, context, parameters))
FORWARD_VOID(MPV, mpv_render_context_free, (mpv_render_context *render), (render))
FORWARD_VOID(MPV, mpv_render_context_set_update_callback, (mpv_render_context *render, mpv_render_update_fn callback, void *data),
             (render, callback, data))
FORWARD(MPV, uint64_t, mpv_render_context_update, (mpv_render_context *render), (render))
FORWARD(MPV, int, mpv_stream_cb_add_ro, (mpv_handle *context, const char *protocol, void *data, mpv_stream_cb_open_ro_fn open),
        (context, protocol, data, open))
FORWARD(MPV, int, mpv_render_context_render, (mpv_render_context *render, mpv_render_param *parameters), (render, parameters))
