// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
import PhotoLibrary
import Pictures
import PhotoSources
import Pixels
import SystemPackage
import TestSupport
import ViewTree

/// Synthetic photos whose clipped parts and sharp parts are known, and the looks drawn
/// from them: where they should be, and nowhere else.
@Suite struct PictureLooksTests {
    /// 120×80: the left third blown white, the middle mid grey with one saturated red pixel
    /// at (60, 40) and a near-white one at (50, 40), the right third black.
    static let thirds: PixelBuffer = {
        var bytes = [UInt8](repeating: 0, count: 120 * 80 * 4)
        for y in 0..<80 {
            for x in 0..<120 {
                let i = (y * 120 + x) * 4
                let (r, g, b): (UInt8, UInt8, UInt8) = x < 40 ? (255, 255, 255) : x < 80 ? (128, 128, 128) : (0, 0, 0)
                bytes[i] = b; bytes[i + 1] = g; bytes[i + 2] = r; bytes[i + 3] = 255
            }
        }
        for (x, rgb) in [(60, (UInt8(255), UInt8(0), UInt8(0))), (50, (254, 254, 254))] {
            let i = (40 * 120 + x) * 4
            bytes[i] = rgb.2; bytes[i + 1] = rgb.1; bytes[i + 2] = rgb.0
        }
        return PixelBuffer(width: 120, height: 80, bytesPerRow: 120 * 4, bytes: bytes, isOpaque: true)
    }()

    func colour(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let p = pixels.pixel(x: x, y: y)
        return (p.red, p.green, p.blue, p.alpha)
    }

    @Test func clippingIsPaintedWhereTheChannelsAreAtTheirEndsAndNowhereElse() {
        let layer = PictureLook.clipping.drawn(from: Self.thirds)
        #expect(layer.width == 120 && layer.height == 80 && !layer.isOpaque)
        var highlights = 0, shadows = 0, clear = 0
        for y in 0..<80 {
            for x in 0..<120 {
                let c = colour(layer, x, y)
                if c.alpha == 0 { clear += 1; continue }
                if (c.red, c.green, c.blue) == ClippingLayer.highlight { highlights += 1 }
                if (c.red, c.green, c.blue) == ClippingLayer.shadow { shadows += 1 }
            }
        }
        #expect(highlights == 40 * 80 + 1, "the white third and the red pixel")
        #expect(shadows == 40 * 80, "the black third")
        #expect(clear == 40 * 80 - 1, "the grey, the near-white pixel among it")
        #expect(colour(layer, 60, 40).red == ClippingLayer.highlight.red && colour(layer, 50, 40).alpha == 0)
    }

    @Test func theHistogramCountsEveryPixelInEachChannel() {
        let histogram = Histogram(Self.thirds)
        #expect(histogram.luminance.reduce(0, +) == 120 * 80)
        #expect(histogram.luminance[255] == 40 * 80 && histogram.luminance[0] == 40 * 80)
        #expect(histogram.red[255] == 40 * 80 + 1 && histogram.green[0] == 40 * 80 + 1 && histogram.blue[254] == 1)
        let graph = PictureLook.histogram.drawn(from: Self.thirds)
        #expect(graph.width == Histogram.graphSize.width && graph.height == Histogram.graphSize.height)
        // Grey 128 is a bar reaching the top in all three channels: white at its foot.
        #expect(colour(graph, 128, 99).red > 200 && colour(graph, 128, 99).green > 200 && colour(graph, 128, 99).blue > 200)
        #expect(colour(graph, 64, 99).alpha < 200, "no pixel is 64: the ground shows")
    }

    /// The left half black and white squares with hard edges, the right half a smooth wave
    /// of the same levels: peaking paints the first and leaves the second alone.
    @Test func peakingPaintsTheSharpHalfAndNotTheSoftHalf() {
        let width = 200, height = 100
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let level: UInt8 = x < 100 ? (((x / 8) + (y / 8)) % 2 == 0 ? 0 : 255)
                    : UInt8(127.5 + 127.5 * sin(Double(x) * 2 * .pi / 40) * cos(Double(y) * 2 * .pi / 40))
                let i = (y * width + x) * 4
                bytes[i] = level; bytes[i + 1] = level; bytes[i + 2] = level
            }
        }
        let photo = PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: true)
        let layer = PictureLook.peaking.drawn(from: photo)
        func painted(_ xs: Range<Int>) -> Int {
            var count = 0
            for y in 0..<height { for x in xs where colour(layer, x, y).alpha > 0 { count += 1 } }
            return count
        }
        #expect(painted(0..<96) > 96 * height / 10, "the squares' edges")
        #expect(painted(104..<width) == 0, "nothing of the wave")
    }

    /// The store keeps nothing for the looks until one is wanted; then it decodes the
    /// photo on screen again, draws the look from it and lets it all go once none is.
    @Test func theStoreDrawsALookFromThePictureOnScreenOnceItIsWanted() throws {
        let textures = FakeTextures()
        let photos = [Photo(path: FilePath("/photos/a.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date())]
        let store = pictureStore(photos, textures: textures) { _ in .success(Self.thirds) }
        let screen = PictureSize.within(width: 1280, height: 800)
        let pager = store.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(store) { store.picture(at: 0, size: screen).image != nil })
        #expect(store.look(.clipping, at: 0) == nil, "not wanted")
        let before = textures.pixels.count

        store.wantLooks([.clipping])
        #expect(store.look(.clipping, at: 0) == nil, "on its way")
        #expect(drain(store) { store.look(.clipping, at: 0) != nil })
        let look = try #require(store.look(.clipping, at: 0))
        let layer = try #require(textures.pixels[look.texture])
        #expect(colour(layer, 10, 10).red == ClippingLayer.highlight.red && colour(layer, 100, 10).blue == ClippingLayer.shadow.blue
                && colour(layer, 70, 10).alpha == 0)
        #expect(store.look(.histogram, at: 0) == nil, "only what is wanted")

        store.wantLooks([])
        #expect(store.look(.clipping, at: 0) == nil && textures.pixels[look.texture] == nil && textures.pixels.count <= before)
    }

    /// While looks are on, the photos beside the one in front have theirs drawn as their
    /// pictures arrive, before their pages are turned to — painted into a copy of the
    /// picture, their layers only once a view asks for them; drawn looks are kept for a few
    /// photos only (each is a screen's worth of pixels).
    @Test func theLooksOfThePhotosBesideAreDrawnBeforeTheyAreTurnedToAndOnlyAFewKept() throws {
        let textures = FakeTextures()
        let photos = (0..<8).map { Photo(path: FilePath("/photos/\($0).jpg"), format: .jpeg, byteCount: 1, modificationDate: Date()) }
        let store = pictureStore(photos, textures: textures) { _ in .success(Self.thirds) }
        let screen = PictureSize.within(width: 1280, height: 800)
        store.wantLooks([.clipping, .peaking])
        let pager = store.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: screen, priority: .visible), PictureRequest(index: 1, size: screen, priority: .nearby)])
        // Two pictures and each with its looks painted in, none of them asked for yet.
        let painted = { textures.pixels.filter { $0.value.isOpaque && $0.value.bytes != Self.thirds.bytes }.map(\.key) }
        let layers = { textures.pixels.filter { !$0.value.isOpaque }.map(\.key) }
        #expect(drain(store) { painted().count == 2 })
        #expect(store.overlaid([.clipping, .peaking], at: 1) != nil, "drawn before the turn")
        #expect(painted().allSatisfy(textures.isPinned), "kept: a texture store short of room takes thumbnails first")
        #expect(layers().isEmpty && store.look(.clipping, at: 1) == nil, "no layer until asked")
        #expect(drain(store) { store.look(.clipping, at: 1) != nil && store.look(.peaking, at: 1) != nil })
        #expect(layers().count == 2 && layers().allSatisfy(textures.isPinned))

        pager.want((0..<8).map { PictureRequest(index: $0, size: screen, priority: .visible) })
        #expect(drain(store) { (0..<8).allSatisfy { store.picture(at: $0, size: screen).image != nil } })
        #expect(drain(store) { painted().count == 5 && layers().isEmpty }, "the last five photos' looks kept: \(painted().count), \(layers().count)")
        store.wantLooks([.clipping])
        #expect(painted().isEmpty, "peaking turned off gives back the pictures with it painted in at once")
        #expect(drain(store) { store.overlaid([.clipping], at: 7) != nil })
    }

    /// A photo turned (its file rewritten) while its looks are on: what was drawn of the old
    /// picture goes at once, and the looks come again of the new one, its shape.
    @Test func aPhotoRewrittenHasItsLooksDrawnAnewOfItsNewPicture() throws {
        let textures = FakeTextures()
        let turned = Mutex(false)
        let photos = [Photo(path: FilePath("/photos/a.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date())]
        let store = pictureStore(photos, textures: textures) { _ in
            turned.withLock { $0 } ? .success(PixelBuffer(width: 80, height: 120, blue: 255, green: 255, red: 255)) : .success(Self.thirds)
        }
        let screen = PictureSize.within(width: 1280, height: 800)
        store.wantLooks([.clipping])
        let pager = store.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(store) { store.overlaid([.clipping], at: 0) != nil })
        let old = try #require(store.overlaid([.clipping], at: 0))

        turned.withLock { $0 = true }
        store.photoChanged(FilePath("/photos/a.jpg"))
        #expect(store.overlaid([.clipping], at: 0) == nil && textures.pixels[old.texture] == nil, "the old picture's looks go at once")
        #expect(drain(store) { store.overlaid([.clipping], at: 0) != nil })
        let new = try #require(store.overlaid([.clipping], at: 0))
        #expect(new.pixelSize.width == 80 && new.pixelSize.height == 120, "of the turned picture")
    }

    /// The looks are of a picture for the screen, not of the photo decoded whole to zoom
    /// past 100 % (a 24 MP layer is 96 MB).
    @Test func theLooksAreOfTheSharpestPictureForAScreenOnly() throws {
        let textures = FakeTextures()
        let photos = [Photo(path: FilePath("/photos/a.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date())]
        let store = pictureStore(photos, textures: textures) { request in
            let box = request.box.map { ($0.width, $0.height) } ?? (1280, 800)
            let (width, height) = (min(box.0, 4000), min(box.1, 2500))
            return .success(PixelBuffer(width: width, height: height, blue: 255, green: 255, red: 255))
        }
        store.wantLooks([.clipping])
        let pager = store.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: .within(width: 1280, height: 800), priority: .visible)])
        #expect(drain(store) { store.overlaid([.clipping], at: 0) != nil })
        let fit = try #require(store.overlaid([.clipping], at: 0))
        #expect(fit.pixelSize.width == 1280)

        pager.want([PictureRequest(index: 0, size: .within(width: 6400, height: 4800), priority: .visible)])
        #expect(drain(store) { textures.pixels.values.contains { $0.width == 4000 } }, "\(textures.pixels.values.map(\.width))")
        // The looks' worker takes its work in turn: once a histogram asked now is drawn, what
        // those pictures would have asked is drawn too.
        store.wantLooks([.clipping, .histogram])
        #expect(drain(store) { store.look(.histogram, at: 0) != nil })
        #expect(store.overlaid([.clipping, .histogram], at: 0)?.texture == fit.texture, "the 1280 px picture's, as it was")
        #expect(!textures.pixels.values.contains { $0.width == 4000 && $0.bytes.first != 255 }, "no look of the whole photo")
    }

    /// The photo's picture with its clipping and peaking painted in: the looks' colours where
    /// they say something, peaking over clipping, the photo's own pixels elsewhere; drawn
    /// anew for the looks wanted when they change.
    @Test func thePictureWithItsLooksPaintedInIsThePhotoWhereTheyAreClear() throws {
        // The thirds, with a sharp vertical edge in the grey third (x 60–79 white).
        var bytes = Self.thirds.bytes
        for y in 0..<80 { for x in 60..<80 { for c in 0..<3 { bytes[(y * 120 + x) * 4 + c] = 250 } } }
        let photo = PixelBuffer(width: 120, height: 80, bytesPerRow: 480, bytes: bytes, isOpaque: true)
        let both = photo.overlaid(with: [PictureLook.clipping.drawn(from: photo), PictureLook.peaking.drawn(from: photo)])
        #expect(both.isOpaque && both.width == 120 && both.height == 80)
        let painted = (red: FocusPeaking.colour.red, green: FocusPeaking.colour.green, blue: FocusPeaking.colour.blue, alpha: UInt8(255))
        #expect(colour(both, 10, 10) == (ClippingLayer.highlight.red, ClippingLayer.highlight.green, ClippingLayer.highlight.blue, 255))
        #expect(colour(both, 100, 10) == (ClippingLayer.shadow.red, ClippingLayer.shadow.green, ClippingLayer.shadow.blue, 255))
        #expect(colour(both, 50, 10) == (128, 128, 128, 255), "the photo where no look says anything")
        #expect(colour(both, 60, 10) == painted, "the edge, sharp")
        #expect(colour(both, 39, 10) == painted, "the white third's edge: peaking over clipping")

        // A row wider than its pixels (a decoder's padding) is read as the photo's.
        var padded = [UInt8](repeating: 7, count: 80 * 500)
        for y in 0..<80 { padded.replaceSubrange((y * 500)..<(y * 500 + 480), with: bytes[(y * 480)..<(y * 480 + 480)]) }
        let wide = PixelBuffer(width: 120, height: 80, bytesPerRow: 500, bytes: padded, isOpaque: true)
        #expect(wide.overlaid(with: [PictureLook.clipping.drawn(from: wide)]).bytes == photo.overlaid(with: [PictureLook.clipping.drawn(from: photo)]).bytes)

        // The store's: drawn with the layers, opaque, and drawn anew when peaking goes.
        let textures = FakeTextures()
        let store = pictureStore([Photo(path: FilePath("/photos/a.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date())], textures: textures) { _ in .success(photo) }
        let screen = PictureSize.within(width: 1280, height: 800)
        store.wantLooks([.clipping, .peaking, .histogram])
        let pager = store.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(store) { store.overlaid([.clipping, .peaking, .histogram], at: 0) != nil })
        let overlaid = try #require(store.overlaid([.clipping, .peaking, .histogram], at: 0))
        let drawn = try #require(textures.pixels[overlaid.texture])
        #expect(drawn.bytes == both.bytes)
        #expect(store.overlaid([.clipping], at: 0) == nil, "not for other looks than those wanted")
        store.wantLooks([.clipping, .histogram])
        #expect(drain(store) { store.overlaid([.clipping, .histogram], at: 0) != nil })
        let clippingOverlaid = try #require(store.overlaid([.clipping, .histogram], at: 0))
        let clippingOnly = try #require(textures.pixels[clippingOverlaid.texture])
        #expect(colour(clippingOnly, 60, 10) == (250, 250, 250, 255) && colour(clippingOnly, 10, 10).red == ClippingLayer.highlight.red)
        store.wantLooks([.histogram])
        #expect(store.overlaid([.histogram], at: 0) == nil, "nothing to paint in")
    }

    /// Shift+H's look: a RAW's histogram read from its sensor in a helper (marked RAW); a
    /// JPEG's, and a RAW LibRaw cannot unpack, drawn from the picture on screen, unmarked.
    @Test func aRAWsHistogramComesFromItsSensorAndOtherPhotosFromTheirPixels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sensor-looks-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("a.dng").path, broken = folder.appendingPathComponent("b.dng").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        try #require(try runExternalTool(["python3", script, raw, "320", "240"]).status == 0)
        try Data("II*\0 not really a RAW".utf8).write(to: URL(fileURLWithPath: broken))
        let photos = [Photo(path: FilePath(raw), format: .raw, byteCount: 1, modificationDate: Date()),
                      Photo(path: FilePath("/photos/c.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date()),
                      Photo(path: FilePath(broken), format: .raw, byteCount: 1, modificationDate: Date())]
        let textures = FakeTextures()
        let decode: @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError> = { _ in .success(Self.thirds) }
        let service = DecodeService(thumbnails: DecodeQueue(workerCount: 1, decode: decode, wake: {}),
                                    screens: DecodeQueue(workerCount: 1, decode: decode, wake: {}), wake: WakeRelay(),
                                    decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]))
        let store = PictureStore(photos: photos, service: service, textures: textures)
        let screen = PictureSize.within(width: 1280, height: 800)
        let pager = store.makePictureDemand()
        pager.want((0..<3).map { PictureRequest(index: $0, size: screen, priority: .visible) })
        #expect(drain(store) { (0..<3).allSatisfy { store.picture(at: $0, size: screen).image != nil } })
        store.wantLooks([.histogram, .sensorLevels])
        func marked(_ index: Int) throws -> Bool {
            let look = try #require(store.look(.sensorLevels, at: index))
            let graph = try #require(textures.pixels[look.texture])
            #expect(graph.width == 256 && graph.height == 100)
            let p = graph.pixel(x: 6, y: 6)
            return (p.red, p.green, p.blue) == (255, 180, 40)
        }
        #expect(drain(store) { (0..<3).allSatisfy { store.look(.sensorLevels, at: $0) != nil } })
        #expect(try marked(0), "the RAW's sensor, marked")
        #expect(try !marked(1), "the JPEG's pixels")
        #expect(try !marked(2), "a RAW LibRaw refused: its pixels'")
    }
}
