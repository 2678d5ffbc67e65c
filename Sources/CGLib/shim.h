// SPDX-License-Identifier: GPL-3.0-or-later
// GLib, for file URIs (RFC 3986 escaping as the Thumbnail Managing Standard requires)
// and MD5.
#include <glib.h>
