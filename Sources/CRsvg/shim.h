// SPDX-License-Identifier: GPL-3.0-or-later
// librsvg and cairo for Swift: SVG rasterised at the size asked.
#include <librsvg/rsvg.h>
#include <cairo.h>
