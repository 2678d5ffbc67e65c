// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries

/// A library Flick loads when a file first needs it rather than at start: libheif, libjxl,
/// librsvg and cairo, LibRaw, SDL_image, exempi (`CDeferredLibraries` says why). A decoder
/// loads its library before it calls any of its functions.
enum DeferredLibrary {
    case heif, jxl, rsvg, cairo, raw, exempi

    /// Loaded once per process; a library that is not installed is a decoder that cannot
    /// start, not a file that cannot be read (another machine may open it).
    func load() throws(DecodeError) {
        var reason = [CChar](repeating: 0, count: 512)
        guard flick_library_load(library, &reason, reason.count) == 0 else { return }
        let message = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw .decoderFailed("could not be loaded (\(message.isEmpty ? fileName : message))")
    }

    /// The library's file, as the loader looks for it.
    var fileName: String { String(cString: flick_library_file_name(library)) }

    private var library: flick_library {
        switch self {
        case .heif: FLICK_LIBRARY_HEIF
        case .jxl: FLICK_LIBRARY_JXL
        case .rsvg: FLICK_LIBRARY_RSVG
        case .cairo: FLICK_LIBRARY_CAIRO
        case .raw: FLICK_LIBRARY_RAW
        case .exempi: FLICK_LIBRARY_EXEMPI
        }
    }
}
