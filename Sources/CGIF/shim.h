// SPDX-License-Identifier: GPL-3.0-or-later
// giflib, for GIF animations: it reads a file record by record, so frames are decoded one
// at a time and a 40,000-frame file never sits in memory whole.
#include <gif_lib.h>
