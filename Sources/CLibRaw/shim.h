// SPDX-License-Identifier: GPL-3.0-or-later
// LibRaw for Swift: camera RAW files (their embedded previews, and full renders). Loaded
// when a RAW is first met (CDeferredLibraries), so not linked here.
#include <libraw/libraw.h>
