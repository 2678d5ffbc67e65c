// SPDX-License-Identifier: GPL-3.0-or-later
// GIO: the desktop's settings (GSettings) that are not published over XSETTINGS, its
// applications per file type, and its services on the session bus.
#include <gio/gio.h>
// gio-unix-2.0 is not on the include path glib-2.0 gives; the header includes only gio.h.
#include <gio-unix-2.0/gio/gdesktopappinfo.h>
#include <signal.h>

// Runs in a program Flick starts, between fork and exec: it begins as a program started
// from a terminal would, with no signal blocked and none ignored. Flick's threads block
// the signals that quit it (one thread waits for them) and ignore SIGPIPE; a child would
// otherwise inherit both, and ignore kill, Ctrl+C and logout.
static void flick_child_signal_defaults(gpointer unused) {
    (void)unused;
    for (int number = 1; number < NSIG; number++) {
        if (number != SIGKILL && number != SIGSTOP) signal(number, SIG_DFL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

// Launches `info` (an application from a desktop entry, as every one GIO lists for a type
// is) on `uri`, its signals as `flick_child_signal_defaults` leaves them. Returns 0 on
// success, else -1 with `*message` (free with g_free) saying why.
static inline int flick_launch_application(GAppInfo *info, const char *uri, char **message) {
    *message = NULL;
    if (!G_IS_DESKTOP_APP_INFO(info)) {
        *message = g_strdup("not an application from a desktop entry");
        return -1;
    }
    GList *uris = g_list_append(NULL, (gpointer)uri);
    GError *error = NULL;
    gboolean launched = g_desktop_app_info_launch_uris_as_manager((GDesktopAppInfo *)info, uris, NULL, G_SPAWN_SEARCH_PATH,
                                                                 flick_child_signal_defaults, NULL, NULL, NULL, &error);
    g_list_free(uris);
    if (launched) return 0;
    *message = g_strdup(error ? error->message : "the program could not be started");
    g_clear_error(&error);
    return -1;
}

// GVariant is built by variadic functions, out of Swift's reach: the D-Bus calls that
// need one are made here. Each returns 0 when the service answered, else -1 with
// `*message` (free with g_free) saying why; `*missing` is set when no such service is on
// the bus, so the caller can try another way.
static inline int flick_dbus_call_with_fds(GVariant *arguments, GUnixFDList *fds, const char *name, const char *path,
                                           const char *interface, const char *method, int timeout_ms, char **message, int *missing);
static inline int flick_dbus_call(GVariant *arguments, const char *name, const char *path, const char *interface,
                                  const char *method, int timeout_ms, char **message, int *missing) {
    return flick_dbus_call_with_fds(arguments, NULL, name, path, interface, method, timeout_ms, message, missing);
}

// As flick_dbus_call, with file descriptors passed along (`fds`, may be NULL; unreffed).
static inline int flick_dbus_call_with_fds(GVariant *arguments, GUnixFDList *fds, const char *name, const char *path,
                                           const char *interface, const char *method, int timeout_ms, char **message, int *missing) {
    *message = NULL;
    *missing = 0;
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) {
        g_variant_unref(g_variant_ref_sink(arguments));
        if (fds) g_object_unref(fds);
        *missing = 1;
        *message = g_strdup(error ? error->message : "no session bus");
        g_clear_error(&error);
        return -1;
    }
    GVariant *reply = fds
        ? g_dbus_connection_call_with_unix_fd_list_sync(bus, name, path, interface, method, arguments, NULL,
                                                        G_DBUS_CALL_FLAGS_NONE, timeout_ms, fds, NULL, NULL, &error)
        : g_dbus_connection_call_sync(bus, name, path, interface, method, arguments, NULL,
                                      G_DBUS_CALL_FLAGS_NONE, timeout_ms, NULL, &error);
    g_object_unref(bus);
    if (fds) g_object_unref(fds);
    if (!reply) {
        *missing = g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN)
            || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER)
            || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD)
            || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_INTERFACE)
            || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT);
        *message = g_strdup(error ? error->message : "no answer");
        g_clear_error(&error);
        return -1;
    }
    g_variant_unref(reply);
    return 0;
}

// org.freedesktop.FileManager1.ShowItems: the file manager opens the folder with the
// file selected (Nautilus, Nemo, Caja, Dolphin, Thunar implement it).
static inline int flick_file_manager_show(const char *uri, int timeout_ms, char **message, int *missing) {
    const char *uris[] = { uri, NULL };
    return flick_dbus_call(g_variant_new("(^ass)", uris, ""), "org.freedesktop.FileManager1",
                           "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1", "ShowItems",
                           timeout_ms, message, missing);
}

// The desktop portal's Wallpaper.SetWallpaperURI, on the desktop and the lock screen,
// without the portal's own preview (the user chose it in Flick's menu).
static inline int flick_portal_set_wallpaper(const char *uri, int timeout_ms, char **message, int *missing) {
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&options, "{sv}", "show-preview", g_variant_new_boolean(FALSE));
    g_variant_builder_add(&options, "{sv}", "set-on", g_variant_new_string("both"));
    return flick_dbus_call(g_variant_new("(ssa{sv})", "", uri, &options), "org.freedesktop.portal.Desktop",
                           "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Wallpaper", "SetWallpaperURI",
                           timeout_ms, message, missing);
}

// The desktop portal's Email.ComposeEmail: the user's mail program opens a new message
// with the files open at `fds` attached (the portal reads them through the descriptors,
// so the files may go once it has answered). No address, no subject: the user writes them.
static inline int flick_portal_compose_email(const int *fds, int count, int timeout_ms, char **message, int *missing) {
    GUnixFDList *list = g_unix_fd_list_new();
    GVariantBuilder handles;
    g_variant_builder_init(&handles, G_VARIANT_TYPE("ah"));
    for (int i = 0; i < count; i++) {
        gint handle = g_unix_fd_list_append(list, fds[i], NULL);
        if (handle >= 0) g_variant_builder_add(&handles, "h", handle);
    }
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&options, "{sv}", "attachment_fds", g_variant_builder_end(&handles));
    return flick_dbus_call_with_fds(g_variant_new("(sa{sv})", "", &options), list, "org.freedesktop.portal.Desktop",
                                    "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Email", "ComposeEmail",
                                    timeout_ms, message, missing);
}

// Starts `argv` (searched for on PATH) as a program of its own, its signals as
// `flick_child_signal_defaults` leaves them. Returns its process id (to wait for: it is
// not reaped here), or -1 with `*message`.
static inline int flick_spawn_program(char **argv, char **message) {
    *message = NULL;
    GError *error = NULL;
    GPid pid = 0;
    if (g_spawn_async(NULL, argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                      flick_child_signal_defaults, NULL, &pid, &error)) return (int)pid;
    *message = g_strdup(error ? error->message : "the program could not be started");
    g_clear_error(&error);
    return -1;
}
