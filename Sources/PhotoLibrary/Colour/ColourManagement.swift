// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLCMS
import Foundation
import Pixels
import Synchronization

/// Which colours a decoded picture is to be in: what a request asks of a helper.
public enum ColourChoice: UInt8, Sendable {
    /// As the file stores them (`--no-colour-management`, for comparison).
    case untouched = 0
    /// sRGB: what the shared thumbnail cache holds, and any reader of it assumes.
    case sRGB = 1
    /// The display's, as last set (`IsolatedDecoder.setDisplayProfile`); sRGB without one.
    case display = 2
}

/// Where a picture's colours go.
enum ColourTarget: Equatable {
    case untouched
    /// sRGB, or the display's profile (nil: the display is taken to be sRGB).
    case profile([UInt8]?)

    static let sRGB = ColourTarget.profile(nil)
}

/// A picture's colours converted from the space its file declares (`PixelBuffer.iccProfile`,
/// nil for sRGB) to the one shown — sRGB, or the display's own profile — through Little
/// CMS, once it has the size it is shown at. Where the two are the same (an sRGB photo on
/// an sRGB display, however it says so) not one value changes.
enum ColourManagement {
    /// `pixels` in `target`'s colours. A profile lcms cannot read, or one not for RGB,
    /// leaves the values as they are (shown as sRGB, as before colour management).
    /// Converted in place where the caller gives its pixels up: a screen-sized picture is
    /// not copied first (a fresh 7 MB buffer costs its page faults).
    static func converted(_ pixels: consuming PixelBuffer, to target: ColourTarget) -> PixelBuffer {
        guard case let .profile(destination) = target else { return pixels }
        let source = pixels.iccProfile
        pixels.iccProfile = nil
        guard source != nil || destination != nil,
              case let .convert(transform) = Transforms.shared.conversion(from: source, to: destination) else { return pixels }
        let (width, height, bytesPerRow, isOpaque, isIncomplete) = (pixels.width, pixels.height, pixels.bytesPerRow, pixels.isOpaque,
                                                                     pixels.isIncomplete)
        var bytes = (consume pixels).bytes
        bytes.withUnsafeMutableBytes { bytes in
            switch transform {
            case let .tables(shaper):
                shaper.convert(bytes, width: width, height: height, bytesPerRow: bytesPerRow)
            case let .lcms(transform):
                // In place: lcms leaves the fourth byte, alpha, as it is.
                for row in 0..<height {
                    let line = bytes.baseAddress! + row * bytesPerRow
                    cmsDoTransform(transform.handle, line, line, cmsUInt32Number(width))
                }
            }
        }
        var converted = PixelBuffer(width: width, height: height, bytesPerRow: bytesPerRow, bytes: bytes, isOpaque: isOpaque)
        converted.isIncomplete = isIncomplete
        return converted
    }

    /// `pixels` from `source` to `destination` (nil: sRGB) by lcms2 alone, in double
    /// precision without its optimisations, rounded to 8 bits only at the end: the exact
    /// reference `MatrixShaper` is measured against.
    static func convertedByLittleCMS(_ pixels: PixelBuffer, from source: [UInt8]?, to destination: [UInt8]?) -> PixelBuffer? {
        guard let transform = transform(from: source, flick_lcms_rgb_double, to: destination, flick_lcms_rgb_double,
                                        flags: cmsFLAGS_NOOPTIMIZE) else { return nil }
        var bytes = pixels.bytes
        for i in stride(from: 0, to: bytes.count, by: 4) {
            var rgb = [Double(bytes[i + 2]) / 255, Double(bytes[i + 1]) / 255, Double(bytes[i]) / 255]
            cmsDoTransform(transform.handle, rgb, &rgb, 1)
            let clamped = rgb.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
            (bytes[i + 2], bytes[i + 1], bytes[i]) = (clamped[0], clamped[1], clamped[2])
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, bytesPerRow: pixels.bytesPerRow, bytes: bytes, isOpaque: pixels.isOpaque)
    }

    /// A converter of 16-bit B, G, R, A rows in `source`'s colours to 8-bit rows in
    /// `target`'s, for deep pictures (16-bit PNGs): converted before they are cut to 8 bits,
    /// a wide space's smooth gradients keep their steps. Nil where nothing is to be done.
    static func deepRows(from source: [UInt8], to target: ColourTarget) -> DeepRows? {
        guard case let .profile(destination) = target, !(isSRGB(source) && (destination.map(isSRGB) ?? true)) else { return nil }
        return transform(from: source, flick_lcms_bgra_16, to: destination, flick_lcms_bgra_8, flags: cmsFLAGS_COPY_ALPHA).map(DeepRows.init)
    }

    /// How stored samples are laid out, for converting them straight to 8-bit B, G, R, A.
    enum Samples {
        case rgb16, rgba16, cmyk8

        var lcmsFormat: cmsUInt32Number {
            switch self {
            case .rgb16: flick_lcms_rgb_16
            case .rgba16: flick_lcms_rgba_16
            case .cmyk8: flick_lcms_cmyk_8
            }
        }
    }

    /// `pixelCount` pixels of `samples` in `icc`'s colours converted into `bgra` in
    /// `target`'s (4 bytes a pixel; alpha carried over, else opaque); false, with nothing
    /// written, where the profile does not fit the samples or lcms2 cannot use it.
    static func convert(_ stored: UnsafeRawPointer, _ samples: Samples, pixelCount: Int, from icc: [UInt8], to target: ColourTarget,
                        into bgra: UnsafeMutableRawPointer) -> Bool {
        let alpha = samples == .rgba16
        guard case let .profile(destination) = target,
              let transform = transform(from: icc, samples.lcmsFormat, in: samples == .cmyk8 ? cmsSigCmykData : cmsSigRgbData,
                                        to: destination, flick_lcms_bgra_8, flags: alpha ? cmsFLAGS_COPY_ALPHA : 0) else { return false }
        cmsDoTransform(transform.handle, stored, bgra, cmsUInt32Number(pixelCount))
        if !alpha {
            let bytes = bgra.assumingMemoryBound(to: UInt8.self)
            for i in stride(from: 3, to: pixelCount * 4, by: 4) { bytes[i] = 255 }
        }
        return true
    }

    /// A CMYK JPEG's inks (Adobe's inverted bytes, four a pixel) as sRGB B, G, R, A through
    /// its own profile; false, with the bytes untouched, if the profile is not one for CMYK.
    static func convertCMYK(_ pixels: inout [UInt8], pixelCount: Int, profile icc: [UInt8]) -> Bool {
        guard let transform = transform(from: icc, flick_lcms_cmyk_8_inverted, in: cmsSigCmykData, to: nil, flick_lcms_bgra_8) else {
            return false
        }
        let inks = pixels
        inks.withUnsafeBytes { source in
            pixels.withUnsafeMutableBytes { target in
                cmsDoTransform(transform.handle, source.baseAddress, target.baseAddress, cmsUInt32Number(pixelCount))
            }
        }
        // lcms leaves the extra channel it did not make alone: every pixel is opaque.
        for i in stride(from: 3, to: pixelCount * 4, by: 4) { pixels[i] = 255 }
        return true
    }

    /// True for a profile that describes sRGB: its primaries and tone curves are sRGB's
    /// (within what 8 bits can show). Most cameras' and phones' JPEGs embed one.
    static func isSRGB(_ icc: [UInt8]) -> Bool {
        guard let profile = open(icc) else { return false }
        defer { cmsCloseProfile(profile) }
        let srgb = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(srgb) }
        guard cmsGetColorSpace(profile) == cmsSigRgbData, cmsIsMatrixShaper(profile) != 0 else { return false }
        let colorants = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
        for tag in colorants {
            guard let mine = cmsReadTag(profile, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                  let theirs = cmsReadTag(srgb, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                  abs(mine.X - theirs.X) < 0.002, abs(mine.Y - theirs.Y) < 0.002, abs(mine.Z - theirs.Z) < 0.002 else { return false }
        }
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            // A tone curve is opaque to Swift.
            guard let mine = cmsReadTag(profile, tag).map(OpaquePointer.init),
                  let theirs = cmsReadTag(srgb, tag).map(OpaquePointer.init) else { return false }
            for step in 0...16 {
                let v = Float(step) / 16
                if abs(cmsEvalToneCurveFloat(mine, v) - cmsEvalToneCurveFloat(theirs, v)) > 0.5 / 255 { return false }
            }
        }
        return true
    }

    /// What a person calls the colour space: "sRGB" for any profile that is sRGB, else the
    /// profile's own name.
    static func name(of icc: [UInt8]) -> String {
        isSRGB(icc) ? "sRGB" : description(of: icc) ?? "embedded colour profile"
    }

    /// The profile's own name for its colour space ("Display P3", "Adobe RGB (1998)").
    static func description(of icc: [UInt8]) -> String? {
        guard let profile = open(icc) else { return nil }
        defer { cmsCloseProfile(profile) }
        var text = [CChar](repeating: 0, count: 256)
        guard cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &text, cmsUInt32Number(text.count)) > 0 else { return nil }
        let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }

    /// A profile for RGB primaries and a white point given as CIE xy, with `transfer`: for
    /// colour spaces declared by numbers, not a profile (PNG cICP, gAMA and cHRM; HEIF's
    /// nclx; EXIF's Adobe RGB).
    static func rgbProfile(white: (Double, Double), red: (Double, Double), green: (Double, Double), blue: (Double, Double),
                           transfer: Transfer, description: String) -> [UInt8]? {
        var whitePoint = cmsCIExyY(x: white.0, y: white.1, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.0, y: red.1, Y: 1), Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
                                        Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
        guard let curve = transfer.curve() else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&whitePoint, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        if let text = cmsMLUalloc(nil, 1) {
            defer { cmsMLUfree(text) }
            cmsMLUsetASCII(text, "en", "US", description)
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(text))
        }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return bytes
    }

    /// How stored values relate to light.
    enum Transfer {
        /// sRGB's curve (IEC 61966-2-1).
        case sRGB
        /// BT.709's (also BT.601's and BT.2020's, as their cICP codes say).
        case bt709
        /// A plain power: `value = light^(1/exponent)`, as PNG's gAMA (exponent 1/gamma).
        case power(Double)

        func curve() -> OpaquePointer? {
            switch self {
            case .sRGB:
                var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
                return cmsBuildParametricToneCurve(nil, 4, &parameters)
            case .bt709:
                var parameters: [cmsFloat64Number] = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
                return cmsBuildParametricToneCurve(nil, 4, &parameters)
            case let .power(exponent):
                guard exponent.isFinite, exponent > 0.1, exponent < 10 else { return nil }
                return cmsBuildGamma(nil, exponent)
            }
        }
    }

    /// Adobe RGB (1998), for camera JPEGs that say so in EXIF but carry no profile.
    static let adobeRGB = rgbProfile(white: (0.3127, 0.3290), red: (0.64, 0.33), green: (0.21, 0.71), blue: (0.15, 0.06),
                                     transfer: .power(563.0 / 256), description: "Adobe RGB (1998)")

    /// Primaries by their ITU-T H.273 code (PNG cICP, HEIF nclx): white, red, green, blue.
    static func primaries(code: Int) -> (white: (Double, Double), red: (Double, Double), green: (Double, Double), blue: (Double, Double), name: String)? {
        let d65 = (0.3127, 0.3290)
        switch code {
        case 1: return (d65, (0.64, 0.33), (0.30, 0.60), (0.15, 0.06), "sRGB")
        case 5: return (d65, (0.64, 0.33), (0.29, 0.60), (0.15, 0.06), "BT.601 (625 lines)")
        case 6, 7: return (d65, (0.630, 0.340), (0.310, 0.595), (0.155, 0.070), "BT.601 (525 lines)")
        case 9: return (d65, (0.708, 0.292), (0.170, 0.797), (0.131, 0.046), "BT.2020")
        case 11: return ((0.314, 0.351), (0.680, 0.320), (0.265, 0.690), (0.150, 0.060), "DCI-P3")
        case 12: return (d65, (0.680, 0.320), (0.265, 0.690), (0.150, 0.060), "Display P3")
        default: return nil
        }
    }

    /// A transfer by its H.273 code; nil for those a picture cannot be shown by without tone
    /// mapping (PQ, HLG), which are left as they are.
    static func transfer(code: Int) -> Transfer? {
        switch code {
        case 1, 6, 14, 15: .bt709
        case 4: .power(2.2)
        case 5: .power(2.8)
        case 8: .power(1)
        case 13: .sRGB
        default: nil
        }
    }

    /// A profile for colours declared by H.273 codes; nil where they are sRGB's (nothing to
    /// do) or cannot be shown.
    static func profile(primaries code: Int, transfer transferCode: Int) -> [UInt8]? {
        guard let primaries = primaries(code: code), let transfer = transfer(code: transferCode) else { return nil }
        if code == 1, case .sRGB = transfer { return nil }
        return rgbProfile(white: primaries.white, red: primaries.red, green: primaries.green, blue: primaries.blue,
                          transfer: transfer, description: primaries.name)
    }

    /// `icc` opened, or sRGB for nil.
    fileprivate static func openOrSRGB(_ icc: [UInt8]?) -> cmsHPROFILE? {
        icc.map(open) ?? cmsCreate_sRGBProfile()
    }

    /// A perceptual transform from `source` (in `sourceSpace`) to `destination` (RGB), nil
    /// meaning sRGB for either; no one-pixel cache, so threads may share it. Nil where a
    /// profile cannot be read or is not of the space its samples are.
    fileprivate static func transform(from source: [UInt8]?, _ inFormat: cmsUInt32Number, in sourceSpace: cmsColorSpaceSignature = cmsSigRgbData,
                                      to destination: [UInt8]?, _ outFormat: cmsUInt32Number, flags: Int32 = 0) -> Transform? {
        guard let from = openOrSRGB(source) else { return nil }
        defer { cmsCloseProfile(from) }
        guard let to = openOrSRGB(destination) else { return nil }
        defer { cmsCloseProfile(to) }
        guard cmsGetColorSpace(from) == sourceSpace, cmsGetColorSpace(to) == cmsSigRgbData,
              let handle = cmsCreateTransform(from, inFormat, to, outFormat, cmsUInt32Number(INTENT_PERCEPTUAL),
                                              cmsUInt32Number(cmsFLAGS_NOCACHE | flags)) else { return nil }
        return Transform(handle)
    }

    fileprivate static func open(_ icc: [UInt8]) -> cmsHPROFILE? {
        icc.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    }
}

/// Converts a deep picture's rows (`ColourManagement.deepRows`).
struct DeepRows {
    fileprivate let transform: Transform

    fileprivate init(_ transform: Transform) { self.transform = transform }

    /// `pixels` 16-bit B, G, R, A values to `target`, 4 bytes each.
    func convert(_ row: UnsafeRawPointer, to target: UnsafeMutableRawPointer, pixels: Int) {
        cmsDoTransform(transform.handle, row, target, cmsUInt32Number(pixels))
    }
}

/// A transform lcms made, shared by the threads that convert with it.
private final class Transform: @unchecked Sendable {
    let handle: cmsHTRANSFORM
    init(_ handle: cmsHTRANSFORM) { self.handle = handle }
    deinit { cmsDeleteTransform(handle) }
}

/// How one profile's pictures are converted to another's.
private enum Converter: Sendable {
    /// Both matrix/shaper profiles: tables.
    case tables(MatrixShaper)
    case lcms(Transform)
}

/// What to do with pictures in one profile.
private enum Conversion: Sendable {
    case convert(Converter)
    /// sRGB already, or a profile lcms cannot use: the values stay as they are.
    case leave
}

/// Transforms per source profile: building one costs far more than running it on a
/// screen-sized picture, and a folder's photos share a few profiles (most of them sRGB,
/// which is found out once and then costs nothing).
private final class Transforms: Sendable {
    static let shared = Transforms()
    /// A few profile pairs at once; more empties it (an odd folder of many profiles).
    private static let capacity = 16
    /// From and to, nil for sRGB.
    private struct Pair: Hashable {
        let source: [UInt8]?
        let destination: [UInt8]?
    }
    private let cache = Mutex<[Pair: Conversion]>([:])

    func conversion(from source: [UInt8]?, to destination: [UInt8]?) -> Conversion {
        let pair = Pair(source: source, destination: destination)
        if let known = cache.withLock({ $0[pair] }) { return known }
        let isSRGB = { (icc: [UInt8]?) in icc.map(ColourManagement.isSRGB) ?? true }
        let made: Conversion = isSRGB(source) && isSRGB(destination) ? .leave : make(pair).map(Conversion.convert) ?? .leave
        cache.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll() }
            cache[pair] = made
        }
        return made
    }

    private func make(_ pair: Pair) -> Converter? {
        guard let source = ColourManagement.openOrSRGB(pair.source) else { return nil }
        defer { cmsCloseProfile(source) }
        guard let destination = ColourManagement.openOrSRGB(pair.destination) else { return nil }
        defer { cmsCloseProfile(destination) }
        guard cmsGetColorSpace(source) == cmsSigRgbData, cmsGetColorSpace(destination) == cmsSigRgbData else { return nil }
        // Only profiles that are nothing but curves and primaries: one with tables of its own
        // (which lcms2 would use first) goes through lcms2.
        if cmsIsMatrixShaper(source) != 0, cmsIsMatrixShaper(destination) != 0,
           cmsIsTag(source, cmsSigAToB0Tag) == 0, cmsIsTag(destination, cmsSigBToA0Tag) == 0,
           let shaper = MatrixShaper(source: source, destination: destination) {
            return .tables(shaper)
        }
        // Converted in place, alpha needs no copying (which would also keep lcms from its
        // fast 8-bit path).
        return ColourManagement.transform(from: pair.source, flick_lcms_bgra_8, to: pair.destination, flick_lcms_bgra_8).map(Converter.lcms)
    }
}
