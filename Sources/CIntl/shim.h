// SPDX-License-Identifier: GPL-3.0-or-later
// glibc's gettext (libintl.h), which Swift's Glibc module leaves out.
#include <libintl.h>
#include <locale.h>
