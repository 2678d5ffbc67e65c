// SPDX-License-Identifier: GPL-3.0-or-later
// SQLite: the index of a whole tree, a cache of what Flick read of its photos.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast Swift cannot spell: SQLite copies what is bound at once, so
// the caller's buffer need not outlive the call.
static inline int flick_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

static inline int flick_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text) {
    return sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}
