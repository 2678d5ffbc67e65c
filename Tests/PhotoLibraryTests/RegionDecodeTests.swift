// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import Pixels
import SystemPackage
import TestSupport

/// A rectangle of a photo at full scale, decoded alone (what Z to 100 % shows first): the
/// very pixels the whole picture has there, upright, whatever the format or orientation.
@Suite struct RegionDecodeTests {
    /// A detailed photo-like JPEG of odd size (blocks cut at its edges), chroma halved both
    /// ways as cameras store it; with `orientation`, the same stored and tagged turned.
    static func detailedJPEG(orientation: Int? = nil, progressive: Bool = false) throws -> FilePath {
        let name = "region-\(orientation ?? 1)\(progressive ? "-progressive" : "").jpg"
        let target = Fixtures.root.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: target.path) {
            // Made under a name of its own and moved into place whole: tests running beside
            // this one may want the same photo, and must never read it half made.
            let making = Fixtures.root.appendingPathComponent("making-\(UUID().uuidString).jpg")
            var command = ["convert", "-seed", "5", "-size", "301x227", "plasma:red-blue", "-resize", "1203x905!",
                           "(", "-size", "1203x905", "xc:gray", "+noise", "Gaussian", ")", "-compose", "overlay", "-composite",
                           "-sampling-factor", "2x2", "-quality", "88"]
            if progressive { command += ["-interlace", "Plane"] }
            #expect(try runExternalTool(command + [making.path]).status == 0)
            if let orientation {
                #expect(try runExternalTool(["exiftool", "-q", "-q", "-overwrite_original", "-Orientation#=\(orientation)", making.path]).status == 0)
            }
            #expect(rename(making.path, target.path) == 0)
        }
        return FilePath(target.path)
    }

    func whole(_ path: FilePath) throws -> PixelBuffer {
        try ImageDecoder.decode(path, maximumPixelSize: nil, box: nil, colours: .untouched)
    }

    func region(_ path: FilePath, _ rect: PixelRect) throws -> PixelBuffer {
        try ImageDecoder.decodeRegion(path, rect, colours: .untouched)
    }

    /// Odd origins and sizes too: rows skipped to the middle of a block, columns cut inside one.
    static let rects = [PixelRect(x: 0, y: 0, width: 64, height: 64), PixelRect(x: 301, y: 157, width: 411, height: 253),
                        PixelRect(x: 1, y: 3, width: 5, height: 7), PixelRect(x: 900, y: 600, width: 303, height: 305)]

    @Test(arguments: rects)
    func aRegionHasTheWholePicturesPixels(rect: PixelRect) throws {
        let path = try Self.detailedJPEG()
        let part = try region(path, rect)
        #expect(part.width == rect.width && part.height == rect.height)
        #expect(part.bytes == (try whole(path)).cropped(to: rect).bytes)
    }

    @Test func aProgressiveJPEGsRegionToo() throws {
        let path = try Self.detailedJPEG(progressive: true)
        let rect = PixelRect(x: 77, y: 401, width: 600, height: 300)
        #expect(try region(path, rect).bytes == (try whole(path)).cropped(to: rect).bytes)
    }

    /// The rectangle is upright, as the photo is shown: a camera held on its side stores
    /// the picture turned, and the region is found in it and stood up.
    @Test(arguments: [3, 5, 6, 8])
    func aRegionOfATurnedPhotoIsTheUprightPhotosRegion(orientation: Int) throws {
        let path = try Self.detailedJPEG(orientation: orientation)
        let upright = try whole(path)
        let swaps = orientation >= 5
        #expect(upright.width == (swaps ? 905 : 1203), "the whole picture stood up")
        let rect = PixelRect(x: 133, y: 251, width: 320, height: 200)
        let part = try region(path, rect)
        #expect(part.width == 320 && part.height == 200)
        #expect(part.bytes == upright.cropped(to: rect).bytes)
    }

    /// CMYK (no BGRA from libjpeg) and other formats: decoded whole and cut, the same pixels.
    @Test(arguments: ["cmyk.jpg", "orient-6.png", "progressive.jpg"])
    func otherPhotosAreCutFromTheWholePicture(name: String) throws {
        let path = Fixtures.photo(name)
        let upright = try whole(path)
        let rect = PixelRect(x: 3, y: 2, width: upright.width / 2, height: upright.height / 2)
        #expect(try region(path, rect).bytes == upright.cropped(to: rect).bytes)
    }

    @Test func aRectangleOutsideThePhotoIsRefusedWithoutACrash() throws {
        let path = try Self.detailedJPEG()
        for rect in [PixelRect(x: 1000, y: 0, width: 300, height: 10), PixelRect(x: 0, y: 900, width: 10, height: 6),
                     PixelRect(x: -1, y: 0, width: 10, height: 10), PixelRect(x: 0, y: 0, width: 0, height: 10)] {
            #expect(throws: DecodeError.self, "\(rect)") { try region(path, rect) }
        }
        #expect(throws: DecodeError.self) { try region(Fixtures.photo("cmyk.jpg"), PixelRect(x: 60, y: 0, width: 10, height: 10)) }
    }

    /// A file still arriving: what is there is shown, and said to be incomplete; below it, grey.
    @Test func aRegionOfACutFileIsIncomplete() throws {
        let source = try Self.detailedJPEG()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source.string))
        let cut = Fixtures.root.appendingPathComponent("region-cut.jpg")
        try bytes.prefix(bytes.count / 3).write(to: cut)
        let part = try region(FilePath(cut.path), PixelRect(x: 100, y: 800, width: 200, height: 100))
        #expect(part.isIncomplete)
        let above = try region(FilePath(cut.path), PixelRect(x: 100, y: 10, width: 200, height: 100))
        #expect(above.bytes == (try whole(source)).cropped(to: PixelRect(x: 100, y: 10, width: 200, height: 100)).bytes,
                "the part that arrived is the photo's")
    }

    /// A photo its sidecar turns (`PhotoTurns`): the rectangle is of the photo as shown so,
    /// a JPEG's found in its stored pixels, any other photo's cut from the whole turned.
    @Test(arguments: [(6, Orientation.down), (1, .right), (8, .leftMirrored)])
    func aRegionOfAPhotoItsSidecarTurnsIsOfThePhotoAsShown(orientation: Int, turn: Orientation) throws {
        let path = try Self.detailedJPEG(orientation: orientation)
        let shown = try whole(path).applying(turn)
        let rect = PixelRect(x: 133, y: 251, width: 320, height: 200)
        let part = try ImageDecoder.decodeRegion(path, rect, colours: .untouched, turn: turn)
        #expect(part.bytes == shown.cropped(to: rect).bytes)
        let png = Fixtures.photo("orient-6.png")
        let pngShown = try whole(png).applying(turn)
        let pngRect = PixelRect(x: 3, y: 2, width: pngShown.width / 2, height: pngShown.height / 2)
        #expect(try ImageDecoder.decodeRegion(png, pngRect, colours: .untouched, turn: turn).bytes == pngShown.cropped(to: pngRect).bytes)
        // Through a helper, as the photo's turn says.
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        decoder.turns.set(turn, for: path)
        #expect(try decoder.decodeRegion(path, rect, colours: .untouched).get().bytes == part.bytes)
        let fitted = try decoder.decode(path, maximumPixelSize: nil, box: PixelBox(width: 400, height: 300), colours: .untouched).get()
        #expect((fitted.width > fitted.height) == (shown.width > shown.height), "fitted to the window as shown: \(fitted.width)×\(fitted.height)")
        #expect(fitted.width <= 400 && fitted.height <= 300)
    }

    /// Turns compose as the pixels do: a sidecar's orientation over a file's is one turn more.
    @Test func orientationsComposeAsTheirPicturesDo() {
        let probe = OrientationWriterTests.asymmetric
        for first in Orientation.allCases {
            for second in Orientation.allCases {
                #expect(probe.applying(first).applying(second).bytes == probe.applying(first.followed(by: second)).bytes)
                #expect(first.followed(by: Orientation.turn(from: first, to: second)) == second)
            }
        }
        #expect(Orientation.right.followed(by: .right) == .down && Orientation.turn(from: .right, to: .left) == .down)
    }

    @Test func aRegionComesThroughAHelper() throws {
        let path = try Self.detailedJPEG(orientation: 6)
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        let rect = PixelRect(x: 40, y: 700, width: 500, height: 333)
        let part = try decoder.decodeRegion(path, rect, colours: .untouched).get()
        #expect(part.bytes == (try whole(path)).cropped(to: rect).bytes)
        #expect(throws: DecodeError.self) { try decoder.decodeRegion(path, PixelRect(x: 0, y: 0, width: 5000, height: 10), colours: .untouched).get() }
        // The helper is fine after a refusal.
        #expect(try decoder.decodeRegion(path, rect, colours: .untouched).get().bytes == part.bytes)
    }
}
