// SPDX-License-Identifier: GPL-3.0-or-later
// Xlib and the XTest extension, for the end-to-end tests: they drive the pointer through
// the X server, which spaces and stamps the events itself (XTest's delay argument).
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
