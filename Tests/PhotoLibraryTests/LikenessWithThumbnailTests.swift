// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import SystemPackage
import Pixels
import TestSupport

/// A likeness read before its photo's thumbnail is made brings the thumbnail with it, from
/// one decode of a JPEG: the likeness is the one its own read gives, and the thumbnail looks
/// as the one made alone does, whatever the JPEG's colour sampling, scan order or orientation.
@Suite struct LikenessWithThumbnailTests {
    static let samples = LikenessTests.samples
    static let writeExif = samples.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/write-exif.py").path

    /// A JPEG made from a sample photo, `width` pixels across (a landscape), with ImageMagick's `options`.
    static func photo(_ name: String, width: Int, options: [String] = [], in folder: URL,
                      scene: String = "Dune.jpg") throws -> FilePath {
        let out = folder.appendingPathComponent("\(name).jpg")
        let source = samples.appendingPathComponent(scene).path
        let made = try runExternalTool(["convert", source, "-auto-orient", "-strip", "-resize", "\(width)x", "-quality", "90"] + options + [out.path])
        try #require(made.status == 0, "convert \(options)")
        return FilePath(out.path)
    }

    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("likeness-thumbnail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// How far two pictures of one size are apart: the mean difference of their colour
    /// channels, and the share of channel values more than 12 levels apart.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> (mean: Double, farApart: Double) {
        var total = 0, far = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                for channel in 0..<3 {
                    let d = abs(Int(a.bytes[y * a.bytesPerRow + x * 4 + channel]) - Int(b.bytes[y * b.bytesPerRow + x * 4 + channel]))
                    total += d
                    if d > 12 { far += 1 }
                }
            }
        }
        let count = Double(a.width * a.height * 3)
        return (Double(total) / count, Double(far) / count)
    }

    /// The two ways agree: the same likeness exactly, and a thumbnail of the same size whose
    /// colours are within a level of the usual one's on average and nowhere far from them
    /// (each 8 × 8 block's mean, as libjpeg's 1/8 decode gives it; halved colour drawn at
    /// the luma's blocks, as it draws it).
    func expectBothAgree(_ path: FilePath, _ label: String, thumbnailSize: Int = 256) throws {
        let both = try ImageDecoder.likeness(path, withThumbnail: thumbnailSize, colours: .sRGB)
        #expect(both.likeness == (try ImageDecoder.likeness(path)), "\(label)")
        let thumbnail = try #require(both.thumbnail, "\(label): no thumbnail")
        let usual = try ImageDecoder.decode(path, maximumPixelSize: thumbnailSize)
        try #require(thumbnail.width == usual.width && thumbnail.height == usual.height,
                     "\(label): \(thumbnail.width)×\(thumbnail.height), usually \(usual.width)×\(usual.height)")
        let apart = Self.difference(thumbnail, usual)
        #expect(apart.mean < 1 && apart.farApart < 0.001, "\(label): \(apart)")
        #expect(!thumbnail.isIncomplete, "\(label)")
    }

    @Test(arguments: [
        ("4:2:0", ["-sampling-factor", "2x2"]),
        ("4:4:4", ["-sampling-factor", "1x1"]),
        ("4:2:2", ["-sampling-factor", "2x1"]),
        ("progressive", ["-sampling-factor", "2x2", "-interlace", "Plane"]),
        ("grey", ["-colorspace", "Gray"]),
    ])
    func oneDecodeGivesTheLikenessAndTheThumbnailTheirOwnDecodesGive(kind: String, options: [String]) throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 4000 across: the likeness at a quarter, exactly its working side; 2600: at 3/8,
        // reduced after.
        for width in [4000, 2600] {
            try expectBothAgree(try Self.photo("\(kind)-\(width)", width: width, options: options, in: folder), "\(kind) at \(width)")
        }
        // An x-large thumbnail (a HiDPI grid's) of the 4000 px photo is decoded at a quarter
        // too, as its likeness is: both from that one decode, the colour laid over in full.
        try expectBothAgree(try Self.photo("\(kind)-4000", width: 4000, options: options, in: folder), "\(kind) at 4000, x-large",
                            thumbnailSize: 512)
    }

    /// A photo stored on its side: its thumbnail comes upright, as the usual one does.
    @Test func aPhotoStoredOnItsSideGivesAnUprightThumbnail() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.photo("side", width: 3000, options: ["-rotate", "-90"], in: folder)
        try #require(try runExternalTool(["python3", Self.writeExif, path.string, "--orientation", "6"]).status == 0)
        try expectBothAgree(path, "orientation 6")
        let thumbnail = try #require(try ImageDecoder.likeness(path, withThumbnail: 256, colours: .sRGB).thumbnail)
        #expect(thumbnail.width > thumbnail.height, "\(thumbnail.width)×\(thumbnail.height)")
    }

    /// A copy still arriving: what was decoded is a thumbnail marked incomplete (so it is
    /// not stored), and the likeness of what arrived.
    @Test func aFileCutShortGivesAnIncompleteThumbnail() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Self.photo("whole", width: 3000, in: folder)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole.string))
        let cut = folder.appendingPathComponent("cut.jpg")
        try bytes.prefix(bytes.count * 2 / 3).write(to: cut)
        let both = try ImageDecoder.likeness(FilePath(cut.path), withThumbnail: 256, colours: .sRGB)
        #expect(both.thumbnail?.isIncomplete == true)
        #expect(both.likeness == (try ImageDecoder.likeness(FilePath(cut.path))))
    }

    /// Where one decode cannot give both, the likeness comes alone: a photo whose thumbnail
    /// needs more than its 1/8 scale but less than its likeness's, a CMYK JPEG, a PNG.
    @Test func otherwiseTheLikenessComesAlone() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try Self.photo("small", width: 1600, in: folder)
        let cmyk = try Self.photo("cmyk", width: 3000, options: ["-colorspace", "CMYK"], in: folder)
        let png = FilePath(folder.appendingPathComponent("photo.png").path)
        try #require(try runExternalTool(["convert", small.string, png.string]).status == 0)
        let between = try Self.photo("between", width: 2600, in: folder)
        for (path, size) in [(small, 256), (cmyk, 256), (png, 256), (between, 512)] {
            let both = try ImageDecoder.likeness(path, withThumbnail: size, colours: .sRGB)
            #expect(both.thumbnail == nil, "\(path)")
            #expect(both.likeness == (try ImageDecoder.likeness(path)), "\(path)")
        }
        // The same small photo's smaller thumbnail is its 1/8 scale: both come.
        try expectBothAgree(small, "small at 128", thumbnailSize: 128)
    }

    /// Through a helper, as the app asks: the likeness and thumbnail arrive whole.
    @Test func aHelperSendsBoth() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.photo("photo", width: 3000, in: folder)
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        let sent = try decoder.likeness(path, withThumbnail: 256).get()
        let here = try ImageDecoder.likeness(path, withThumbnail: 256, colours: .sRGB)
        #expect(sent.likeness == here.likeness)
        #expect(sent.thumbnail?.bytes == here.thumbnail?.bytes)
        let alone = try decoder.likeness(FilePath(folder.appendingPathComponent("nothing.jpg").path), withThumbnail: 256)
        guard case .failure = alone else { Issue.record("a missing file gave \(alone)"); return }
    }

    /// A camera's RAW: its likeness is read from its full-size JPEG preview's luma, turned by
    /// the RAW's orientation, and where its thumbnail is cut from that preview too, one
    /// decode gives both; where a smaller preview serves the thumbnail, the likeness comes
    /// alone.
    @Test(arguments: [1, 6])
    func aRAWsPreviewGivesBoth(orientation: Int) throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = try Self.photo("preview", width: 3000, options: ["-sampling-factor", "2x1"], in: folder)
        let small = try Self.photo("small", width: 640, in: folder)
        let script = Self.samples.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/make-dng.py").path
        func dng(_ name: String, _ previews: [String]) throws -> FilePath {
            let out = folder.appendingPathComponent(name).path
            let made = try runExternalTool(["python3", script, out, "3000", "2000", "--orientation", String(orientation)] + previews)
            try #require(made.status == 0, "\(made.output)")
            return FilePath(out)
        }
        let alone = try dng("alone.dng", ["--preview", preview.string, "--preview-size", "3000x2000"])
        try expectBothAgree(alone, "DNG, orientation \(orientation)")
        let measured = try ImageDecoder.likeness(alone)
        // The preview's own luma, turned as the RAW says.
        var turned = try ImageDecoder.likeness(preview)
        if orientation == 6 {
            let onItsSide = FilePath(folder.appendingPathComponent("turned.jpg").path)
            try #require(try runExternalTool(["cp", preview.string, onItsSide.string]).status == 0)
            try #require(try runExternalTool(["python3", Self.writeExif, onItsSide.string, "--orientation", "6"]).status == 0)
            turned = try ImageDecoder.likeness(onItsSide)
        }
        #expect(measured == turned)

        let withSmall = try dng("with-small.dng", ["--preview", preview.string, "--preview-size", "3000x2000",
                                                    "--small-preview", small.string, "--small-preview-size", "640x427"])
        let both = try ImageDecoder.likeness(withSmall, withThumbnail: 256, colours: .sRGB)
        #expect(both.thumbnail == nil)
        #expect(both.likeness == measured)
    }
}
