// SPDX-License-Identifier: GPL-3.0-or-later
// librsvg and cairo for Swift: SVG rasterised at the size asked. Both are loaded when a
// drawing is first met (CDeferredLibraries), so they are not linked here; librsvg's own
// header needs include paths of half a desktop, so the few declarations Flick uses are
// given here (CDeferredLibraries compiles its definitions against the real header, which
// checks them).
#include <glib-object.h>
#include <cairo/cairo.h>

typedef struct _RsvgHandle RsvgHandle;

typedef enum {
    RSVG_UNIT_PERCENT,
    RSVG_UNIT_PX,
    RSVG_UNIT_EM,
    RSVG_UNIT_EX,
    RSVG_UNIT_IN,
    RSVG_UNIT_CM,
    RSVG_UNIT_MM,
    RSVG_UNIT_PT,
    RSVG_UNIT_PC
} RsvgUnit;

typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;

typedef struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width, gdouble *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
                                          gboolean *out_has_height, RsvgLength *out_height,
                                          gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
