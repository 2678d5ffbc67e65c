// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage
import Testing
import PhotoLibrary

/// Every PNG colour type and bit depth, with and without tRNS (Tests/Fixtures/make-png-suite.py),
/// decoded by Flick and by ImageMagick: the same colours and the same transparency.
@Suite struct PNGColourTests {
    static let suite: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-png-suite-\(UUID().uuidString)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-png-suite.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, folder.path]
        try? process.run()
        process.waitUntilExit()
        return folder
    }()

    static let names: [String] = {
        var names = (try? FileManager.default.contentsOfDirectory(atPath: suite.path)) ?? []
        names.sort()
        return names
    }()

    /// ImageMagick's reading: straight RGBA, 8 bits a sample.
    static func reference(_ file: String) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["convert-im6.q16", file, "-depth", "8", "rgba:-"]
        let out = Pipe()
        process.standardOutput = out
        try? process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// Reduced as its rows are decoded (to half or less), every kind of PNG is what the
    /// whole picture reduced is, to the byte.
    @Test(arguments: names, [2, 3, 16])
    func aReducedDecodeIsTheWholePictureReduced(name: String, divisor: Int) throws {
        let file = FilePath(Self.suite.appendingPathComponent(name).path)
        let whole = try ImageDecoder.decode(file, maximumPixelSize: nil)
        let side = max(1, max(whole.width, whole.height) / divisor)
        let reduced = try ImageDecoder.decode(file, maximumPixelSize: side)
        let expected = whole.scaledToFit(side)
        #expect(reduced.width == expected.width && reduced.height == expected.height)
        #expect(reduced.bytes == expected.bytes, "\(name) at \(side) px")
        #expect(reduced.isOpaque == whole.isOpaque)
    }

    @Test func theSuiteHasEveryColourTypeAndDepth() {
        #expect(Self.names.count == 26, "\(Self.names)")
    }

    @Test(arguments: names)
    func decodesAsImageMagickDoes(name: String) throws {
        let file = Self.suite.appendingPathComponent(name).path
        let pixels = try ImageDecoder.decode(FilePath(file), maximumPixelSize: nil)
        let expected = Self.reference(file)
        try #require(expected.count == pixels.width * pixels.height * 4, "ImageMagick read \(expected.count) bytes")
        var mismatches: [String] = []
        var transparent = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let got = pixels.pixel(x: x, y: y)
                let i = (y * pixels.width + x) * 4
                let want = (red: expected[i], green: expected[i + 1], blue: expected[i + 2], alpha: expected[i + 3])
                if want.alpha == 0 { transparent += 1 }
                let close = { (a: UInt8, b: UInt8) in abs(Int(a) - Int(b)) <= 1 }
                // A fully transparent pixel's colour is nobody's business.
                let same = close(got.alpha, want.alpha)
                    && (want.alpha == 0 || close(got.red, want.red) && close(got.green, want.green) && close(got.blue, want.blue))
                if !same && mismatches.count < 3 { mismatches.append("(\(x),\(y)) got \(got) want \(want)") }
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches)")
        if name.hasSuffix("-trns.png") && !name.hasPrefix("ct3") {
            #expect(transparent > 0, "\(name): its tRNS colour is transparent")
            #expect(!pixels.isOpaque)
        }
    }
}
