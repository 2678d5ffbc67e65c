// SPDX-License-Identifier: GPL-3.0-or-later
// The few things PhotoLibrary asks of SDL_image, behind a narrow C API:
// its Swift code sees these declarations only, never SDL's, so it cannot reach SDL's
// window or renderer (Platform's alone).
#ifndef FLICK_IMAGE_LOADING_H
#define FLICK_IMAGE_LOADING_H

#include <stddef.h>
#include <stdint.h>

// An image SDL_image has decoded, not yet converted.
typedef struct flick_image flick_image;

// Decodes `count` bytes (BMP, TIFF, TGA, ICO, PNM, QOI, still WebP, …); NULL if SDL_image
// cannot, with the reason in flick_image_error().
flick_image *flick_image_load(const void *bytes, size_t count);
int flick_image_width(const flick_image *image);
int flick_image_height(const flick_image *image);
// True if the source had an alpha channel, a palette or a colour key: only then can a
// pixel be transparent.
int flick_image_may_have_alpha(const flick_image *image);
// Writes the image as rows of width × 4 bytes, B, G, R, A each, into `target` (width ×
// height × 4 bytes). 0 on success; otherwise the reason is in flick_image_error().
int flick_image_copy_bgra(const flick_image *image, uint8_t *target);
void flick_image_free(flick_image *image);
// Why the last call failed.
const char *flick_image_error(void);

#endif
