// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import Pixels
import SystemPackage

/// CIEDE2000 between two sRGB colours (0…255), through CIELAB under D65.
func deltaE2000(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Double {
    func lab(_ c: (Int, Int, Int)) -> (Double, Double, Double) {
        func linear(_ v: Int) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let r = linear(c.0), g = linear(c.1), b = linear(c.2)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
    let (l1, a1, b1) = lab(a), (l2, a2, b2) = lab(b)
    let c1 = hypot(a1, b1), c2 = hypot(a2, b2), meanC = (c1 + c2) / 2
    let g = 0.5 * (1 - sqrt(pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))))
    let a1p = (1 + g) * a1, a2p = (1 + g) * a2
    let c1p = hypot(a1p, b1), c2p = hypot(a2p, b2)
    func hue(_ b: Double, _ a: Double) -> Double {
        guard a != 0 || b != 0 else { return 0 }
        let h = atan2(b, a) * 180 / .pi
        return h < 0 ? h + 360 : h
    }
    let h1 = hue(b1, a1p), h2 = hue(b2, a2p)
    let dL = l2 - l1, dC = c2p - c1p
    var dh = 0.0
    if c1p * c2p != 0 { dh = h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 < -180 ? h2 - h1 + 360 : h2 - h1 }
    let dH = 2 * sqrt(c1p * c2p) * sin(dh / 2 * .pi / 180)
    let meanL = (l1 + l2) / 2, meanCp = (c1p + c2p) / 2
    var meanH = h1 + h2
    if c1p * c2p != 0 { meanH = abs(h1 - h2) > 180 ? (h1 + h2 + (h1 + h2 < 360 ? 360 : -360)) / 2 : (h1 + h2) / 2 }
    let t = 1 - 0.17 * cos((meanH - 30) * .pi / 180) + 0.24 * cos(2 * meanH * .pi / 180)
        + 0.32 * cos((3 * meanH + 6) * .pi / 180) - 0.20 * cos((4 * meanH - 63) * .pi / 180)
    let sL = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
    let sC = 1 + 0.045 * meanCp, sH = 1 + 0.015 * meanCp * t
    let rT = -2 * sqrt(pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7))) * sin(60 * exp(-pow((meanH - 275) / 25, 2)) * .pi / 180)
    return sqrt(pow(dL / sL, 2) + pow(dC / sC, 2) + pow(dH / sH, 2) + rT * (dC / sC) * (dH / sH))
}

/// Colour management: photos in other colour spaces come back to their sRGB original.
@Suite struct ColourTests {
    static func colour(_ name: String) -> FilePath { FilePath(Fixtures.root.appendingPathComponent("colour/\(name)").path) }

    /// The worst and the mean CIEDE2000 between two pictures of one size.
    func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> (worst: Double, mean: Double) {
        var worst = 0.0, total = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let e = deltaE2000(rgb(a, x, y), rgb(b, x, y))
                worst = max(worst, e)
                total += e
            }
        }
        return (worst, total / Double(a.width * a.height))
    }

    var original: PixelBuffer { get throws { try ImageDecoder.decode(FilePath(Fixtures.root.appendingPathComponent("rich.png").path), maximumPixelSize: nil) } }

    /// Within ΔE 2 of the sRGB original, on average (an 8-bit picture in a wider space
    /// loses a little): the formats whose files keep the converted values as they were.
    @Test(arguments: ["adobe.jpg", "prophoto.png", "widegamut.webp", "swapped.tif", "camera-adobe.jpg"])
    func aPhotoInAnotherColourSpaceComesBackToItsColours(name: String) throws {
        let shown = try ImageDecoder.decode(Self.colour(name), maximumPixelSize: nil)
        let original = try original
        try #require(shown.width == original.width && shown.height == original.height, "\(shown)")
        let (worst, mean) = difference(shown, original)
        #expect(mean < 2, "\(name): mean ΔE \(mean), worst \(worst)")
        #expect(shown.iccProfile == nil, "converted, not still declaring its profile")
    }

    /// Beside an independent conversion of the same file: ImageMagick reads the stored values
    /// and converts them with the file's profile (through lcms2) to sRGB. HEIF's encoders
    /// and CMYK's small gamut move colours away from the original; the conversion of what
    /// is stored must still agree. (camera-adobe.jpg: ImageMagick is told the profile.)
    @Test(arguments: ["adobe.heic", "adobe.avif", "cmyk.jpg", "cmyk.tif", "camera-adobe.jpg", "prophoto.png", "widegamut.webp", "swapped.tif"])
    func aPhotosColoursAgreeWithAnIndependentConversion(name: String) throws {
        let source = Self.colour(name).string
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flick-colour-\(getpid())-\(name).png").path
        let stored = name.hasSuffix(".heic") || name.hasSuffix(".avif") ? output + ".stored.png" : source
        if stored != source { try runTool(["heif-convert", source, stored]) }
        let assigned = name == "camera-adobe.jpg" ? ["-profile", "/usr/share/color/icc/colord/AdobeRGB1998.icc"] : []
        try runTool(["convert-im6.q16", stored] + assigned + ["-profile", "/usr/share/color/icc/colord/sRGB.icc", "-strip", "PNG24:" + output])
        let reference = try ImageDecoder.decode(FilePath(output), maximumPixelSize: nil)
        let (worst, mean) = difference(try ImageDecoder.decode(Self.colour(name), maximumPixelSize: nil), reference)
        // Flick decodes JPEGs with libjpeg-turbo's fast IDCT, ImageMagick with the exact
        // one: their values differ by a step or two before any colour is converted, and a
        // wide gamut's conversion stretches that.
        let isJPEG = name.hasSuffix(".jpg")
        #expect(mean < (isJPEG ? 1.5 : 1) && worst < (isJPEG ? 8 : 3), "\(name): mean ΔE \(mean), worst \(worst)")
    }


    /// Without conversion the colours are visibly wrong: the fixtures test something.
    @Test func unconvertedTheyWouldBeWrong() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.colour("prophoto.png").string)))
        let stored = try PNGDecoder.decode(bytes, limits: DecodeLimits())
        #expect(difference(stored, try original).mean > 5)
    }

    /// The display's own profile, as Flick sends it to its helpers: a profile that swaps red
    /// and green makes an sRGB photo's red patch green on the way to such a display; taken
    /// away, the photo is as it was. Thumbnails for the shared cache stay sRGB throughout.
    @Test func theDisplaysProfileChangesWhatIsDecodedForItAndRemovingItChangesItBack() throws {
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        let red = Fixtures.photo("alpha.png")
        func centre(_ colours: ColourChoice) throws -> (Int, Int, Int) {
            let pixels = try decoder.decode(red, maximumPixelSize: nil, colours: colours).get()
            return rgb(pixels, 16, 16)
        }
        #expect(near(try centre(.display), (255, 0, 0)), "no display profile: sRGB")
        let swapping = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/colord/SwappedRedAndGreen.icc")))
        decoder.setDisplayProfile(swapping)
        #expect(near(try centre(.display), (0, 255, 0)), "red, sent to a display that swaps, is stored green")
        #expect(near(try centre(.sRGB), (255, 0, 0)), "for the cache: sRGB")
        #expect(near(try centre(.untouched), (255, 0, 0)))
        let inProcess = decoder.inDisplayColours(try decoder.decode(red, maximumPixelSize: nil, colours: .sRGB).get())
        #expect(near(rgb(inProcess, 16, 16), (0, 255, 0)), "a cached thumbnail, converted for the display")
        decoder.setDisplayProfile(nil)
        #expect(near(try centre(.display), (255, 0, 0)))
    }

    /// The tables Flick converts matrix/shaper profiles with agree with lcms2's own
    /// conversion to within a step, on every 8th level of every channel.
    @Test(arguments: ["AdobeRGB1998.icc", "ProPhotoRGB.icc", "WideGamutRGB.icc", "SwappedRedAndGreen.icc"])
    func theFastTablesAgreeWithLittleCMS(profile: String) throws {
        let icc = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/colord/\(profile)")))
        var bytes: [UInt8] = []
        for r in stride(from: 0, through: 255, by: 8) { for g in stride(from: 0, through: 255, by: 8) { for b in stride(from: 0, through: 255, by: 8) {
            bytes += [UInt8(b), UInt8(g), UInt8(r), 255]
        } } }
        // 64 × 512: rows enough to be converted in two bands, as a screen-sized picture is.
        let width = 64, height = bytes.count / 4 / width
        #expect(height >= 2 * MatrixShaper.rowsPerThreadAtLeast)
        var pixels = PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: true)
        for (source, destination) in [(icc, nil), (nil, icc)] as [([UInt8]?, [UInt8]?)] {
            pixels.iccProfile = source
            let fast = ColourManagement.converted(pixels, to: .profile(destination))
            let reference = try #require(ColourManagement.convertedByLittleCMS(pixels, from: source, to: destination))
            let worst = zip(fast.bytes, reference.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "\(profile) \(source == nil ? "as the display" : "as the photo's"): off by \(worst)")
        }
    }

    /// A 16-bit picture in a wide space is converted before its values are cut to 8 bits:
    /// a smooth dark gradient keeps every step of the original, where the same cut to 8 bits
    /// first comes back in bands.
    @Test(arguments: ["gradient-prophoto-16.png", "gradient-prophoto-16.tif", "gradient-prophoto-16-tiled.tif"])
    func aDeepPictureIsConvertedBeforeItIsCutToEightBits(name: String) throws {
        let original = try ImageDecoder.decode(Self.colour("gradient.png"), maximumPixelSize: nil)
        func worst(_ name: String) throws -> Int {
            let shown = try ImageDecoder.decode(Self.colour(name), maximumPixelSize: nil)
            #expect(shown.width == original.width && shown.height == original.height)
            return (0..<original.height).map { y in
                let (a, b) = (rgb(shown, 4, y), rgb(original, 4, y))
                return max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
            }.max() ?? 0
        }
        let deep = try worst(name), cut = try worst("gradient-prophoto-8.png")
        #expect(deep <= 1, "\(name): off by \(deep)")
        #expect(cut > deep, "8-bit first: off by \(cut), so the fixture tells them apart")
    }

    /// The card's back names the colour space the file declares.
    @Test func theFactsNameTheColourSpace() throws {
        func named(_ name: String) throws -> String? { try ImageDecoder.embeddedFacts(Self.colour(name)).colourSpace }
        let adobe = try named("adobe.jpg")
        #expect(adobe?.contains("Adobe RGB") == true, "\(String(describing: adobe))")
        #expect(try named("camera-adobe.jpg") == "Adobe RGB (1998)")
        #expect(try named("p3.avif") == "Display P3")
        #expect(try named("srgb-profiled.jpg") == "sRGB")
        #expect(try named("plain.jpg") == nil)
        let facts = PhotoFacts(fileName: "p3.avif", byteCount: 1, modificationDate: Date(), embedded: try ImageDecoder.embeddedFacts(Self.colour("p3.avif")))
        #expect(facts.lines.contains("40 × 8 pixels · Display P3"), "\(facts.lines)")
    }

    @Test func anSRGBProfileChangesNotOneValue() throws {
        let plain = try ImageDecoder.decode(Self.colour("plain.jpg"), maximumPixelSize: nil)
        let profiled = try ImageDecoder.decode(Self.colour("srgb-profiled.jpg"), maximumPixelSize: nil)
        #expect(plain.bytes == profiled.bytes)
    }

    /// Display P3 said by numbers (an AVIF's nclx box, read by libheif as a HEIC's is; PNG's
    /// cICP): the patches as the standard's matrix puts them in sRGB (linear P3 → linear
    /// sRGB, then sRGB's curve).
    @Test(arguments: ["p3.avif", "p3-cicp.png"])
    func displayP3DeclaredByNumbersIsConverted(name: String) throws {
        let shown = try ImageDecoder.decode(Self.colour(name), maximumPixelSize: nil)
        let patches = [(230, 40, 40), (40, 200, 60), (30, 60, 220), (225, 170, 140), (128, 128, 128)]
        for (index, p3) in patches.enumerated() {
            let expected = Self.sRGB(fromDisplayP3: p3)
            let got = rgb(shown, index * 8 + 4, 4)
            #expect(deltaE2000(got, expected) < 2, "\(name) patch \(index): \(got), expected \(expected)")
        }
    }

    static func sRGB(fromDisplayP3 c: (Int, Int, Int)) -> (Int, Int, Int) {
        func linear(_ v: Int) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        func encoded(_ v: Double) -> Int {
            let s = min(max(v, 0), 1)
            return Int(((s <= 0.0031308 ? 12.92 * s : 1.055 * pow(s, 1 / 2.4) - 0.055) * 255).rounded())
        }
        let r = linear(c.0), g = linear(c.1), b = linear(c.2)
        return (encoded(1.2249 * r - 0.2247 * g),
                encoded(-0.0420 * r + 1.0419 * g),
                encoded(-0.0197 * r - 0.0786 * g + 1.0979 * b))
    }
}
