// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Components
import Pictures
import PhotoSources
import Foundation
import Geometry
import Marks
import Gestures
import Motion
import PhotoLibrary
import Pixels
import Platform
import ViewTree
import SystemPackage

// Frame costs in a real 1280×800 window, as CPU milliseconds per frame (the process's CPU
// time, so the renderer's own threads count). Absolute numbers swing on shared machines;
// the ratio to a full-window opaque blit, measured in the same run, is the figure to watch.

let warmupFrames = 20
let measuredFrames = 240

func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median and 95th percentile of timings in milliseconds (frames, decodes).
struct TimingStats {
    let median: Double
    let p95: Double

    init(_ samplesInMilliseconds: [Double]) {
        let sorted = samplesInMilliseconds.sorted()
        median = sorted[sorted.count / 2]
        p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    }
}

/// Milliseconds `work` takes, once.
func milliseconds(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// The median of `rounds` timings of `work`, in milliseconds, after one untimed run (caches
/// warm). A median, not a mean: one slow round on a busy machine moves a mean.
func medianMilliseconds(rounds: Int = 21, _ work: () -> Void) -> Double {
    work()
    return TimingStats((0..<rounds).map { _ in milliseconds(work) }).median
}

/// The medians of `first` and `second`, timed by turns, and the median of their paired
/// differences (what `second` adds). By turns: these machines drift for seconds at a time, and
/// two series timed one after the other once put a conversion's cost at −18 ms.
func pairedMilliseconds(rounds: Int = 21, _ first: () -> Void, _ second: () -> Void)
    -> (first: Double, second: Double, added: Double) {
    first()
    second()
    let pairs = (0..<rounds).map { _ in (milliseconds(first), milliseconds(second)) }
    return (TimingStats(pairs.map(\.0)).median, TimingStats(pairs.map(\.1)).median, TimingStats(pairs.map { $1 - $0 }).median)
}

/// Renders `frames` frames, calling `prepare(frameIndex)` before each, and returns CPU ms per frame.
func measure(_ window: PlatformWindow, root: View, frames: Int, prepare: (Int) -> Void) -> TimingStats {
    for i in 0..<warmupFrames { prepare(i); root.layoutIfNeeded(); window.renderFrame(root, clearColor: .black) }
    var samples: [Double] = []
    for i in 0..<frames {
        let start = processCPUSeconds()
        prepare(warmupFrames + i)
        root.layoutIfNeeded()
        window.renderFrame(root, clearColor: .black)
        samples.append((processCPUSeconds() - start) * 1000)
    }
    return TimingStats(samples)
}

/// A grid's worth of distinct thumbnails and a few screen-sized pictures, already
/// uploaded, standing in for an album.
final class SyntheticPhotos: PhotoSource {
    let count: Int
    let thumbnails: [Picture]
    let screenImages: [Picture]
    /// Every photo at its full size (a 27 MP camera's), for panning at 100 %.
    let fullImage: Picture
    static let fullSize = Size(width: 6000, height: 4500)

    /// Thumbnails are 4:3, cut to fill a `cellSide`-pixel cell as the app's are.
    init(count: Int, distinct: Int, cellSide: Int, screenSize: Size, textures: TextureStore) {
        self.count = count
        thumbnails = (0..<distinct).map { i in
            let pixels = PixelBuffer(width: 256, height: 192, blue: UInt8(i * 37 % 256), green: UInt8(i * 91 % 256), red: UInt8(i * 53 % 256))
                .scaledToFill(cellSide)
            return .ready(ImageContent(texture: textures.add(pixels), pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height))))
        }
        // 4:3 photos fitted to the window's height, as a camera's would be.
        let height = Int(screenSize.height), width = height * 4 / 3
        screenImages = (0..<5).map { i in
            let pixels = PixelBuffer(width: width, height: height, blue: UInt8(i * 50), green: 90, red: UInt8(200 - i * 30))
            return .ready(ImageContent(texture: textures.add(pixels, pinned: true), pixelSize: Size(width: Double(width), height: Double(height))))
        }
        let full = PixelBuffer(width: Int(Self.fullSize.width), height: Int(Self.fullSize.height), blue: 40, green: 120, red: 160)
        fullImage = .ready(ImageContent(texture: textures.add(full, pinned: true), pixelSize: Self.fullSize, showsPixelsWhenEnlarged: true))
        self.screenSize = screenSize
        while textures.uploadPending(byteBudget: .max) {}
    }

    var photoCount: Int { count }
    func fileName(at index: Int) -> String { "synthetic-\(index).jpg" }
    func makePictureDemand() -> PictureDemand { AlreadyThere() }
    func facts(at index: Int) -> [String]? { ["synthetic-\(index).jpg"] }
    func marks(at index: Int) -> PhotoMarks { .none }
    func pairName(at index: Int) -> String? { nil }

    let screenSize: Size

    func pixelSize(at index: Int) -> Size? { Self.fullSize }

    /// Cells get thumbnails, a window's box a screen-sized picture, a larger box the photo
    /// at its full size (a part of it is never needed, as the whole is there).
    func picture(at index: Int, size: PictureSize) -> Picture {
        switch size {
        case .filling: return thumbnails[index % thumbnails.count]
        case let .within(width, height) where Double(max(width, height)) > max(screenSize.width, screenSize.height): return fullImage
        case .region: return .loading
        default: return screenImages[index % screenImages.count]
        }
    }

    /// Every picture is uploaded before the measuring starts.
    private final class AlreadyThere: PictureDemand {
        func want(_ requests: [PictureRequest]) {}
    }
}

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

/// `flick-bench marks FOLDER FLICK`: how fast every photo's marks in FOLDER are read in the
/// background (sidecars, else the photo's own packet) through FLICK's helpers, and how
/// long one mark takes to reach its sidecar.
func measureMarks(folder: String, flick: String) {
    guard let photos = try? FolderScanner.photos(in: FilePath(folder)) else { return print("cannot list \(folder)") }
    let data = FilePath(NSTemporaryDirectory()).appending("flick-bench-marks-\(getpid())")
    defer { try? FileManager.default.removeItem(atPath: data.string) }
    let book = MarkBook(decoder: IsolatedDecoder(command: [flick, DecodeHelper.subcommand]), dataFolder: data)
    var start = DispatchTime.now().uptimeNanoseconds
    book.read(photos.map(\.path))
    book.waitUntilIdle()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let marked = book.drain().changed.count
    print(String(format: "marks of %d photos (%d marked) read in the background in %.2f s: %.0f photos/s",
                 photos.count, marked, seconds, Double(photos.count) / seconds))
    let rounds = min(100, photos.count)
    start = DispatchTime.now().uptimeNanoseconds
    for (number, photo) in photos.prefix(rounds).enumerated() {
        book.set(PhotoMarks(rating: number % 5 + 1), for: photo.path)
        book.waitUntilIdle()
    }
    let perMark = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rounds)
    print(String(format: "a mark written to its sidecar (helper, new file, fsync, rename) in %.1f ms, behind the badge (which changes at once)", perMark))
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

if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "region" {
    measureRegion(photo: CommandLine.arguments[2], flick: CommandLine.arguments[3])
    exit(0)
}

if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "marks" {
    measureMarks(folder: CommandLine.arguments[2], flick: CommandLine.arguments[3])
    exit(0)
}

if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "colour" {
    measureColour(photo: CommandLine.arguments[2])
    exit(0)
}

if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "isolation" {
    measureIsolation(photo: CommandLine.arguments[2], flick: CommandLine.arguments[3])
    exit(0)
}

do {
    let window = try PlatformWindow(title: "Flick benchmark", fullscreen: false)
    let size = window.sizeInPoints
    let root = View(frame: Rect(origin: .zero, size: size))

    // 1. One full-window opaque image: the cheapest possible full frame.
    let fullPixels = PixelBuffer(width: Int(size.width * window.scale), height: Int(size.height * window.scale), blue: 90, green: 60, red: 30)
    let blitView = View(frame: root.bounds)
    blitView.content = ImageContent(texture: window.textures.add(fullPixels),
                                    pixelSize: Size(width: Double(fullPixels.width), height: Double(fullPixels.height)), mode: .fill)
    root.addSubview(blitView)
    let blit = measure(window, root: root, frames: measuredFrames) { _ in }
    blitView.removeFromSuperview()

    // 2. The grid scrolling through 2,000 photos at a steady 1,500 pt/s, down then up.
    let animator = Animator()
    let context = ComponentContext(animator: animator, arena: GestureArena(root: root), pixelScale: window.scale)
    let grid = GridView(context: context)
    let photos = SyntheticPhotos(count: 2_000, distinct: 120, cellSide: Int(GridLayout(width: size.width).cellSide * window.scale),
                                 screenSize: Size(width: size.width * window.scale, height: size.height * window.scale),
                                 textures: window.textures)
    grid.frame = root.bounds
    grid.source = photos
    root.addSubview(grid)
    let speedPointsPerFrame = 1_500.0 / 60
    let scroll = measure(window, root: root, frames: measuredFrames) { frame in
        let half = Double(warmupFrames + measuredFrames) / 2
        let offset = speedPointsPerFrame * (half - abs(Double(frame) - half))
        grid.setOffset(offset, animated: false)
    }

    grid.removeFromSuperview()

    // 3. The zoom transition: photos opened from the grid and closed back, over and over.
    let browser = PhotoBrowser(context: context)
    browser.frame = root.bounds
    browser.source = photos
    root.addSubview(browser)
    let frameTime = 1.0 / 60
    var time = 0.0
    func step() {
        time += frameTime
        animator.advance(to: time)
    }
    let cycle = 45  // frames per open or close: the 0.3 s spring settles within them
    let zoom = measure(window, root: root, frames: measuredFrames) { frame in
        if frame % (2 * cycle) == 0 { browser.openPhoto(1 + (frame / (2 * cycle)) % 20) }
        if frame % (2 * cycle) == cycle { browser.closePager() }
        step()
    }
    browser.closePager()
    for _ in 0..<cycle { step(); root.layoutIfNeeded() }

    // 4. Paging: the pager turning a page every 0.4 s, so it is nearly always moving.
    browser.openPhoto(0)
    for _ in 0..<cycle { step(); root.layoutIfNeeded() }
    let paging = measure(window, root: root, frames: measuredFrames) { frame in
        if frame % 24 == 0 { browser.pager.next() }
        step()
    }

    // 5. Panning at 100 %: the photo whole at its full size (27 MP), dragged to and fro
    // across the window at 1,500 pt/s, as a photographer checks focus corner to corner.
    let centre = Point(x: size.width / 2, y: size.height / 2)
    browser.pager.toggleOneToOne(about: centre)
    for _ in 0..<cycle { step(); root.layoutIfNeeded() }
    var pointer = centre
    context.arena.handle(PointerEvent(phase: .down, locationInWindow: pointer, timestampNanoseconds: UInt64(time * 1e9)))
    let panning = measure(window, root: root, frames: measuredFrames) { frame in
        // Right for a second, then left, and so on.
        pointer.x += (frame / 60) % 2 == 0 ? speedPointsPerFrame : -speedPointsPerFrame
        step()
        context.arena.handle(PointerEvent(phase: .moved, locationInWindow: pointer, timestampNanoseconds: UInt64(time * 1e9)))
    }
    context.arena.handle(PointerEvent(phase: .up, locationInWindow: pointer, timestampNanoseconds: UInt64(time * 1e9)))
    let fittedWidth = min(size.width, size.height * 4 / 3) * window.scale
    let pannedAtOneToOne = abs(browser.pager.zoomScale * fittedWidth / SyntheticPhotos.fullSize.width - 1) < 0.01

    let rss = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("VmHWM") }.map(String.init) ?? "VmHWM: ?"
    print("renderer: \(window.rendererName), window \(Int(size.width))×\(Int(size.height)) pt at scale \(window.scale)")
    print(String(format: "full-window opaque blit   median %6.2f ms   p95 %6.2f ms CPU/frame", blit.median, blit.p95))
    print(String(format: "grid scroll (1500 pt/s)   median %6.2f ms   p95 %6.2f ms CPU/frame", scroll.median, scroll.p95))
    print(String(format: "grid scroll / blit        median %6.2f×  p95 %6.2f×   (target ≤ 2×)", scroll.median / blit.median, scroll.p95 / blit.p95))
    print(String(format: "zoom transition           median %6.2f ms   p95 %6.2f ms CPU/frame", zoom.median, zoom.p95))
    print(String(format: "zoom transition / blit    median %6.2f×  p95 %6.2f×   (target ≤ 2×)", zoom.median / blit.median, zoom.p95 / blit.p95))
    print(String(format: "paging                    median %6.2f ms   p95 %6.2f ms CPU/frame", paging.median, paging.p95))
    print(String(format: "paging / blit             median %6.2f×  p95 %6.2f×   (target ≤ 2×)", paging.median / blit.median, paging.p95 / blit.p95))
    print(String(format: "pan at 100 %% (27 MP)      median %6.2f ms   p95 %6.2f ms CPU/frame%@", panning.median, panning.p95,
                 pannedAtOneToOne ? "" : " (not at 100 %: the figure is not the one asked)"))
    print(String(format: "pan at 100 %% / blit       median %6.2f×  p95 %6.2f×   (target: the display's frame rate, %.1f ms a frame at 60 Hz)",
                 panning.median / blit.median, panning.p95 / blit.p95, 1000.0 / 60))
    print("peak memory: \(rss.replacingOccurrences(of: "\t", with: " "))")
} catch {
    FileHandle.standardError.write(Data("flick-bench: \(error)\n".utf8))
    exit(1)
}
