// SPDX-License-Identifier: GPL-3.0-or-later
// What PhotoLibrary asks of FFmpeg's libavformat, libavcodec and libswscale, behind a narrow
// C API: a video's facts (its size, turn, length, when and where it was recorded) and one
// frame of it as a poster. Called in a decode helper only; the libraries are loaded when a
// video first needs them (CDeferredLibraries).
#ifndef FLICK_VIDEO_H
#define FLICK_VIDEO_H

#include <stddef.h>
#include <stdint.h>

typedef struct flick_video flick_video;

typedef enum {
    FLICK_VIDEO_OK = 0,
    // Not a video FFmpeg reads (the reason is in `error`).
    FLICK_VIDEO_UNREADABLE = 1,
    // Its picture declares more pixels than allowed (the facts hold its size).
    FLICK_VIDEO_TOO_LARGE = 2,
    // The file ends before its index or its first picture does.
    FLICK_VIDEO_INCOMPLETE = 3,
} flick_video_status;

typedef struct {
    // The picture as stored, before its turn.
    int width;
    int height;
    // Clockwise quarter turns that stand it upright (a phone held upright records its
    // frames sideways and says so in the track's matrix): 0…3.
    int quarter_turns;
    // Seconds; 0 where the container does not say.
    double duration;
    // Local time without a zone, "YYYY-MM-DD hh:mm:ss"; empty where the file does not say.
    char date_taken[32];
    char make[64];
    char model[64];
    // An iPhone's Live Photo: the identifier its still carries too; empty where none.
    char content_identifier[64];
    int has_location;
    double latitude;
    double longitude;
    int has_sound;
    // How its picture's light is coded: 0 SDR, 1 PQ (HDR10), 2 HLG.
    int high_dynamic_range;
} flick_video_facts;

// Loads FFmpeg's libraries if they are not yet: NULL when they are there, else why not.
const char *flick_video_library_problem(void);

// Opens the video read from `fd`: its `size` bytes from `offset` (a Motion Photo's video
// follows its JPEG; a file still being written is read as it was), refusing a picture of
// more than `maximum_pixels`. Fills `facts` as far as it got; NULL with `status` and the
// reason in `error` when it cannot be opened.
flick_video *flick_video_open(int fd, int64_t offset, int64_t size, int64_t maximum_pixels, flick_video_facts *facts,
                              flick_video_status *status, char *error, size_t error_size);

// A frame a tenth of the way in (its nearest earlier key frame; the first where seeking
// fails), as stored (not turned), scaled to fit `maximum_side` (never up), as rows of
// `bytes_per_row` bytes, B, G, R, A a pixel, in `*bgra` (free it with flick_video_free).
// 0 on success.
int flick_video_poster(flick_video *video, int maximum_side, uint8_t **bgra, int *width, int *height, int *bytes_per_row,
                       flick_video_status *status, char *error, size_t error_size);

void flick_video_close(flick_video *video);
void flick_video_free(void *pointer);

#endif
