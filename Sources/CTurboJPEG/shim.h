// SPDX-License-Identifier: GPL-3.0-or-later
// libjpeg-turbo's TurboJPEG API.
#include <turbojpeg.h>

// TJSCALED is a function-like macro: the size of `dimension` under a scaling factor.
static inline int flick_tj_scaled(int dimension, tjscalingfactor factor) { return TJSCALED(dimension, factor); }
