// SPDX-License-Identifier: GPL-3.0-or-later
// libwebp's animation decoder (libwebpdemux): each frame of an animated WebP, composed on
// its canvas.
#include <webp/decode.h>
#include <webp/demux.h>
