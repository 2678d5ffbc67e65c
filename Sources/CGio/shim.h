// SPDX-License-Identifier: GPL-3.0-or-later
// GIO, for the desktop's settings (GSettings) that are not published over XSETTINGS.
#include <gio/gio.h>
