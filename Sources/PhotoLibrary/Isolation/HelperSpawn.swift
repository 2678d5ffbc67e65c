// SPDX-License-Identifier: GPL-3.0-or-later
internal import CProcess
import Foundation

/// How Flick starts a helper program (a decoder, a player): with the descriptors it is
/// given and nothing else open, no signal blocked, SIGPIPE at its default.
enum HelperSpawn {
    /// Starts `command` with `descriptors` as its descriptors 0, 1, 2… in order (2 is
    /// Flick's stderr unless given); nil where it could not be started.
    static func start(_ command: [String], descriptors: [Int32]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in descriptors.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
        }
        // Nothing else is inherited, whoever opened it without close-on-exec and when: a
        // helper holding, say, libdbus's pipe to its launcher keeps SDL waiting for the
        // end of it, and Flick's window never appears.
        flick_spawn_close_from(&actions, max(3, Int32(descriptors.count)))
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The helper starts with no signals blocked and SIGPIPE back at its default.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        return posix_spawn(&child, command[0], &actions, &attributes, &arguments, environ) == 0 ? child : nil
    }
}
