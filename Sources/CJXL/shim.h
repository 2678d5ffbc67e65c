// SPDX-License-Identifier: GPL-3.0-or-later
// libjxl for Swift: JPEG XL stills and the first frame of animations.
#include <jxl/decode.h>
