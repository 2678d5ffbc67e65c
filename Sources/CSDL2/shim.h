// SPDX-License-Identifier: GPL-3.0-or-later
// SDL2 and SDL2_ttf for Swift (Platform's alone), loaded when first called (CDeferredLibraries).
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

// Function-like macros do not import into Swift; these re-export the ones Flick uses.
static const int FLICK_SDL_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;
static inline Uint32 flick_sdl_button_mask(int button) { return SDL_BUTTON(button); }
static inline int flick_sdl_must_lock(SDL_Surface *surface) { return SDL_MUSTLOCK(surface); }

// The X server's own time (milliseconds) of the raw X input event SDL hands over as a
// window-manager event; false for anything else (another event, another video driver).
#include <SDL2/SDL_syswm.h>
static inline int flick_sdl_x11_input_time(const SDL_Event *event, Uint32 *milliseconds) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case MotionNotify: *milliseconds = (Uint32)x->xmotion.time; return 1;
    case ButtonPress: case ButtonRelease: *milliseconds = (Uint32)x->xbutton.time; return 1;
    case KeyPress: case KeyRelease: *milliseconds = (Uint32)x->xkey.time; return 1;
    case EnterNotify: case LeaveNotify: *milliseconds = (Uint32)x->xcrossing.time; return 1;
    default: return 0;
    }
#else
    (void)event; (void)milliseconds;
    return 0;
#endif
}

// The modifier keys held when the raw X pointer event SDL hands over happened (its `state`:
// Shift 1, Control 4, Mod1 (Alt) 8, Mod4 (Super) 64); -1 for anything else. SDL2's own
// button and motion events carry none, and its current state may be later than the click.
static inline int flick_sdl_x11_pointer_modifiers(const SDL_Event *event) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) return -1;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case ButtonPress: case ButtonRelease: return (int)(x->xbutton.state & (ShiftMask | ControlMask | Mod1Mask | Mod4Mask));
    case MotionNotify: return (int)(x->xmotion.state & (ShiftMask | ControlMask | Mod1Mask | Mod4Mask));
    default: return -1;
    }
#else
    (void)event;
    return -1;
#endif
}

// What an X event says about keys (flick_sdl_x11_keys).
enum {
    FLICK_X11_NO_KEYS = 0,
    // A key pressed or released: *keycode says which.
    FLICK_X11_KEY_PRESS = 1,
    FLICK_X11_KEY_RELEASE = 2,
    // KeymapNotify: the keys held as the window gained the pointer or the focus, bit k of
    // `held` (32 bytes) for keycode k.
    FLICK_X11_KEYS_HELD = 3,
};

static inline int flick_sdl_x11_keys(const SDL_Event *event, unsigned char *keycode, char *held) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) return FLICK_X11_NO_KEYS;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case KeyPress: *keycode = (unsigned char)x->xkey.keycode; return FLICK_X11_KEY_PRESS;
    case KeyRelease: *keycode = (unsigned char)x->xkey.keycode; return FLICK_X11_KEY_RELEASE;
    case KeymapNotify: memcpy(held, x->xkeymap.key_vector, 32); return FLICK_X11_KEYS_HELD;
    default: return FLICK_X11_NO_KEYS;
    }
#else
    (void)event; (void)keycode; (void)held;
    return FLICK_X11_NO_KEYS;
#endif
}

// Marks a window that is not yet mapped as full screen (EWMH _NET_WM_STATE), so a window
// manager maps it full screen at once; false where that is not X11.
// Whether a window manager runs on the window's X display (one that says so on the root
// window: _NET_SUPPORTING_WM_CHECK, EWMH). 1 where it cannot be told (not X11).
static inline int flick_sdl_x11_has_window_manager(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 1;
    Display *display = info.info.x11.display;
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None) return 0;
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    int read = XGetWindowProperty(display, DefaultRootWindow(display), check, 0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data);
    int found = read == Success && data != NULL && count == 1;
    if (data) XFree(data);
    return found;
#else
    (void)window;
    return 1;
#endif
}

static inline int flick_sdl_x11_mark_fullscreen_before_mapping(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Display *display = info.info.x11.display;
    Atom state = XInternAtom(display, "_NET_WM_STATE", False);
    Atom fullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", False);
    XChangeProperty(display, info.info.x11.window, state, XA_ATOM, 32, PropModeReplace, (unsigned char *)&fullscreen, 1);
    return 1;
#else
    (void)window;
    return 0;
#endif
}
