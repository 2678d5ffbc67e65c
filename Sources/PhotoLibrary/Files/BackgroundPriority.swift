// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Work that only checks or adds to what is on screen (a walk verifying what the index
/// showed, the album strip's search of every folder) runs at a lower priority, so on a
/// machine of two cores the frame loop taking in 100,000 photos is not shared three ways.
/// Linux keeps a nice value per thread; an unprivileged thread can raise it, never lower
/// it again, so this is called on threads that stay background until they end.
public enum BackgroundPriority {
    /// The nice value background threads run at: a tenth of a foreground thread's share
    /// of a busy core, and all of an idle one.
    public static let niceness: Int32 = 10

    /// Lowers the calling thread's priority for the rest of its life (never raises it:
    /// Flick started under `nice 19` stays there).
    public static func lowerCurrentThread() {
        guard currentNiceness < niceness else { return }
        // PRIO_PROCESS of 0 is the calling thread alone on Linux (setpriority(2), BUGS).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    }

    /// The calling thread's nice value.
    public static var currentNiceness: Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }
}
