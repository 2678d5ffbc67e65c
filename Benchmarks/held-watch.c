/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * held-watch SECONDS X,Y,W,H — how many pictures a viewer shows while a key is held, seen
 * from outside: the region is grabbed through MIT-SHM every couple of milliseconds for
 * SECONDS, and a change that follows at least GAP ms (20) of a still region counts as a new
 * picture (a picture drawn in a few strokes counts once). Prints the count, the time
 * between the first and the last, and the pictures a second. For viewers without Flick's
 * probe (geeqie): the held-key benchmarks compare the two this way.
 * Build: cc -O2 -o held-watch held-watch.c -lX11 -lXext
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    int rx, ry, rw, rh;
    if (argc != 3 || sscanf(argv[2], "%d,%d,%d,%d", &rx, &ry, &rw, &rh) != 4 || rw <= 0 || rh <= 0) {
        fprintf(stderr, "usage: held-watch SECONDS X,Y,W,H\n");
        return 2;
    }
    double seconds = atof(argv[1]), gap = 20;
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy || !XShmQueryExtension(dpy)) { fprintf(stderr, "held-watch: no display with MIT-SHM\n"); return 2; }
    int screen = DefaultScreen(dpy);
    XShmSegmentInfo shm;
    XImage *img = XShmCreateImage(dpy, DefaultVisual(dpy, screen), DefaultDepth(dpy, screen), ZPixmap, NULL, &shm, rw, rh);
    if (!img || img->bits_per_pixel != 32) { fprintf(stderr, "held-watch: a 32-bit visual is needed\n"); return 2; }
    shm.shmid = shmget(IPC_PRIVATE, (size_t)img->bytes_per_line * img->height, IPC_CREAT | 0600);
    if (shm.shmid < 0) { fprintf(stderr, "held-watch: shmget failed\n"); return 2; }
    shm.shmaddr = img->data = shmat(shm.shmid, NULL, 0);
    shm.readOnly = False;
    XShmAttach(dpy, &shm);
    XSync(dpy, False);
    shmctl(shm.shmid, IPC_RMID, NULL);
    size_t bytes = (size_t)img->bytes_per_line * img->height;
    unsigned char *previous = malloc(bytes);
    if (!previous) return 2;
    XShmGetImage(dpy, RootWindow(dpy, screen), img, rx, ry, AllPlanes);
    memcpy(previous, img->data, bytes);
    double start = now_ms(), lastChange = start, first = -1, last = -1;
    int pictures = 0;
    while (now_ms() - start < seconds * 1000) {
        XShmGetImage(dpy, RootWindow(dpy, screen), img, rx, ry, AllPlanes);
        double t = now_ms();
        if (memcmp(previous, img->data, bytes) != 0) {
            if (t - lastChange >= gap || pictures == 0) {
                pictures++;
                if (first < 0) first = t;
                last = t;
            }
            lastChange = t;
            memcpy(previous, img->data, bytes);
        }
        usleep(1000);
    }
    double span = last - first;
    printf("pictures=%d span_ms=%.0f per_second=%.1f\n", pictures, span, pictures > 1 && span > 0 ? (pictures - 1) * 1000.0 / span : 0.0);
    return 0;
}
