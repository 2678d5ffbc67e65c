// SPDX-License-Identifier: GPL-3.0-or-later
// Process and file hygiene that Swift's Glibc module leaves out: GNU extensions it was built
// without (_GNU_SOURCE) and prctl, which is variadic; and glibc's memmem, hidden alike.
#include <spawn.h>
#include <sys/prctl.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/vfs.h>

// glibc 2.34+: the child closes every descriptor from `from` up before it execs, so it
// inherits nothing another thread (or a library such as libdbus) opened without
// close-on-exec. Declared here because <spawn.h> hides it without _GNU_SOURCE.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

static inline int flick_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

// glibc 2.34+: closes every descriptor from `from` up (hidden without _GNU_SOURCE).
extern void closefrom(int from);

static inline void flick_close_from(int from) {
    closefrom(from);
}

// The calling process gets `signal` when the thread that started it ends (Linux).
static inline int flick_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

// The name `top` and `ps -o comm` show for the calling process (at most 15 bytes).
static inline int flick_set_process_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
}

// A pipe whose both ends are close-on-exec from the start, so no process started by
// another thread in between can inherit them (pipe2 is hidden without _GNU_SOURCE too).
extern int pipe2(int fds[2], int flags);

static inline int flick_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

// Moves a file without ever replacing what is at the new path (Linux 3.15+, glibc 2.28+;
// hidden without _GNU_SOURCE): restoring from the Trash must not overwrite a file that
// took the old name meanwhile. Fails with EINVAL where the file system cannot.
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

static inline int flick_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
}

// glibc's memmem (vectorised), hidden without _GNU_SOURCE: the first `needle` in `haystack`.
extern void *memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

static inline const void *flick_find_bytes(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

// The file system type (statfs's f_type, a magic number) of the one `path` is on; -1 when
// it cannot be told.
static inline long long flick_file_system_type(const char *path) {
    struct statfs info;
    return statfs(path, &info) == 0 ? (long long)info.f_type : -1;
}

// An anonymous file in memory, close-on-exec (memfd_create, hidden without _GNU_SOURCE):
// a video's frames, shared with the player helper that draws them.
extern int memfd_create(const char *name, unsigned int flags);

static inline int flick_memory_file(const char *name) {
    return memfd_create(name, 1U /* MFD_CLOEXEC */);
}
