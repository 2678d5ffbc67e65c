// SPDX-License-Identifier: GPL-3.0-or-later
// Little CMS for Swift: colour profiles and the transforms between them. Its pixel
// formats are macros Swift cannot import; the few Flick uses are named here.
#include <lcms2.h>

static const cmsUInt32Number flick_lcms_bgra_8 = TYPE_BGRA_8;
// Adobe's CMYK JPEGs store inverted inks (255 is no ink).
static const cmsUInt32Number flick_lcms_cmyk_8_inverted = TYPE_CMYK_8_REV;
// Three doubles a pixel, 0…1: exact arithmetic, for checking faster paths against.
static const cmsUInt32Number flick_lcms_rgb_double = TYPE_RGB_DBL;
// 16 bits a channel, native order: a deep picture's rows, converted before they are cut.
static const cmsUInt32Number flick_lcms_bgra_16 = TYPE_BGRA_16;
// A TIFF's stored samples, converted straight from them: 16-bit RGB (with alpha), and CMYK
// whose 0 is no ink.
static const cmsUInt32Number flick_lcms_rgb_16 = TYPE_RGB_16;
static const cmsUInt32Number flick_lcms_rgba_16 = TYPE_RGBA_16;
static const cmsUInt32Number flick_lcms_cmyk_8 = TYPE_CMYK_8;
