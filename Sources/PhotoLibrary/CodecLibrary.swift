// SPDX-License-Identifier: GPL-3.0-or-later
internal import CCodecLibraries

/// A codec library Flick loads when a file first needs it rather than at start: libheif,
/// libjxl, librsvg and cairo, LibRaw (`CCodecLibraries` says why). A decoder loads its
/// library before it calls any of its functions.
enum CodecLibrary {
    case heif, jxl, rsvg, cairo, raw

    /// Loaded once per process; a library that is not installed is a decoder that cannot
    /// start, not a file that cannot be read (another machine may open it).
    func load() throws(DecodeError) {
        var reason = [CChar](repeating: 0, count: 512)
        guard flick_codec_load(library, &reason, reason.count) == 0 else { return }
        let message = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw .decoderFailed("could not be loaded (\(message.isEmpty ? fileName : message))")
    }

    /// The library's file, as the loader looks for it.
    var fileName: String { String(cString: flick_codec_file_name(library)) }

    private var library: flick_codec_library {
        switch self {
        case .heif: FLICK_CODEC_HEIF
        case .jxl: FLICK_CODEC_JXL
        case .rsvg: FLICK_CODEC_RSVG
        case .cairo: FLICK_CODEC_CAIRO
        case .raw: FLICK_CODEC_RAW
        }
    }
}
