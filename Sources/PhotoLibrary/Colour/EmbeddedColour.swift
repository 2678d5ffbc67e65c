// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPNG

/// Which colours a file's values mean, as it declares them, as an ICC profile: JPEG's APP2
/// segments (or EXIF's Adobe RGB), PNG's cICP, iCCP, sRGB, gAMA and cHRM by the PNG
/// specification's precedence, WebP's ICCP chunk. HEIF, JPEG XL and TIFF are read by their
/// decoders. Nil: sRGB, or nothing said. Every length is bounded by the bytes there are.
enum EmbeddedColour {
    /// No profile larger than this is read (real ones are a few KB; a printer's, a few MB).
    static let maximumProfileBytes = 8 << 20

    static func profile(in bytes: [UInt8], format: ImageFormat, exif: ExifInfo? = nil) -> [UInt8]? {
        switch format {
        case .jpeg: jpegProfile(bytes) ?? ((exif ?? ExifInfo(jpeg: bytes)).declaresAdobeRGB ? ColourManagement.adobeRGB : nil)
        case .png: pngProfile(bytes)
        case .webp: EmbeddedExif.webpChunk(named: "ICCP", in: bytes, maximumBytes: maximumProfileBytes)
        default: nil
        }
    }

    /// The ICC profile split over a JPEG's APP2 segments ("ICC_PROFILE\0", then its
    /// number and the count), put back together; nil unless every piece is there.
    static func jpegProfile(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var pieces: [Int: ArraySlice<UInt8>] = [:]
        var expected = 0
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            // The picture's data begins: every header segment has been seen.
            if marker == 0xDA || marker == 0xD9 { break }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { break }
            let payload = bytes[(at + 4)..<(at + 2 + length)]
            if marker == 0xE2, payload.count > signature.count + 2, payload.starts(with: signature) {
                let number = Int(payload[payload.startIndex + 12]), count = Int(payload[payload.startIndex + 13])
                if number >= 1, number <= count, expected == 0 || expected == count {
                    expected = count
                    pieces[number] = payload.dropFirst(14)
                }
            }
            at += 2 + length
        }
        guard expected > 0, pieces.count == expected else { return nil }
        let profile = (1...expected).flatMap { pieces[$0]! }
        return profile.count <= maximumProfileBytes ? profile : nil
    }

    /// PNG 3rd edition's order: cICP, then iCCP, then sRGB, then cHRM and gAMA.
    static func pngProfile(_ bytes: [UInt8]) -> [UInt8]? {
        if let cicp = EmbeddedExif.pngChunk(named: "cICP", in: bytes, maximumBytes: 4), cicp.count == 4 {
            return ColourManagement.profile(primaries: Int(cicp[0]), transfer: Int(cicp[1]))
        }
        if let iccp = EmbeddedExif.pngChunk(named: "iCCP", in: bytes, maximumBytes: maximumProfileBytes) {
            return inflatedProfile(iccp)
        }
        if EmbeddedExif.pngChunk(named: "sRGB", in: bytes, maximumBytes: 1) != nil { return nil }
        let gamma = EmbeddedExif.pngChunk(named: "gAMA", in: bytes, maximumBytes: 4).flatMap { $0.count == 4 ? bigEndian($0[...]) : nil }
        let chromaticities = EmbeddedExif.pngChunk(named: "cHRM", in: bytes, maximumBytes: 32).flatMap { chunk -> [Double]? in
            chunk.count == 32 ? stride(from: 0, to: 32, by: 4).map { Double(bigEndian(chunk[$0..<$0 + 4])) / 100_000 } : nil
        }
        guard gamma != nil || chromaticities != nil else { return nil }
        let srgb = ColourManagement.primaries(code: 1)!
        let c = chromaticities ?? [srgb.white.0, srgb.white.1, srgb.red.0, srgb.red.1, srgb.green.0, srgb.green.1, srgb.blue.0, srgb.blue.1]
        // The gamma ImageMagick, GIMP and most writers put beside sRGB's primaries (1/2.2,
        // with sRGB's own chromaticities) means sRGB, as browsers read it: shown untouched.
        let isSRGBPrimaries = zip(c, [srgb.white.0, srgb.white.1, srgb.red.0, srgb.red.1, srgb.green.0, srgb.green.1, srgb.blue.0, srgb.blue.1])
            .allSatisfy { abs($0 - $1) < 0.01 }
        let isSRGBGamma = gamma.map { abs($0 - 45_455) < 500 } ?? true
        if isSRGBPrimaries && isSRGBGamma { return nil }
        let transfer: ColourManagement.Transfer = gamma.map { .power(100_000 / Double(max($0, 1))) } ?? .sRGB
        return ColourManagement.rgbProfile(white: (c[0], c[1]), red: (c[2], c[3]), green: (c[4], c[5]), blue: (c[6], c[7]),
                                           transfer: transfer, description: "PNG chromaticities and gamma")
    }

    /// iCCP: a name, a zero, the compression method (0, zlib), the compressed profile.
    private static func inflatedProfile(_ chunk: [UInt8]) -> [UInt8]? {
        guard let end = chunk.prefix(80).firstIndex(of: 0), end + 2 < chunk.count, chunk[end + 1] == 0 else { return nil }
        let compressed = Array(chunk[(end + 2)...])
        var profile = [UInt8](repeating: 0, count: maximumProfileBytes)
        var length = uLongf(profile.count)
        let status = compressed.withUnsafeBufferPointer { source in
            profile.withUnsafeMutableBufferPointer { target in
                uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, length > 0 else { return nil }
        return Array(profile.prefix(Int(length)))
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
