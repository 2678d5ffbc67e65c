// SPDX-License-Identifier: GPL-3.0-or-later
// The player helper's loop around libmpv. See CPlayer.h.
#define _GNU_SOURCE
#include "CPlayer.h"
#include "CDeferredLibraries.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <mpv/client.h>
#include <mpv/render.h>
#include <mpv/stream_cb.h>

enum { maximum_slots = 4 };

typedef struct {
    mpv_handle *mpv;
    mpv_render_context *render;
    int events;
    uint8_t *frames;
    int slots;
    size_t slot_bytes;
    int box_width, box_height;
    // The picture upright (after its track's turn), and the size frames are drawn at.
    int video_width, video_height;
    int width, height;
    size_t stride;
    int held[maximum_slots];
    int next_slot;
    int wake[2];
    int has_sound;
    int said_ready, said_no_sound, sound_checked, ended;
    // mpv drops a seek asked before the file is loaded: it waits here (seconds; -1, none).
    int loaded;
    double pending_seek;
} player;

const char *flick_player_library_problem(void) { return flick_library_problem(FLICK_LIBRARY_MPV); }

static void say(player *p, const char *format, ...) {
    char line[512];
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(line, sizeof line - 1, format, arguments);
    va_end(arguments);
    if (length < 0) return;
    if (length > (int)sizeof line - 2) length = (int)sizeof line - 2;
    line[length++] = '\n';
    for (int written = 0; written < length;) {
        ssize_t count = write(p->events, line + written, (size_t)(length - written));
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return;
        written += (int)count;
    }
}

// mpv calls these on its own threads: they only wake the loop.
static void wake_loop(void *context) {
    player *p = context;
    char byte = 1;
    ssize_t ignored = write(p->wake[1], &byte, 1);
    (void)ignored;
}

// The size frames are drawn at: the picture fitted to the box, never enlarged (the window
// scales the texture), within a slot.
static void fit(player *p) {
    if (p->video_width <= 0 || p->video_height <= 0) return;
    double scale = 1;
    if (p->box_width > 0 && p->box_height > 0) {
        scale = fmin(1.0, fmin((double)p->box_width / p->video_width, (double)p->box_height / p->video_height));
    }
    for (;;) {
        int width = (int)lround(p->video_width * scale), height = (int)lround(p->video_height * scale);
        if (width < 1) width = 1;
        if (height < 1) height = 1;
        size_t stride = ((size_t)width * 4 + 63) & ~(size_t)63;
        if (stride * (size_t)height <= p->slot_bytes || scale < 0.01) {
            p->width = width;
            p->height = height;
            p->stride = stride;
            return;
        }
        scale *= 0.9;
    }
}

static double number(player *p, const char *name) {
    double value = 0;
    if (mpv_get_property(p->mpv, name, MPV_FORMAT_DOUBLE, &value) < 0 || !isfinite(value)) return 0;
    return value;
}

static int64_t integer(player *p, const char *name) {
    int64_t value = 0;
    if (mpv_get_property(p->mpv, name, MPV_FORMAT_INT64, &value) < 0) return 0;
    return value;
}

static void check_sound(player *p) {
    if (!p->has_sound || p->said_no_sound) return;
    char *output = mpv_get_property_string(p->mpv, "current-ao");
    int none = !output || !output[0];
    if (output) mpv_free(output);
    if (none) {
        p->said_no_sound = 1;
        say(p, "nosound");
    }
}

static void reconfigured(player *p) {
    int width = (int)integer(p, "video-out-params/dw"), height = (int)integer(p, "video-out-params/dh");
    if (width <= 0 || height <= 0) return;
    p->video_width = width;
    p->video_height = height;
    fit(p);
    if (!p->said_ready) {
        p->said_ready = 1;
        // Whether the file has sound, whether or not it can be played here.
        int64_t tracks = integer(p, "track-list/count");
        for (int64_t i = 0; i < tracks && i < 256 && !p->has_sound; i++) {
            char name[64];
            snprintf(name, sizeof name, "track-list/%d/type", (int)i);
            char *type = mpv_get_property_string(p->mpv, name);
            p->has_sound = type && strcmp(type, "audio") == 0;
            if (type) mpv_free(type);
        }
        say(p, "ready %d %d %.3f %d", width, height, number(p, "duration"), p->has_sound);
    }
}

static void seek(player *p, double value) {
    char seconds[32];
    snprintf(seconds, sizeof seconds, "%.3f", value < 0 ? 0 : value);
    const char *arguments[] = {"seek", seconds, "absolute", NULL};
    mpv_command(p->mpv, arguments);
}

static int handle_events(player *p) {
    for (;;) {
        mpv_event *event = mpv_wait_event(p->mpv, 0);
        switch (event->event_id) {
        case MPV_EVENT_NONE:
            return 0;
        case MPV_EVENT_SHUTDOWN:
            return 1;
        case MPV_EVENT_VIDEO_RECONFIG:
            reconfigured(p);
            break;
        case MPV_EVENT_FILE_LOADED:
            p->loaded = 1;
            if (p->pending_seek >= 0) seek(p, p->pending_seek);
            p->pending_seek = -1;
            break;
        case MPV_EVENT_END_FILE: {
            mpv_event_end_file *end = event->data;
            if (end->reason == MPV_END_FILE_REASON_ERROR) {
                say(p, "error %s", mpv_error_string(end->error));
                return 1;
            }
            break;
        }
        case MPV_EVENT_PROPERTY_CHANGE: {
            mpv_event_property *property = event->data;
            if (property->format != MPV_FORMAT_FLAG) break;
            int value = *(int *)property->data;
            if (strcmp(property->name, "pause") == 0) {
                say(p, "paused %d", value);
            } else if (strcmp(property->name, "eof-reached") == 0 && value && !p->ended) {
                p->ended = 1;
                say(p, "ended");
            } else if (strcmp(property->name, "eof-reached") == 0 && !value) {
                p->ended = 0;
            }
            break;
        }
        default:
            break;
        }
    }
}

// Draws the frame due into a free slot and says so; `again`: the frame shown, at a new size.
static void draw(player *p, int again) {
    uint64_t flags = mpv_render_context_update(p->render);
    if ((!(flags & MPV_RENDER_UPDATE_FRAME) && !again) || p->width <= 0) return;
    int slot = -1;
    for (int i = 0; i < p->slots; i++) {
        int candidate = (p->next_slot + i) % p->slots;
        if (!p->held[candidate]) { slot = candidate; break; }
    }
    // Every slot still on screen: this frame is dropped (mpv counts it).
    if (slot < 0) return;
    uint8_t *target = p->frames + (size_t)slot * p->slot_bytes;
    int size[2] = {p->width, p->height};
    size_t stride = p->stride;
    mpv_render_param parameters[] = {
        {MPV_RENDER_PARAM_SW_SIZE, size},
        {MPV_RENDER_PARAM_SW_FORMAT, "bgr0"},
        {MPV_RENDER_PARAM_SW_STRIDE, &stride},
        {MPV_RENDER_PARAM_SW_POINTER, target},
        {MPV_RENDER_PARAM_INVALID, NULL},
    };
    if (mpv_render_context_render(p->render, parameters) < 0) return;
    // Opaque: the fourth byte is 255, as a decoded photo's alpha.
    for (int y = 0; y < p->height; y++) {
        uint32_t *row = (uint32_t *)(target + (size_t)y * stride);
        for (int x = 0; x < p->width; x++) row[x] |= 0xFF000000u;
    }
    p->held[slot] = 1;
    p->next_slot = (slot + 1) % p->slots;
    double time = number(p, "time-pos");
    say(p, "frame %d %d %d %zu %.3f", slot, p->width, p->height, stride, time);
    // A quarter of a second in, the audio output has opened, or it never will.
    if (p->has_sound && !p->sound_checked && time > 0.25) {
        p->sound_checked = 1;
        check_sound(p);
    }
}

static void command(player *p, char *line) {
    double value;
    int first, second;
    if (strcmp(line, "play") == 0) {
        int no = 0;
        if (p->ended) mpv_command_string(p->mpv, "seek 0 absolute");
        mpv_set_property(p->mpv, "pause", MPV_FORMAT_FLAG, &no);
    } else if (strcmp(line, "pause") == 0) {
        int yes = 1;
        mpv_set_property(p->mpv, "pause", MPV_FORMAT_FLAG, &yes);
    } else if (sscanf(line, "seek %lf", &value) == 1 && isfinite(value)) {
        if (p->loaded) seek(p, value);
        else p->pending_seek = value;
    } else if (sscanf(line, "volume %lf", &value) == 1 && isfinite(value)) {
        value = fmax(0, fmin(100, value));
        mpv_set_property(p->mpv, "volume", MPV_FORMAT_DOUBLE, &value);
    } else if (sscanf(line, "mute %d", &first) == 1) {
        int muted = first != 0;
        mpv_set_property(p->mpv, "mute", MPV_FORMAT_FLAG, &muted);
    } else if (sscanf(line, "box %d %d", &first, &second) == 2) {
        p->box_width = first;
        p->box_height = second;
        fit(p);
        draw(p, 1);
    } else if (sscanf(line, "done %d", &first) == 1 && first >= 0 && first < p->slots) {
        p->held[first] = 0;
    }
}

static int set(mpv_handle *mpv, const char *name, const char *value) { return mpv_set_option_string(mpv, name, value); }

// A part of a file read as a whole one (a Motion Photo's video, after its JPEG): mpv reads
// it through these, never a byte outside it, and nothing is copied out.
typedef struct {
    int fd;
    int64_t start, length, position;
} file_part;

static int64_t part_read(void *cookie, char *buffer, uint64_t count) {
    file_part *part = cookie;
    int64_t left = part->length - part->position;
    if (left <= 0) return 0;
    size_t wanted = (size_t)(count < (uint64_t)left ? count : (uint64_t)left);
    ssize_t got;
    do { got = pread(part->fd, buffer, wanted, part->start + part->position); } while (got < 0 && errno == EINTR);
    if (got < 0) return -1;
    part->position += got;
    return got;
}

static int64_t part_seek(void *cookie, int64_t offset) {
    file_part *part = cookie;
    if (offset < 0 || offset > part->length) return MPV_ERROR_GENERIC;
    part->position = offset;
    return offset;
}

static int64_t part_size(void *cookie) { return ((file_part *)cookie)->length; }

static void part_close(void *cookie) { (void)cookie; }

static int part_open(void *user_data, char *uri, mpv_stream_cb_info *info) {
    (void)uri;
    info->cookie = user_data;
    info->read_fn = part_read;
    info->seek_fn = part_seek;
    info->size_fn = part_size;
    info->close_fn = part_close;
    return 0;
}

int flick_player_serve(const char *path, long long part_start, long long part_length, double start_seconds, int orientation, int high_dynamic_range,
                       int commands, int events, int frames, int slots, size_t slot_bytes, int box_width, int box_height) {
    player p = {.events = events, .slots = slots, .slot_bytes = slot_bytes, .box_width = box_width, .box_height = box_height, .pending_seek = -1};
    const char *problem = flick_player_library_problem();
    if (problem) { say(&p, "error %s", problem); return 1; }
    if (slots < 1 || slots > maximum_slots || slot_bytes < 64) { say(&p, "error no room for frames"); return 1; }
    p.frames = mmap(NULL, (size_t)slots * slot_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, frames, 0);
    if (p.frames == MAP_FAILED) { say(&p, "error %s", strerror(errno)); return 1; }
    if (pipe2(p.wake, O_CLOEXEC | O_NONBLOCK) != 0) { say(&p, "error %s", strerror(errno)); return 1; }

    p.mpv = mpv_create();
    if (!p.mpv) { say(&p, "error the player could not start"); return 1; }
    // Nothing of the user's mpv set-up, no scripts, no terminal, no window of its own: the
    // frames go to Flick, keys stay Flick's.
    set(p.mpv, "config", "no");
    set(p.mpv, "load-scripts", "no");
    set(p.mpv, "ytdl", "no");
    set(p.mpv, "terminal", "no");
    set(p.mpv, "msg-level", "all=no");
    set(p.mpv, "input-default-bindings", "no");
    set(p.mpv, "osc", "no");
    // mpv's own seek bar and messages drawn into the frames: Flick has its own bar.
    set(p.mpv, "osd-level", "0");
    set(p.mpv, "osd-bar", "no");
    set(p.mpv, "vo", "libmpv");
    set(p.mpv, "hwdec", "no");
    set(p.mpv, "sub-auto", "no");
    set(p.mpv, "audio-file-auto", "no");
    set(p.mpv, "audio-client-name", "Flick");
    set(p.mpv, "audio-display", "no");
    set(p.mpv, "keep-open", "yes");
    // mpv's software renderer neither turns a picture nor tone-maps HDR: its filters do, as
    // the track says. HDR: light from PQ or HLG with BT.2408's white (203 nits) as white,
    // BT.709's primaries, highlights rolled off (Möbius, from three quarters), BT.709 out.
    set(p.mpv, "video-rotate", "no");
    // EXIF's orientations 1 to 8: as stored, mirrored, upside down, flipped, transposed,
    // turned right, transposed the other way, turned left.
    static const char *const turns[] = {"", "", "hflip", "hflip,vflip", "vflip", "transpose=cclock_flip", "transpose=clock",
                                        "transpose=clock_flip", "transpose=cclock"};
    const char *turn = orientation > 0 && orientation <= 8 ? turns[orientation] : "";
    const char *tone = high_dynamic_range ? "zscale=t=linear:npl=203,format=gbrpf32le,zscale=p=bt709,"
                                            "tonemap=tonemap=mobius:param=0.75:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
                                          : "";
    if (turn[0] || tone[0]) {
        char filters[512];
        snprintf(filters, sizeof filters, "lavfi=[%s%s%s]", tone, tone[0] && turn[0] ? "," : "", turn);
        set(p.mpv, "vf", filters);
    }
    set(p.mpv, "pause", "yes");
    // Its first frame there, none before it (a video turned while it played goes on).
    if (start_seconds > 0 && isfinite(start_seconds)) {
        char start[32];
        snprintf(start, sizeof start, "%.3f", start_seconds);
        set(p.mpv, "start", start);
    }
    set(p.mpv, "sw-fast", "yes");
    set(p.mpv, "demuxer-max-bytes", "64MiB");
    set(p.mpv, "demuxer-max-back-bytes", "16MiB");
    // A playlist or a reference to other files is never followed.
    set(p.mpv, "load-unsafe-playlists", "no");
    set(p.mpv, "demuxer-lavf-o", "protocol_whitelist=file");
    if (mpv_initialize(p.mpv) < 0) { say(&p, "error the player could not start"); mpv_terminate_destroy(p.mpv); return 1; }
    mpv_render_param parameters[] = {
        {MPV_RENDER_PARAM_API_TYPE, MPV_RENDER_API_TYPE_SW},
        {MPV_RENDER_PARAM_INVALID, NULL},
    };
    if (mpv_render_context_create(&p.render, p.mpv, parameters) < 0) {
        say(&p, "error the player's renderer could not start");
        mpv_terminate_destroy(p.mpv);
        return 1;
    }
    mpv_set_wakeup_callback(p.mpv, wake_loop, &p);
    mpv_render_context_set_update_callback(p.render, wake_loop, &p);
    mpv_observe_property(p.mpv, 0, "pause", MPV_FORMAT_FLAG);
    mpv_observe_property(p.mpv, 0, "eof-reached", MPV_FORMAT_FLAG);
    file_part part = {.fd = -1, .start = part_start, .length = part_length};
    const char *load[] = {"loadfile", path, NULL};
    if (part_length > 0) {
        part.fd = open(path, O_RDONLY | O_CLOEXEC);
        if (part.fd < 0 || mpv_stream_cb_add_ro(p.mpv, "flickpart", &part, part_open) < 0) {
            say(&p, "error the video could not be opened");
            goto finish;
        }
        load[1] = "flickpart://video";
    }
    if (mpv_command(p.mpv, load) < 0) { say(&p, "error the video could not be opened"); goto finish; }

    char buffer[1024];
    size_t filled = 0;
    for (;;) {
        struct pollfd waits[2] = {{.fd = commands, .events = POLLIN}, {.fd = p.wake[0], .events = POLLIN}};
        if (poll(waits, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (waits[1].revents) {
            char drained[64];
            while (read(p.wake[0], drained, sizeof drained) > 0) {}
            if (handle_events(&p)) break;
            draw(&p, 0);
        }
        if (waits[0].revents) {
            ssize_t count = read(commands, buffer + filled, sizeof buffer - 1 - filled);
            if (count < 0 && errno == EINTR) continue;
            // Flick closed its end: it quit, or it is gone.
            if (count <= 0) break;
            filled += (size_t)count;
            buffer[filled] = 0;
            char *start = buffer, *end;
            int quit = 0;
            while ((end = memchr(start, '\n', filled - (size_t)(start - buffer)))) {
                *end = 0;
                if (strcmp(start, "quit") == 0) quit = 1;
                else command(&p, start);
                start = end + 1;
            }
            filled -= (size_t)(start - buffer);
            memmove(buffer, start, filled);
            // A line longer than any command: thrown away.
            if (filled == sizeof buffer - 1) filled = 0;
            if (quit) break;
            draw(&p, 0);
        }
    }
finish:
    mpv_render_context_free(p.render);
    mpv_terminate_destroy(p.mpv);
    if (part.fd >= 0) close(part.fd);
    return 0;
}
