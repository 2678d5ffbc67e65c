// SPDX-License-Identifier: GPL-3.0-or-later
// A video played by libmpv in a player helper process: its frames drawn by mpv's software
// renderer into shared memory, its sound through the desktop's audio server, told what to
// do in lines of text and telling what happens the same way. libmpv is loaded when a
// video is first played (CDeferredLibraries).
//
// Commands, a line each: "play", "pause", "seek SECONDS", "volume PERCENT", "mute 0|1",
// "box WIDTH HEIGHT" (frames fit it from then on), "done SLOT" (Flick has what it shows of
// the frame in SLOT: it may be drawn into again), "quit".
// Events, a line each: "ready WIDTH HEIGHT SECONDS SOUND" (the picture upright, its length,
// 1 where it has sound), "frame SLOT WIDTH HEIGHT STRIDE SECONDS", "paused 0|1", "ended",
// "nosound" (it has sound, but no audio output would open), "error WORDS".
#ifndef FLICK_PLAYER_H
#define FLICK_PLAYER_H

#include <stddef.h>

// Loads libmpv if it is not yet: NULL when it is there, else why not.
const char *flick_player_library_problem(void);

// Plays the video at `path` (only its `part_length` bytes from `part_start` where that is
// not 0: a Motion Photo's video after its JPEG) from `start_seconds` in, shown as EXIF's
// `orientation` (1 to 8) says of a photo's stored pixels (its track's matrix as CVideo reads
// it, then any turn its sidecar adds), tone-mapped for an SDR screen where
// `high_dynamic_range` is 1 (PQ) or 2 (HLG). Frames are drawn into `frames` (a shared memory file of
// `slots` × `slot_bytes` bytes, rows of B, G, R and a fourth byte 255), fitting `box_width` ×
// `box_height`. Returns when told to quit, when `commands` closes, or when the video cannot
// be played (after saying why): 0, or 1 where it could not start.
int flick_player_serve(const char *path, long long part_start, long long part_length, double start_seconds, int orientation, int high_dynamic_range,
                       int commands, int events, int frames, int slots, size_t slot_bytes, int box_width, int box_height);

#endif
