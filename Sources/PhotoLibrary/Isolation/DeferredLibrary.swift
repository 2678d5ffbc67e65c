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
        guard let problem = flick_library_problem(library) else { return }
        throw .decoderFailed("could not be loaded (\(String(cString: problem)))")
    }

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
