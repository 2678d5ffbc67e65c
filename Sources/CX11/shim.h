// SPDX-License-Identifier: GPL-3.0-or-later
// Xlib, to read the X resource database (Xft.dpi) for the HiDPI scale and the root
// window's properties (the display's colour profile).
#include <X11/Xlib.h>
#include <X11/Xresource.h>
#include <X11/Xatom.h>

// Xatom.h's atoms are cast macros, out of Swift's reach.
static const Atom flick_xa_cardinal = XA_CARDINAL;

static const Atom flick_xa_atom = XA_ATOM;
static const Atom flick_xa_integer = XA_INTEGER;
