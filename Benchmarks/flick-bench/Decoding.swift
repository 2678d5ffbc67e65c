// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import PhotoLibrary
import Pixels
import SystemPackage

/// `flick-bench isolation PHOTO FLICK`: milliseconds per 256-pixel thumbnail of PHOTO (medians),
/// decoded in-process and through FLICK's decode helper, and the difference; then
/// PHOTO's embedded EXIF preview through the helper, and what its likeness (focus measure
/// and look hash) costs made with its thumbnail, alone, and kept.
func measureIsolation(photo: String, flick: String) {
    let path = FilePath(photo)
    let decoder = IsolatedDecoder(command: [flick, DecodeHelper.subcommand])
    let (inProcess, isolated, isolation) = pairedMilliseconds({ _ = try? ImageDecoder.decode(path, maximumPixelSize: 256) },
                                                              { _ = decoder.decode(path, maximumPixelSize: 256) })
    print(String(format: "decode 256 px in-process %6.1f ms, through a helper %6.1f ms: isolation costs %5.1f ms/photo",
                 inProcess, isolated, isolation))
    let preview = medianMilliseconds { _ = decoder.decode(path, kind: .embeddedPreview, maximumPixelSize: nil) }
    print(String(format: "embedded EXIF preview through a helper %6.1f ms/photo (shown until the thumbnail is made)", preview))
    // Made with its thumbnail, from one decode, as a folder's likenesses are when its
    // thumbnails are not made yet: what the focus measure and look hash add to a folder's
    // thumbnails, a run of photos one after another, timed by turns with the thumbnails alone.
    let run = 10
    let (thumbnails, withLikenesses, added) = pairedMilliseconds(rounds: 9, {
        for _ in 0..<run { _ = decoder.decode(path, maximumPixelSize: 256, colours: .sRGB) }
    }, {
        for _ in 0..<run { _ = decoder.likeness(path, withThumbnail: 256) }
    })
    print(String(format: "thumbnails with focus measures and look hashes through a helper %6.1f ms/photo, alone %6.1f ms: %+5.1f ms, %+4.0f %% (target: at most +10 %%)",
                 withLikenesses / Double(run), thumbnails / Double(run), added / Double(run), added / thumbnails * 100))
    // On its own decode (`PhotoLikeness.workingSide`), for a photo whose thumbnail is made:
    // a JPEG's luma alone.
    let likeness = medianMilliseconds { _ = decoder.likeness(path) }
    print(String(format: "focus measure and look hash alone through a helper %6.1f ms/photo (thumbnail made before)", likeness))
    // Once measured, a likeness is kept: a folder opened again reads it back.
    let kept = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-likeness-\(getpid())")
    defer { try? FileManager.default.removeItem(at: kept) }
    let cache = LikenessCache(root: FilePath(kept.path))
    if case let .success(measured) = decoder.likeness(path), let stamp = LikenessCache.Stamp(of: path) {
        cache.store(measured, for: path, measuredAt: stamp)
        let readBack = medianMilliseconds { _ = cache.likeness(of: path) }
        print(String(format: "the same, kept from an earlier run (LikenessCache) %6.3f ms/photo", readBack))
    }
}

/// `flick-bench colour PHOTO`: what converting a profiled PHOTO's colours costs per screen
/// picture (1920×1080), in-process: its decode with the conversion and without.
func measureColour(photo: String) {
    let path = FilePath(photo)
    let screen = PixelBox(width: 1920, height: 1080)
    func decode(_ colours: ColourChoice) { _ = try? DecodeHelper.decode(path, kind: .image, maximumPixelSize: nil, box: screen, colours: colours) }
    let (untouched, converted, conversion) = pairedMilliseconds({ decode(.untouched) }, { decode(.sRGB) })
    print(String(format: "screen picture (1920x1080 box): decode %6.1f ms, with its profile converted %6.1f ms: the conversion costs %5.1f ms",
                 untouched, converted, conversion))
}

/// `flick-bench region PHOTO FLICK`: what Z to 100 % waits for, through FLICK's helper: the
/// screenful (1920×1080) in the middle of PHOTO decoded alone, and the photo decoded whole.
func measureRegion(photo: String, flick: String) {
    let path = FilePath(photo)
    let decoder = IsolatedDecoder(command: [flick, DecodeHelper.subcommand])
    guard case let .success(whole) = decoder.decode(path, maximumPixelSize: nil, colours: .untouched) else {
        print("region: \(photo) does not decode")
        return
    }
    let rect = PixelRect(x: max(0, (whole.width - 1920) / 2), y: max(0, (whole.height - 1080) / 2),
                         width: min(1920, whole.width), height: min(1080, whole.height))
    func perDecode(_ decode: () -> Void) -> Double {
        let rounds = 10
        decode()
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds { decode() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rounds)
    }
    let region = perDecode { _ = decoder.decodeRegion(path, rect, colours: .untouched) }
    let entire = perDecode { _ = decoder.decode(path, maximumPixelSize: nil, colours: .untouched) }
    print(String(format: "%d×%d photo through a helper: its middle screenful (%@) %6.1f ms, the whole photo %6.1f ms",
                 whole.width, whole.height, rect.description, region, entire))
}

struct Isolation: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "A thumbnail's, a preview's and a likeness's cost through a decode helper.")
    @Argument(help: "A photo.") var photo: String
    @Argument(help: "The flick binary whose helpers decode.") var flick: String
    func run() { measureIsolation(photo: photo, flick: flick) }
}

struct Colour: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "What converting a profiled photo's colours costs per screen picture.")
    @Argument(help: "A photo with a colour profile.") var photo: String
    func run() { measureColour(photo: photo) }
}

struct Region: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "A screenful at 100 % decoded alone against the whole photo.")
    @Argument(help: "A photo.") var photo: String
    @Argument(help: "The flick binary whose helpers decode.") var flick: String
    func run() { measureRegion(photo: photo, flick: flick) }
}
