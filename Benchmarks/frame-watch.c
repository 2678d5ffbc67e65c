/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which frames of a numbered video a player puts on the screen, and when, seen from
 * outside. The video (bench-playback.sh makes it) carries its frame number in a band: BITS
 * cells across WIDTH pixels from X, the number's bits (lowest first) in a row of cells
 * centred on Y, their complements in the row ROW pixels below. Both rows are grabbed through
 * MIT-SHM about every millisecond; a number is believed only where the second row is the
 * first's complement (a half-drawn frame, a black screen, a caption over the band are not).
 *
 *   frame-watch count WAIT SECONDS X,Y,WIDTH,ROW BITS
 *     waits up to WAIT seconds for the first number, lets a second pass, then watches for
 *     SECONDS: the frames seen, those between the first and the last seen that never were
 *     (dropped), the numbers seen a second.
 *   frame-watch key KEY WAIT X,Y,WIDTH,ROW BITS
 *     presses KEY (a keysym name, through XTest: a page turn) and says how long until the
 *     first number showed (a poster counts) and until the video moved (a second frame of
 *     its first second showed: it plays).
 *   frame-watch launch WAIT X,Y,WIDTH,ROW BITS -- COMMAND...
 *     the same from starting COMMAND (in a process group of its own; its pid is printed).
 * Build: cc -O2 -o frame-watch frame-watch.c -lX11 -lXext -lXtst
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>
#include <unistd.h>

enum { most_bits = 16 };

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct {
    Display *display;
    Window root;
    XImage *image;
    XShmSegmentInfo shm;
} grabber;

static int grabber_open(grabber *g, int width) {
    g->display = XOpenDisplay(NULL);
    if (!g->display || !XShmQueryExtension(g->display)) return 0;
    int screen = DefaultScreen(g->display);
    g->root = RootWindow(g->display, screen);
    g->image = XShmCreateImage(g->display, DefaultVisual(g->display, screen), DefaultDepth(g->display, screen), ZPixmap, NULL,
                               &g->shm, (unsigned)width, 1);
    if (!g->image || g->image->bits_per_pixel != 32) return 0;
    g->shm.shmid = shmget(IPC_PRIVATE, (size_t)g->image->bytes_per_line, IPC_CREAT | 0600);
    if (g->shm.shmid < 0) return 0;
    g->shm.shmaddr = g->image->data = shmat(g->shm.shmid, NULL, 0);
    g->shm.readOnly = False;
    XShmAttach(g->display, &g->shm);
    XSync(g->display, False);
    shmctl(g->shm.shmid, IPC_RMID, NULL);
    return 1;
}

/* The bits of the row at y: 1 where a cell's centre is light. */
static unsigned row_bits(grabber *g, int x, int y, int width, int bits) {
    XShmGetImage(g->display, g->root, g->image, x, y, AllPlanes);
    unsigned value = 0;
    for (int bit = 0; bit < bits; bit++) {
        int centre = (int)((bit + 0.5) * width / bits);
        uint32_t pixel = ((uint32_t *)g->image->data)[centre];
        int light = (int)((pixel >> 16) & 0xFF) + (int)((pixel >> 8) & 0xFF) + (int)(pixel & 0xFF);
        if (light > 3 * 128) value |= 1u << bit;
    }
    return value;
}

/* The frame number on the screen now; -1 where none is believed. */
static long frame_on_screen(grabber *g, int x, int y, int width, int row, int bits) {
    unsigned first = row_bits(g, x, y, width, bits), second = row_bits(g, x, y + row, width, bits);
    unsigned mask = (1u << bits) - 1;
    return (first ^ second) == mask ? (long)first : -1;
}

/* Counts the frames shown for `seconds` once numbers show (up to `wait` seconds). */
static int count_frames(grabber *g, double wait, double seconds, int x, int y, int width, int row, int bits) {
    double start = now_ms();
    while (frame_on_screen(g, x, y, width, row, bits) < 0) {
        if (now_ms() - start > wait * 1000) { printf("seen=0 dropped=0 first=-1 last=-1 per_second=0.0\n"); return 1; }
        usleep(2000);
    }
    usleep(1000000);
    unsigned char *seen = calloc((size_t)1 << bits, 1);
    if (!seen) return 2;
    long first = -1, last = -1;
    int distinct = 0;
    double began = now_ms();
    while (now_ms() - began < seconds * 1000) {
        long frame = frame_on_screen(g, x, y, width, row, bits);
        if (frame >= 0 && !seen[frame]) {
            seen[frame] = 1;
            distinct++;
            if (first < 0 || frame < first) first = frame;
            if (frame > last) last = frame;
        }
        usleep(1000);
    }
    long span = first < 0 ? 0 : last - first + 1;
    printf("seen=%d dropped=%ld first=%ld last=%ld per_second=%.1f\n", distinct, span - distinct, first, last, distinct / seconds);
    return 0;
}

/* From `start`: when a number first showed, and when the video moved (a frame of its first
 * second other than the first one seen: a poster from further in does not count). */
static void time_first_frames(grabber *g, double start, double wait, int x, int y, int width, int row, int bits) {
    double first = -1, played = -1;
    long early = -1;
    while (now_ms() - start < wait * 1000 && played < 0) {
        long frame = frame_on_screen(g, x, y, width, row, bits);
        double t = now_ms() - start;
        if (frame >= 0 && first < 0) first = t;
        if (frame >= 0 && frame < 30) {
            if (early < 0) early = frame;
            else if (frame != early) played = t;
        }
        usleep(1000);
    }
    printf("first_ms=%.1f played_ms=%.1f", first, played);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    int key = strcmp(mode, "key") == 0, launch = strcmp(mode, "launch") == 0, count = strcmp(mode, "count") == 0;
    int at = launch ? 3 : 4;  /* where X,Y,WIDTH,ROW is */
    int x, y, width, row, bits = argc > at + 1 ? atoi(argv[at + 1]) : 0;
    if (!(key || launch || count) || argc < at + 2 || (launch && (argc < 7 || strcmp(argv[5], "--") != 0)) ||
        sscanf(argv[at], "%d,%d,%d,%d", &x, &y, &width, &row) != 4 || width <= 0 || bits < 2 || bits > most_bits) {
        fprintf(stderr, "usage: frame-watch count WAIT SECONDS X,Y,WIDTH,ROW BITS\n"
                        "       frame-watch key KEY WAIT X,Y,WIDTH,ROW BITS\n"
                        "       frame-watch launch WAIT X,Y,WIDTH,ROW BITS -- COMMAND...\n");
        return 2;
    }
    grabber g;
    if (!grabber_open(&g, width)) { fprintf(stderr, "frame-watch: no display with MIT-SHM and a 32-bit visual\n"); return 2; }
    if (count) return count_frames(&g, atof(argv[2]), atof(argv[3]), x, y, width, row, bits);
    if (key) {
        KeyCode code = XKeysymToKeycode(g.display, XStringToKeysym(argv[2]));
        if (!code) { fprintf(stderr, "frame-watch: no key %s\n", argv[2]); return 2; }
        double start = now_ms();
        XTestFakeKeyEvent(g.display, code, True, CurrentTime);
        XTestFakeKeyEvent(g.display, code, False, CurrentTime);
        XFlush(g.display);
        time_first_frames(&g, start, atof(argv[3]), x, y, width, row, bits);
        printf("\n");
        return 0;
    }
    double start = now_ms();
    pid_t child = fork();
    if (child == 0) {
        setpgid(0, 0);
        execvp(argv[6], argv + 6);
        _exit(127);
    }
    if (child < 0) return 2;
    time_first_frames(&g, start, atof(argv[2]), x, y, width, row, bits);
    printf(" pid=%d\n", (int)child);
    return 0;
}
