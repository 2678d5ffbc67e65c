// SPDX-License-Identifier: GPL-3.0-or-later
// fontconfig, to find the system's sans-serif font for labels and the HUD.
#include <fontconfig/fontconfig.h>
