// SPDX-License-Identifier: GPL-3.0-or-later
// libheif for Swift: HEIF/HEIC (through libde265) and AVIF (through libaom / dav1d).
// Loaded when such a file is first met (CDeferredLibraries), so not linked here.
#include <libheif/heif.h>
