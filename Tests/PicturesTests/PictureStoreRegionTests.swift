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

/// A part of a photo at full scale (Z to 100 %): decoded on the screen queue as a region,
/// for JPEGs only, shown as it is, and never taken for the photo failing.
@Suite struct PictureStoreRegionTests {
    final class Decodes: Sendable {
        let asked = Mutex<[DecodeRequest]>([])
        let refusesRegions = Mutex(false)

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            asked.withLock { $0.append(request) }
            if let region = request.region {
                if refusesRegions.withLock({ $0 }) { return .failure(.unreadable("the part asked for is not inside the photo")) }
                return .success(PixelBuffer(width: region.width, height: region.height, blue: 0, green: 0, red: 255))
            }
            let side = request.maximumPixelSize ?? 600
            return .success(PixelBuffer(width: side, height: side * 2 / 3, blue: 0, green: 255, red: 0))
        }
    }

    let decodes = Decodes()
    let textures = FakeTextures()

    func store(_ names: [String]) -> PictureStore {
        let decodes = self.decodes
        let photos = names.map { name in
            Photo(path: FilePath("/photos/\(name)"), format: name.hasSuffix(".png") ? .png : .jpeg, byteCount: 1, modificationDate: Date())
        }
        return pictureStore(photos, textures: textures) { decodes.decode($0) }
    }

    let part = PictureSize.region(PixelRect(x: 2048, y: 1536, width: 2176, height: 1280))
    let screen = PictureSize.within(width: 800, height: 600)

    @Test func aJPEGsPartIsDecodedAloneAndShownAtItsSize() throws {
        let images = store(["a.jpg"])
        let pager = images.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: part, priority: .visible), PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: part).image != nil && images.picture(at: 0, size: screen).image?.pixelSize.width == 800 })
        let asked = decodes.asked.withLock { $0 }
        #expect(asked.contains { $0.kind == .region && $0.region == PixelRect(x: 2048, y: 1536, width: 2176, height: 1280) })
        let shown = try #require(images.picture(at: 0, size: part).image)
        #expect(shown.pixelSize.width == 2176 && shown.pixelSize.height == 1280 && shown.showsPixelsWhenEnlarged)
        // A part inside it is served by it; the whole photo is not.
        #expect(images.picture(at: 0, size: .region(PixelRect(x: 2100, y: 1600, width: 100, height: 100))).image?.texture == shown.texture)
        #expect(images.picture(at: 0, size: screen).image?.texture != shown.texture)
    }

    /// Zoomed to 100 % with clipping on, the part is painted from its own pixels (peaking
    /// at 100 % is of the photo's pixels, not its fitted picture's enlarged); a part shown
    /// before the look was turned on is decoded again for it, once.
    @Test func aPartsLooksArePaintedFromItsOwnPixels() throws {
        let images = store(["a.jpg"])
        let pager = images.makePictureDemand()
        let rect = PixelRect(x: 2048, y: 1536, width: 2176, height: 1280)
        pager.want([PictureRequest(index: 0, size: part, priority: .visible), PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: part).image != nil })
        #expect(images.overlaidPart([.clipping], at: 0, region: rect) == nil, "no look wanted")
        let partsAsked = { decodes.asked.withLock { $0.filter { $0.region == rect }.count } }
        #expect(partsAsked() == 1)

        images.wantLooks([.clipping])
        #expect(images.overlaidPart([.clipping], at: 0, region: rect) == nil, "on its way")
        #expect(drain(images) { images.overlaidPart([.clipping], at: 0, region: rect) != nil })
        #expect(partsAsked() == 2, "the part decoded again for its looks, once")
        let painted = try #require(images.overlaidPart([.clipping], at: 0, region: rect))
        let pixels = try #require(textures.pixels[painted.texture])
        #expect(pixels.width == 2176 && pixels.height == 1280)
        let p = pixels.pixel(x: 100, y: 100)
        #expect((p.red, p.green, p.blue) == ClippingLayer.highlight, "the part's red is at its top: clipped")
        #expect(images.overlaidPart([.clipping], at: 0, region: PixelRect(x: 0, y: 0, width: 64, height: 64)) == nil, "of that part only")

        // A part that comes while the look is on is painted as it comes, without asking again.
        let next = PixelRect(x: 0, y: 0, width: 1024, height: 640)
        pager.want([PictureRequest(index: 0, size: .region(next), priority: .visible), PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(images) { images.overlaidPart([.clipping], at: 0, region: next) != nil })
        #expect(decodes.asked.withLock { $0.filter { $0.region == next }.count } == 1)
        images.wantLooks([])
        #expect(images.overlaidPart([.clipping], at: 0, region: next) == nil && textures.pixels[painted.texture] == nil)
    }

    /// A zoomed page's part and the loupe's over it (or Compare's four panes' and the
    /// loupe's) are of one photo at once: each is painted and kept beside the others, not
    /// painted again and again in turn; past five the one least recently shown goes.
    @Test func partsOfOnePhotoArePaintedEachAndKeptTogether() throws {
        let images = store(["a.jpg"])
        images.wantLooks([.clipping])
        let rects = (0..<6).map { PixelRect(x: $0 * 256, y: 0, width: 256, height: 256) }
        let views = rects.map { _ in images.makePictureDemand() }
        func want(_ count: Int) {
            for (view, rect) in zip(views, rects).prefix(count) {
                view.want([PictureRequest(index: 0, size: .region(rect), priority: .visible), PictureRequest(index: 0, size: screen, priority: .visible)])
            }
        }
        func painted(_ count: Int) -> [ImageContent]? {
            let shown = rects.prefix(count).compactMap { images.overlaidPart([.clipping], at: 0, region: $0) }
            return shown.count == count ? shown : nil
        }
        want(2)
        #expect(drain(images) { painted(2) != nil })
        let two = try #require(painted(2))
        for _ in 0..<3 { images.drainResults() }
        #expect(painted(2)?.map(\.texture) == two.map(\.texture), "both kept, neither painted anew")

        // Compare's four panes and the loupe: all five kept, none painted anew.
        want(5)
        for rect in rects[2..<5] { #expect(drain(images) { images.overlaidPart([.clipping], at: 0, region: rect) != nil }) }
        let five = try #require(painted(5))
        for _ in 0..<3 { images.drainResults() }
        #expect(painted(5)?.map(\.texture) == five.map(\.texture))

        want(6)
        #expect(drain(images) { images.overlaidPart([.clipping], at: 0, region: rects[5]) != nil })
        #expect(textures.pixels[two[0].texture] == nil, "the part least recently shown went")
    }

    /// A part never stands in for the whole photo (stretched over its place, it would show
    /// the wrong picture): until the whole comes, the photo is loading.
    @Test func aPartNeverStandsInForTheWholePhoto() {
        let images = store(["a.jpg"])
        let pager = images.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: part, priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: part).image != nil })
        #expect(images.picture(at: 0, size: screen) == .loading, "\(images.picture(at: 0, size: screen))")
    }

    @Test func otherFormatsAreNotAskedForParts() {
        let images = store(["a.png"])
        let pager = images.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: part, priority: .visible), PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: screen).image != nil })
        #expect(!decodes.asked.withLock { $0 }.contains { $0.kind == .region })
        #expect(images.picture(at: 0, size: part).image == nil)
        #expect(!images.decodesParts(at: 0) && store(["b.jpg"]).decodesParts(at: 0))
    }

    @Test func aPartThatCannotBeDecodedLeavesThePhotoShowing() {
        decodes.refusesRegions.withLock { $0 = true }
        let images = store(["a.jpg"])
        let pager = images.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: part, priority: .visible), PictureRequest(index: 0, size: screen, priority: .visible)])
        // Until the part's refusal has come back (not just been asked: a busy machine
        // answers later).
        #expect(drain(images) {
            guard images.picture(at: 0, size: screen).image != nil, case .failed = images.picture(at: 0, size: part) else { return false }
            return true
        })
        if case .failed = images.picture(at: 0, size: screen) { Issue.record("the photo is not failed for its part") }
        // Said, so the views stop waiting for it, and no other part is asked.
        if case .failed = images.picture(at: 0, size: part) {} else { Issue.record("the part says it failed: \(images.picture(at: 0, size: part))") }
        #expect(!images.decodesParts(at: 0))
    }
}
