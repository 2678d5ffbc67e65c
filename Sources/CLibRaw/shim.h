// SPDX-License-Identifier: GPL-3.0-or-later
// LibRaw for Swift: camera RAW files (their embedded previews, and full renders).
#include <libraw.h>
