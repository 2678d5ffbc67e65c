/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An import watched from outside: when its first copy takes its final name in a folder, and
 * when that photo shows on the screen; then page turns while the import goes on.
 *
 *   landing-watch first DIR SUFFIX X,Y R,G,B WAIT
 *     about every millisecond: lists DIR for a name ending in SUFFIX (not a hidden one: a
 *     copy in the making is a hidden temporary), and reads the screen's pixel at X,Y through
 *     MIT-SHM; prints "landed T" and "shown T" (milliseconds since the watch began) once the
 *     file is there and the pixel is within 40 of R,G,B after it. Exits 1 after WAIT seconds.
 *   landing-watch turn KEY X,Y WAIT
 *     presses KEY through XTest and prints the milliseconds until the pixel at X,Y changed
 *     (by more than 40 in a channel); exits 1 after WAIT seconds.
 * Build: cc -O2 -o landing-watch landing-watch.c -lX11 -lXext -lXtst
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static Display *display;
static XImage *image;
static XShmSegmentInfo segment;

/* A 1x1 grab of the root window through shared memory. */
static int open_screen(void) {
    display = XOpenDisplay(NULL);
    if (!display || !XShmQueryExtension(display)) return 0;
    int screen = DefaultScreen(display);
    image = XShmCreateImage(display, DefaultVisual(display, screen), DefaultDepth(display, screen), ZPixmap, NULL, &segment, 1, 1);
    if (!image) return 0;
    segment.shmid = shmget(IPC_PRIVATE, image->bytes_per_line * image->height, IPC_CREAT | 0600);
    if (segment.shmid < 0) return 0;
    segment.shmaddr = image->data = shmat(segment.shmid, NULL, 0);
    segment.readOnly = False;
    XShmAttach(display, &segment);
    shmctl(segment.shmid, IPC_RMID, NULL);
    return 1;
}

static void pixel(int x, int y, int rgb[3]) {
    XShmGetImage(display, DefaultRootWindow(display), image, x, y, AllPlanes);
    unsigned long value = XGetPixel(image, 0, 0);
    rgb[0] = (value >> 16) & 0xff;
    rgb[1] = (value >> 8) & 0xff;
    rgb[2] = value & 0xff;
}

static int near(const int a[3], const int b[3]) {
    for (int i = 0; i < 3; i++) if (abs(a[i] - b[i]) > 40) return 0;
    return 1;
}

static int landed(const char *folder, const char *suffix) {
    DIR *dir = opendir(folder);
    if (!dir) return 0;
    size_t length = strlen(suffix);
    int found = 0;
    for (struct dirent *entry; !found && (entry = readdir(dir));) {
        size_t name = strlen(entry->d_name);
        found = entry->d_name[0] != '.' && name > length && strcmp(entry->d_name + name - length, suffix) == 0;
    }
    closedir(dir);
    return found;
}

int main(int argc, char **argv) {
    if (argc < 2 || !open_screen()) {
        fprintf(stderr, "usage: landing-watch first DIR SUFFIX X,Y R,G,B WAIT | turn KEY X,Y WAIT (and an X display with MIT-SHM)\n");
        return 2;
    }
    double start = now_ms();
    if (strcmp(argv[1], "first") == 0 && argc == 7) {
        int x, y, want[3], seen[3];
        sscanf(argv[4], "%d,%d", &x, &y);
        sscanf(argv[5], "%d,%d,%d", &want[0], &want[1], &want[2]);
        double wait = atof(argv[6]) * 1000, landed_at = -1;
        while (now_ms() - start < wait) {
            if (landed_at < 0 && landed(argv[2], argv[3])) {
                landed_at = now_ms() - start;
                printf("landed %.1f\n", landed_at);
                fflush(stdout);
            }
            pixel(x, y, seen);
            if (landed_at >= 0 && near(seen, want)) {
                printf("shown %.1f\n", now_ms() - start);
                return 0;
            }
            usleep(1000);
        }
        return 1;
    }
    if (strcmp(argv[1], "turn") == 0 && argc == 5) {
        int x, y, before[3], seen[3];
        sscanf(argv[3], "%d,%d", &x, &y);
        double wait = atof(argv[4]) * 1000;
        KeyCode code = XKeysymToKeycode(display, XStringToKeysym(argv[2]));
        pixel(x, y, before);
        start = now_ms();
        XTestFakeKeyEvent(display, code, True, 0);
        XTestFakeKeyEvent(display, code, False, 0);
        XFlush(display);
        while (now_ms() - start < wait) {
            pixel(x, y, seen);
            if (!near(seen, before)) {
                printf("%.1f\n", now_ms() - start);
                return 0;
            }
            usleep(1000);
        }
        return 1;
    }
    fprintf(stderr, "usage: landing-watch first DIR SUFFIX X,Y R,G,B WAIT | turn KEY X,Y WAIT\n");
    return 2;
}
