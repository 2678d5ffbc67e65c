// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import Pixels
import SystemPackage

/// Flick's decode of each newer format beside another program's decode of the same file,
/// pixel by pixel: the tools each codec's makers ship (heif-convert, djxl, rsvg-convert,
/// LibRaw's dcraw_emu and simple_dcraw) or ImageMagick, written to PNG and read back.
/// Channel order, orientation, alpha and conversions all show up as differences.
@Suite struct IndependentDecoderTests {
    /// What `command` writes to its output (the PNG it is asked for), decoded.
    func theirs(_ command: [String], writing output: String) throws -> PixelBuffer {
        try runTool(command)
        return try ImageDecoder.decode(FilePath(output), maximumPixelSize: nil)
    }

    func scratch(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-independent-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    /// Every pixel within `tolerance` on each channel, alpha included.
    func expectSame(_ ours: PixelBuffer, _ theirs: PixelBuffer, within tolerance: Int, _ what: String,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        guard ours.width == theirs.width, ours.height == theirs.height else {
            Issue.record("\(what): \(ours) beside \(theirs)", sourceLocation: sourceLocation)
            return
        }
        var worst = 0, at = (0, 0)
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = ours.pixel(x: x, y: y), b = theirs.pixel(x: x, y: y)
                // A clear pixel's colour is no one's business.
                guard a.alpha != 0 || b.alpha != 0 else { continue }
                let difference = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                                     abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
                if difference > worst { (worst, at) = (difference, (x, y)) }
            }
        }
        #expect(worst <= tolerance, "\(what): off by \(worst) at \(at)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["rich.heic", "rich.avif", "irot-1.avif", "camera.heic"])
    func heifAsHeifConvertDecodesIt(name: String) throws {
        let output = scratch("\(name).png")
        let reference = try theirs(["heif-convert", Fixtures.format(name).string, output], writing: output)
        expectSame(try ImageDecoder.decode(Fixtures.format(name), maximumPixelSize: nil), reference, within: 2, name)
    }

    @Test(arguments: ["rich.jxl", "alpha.jxl"])
    func jpegXLAsDjxlDecodesIt(name: String) throws {
        let output = scratch("\(name).png")
        let reference = try theirs(["djxl", Fixtures.format(name).string, output], writing: output)
        expectSame(try ImageDecoder.decode(Fixtures.format(name), maximumPixelSize: nil), reference, within: 2, name)
    }

    /// Drawn at four times its own size, as a zoomed pager asks.
    @Test func svgAsRsvgConvertDrawsIt() throws {
        let output = scratch("upright.svg.png")
        let reference = try theirs(["rsvg-convert", "-w", "240", "-h", "160", "-o", output, Fixtures.format("upright.svg").string], writing: output)
        expectSame(try ImageDecoder.decode(Fixtures.format("upright.svg"), maximumPixelSize: 240), reference, within: 2, "upright.svg")
    }

    /// ImageMagick reads TIFF with its own code for 16 bits, CMYK (the plain formula, as
    /// libtiff's without a profile) and orientation (-auto-orient).
    @Test(arguments: ["rich-16.tif", "rich-cmyk.tif", "tiled.tif", "orient-7.tif", "alpha.tif"])
    func tiffAsImageMagickReadsIt(name: String) throws {
        let output = scratch("\(name).png")
        let reference = try theirs(["convert-im6.q16", Fixtures.format(name).string, "-auto-orient", "-depth", "8", "PNG32:\(output)"], writing: output)
        expectSame(try ImageDecoder.decode(Fixtures.format(name), maximumPixelSize: nil), reference, within: 2, name)
    }

    /// A RAW without a preview, rendered in full: as LibRaw's own dcraw_emu renders it with
    /// the camera's white balance (-w) and sRGB's curve (-g 2.4 12.92), to a TIFF (whose
    /// embedded profile, sRGB's, changes nothing).
    @Test func aRAWRenderAsDcrawEmuRendersIt() throws {
        let output = scratch("bare.tiff")
        let render = try theirs(["dcraw_emu", "-w", "-g", "2.4", "12.92", "-T", "-Z", output, Fixtures.format("bare.dng").string], writing: output)
        expectSame(try ImageDecoder.decode(Fixtures.format("bare.dng"), maximumPixelSize: nil), render, within: 2, "bare.dng")
    }

    /// The preview is the one LibRaw's simple_dcraw extracts (-e), turned as the DNG says
    /// (orientation 6: a quarter clockwise).
    @Test func aRAWPreviewAsSimpleDcrawExtractsIt() throws {
        let copy = scratch("preview.dng")
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: Fixtures.format("preview.dng").string, toPath: copy)
        let output = scratch("preview.png")
        let thumbnail = try theirs(["sh", "-c", "simple_dcraw -e \"$1\" && convert-im6.q16 \"$1.thumb.jpg\" -rotate 90 \"$2\"", "-", copy, output],
                                   writing: output)
        // Asked for no more than the preview holds (more is rendered from the RAW). Flick
        // decodes JPEGs with libjpeg-turbo's fast upsampling, ImageMagick with the smooth
        // one: hard colour edges differ by a few steps (a wrong turn would by hundreds).
        expectSame(try ImageDecoder.decode(Fixtures.format("preview.dng"), maximumPixelSize: 60), thumbnail, within: 16, "preview.dng")
    }
}
