// SPDX-License-Identifier: GPL-3.0-or-later
#include "CImageLoading.h"

#include <CDeferredLibraries.h>
#include <SDL.h>
#include <SDL_image.h>
#include <string.h>

struct flick_image {
    SDL_Surface *surface;
};

flick_image *flick_image_load(const void *bytes, size_t count) {
    if (count > INT32_MAX) {
        SDL_SetError("file too big to read");
        return NULL;
    }
    const char *problem = flick_library_problem(FLICK_LIBRARY_SDL_IMAGE);
    if (problem) {
        SDL_SetError("SDL_image could not be loaded (%s)", problem);
        return NULL;
    }
    SDL_RWops *stream = SDL_RWFromConstMem(bytes, (int)count);
    if (stream == NULL) return NULL;
    SDL_Surface *surface = IMG_Load_RW(stream, 1);
    if (surface == NULL) return NULL;
    flick_image *image = SDL_malloc(sizeof *image);
    if (image == NULL) {
        SDL_FreeSurface(surface);
        SDL_OutOfMemory();
        return NULL;
    }
    image->surface = surface;
    return image;
}

int flick_image_width(const flick_image *image) { return image->surface->w; }

int flick_image_height(const flick_image *image) { return image->surface->h; }

int flick_image_may_have_alpha(const flick_image *image) {
    const SDL_PixelFormat *format = image->surface->format;
    return format->Amask != 0 || format->palette != NULL || SDL_HasColorKey(image->surface) == SDL_TRUE;
}

int flick_image_copy_bgra(const flick_image *image, uint8_t *target) {
    SDL_Surface *converted = SDL_ConvertSurfaceFormat(image->surface, SDL_PIXELFORMAT_ARGB8888, 0);
    if (converted == NULL) return -1;
    const size_t row_bytes = (size_t)converted->w * 4;
    const uint8_t *source = converted->pixels;
    for (int row = 0; row < converted->h; row++) {
        memcpy(target + (size_t)row * row_bytes, source + (size_t)row * (size_t)converted->pitch, row_bytes);
    }
    SDL_FreeSurface(converted);
    return 0;
}

void flick_image_free(flick_image *image) {
    if (image == NULL) return;
    SDL_FreeSurface(image->surface);
    SDL_free(image);
}

const char *flick_image_error(void) { return SDL_GetError(); }
