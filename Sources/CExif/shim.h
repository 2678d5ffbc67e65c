// SPDX-License-Identifier: GPL-3.0-or-later
// libexif, for the orientation tag.
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-tag.h>

// exif_data_get_entry is a macro over the five IFDs.
static inline ExifEntry *flick_exif_entry(ExifData *data, ExifTag tag) { return exif_data_get_entry(data, tag); }
// An entry of the interoperability IFD alone: its tag numbers repeat the GPS IFD's.
static inline ExifEntry *flick_exif_interop_entry(ExifData *data, ExifTag tag) {
    return exif_content_get_entry(data->ifd[EXIF_IFD_INTEROPERABILITY], tag);
}
// An entry of the GPS IFD alone (its tag numbers 1–4 repeat the interoperability IFD's).
static inline ExifEntry *flick_exif_gps_entry(ExifData *data, ExifTag tag) {
    return exif_content_get_entry(data->ifd[EXIF_IFD_GPS], tag);
}
