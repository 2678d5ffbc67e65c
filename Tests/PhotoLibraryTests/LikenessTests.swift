// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import SystemPackage
import Pixels
import TestSupport

/// The focus measure and the look hash, on bursts made from the sample photos: one sharp
/// frame and copies blurred by known amounts (Gaussian, and motion in two directions), each
/// with noise and brighter, so neither noise nor contrast can pass for sharpness.
@Suite struct LikenessTests {
    let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/Samples")

    /// What each copy has done to it (ImageMagick's words), the sharpest first.
    static let blurs: [(name: String, operations: [String])] = [
        ("gaussian-1.5", ["-gaussian-blur", "0x1.5"]),
        ("gaussian-3", ["-gaussian-blur", "0x3"]),
        ("motion-6", ["-motion-blur", "0x6+20"]),
        ("motion-12", ["-motion-blur", "0x12+110"]),
    ]
    static let noisyAndBrighter = ["-attenuate", "0.25", "+noise", "Gaussian", "-evaluate", "multiply", "1.2"]

    /// A burst of `scene` at `width` pixels across: the sharp frame (darker and noisy too, as
    /// a frame shot a moment later in changing light) and the blurred copies, in a scratch folder.
    static func burst(of scene: String, width: Int) throws -> (folder: URL, sharp: [URL], blurred: [URL]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("burst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = samples.appendingPathComponent(scene).path
        func make(_ name: String, _ operations: [String]) throws -> URL {
            let out = folder.appendingPathComponent("\(name).jpg")
            let result = try runExternalTool(["convert", "-seed", "7", source, "-resize", "\(width)x"] + operations + ["-quality", "92", out.path])
            try #require(result.status == 0, "convert \(operations)")
            return out
        }
        let sharp = [try make("sharp", []), try make("sharp-dark-noisy", ["-evaluate", "multiply", "0.8", "-attenuate", "0.25", "+noise", "Gaussian"])]
        let blurred = try blurs.map { try make($0.name, $0.operations + noisyAndBrighter) }
        return (folder, sharp, blurred)
    }

    func likeness(_ url: URL) throws -> PhotoLikeness {
        try decoder.likeness(FilePath(url.path)).get()
    }

    @Test(arguments: ["Nuthatch on the trunk.jpg", "Dune.jpg", "Water drop.jpg", "Wood grain.jpg"], [1600, 800])
    func theSharpFrameRanksFirstAndTheBlurredOnesInOrder(scene: String, width: Int) throws {
        let burst = try Self.burst(of: scene, width: width)
        defer { try? FileManager.default.removeItem(at: burst.folder) }
        let sharp = try burst.sharp.map { try likeness($0).sharpness }
        let blurred = try burst.blurred.map { try likeness($0).sharpness }
        #expect(sharp.allSatisfy { $0 > blurred.max()! }, "\(scene) at \(width): sharp \(sharp), blurred \(zip(Self.blurs.map(\.name), blurred).map { "\($0) \($1)" })")
    }

    /// A burst as a photographer shoots it: the camera moves a little between frames (each
    /// a crop shifted from the last) and three of eight are blurred by 1.5 px. Every sharp
    /// frame ranks above every blurred one (the tiles of one frame are not the tiles of the
    /// next, so a measure of a few best tiles mistook content for sharpness).
    @Test(arguments: ["Nuthatch on the trunk.jpg", "Dune.jpg", "Dune grass.jpg", "Nuthatch, close.jpg"])
    func shiftedFramesOfABurstRankSharpAboveBlurred(scene: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shifted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let blurredFrames: Set<Int> = [2, 4, 6]
        var sharp: [Double] = [], blurred: [Double] = []
        for frame in 0..<8 {
            let out = folder.appendingPathComponent("frame-\(frame).jpg")
            let crop = ["-resize", "1100x", "-crop", "1000x620+\(frame * 12)+\(frame * 7)", "+repage"]
            let blur = blurredFrames.contains(frame) ? ["-gaussian-blur", "0x1.5"] : []
            let made = try runExternalTool(["convert", Self.samples.appendingPathComponent(scene).path] + crop + blur + ["-quality", "92", out.path])
            try #require(made.status == 0)
            let score = try likeness(out).sharpness
            if blurredFrames.contains(frame) { blurred.append(score) } else { sharp.append(score) }
        }
        #expect(sharp.min()! > blurred.max()!, "\(scene): sharp \(sharp), blurred \(blurred)")
    }

    /// Without noise, the measure falls as the blur grows.
    @Test(arguments: ["Nuthatch on the trunk.jpg", "Dune.jpg"])
    func moreBlurScoresLess(scene: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blur-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scores = try ["0x0.01", "0x1", "0x2", "0x4"].enumerated().map { index, sigma -> Double in
            let out = folder.appendingPathComponent("\(index).png")
            let made = try runExternalTool(["convert", Self.samples.appendingPathComponent(scene).path, "-resize", "1000x", "-gaussian-blur", sigma, out.path])
            try #require(made.status == 0)
            return try likeness(out).sharpness
        }
        #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 > $1 }, "\(scores)")
    }

    @Test func framesOfOneMomentLookAlikeAndOtherScenesDoNot() throws {
        let nuthatch = try Self.burst(of: "Nuthatch on the trunk.jpg", width: 1200)
        let dune = try Self.burst(of: "Dune.jpg", width: 1200)
        defer {
            try? FileManager.default.removeItem(at: nuthatch.folder)
            try? FileManager.default.removeItem(at: dune.folder)
        }
        let frames = try (nuthatch.sharp + nuthatch.blurred).map(likeness)
        let others = try (dune.sharp + dune.blurred).map(likeness)
        let within = frames.flatMap { a in frames.map { a.distance(to: $0) } }
        let across = frames.flatMap { a in others.map { a.distance(to: $0) } }
        #expect(within.max()! <= PhotoLikeness.burstDistance, "one moment: \(within.max()!) bits apart at most")
        #expect(across.min()! > PhotoLikeness.burstDistance + 4, "two scenes: \(across.min()!) bits apart at least")
    }

    /// A JPEG is measured on its own luma, turned upright first: a photo stored on its side
    /// with an EXIF orientation measures as its upright twin, and as its decoded picture
    /// would (which is how every other format is measured), whether its DCT scale gives the
    /// working side at once or more, reduced after.
    @Test(arguments: [PhotoLikeness.workingSide, 2400])
    func aJPEGsLikenessIsTakenUprightFromItsLuma(side: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("upright-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.samples.appendingPathComponent("Nuthatch on the trunk.jpg").path
        let upright = folder.appendingPathComponent("upright.jpg"), onItsSide = folder.appendingPathComponent("side.jpg")
        // The sample's own orientation is applied and its EXIF left out: this one is upright as stored.
        try #require(try runExternalTool(["convert", source, "-auto-orient", "-strip", "-resize", "\(side)x\(side)", "-quality", "95", upright.path]).status == 0)
        // Stored turned a quarter to the left; orientation 6 turns it back to the right.
        try #require(try runExternalTool(["convert", upright.path, "-rotate", "-90", "-quality", "95", onItsSide.path]).status == 0)
        let writeExif = Self.samples.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/write-exif.py").path
        try #require(try runExternalTool(["python3", writeExif, onItsSide.path, "--orientation", "6"]).status == 0)

        let fromLuma = try likeness(upright), turned = try likeness(onItsSide)
        let fromPicture = PhotoLikeness(of: try ImageDecoder.decode(FilePath(upright.path), maximumPixelSize: PhotoLikeness.workingSide))
        #expect(fromLuma.distance(to: turned) <= 2, "upright \(fromLuma), on its side \(turned)")
        #expect(abs(fromLuma.sharpness / turned.sharpness - 1) < 0.1, "upright \(fromLuma.sharpness), on its side \(turned.sharpness)")
        #expect(fromLuma.distance(to: fromPicture) <= 2, "luma \(fromLuma), picture \(fromPicture)")
        #expect(abs(fromLuma.sharpness / fromPicture.sharpness - 1) < 0.05, "luma \(fromLuma.sharpness), picture \(fromPicture.sharpness)")
    }

    /// The noise's median is exact: the value a full sort puts in the middle, for tiles of
    /// few and many values, much repeated (a smoothed Laplacian's steps) or spread wide.
    @Test func theMedianIsTheSortedMiddle() {
        var generator = SeededGenerator(seed: 11)
        for count in [1, 2, 3, 16, 1001, 11_718] {
            for spread in [0.0, 1.0 / 16, 3.0, 1e6] {
                var values = (0..<count).map { _ -> Float in
                    let step = Float(Int.random(in: 0...40, using: &generator))
                    return spread == 0 ? 0 : step * Float(spread) + (spread > 1000 ? Float.random(in: 0...1, using: &generator) : 0)
                }
                let expected = values.sorted()[count / 2]
                let found = values.withUnsafeMutableBufferPointer { FocusMeasure.median($0) }
                #expect(found == expected, "\(count) values spread \(spread): \(found), sorted middle \(expected)")
            }
        }
    }

    /// Pixels are blue, green, red in memory: a red scene is as bright as red looks.
    @Test func brightnessWeighsEachColourAsTheEyeDoes() {
        let red = Luma(PixelBuffer(width: 1, height: 1, blue: 0, green: 0, red: 255)).values[0]
        let blue = Luma(PixelBuffer(width: 1, height: 1, blue: 255, green: 0, red: 0)).values[0]
        #expect(abs(red - 0.299 * 255) < 0.01 && abs(blue - 0.114 * 255) < 0.01, "red \(red), blue \(blue)")
    }

    @Test func aFileThatIsNotAPhotoHasNoLikenessAndNoCrash() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("likeness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.jpg")
        try Data("not an image".utf8).write(to: text)
        #expect(throws: DecodeError.self) { try decoder.likeness(FilePath(text.path)).get() }
        let flat = folder.appendingPathComponent("grey.png")
        #expect(try runExternalTool(["convert", "-size", "800x600", "xc:gray50", flat.path]).status == 0)
        #expect(try likeness(flat).sharpness == 0, "nothing in focus: no score")
    }
}

/// SplitMix64: the same values on every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
