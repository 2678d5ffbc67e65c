// SPDX-License-Identifier: GPL-3.0-or-later
/// Image formats recognised from a file's first bytes, not its name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, bmp, tiff, tga, heif, avif, jxl, svg, ico, pnm, qoi
    /// A camera's RAW file (LibRaw).
    case raw
    /// A video (FFmpeg): shown by a frame of it, its poster, and listed as a photo is.
    case video

    /// Names camera RAW files go by (LibRaw reads them all).
    static let rawExtensions = Set(ImageFormat.raw.entry.extensions)

    /// The major brands of a HEIF file's `ftyp` box.
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]

    /// True where a small picture costs less to decode than the whole: JPEG (a reduced DCT
    /// scale), SVG (drawn at the size asked), RAW (its JPEG preview). Every other format is
    /// decoded whole whatever is asked, so a thumbnail costs what the full picture does.
    public var decodesSmallerForLess: Bool { entry.decodesSmallerForLess }

    /// Formats whose rectangle at full scale decodes in a fraction of the whole picture's
    /// time (`DecodeKind.region`): JPEG, whose rows above are skipped and below never read.
    public var decodesRegions: Bool { entry.decodesRegions }

    /// Bytes `sniff` needs from the start of a file.
    /// Long enough for an SVG's root element behind its XML declaration and a comment.
    public static let sniffLength = 512

    /// The format a file's name claims, whatever it holds: such a file is listed even when
    /// its content is no image (empty, cut short, something else, unreadable), so that it
    /// shows as "cannot open" instead of silently missing.
    public static func claimed(byExtension fileExtension: String) -> ImageFormat? {
        byExtension[fileExtension]
    }

    private static let byExtension: [String: ImageFormat] = Dictionary(uniqueKeysWithValues: allCases.flatMap { format in
        format.entry.extensions.map { ($0, format) }
    })

    /// The format whose signature `header` starts with. TGA has no signature; it is
    /// recognised by its extension alone.
    public static func sniff(_ header: [UInt8], fileExtension: String) -> ImageFormat? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            header.count >= offset + signature.count && Array(header[offset..<offset + signature.count]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("BM".utf8)) && header.count >= 14 { return .bmp }
        // RAW families with a signature of their own: Canon's CR2 (a TIFF marked "CR"), Canon's
        // CR3 (ISO media, brand "crx "), Canon's older CRW (CIFF: a byte order, the header's
        // length, then "HEAPCCDR"), Fujifilm's RAF, Olympus's ORF, Panasonic's RW2.
        if starts(Array("FUJIFILMCCD-RAW".utf8)) || starts(Array("IIRO".utf8)) || starts(Array("IIRS".utf8))
            || ((starts(Array("II".utf8)) || starts(Array("MM".utf8))) && starts(Array("HEAPCCDR".utf8), at: 6))
            || starts(Array("MMOR".utf8)) || starts([0x49, 0x49, 0x55, 0x00]) || starts(Array("ftypcrx ".utf8), at: 4)
            || (starts([0x49, 0x49, 0x2A, 0x00]) && starts(Array("CR".utf8), at: 8)) { return .raw }
        // Classic TIFF (42) and BigTIFF (43: 64-bit offsets, for files past 4 GB).
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) || starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) {
            // NEF, ARW, DNG, PEF and others are TIFF-shaped throughout: the name tells them
            // from a scan (libtiff would show their tiny first picture as the photo).
            return rawExtensions.contains(fileExtension) ? .raw : .tiff
        }
        // JPEG XL: a bare codestream, or the ISO container's signature box.
        if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return .jxl }
        if starts(Array("ftypavif".utf8), at: 4) || starts(Array("ftypavis".utf8), at: 4) { return .avif }
        // HEIF's brands (ISO/IEC 23008-12): HEVC stills and sequences, and the generic
        // image-file brands, which libheif reads whatever their codec.
        if starts(Array("ftyp".utf8), at: 4), header.count >= 12,
           Self.heifBrands.contains(String(decoding: header[8..<12], as: UTF8.self)) { return .heif }
        if isVideo(header, fileExtension: fileExtension) { return .video }
        if starts([0x00, 0x00, 0x01, 0x00]) && fileExtension == "ico" { return .ico }
        if starts(Array("qoif".utf8)) { return .qoi }
        if header.count >= 2, header[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(header[1]),
           ["pbm", "pgm", "ppm", "pnm"].contains(fileExtension) { return .pnm }
        if isSVG(header) { return .svg }
        // A compressed drawing: gzip's signature says only "compressed", so the name decides
        // (librsvg inflates it).
        if starts([0x1F, 0x8B]) && fileExtension == "svgz" { return .svg }
        if fileExtension == "tga" { return .tga }
        return nil
    }

    /// The major brands of ISO media files that hold sound alone (iTunes' audio and audiobooks).
    static let soundBrands: Set<String> = ["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]

    /// A container of moving pictures: ISO media and QuickTime (any brand but a still's and
    /// sound's: HEIF, AVIF and CR3 are told apart before), Matroska and WebM (EBML), AVI, and
    /// an MPEG transport stream (a sync byte every 188 bytes; every 192 in a camera's .MTS).
    /// A QuickTime file without `ftyp` (older cameras' .MOV) starts with another top-level
    /// box, which only a video's name makes it one.
    static func isVideo(_ header: [UInt8], fileExtension: String) -> Bool {
        func text(at offset: Int) -> String? {
            header.count >= offset + 4 ? String(decoding: header[offset..<offset + 4], as: UTF8.self) : nil
        }
        if text(at: 4) == "ftyp" { return text(at: 8).map { !soundBrands.contains($0) } ?? false }
        if header.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return true }
        if text(at: 0) == "RIFF" && text(at: 8) == "AVI " { return true }
        let transport = header.count > 2 * 188 && (0..<3).allSatisfy { header[$0 * 188] == 0x47 }
        let timestamped = header.count > 4 + 2 * 192 && (0..<3).allSatisfy { header[4 + $0 * 192] == 0x47 }
        if transport || timestamped { return true }
        if ["mov", "qt", "mp4", "m4v"].contains(fileExtension),
           let box = text(at: 4), ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(box) { return true }
        return false
    }

    /// An XML text (after a byte-order mark and blanks) whose root is `<svg`: found within the
    /// bytes sniffed, past an XML declaration, comments and a DOCTYPE; an HTML page is not one.
    static func isSVG(_ header: [UInt8]) -> Bool {
        var start = header.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < header.count, [0x20, 0x09, 0x0A, 0x0D].contains(header[start]) { start += 1 }
        guard start < header.count, header[start] == UInt8(ascii: "<") else { return false }
        let text = String(decoding: header[start...], as: UTF8.self).lowercased()
        return text.contains("<svg") && !text.contains("<html")
    }
}
