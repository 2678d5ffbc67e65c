// SPDX-License-Identifier: GPL-3.0-or-later
// The libraries Flick loads only when it first needs them, not at start:
// - the codecs few folders need: HEIF/AVIF (libheif), JPEG XL (libjxl), SVG (librsvg and
//   cairo), camera RAW (LibRaw), and SDL_image for the rarer formats;
// - exempi, for marks in XMP sidecars (in the helpers, when a photo has a sidecar);
// - GIO and GObject, for GSettings and the desktop's actions (on threads of their own);
// - SDL2, SDL_ttf and fontconfig, for the window and its text: Flick loads them after it
//   forks its first decode helper, which never does;
// - SQLite, for the index of a whole tree (one folder's photos never need it);
// - libgweather, for place names, when the details of a photo with GPS are first shown;
// - xxHash, when an import first compares a copy with its original;
// - FFmpeg (libavformat, libavcodec, libavutil, libswscale), in a helper, for a video;
// - libmpv, in a player helper, when a video is first played.
// Before `main`, the dynamic loader maps and binds every linked library and runs its
// constructors, and the first decode helper is forked only after that: linked, the codecs
// cost every start ≈ 25 ms before its first photo, GIO and exempi ≈ 5 ms more, SDL2 (with
// the 48 libraries it pulls in) and its text ≈ 10 ms more. Loaded on demand, only the
// process that meets such a file or such an action pays, once.
// Their functions are called through their own headers as usual: this target defines each
// one Flick uses, and the first call finds the library's own. The definitions are among
// Flick's dynamic symbols, so a library loaded later that calls one of them (SDL_ttf calling
// SDL) goes through it to the same function.
#ifndef FLICK_DEFERRED_LIBRARIES_H
#define FLICK_DEFERRED_LIBRARIES_H

#include <stddef.h>

typedef enum {
    FLICK_LIBRARY_HEIF = 0,
    FLICK_LIBRARY_JXL = 1,
    FLICK_LIBRARY_RSVG = 2,
    FLICK_LIBRARY_CAIRO = 3,
    FLICK_LIBRARY_RAW = 4,
    FLICK_LIBRARY_SDL_IMAGE = 5,
    FLICK_LIBRARY_EXEMPI = 6,
    FLICK_LIBRARY_GOBJECT = 7,
    FLICK_LIBRARY_GIO = 8,
    FLICK_LIBRARY_SDL2 = 9,
    FLICK_LIBRARY_SDL2_TTF = 10,
    FLICK_LIBRARY_FONTCONFIG = 11,
    FLICK_LIBRARY_SQLITE = 12,
    FLICK_LIBRARY_GWEATHER = 13,
    FLICK_LIBRARY_XXHASH = 14,
    FLICK_LIBRARY_AVUTIL = 15,
    FLICK_LIBRARY_AVCODEC = 16,
    FLICK_LIBRARY_AVFORMAT = 17,
    FLICK_LIBRARY_SWSCALE = 18,
    FLICK_LIBRARY_MPV = 19,
    FLICK_LIBRARY_COUNT = 20
} flick_library;

// Loads `library` if it is not yet: NULL when it is there, else why not (the loader's
// words, or the library's file name), which stays valid for the process's life. Call it
// before any function of that library; a function called without it loads the library
// itself and ends the process if it cannot.
const char *flick_library_problem(flick_library library);

#endif
