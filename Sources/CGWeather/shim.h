// SPDX-License-Identifier: GPL-3.0-or-later
// libgweather's database of the world's places (the one Loupe and GNOME's clocks use), to
// name where a photo was taken, offline. Its header needs libgweather's include path and
// GIO's; the few declarations Flick uses are given here (CDeferredLibraries compiles their
// definitions against the real header, which checks them).
#include <glib-object.h>

typedef struct _GWeatherLocation GWeatherLocation;

GWeatherLocation *gweather_location_get_world(void);
GWeatherLocation *gweather_location_find_nearest_city(GWeatherLocation *loc, double lat, double lon);
void gweather_location_get_coords(GWeatherLocation *loc, double *latitude, double *longitude);
char *gweather_location_get_city_name(GWeatherLocation *loc);
char *gweather_location_get_country_name(GWeatherLocation *loc);
