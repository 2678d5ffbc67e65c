// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries

/// GIO and GObject, loaded by the first call that needs them rather than at start
/// (`CDeferredLibraries` says why): GSettings' thread, a desktop action.
enum GIOLibrary {
    /// Nil once both are loaded; else why not (the library and the loader's words).
    static let problem: String? = {
        for library in [FLICK_LIBRARY_GOBJECT, FLICK_LIBRARY_GIO] {
            var reason = [CChar](repeating: 0, count: 512)
            guard flick_library_load(library, &reason, reason.count) == 0 else { continue }
            let words = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return words.isEmpty ? String(cString: flick_library_file_name(library)) : words
        }
        return nil
    }()
}
