// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries

/// GIO and GObject, loaded by the first call that needs them rather than at start
/// (`CDeferredLibraries` says why): GSettings' thread, a desktop action.
enum GIOLibrary {
    /// Nil once both are loaded; else why not (the library and the loader's words).
    static let problem: String? = {
        [FLICK_LIBRARY_GOBJECT, FLICK_LIBRARY_GIO].lazy.compactMap { flick_library_problem($0).map { String(cString: $0) } }.first
    }()
}
