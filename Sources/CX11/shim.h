// Xlib, only to read the X resource database (Xft.dpi) for the HiDPI scale.
#include <X11/Xlib.h>
#include <X11/Xresource.h>
