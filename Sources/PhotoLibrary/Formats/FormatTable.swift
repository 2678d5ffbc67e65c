// SPDX-License-Identifier: GPL-3.0-or-later

/// What Flick knows of an image format besides its signature (`ImageFormat.sniff`): the
/// names that claim it, the types the desktop offers Flick for, what its decoder can do, and
/// which decoder it is. A format is its decoder file and its entry here.
struct FormatDescription: Sendable {
    /// File name extensions (lower case) that claim the format, whatever the file holds.
    let extensions: [String]
    /// Its MIME types as shared-mime-info names them: the desktop entry and the AppStream
    /// metadata offer Flick for these (a test holds them to this table).
    let mimeTypes: [String]
    /// A small picture costs less to decode than the whole (a JPEG's DCT scale, a drawing
    /// drawn at the size asked, a RAW's preview); every other format is decoded whole.
    var decodesSmallerForLess = false
    /// A rectangle at full scale decodes in a fraction of the whole picture's time.
    var decodesRegions = false
    let decoder: any FormatDecoder.Type
}

extension ImageFormat {
    /// The format table: one entry per format.
    var entry: FormatDescription {
        switch self {
        case .jpeg: FormatDescription(extensions: ["jpg", "jpeg", "jpe", "jfif"], mimeTypes: ["image/jpeg"],
                                      decodesSmallerForLess: true, decodesRegions: true, decoder: JPEGDecoder.self)
        case .png: FormatDescription(extensions: ["png"], mimeTypes: ["image/png"], decoder: PNGDecoder.self)
        case .gif: FormatDescription(extensions: ["gif"], mimeTypes: ["image/gif"], decoder: SDLImageDecoder.self)
        case .webp: FormatDescription(extensions: ["webp"], mimeTypes: ["image/webp"], decoder: WebPDecoder.self)
        case .bmp: FormatDescription(extensions: ["bmp"], mimeTypes: ["image/bmp"], decoder: SDLImageDecoder.self)
        case .tiff: FormatDescription(extensions: ["tif", "tiff"], mimeTypes: ["image/tiff"], decoder: TIFFDecoder.self)
        case .tga: FormatDescription(extensions: ["tga"], mimeTypes: ["image/x-tga"], decoder: SDLImageDecoder.self)
        case .heif: FormatDescription(extensions: ["heic", "heif", "hif"], mimeTypes: ["image/heic", "image/heif"], decoder: HEIFDecoder.self)
        case .avif: FormatDescription(extensions: ["avif"], mimeTypes: ["image/avif"], decoder: HEIFDecoder.self)
        case .jxl: FormatDescription(extensions: ["jxl"], mimeTypes: ["image/jxl"], decoder: JXLDecoder.self)
        case .svg: FormatDescription(extensions: ["svg", "svgz"], mimeTypes: ["image/svg+xml", "image/svg+xml-compressed"],
                                     decodesSmallerForLess: true, decoder: SVGDecoder.self)
        case .ico: FormatDescription(extensions: ["ico"], mimeTypes: ["image/vnd.microsoft.icon"], decoder: SDLImageDecoder.self)
        case .pnm: FormatDescription(extensions: ["pbm", "pgm", "ppm", "pnm"],
                                     mimeTypes: ["image/x-portable-bitmap", "image/x-portable-graymap", "image/x-portable-pixmap", "image/x-portable-anymap"],
                                     decoder: SDLImageDecoder.self)
        // shared-mime-info names no type for QOI yet: Flick opens it, the desktop cannot offer it.
        case .qoi: FormatDescription(extensions: ["qoi"], mimeTypes: [], decoder: SDLImageDecoder.self)
        // LibRaw reads them all; the types are shared-mime-info's for the cameras' own names.
        case .raw: FormatDescription(extensions: ["cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "dng", "raf", "orf",
                                                  "rw2", "rwl", "pef", "srw", "x3f", "3fr", "fff", "iiq", "mef", "mos", "mrw",
                                                  "erf", "kdc", "dcr"],
                                     mimeTypes: ["image/x-adobe-dng", "image/x-canon-cr2", "image/x-canon-cr3", "image/x-canon-crw",
                                                 "image/x-fuji-raf", "image/x-kodak-dcr", "image/x-kodak-kdc", "image/x-minolta-mrw",
                                                 "image/x-nikon-nef", "image/x-nikon-nrw", "image/x-olympus-orf", "image/x-panasonic-rw2",
                                                 "image/x-pentax-pef", "image/x-sigma-x3f", "image/x-sony-arw", "image/x-sony-sr2",
                                                 "image/x-sony-srf", "image/x-dcraw"],
                                     decodesSmallerForLess: true, decoder: RAWDecoder.self)
        // What phones, cameras and the web record; ".ts" is left out: more of them are
        // TypeScript.
        case .video: FormatDescription(extensions: ["mp4", "m4v", "mov", "qt", "mkv", "webm", "avi", "3gp", "3g2", "mts", "m2ts"],
                                       mimeTypes: ["video/mp4", "video/x-m4v", "video/quicktime", "video/x-matroska", "video/webm",
                                                   "video/x-msvideo", "video/3gpp", "video/3gpp2", "video/mp2t"],
                                       decoder: VideoDecoder.self)
        }
    }

    /// Decoded whole however small it is shown (a HEIC, a PNG; not a JPEG, a RAW with its
    /// preview, a drawing, or a video's key frame): slow to the first sharp picture when large.
    public var decodesWhole: Bool { !entry.decodesSmallerForLess && self != .video }

    /// Every MIME type Flick opens, in the table's order: what the desktop entry and the
    /// AppStream metadata declare (folders besides).
    public static var mimeTypes: [String] { allCases.flatMap(\.entry.mimeTypes) }
}
