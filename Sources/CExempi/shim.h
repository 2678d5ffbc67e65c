// SPDX-License-Identifier: GPL-3.0-or-later
// exempi: Adobe's XMP toolkit behind a C API, for the marks in XMP sidecars.
#include <exempi-2.0/exempi/xmp.h>
#include <exempi-2.0/exempi/xmpconsts.h>
