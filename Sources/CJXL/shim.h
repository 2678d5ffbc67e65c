// SPDX-License-Identifier: GPL-3.0-or-later
// libjxl for Swift: JPEG XL stills and the first frame of animations. Loaded when such a
// file is first met (CDeferredLibraries), so not linked here.
#include <jxl/decode.h>
