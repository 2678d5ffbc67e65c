// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
@testable import Components
import Geometry
import Gestures
import PhotoSources
import Pixels
import Testing
import ViewTree

/// A photographer's looks (H, O, K): drawn by the source from each photo's picture, shown
/// over the photo in hand where photos are looked at closely, and nowhere else.
@Suite struct LookTests {
    /// The texture `name` draws in the last frame, and where.
    func drawn(_ f: BrowserFixture, _ name: String) -> [(texture: TextureHandle, frame: Rect)] {
        f.scene.recorder.commands(ofView: name).compactMap { command in
            if case let .image(texture, _) = command.kind { (texture, command.boundsInWindow) } else { nil }
        }
    }

    @Test func thePagerShowsTheLooksTurnedOnOverThePhotoInFrontAndTheHistogramInItsCorner() throws {
        let f = BrowserFixture(count: 6)
        f.open(2)
        #expect(drawn(f, "clipping layer").isEmpty && drawn(f, "histogram").isEmpty, "nothing until asked")
        f.key(.character("o"))
        f.scene.settle()
        #expect(f.source.wantedLooks == [.clipping], "the source works out what is shown")
        let clipping = try #require(drawn(f, "clipping layer").first { $0.texture == FakePhotoSource.lookHandle(.clipping, of: 2) })
        let photo = try #require(f.photoRect(2))
        #expect(abs(clipping.frame.minX - photo.minX) < 0.5 && abs(clipping.frame.width - photo.width) < 0.5
                && abs(clipping.frame.minY - photo.minY) < 0.5 && abs(clipping.frame.height - photo.height) < 0.5, "over the whole photo: \(clipping.frame) \(photo)")

        f.key(.character("h"))
        f.key(.character("k"))
        f.scene.settle()
        #expect(f.source.wantedLooks == [.clipping, .histogram, .peaking])
        let histogram = try #require(drawn(f, "histogram").first)
        #expect(histogram.texture == FakePhotoSource.lookHandle(.histogram, of: 2))
        #expect(histogram.frame.maxX <= 800 && histogram.frame.minX > 400 && histogram.frame.minY < 100, "top right: \(histogram.frame)")
        #expect(drawn(f, "peaking layer").contains { $0.texture == FakePhotoSource.lookHandle(.peaking, of: 2) })

        // The next photo brings its own.
        f.key(.right)
        f.scene.settle()
        #expect(drawn(f, "histogram").first?.texture == FakePhotoSource.lookHandle(.histogram, of: 3))
        #expect(drawn(f, "clipping layer").contains { $0.texture == FakePhotoSource.lookHandle(.clipping, of: 3) })

        f.key(.character("o"))
        f.key(.character("h"))
        f.key(.character("k"))
        f.scene.settle()
        #expect(f.source.wantedLooks.isEmpty && drawn(f, "clipping layer").isEmpty && drawn(f, "histogram").isEmpty && drawn(f, "peaking layer").isEmpty)
    }

    /// Shift+H: the histogram is a RAW's sensor's (the source says which photos have one),
    /// shown with the histogram turned on; again, the preview's.
    @Test func shiftHShowsTheSensorsHistogramAndAgainThePreviews() throws {
        let f = BrowserFixture(count: 4)
        f.open(1)
        f.key(.character("h"), modifiers: .shift)
        f.scene.settle()
        #expect(f.source.wantedLooks == [.histogram, .sensorLevels], "the histogram comes with it")
        #expect(drawn(f, "histogram").first?.texture == FakePhotoSource.lookHandle(.sensorLevels, of: 1))
        f.key(.character("h"), modifiers: .shift)
        f.scene.settle()
        #expect(f.source.wantedLooks == [.histogram])
        #expect(drawn(f, "histogram").first?.texture == FakePhotoSource.lookHandle(.histogram, of: 1))
    }

    /// While the source is still working a look out, nothing stands in for it.
    @Test func aLookNotDrawnYetShowsNothingAndComesWhenItIs() {
        let f = BrowserFixture(count: 4)
        f.source.looksDrawn = false
        f.open(1)
        f.key(.character("o"))
        f.scene.settle()
        #expect(drawn(f, "clipping layer").isEmpty)
        f.source.looksDrawn = true
        f.browser.reloadData()
        f.scene.settle()
        #expect(drawn(f, "clipping layer").contains { $0.texture == FakePhotoSource.lookHandle(.clipping, of: 1) })
    }

    /// Once the source has the photo's picture with its looks painted in, that is drawn in
    /// place of the photo and its layers (one picture instead of three blended); zoomed in
    /// with a part at full scale laid over it, the layers are back over both.
    @Test func thePhotoWithItsLooksPaintedInTakesThePlaceOfItsLayersUntilAPartIsLaidOver() throws {
        let app = BrowserFixture(count: 3)
        app.source.sizes = [Size(width: 6000, height: 4000)]
        app.source.pixelSizesKnown = true
        app.open(1)
        app.source.widestFit = 800
        app.key(.character("o"))
        app.key(.character("k"))
        app.scene.settle()
        #expect(drawn(app, "clipping layer").contains { $0.texture == FakePhotoSource.lookHandle(.clipping, of: 1) }, "layers until it comes")
        app.source.overlaidDrawn = true
        app.browser.reloadData()
        app.scene.settle()
        let photo = try #require(drawn(app, "photo 1").first)
        #expect(photo.texture == FakePhotoSource.overlaidHandle(of: 1), "the painted picture in the photo's place")
        #expect(drawn(app, "clipping layer").isEmpty && drawn(app, "peaking layer").isEmpty, "and no layer blended over it")

        // Zoomed in: the painted picture under the part until the layers come.
        app.source.looksDrawn = false
        app.pager.pointerLocation = Point(x: 400, y: 300)
        app.key(.character("z"))
        app.scene.settle()
        app.arrived()
        #expect(app.pager.currentPage!.shownDetail != nil)
        #expect(app.pager.currentPage!.photo.content?.texture == FakePhotoSource.overlaidHandle(of: 1))
        app.source.looksDrawn = true
        app.browser.reloadData()
        app.scene.settle()
        #expect(drawn(app, "clipping layer").contains { $0.texture == FakePhotoSource.lookHandle(.clipping, of: 1) }, "over the part too")
        #expect(app.pager.currentPage!.photo.content?.texture != FakePhotoSource.overlaidHandle(of: 1))

        // The part painted from its own pixels: drawn in its place, over the painted photo,
        // and no layer at all.
        app.source.partsPainted = true
        app.browser.reloadData()
        app.scene.settle()
        #expect(app.pager.currentPage!.shownDetail?.picture.texture == FakePhotoSource.regionHandle(of: 1))
        #expect(drawn(app, "detail").first?.texture == FakePhotoSource.paintedPartHandle(of: 1))
        #expect(app.pager.currentPage!.photo.content?.texture == FakePhotoSource.overlaidHandle(of: 1))
        #expect(drawn(app, "clipping layer").isEmpty && drawn(app, "peaking layer").isEmpty)

        // The whole photo at its own resolution comes: it is drawn, not the painted
        // picture for the screen enlarged, and the painted part stays over it (it alone has
        // the looks of the photo's own pixels).
        app.source.widestFit = .infinity
        app.arrived()
        #expect(app.pager.currentPage!.photo.content?.texture == FakePhotoSource.screenHandle(of: 1))
        #expect(drawn(app, "detail").first?.texture == FakePhotoSource.paintedPartHandle(of: 1))
        #expect(drawn(app, "clipping layer").isEmpty && drawn(app, "peaking layer").isEmpty)
        // Without the looks the part goes: the whole photo is as sharp.
        app.key(.character("o"))
        app.key(.character("k"))
        app.scene.settle()
        #expect(app.pager.currentPage!.shownDetail == nil && drawn(app, "detail").isEmpty)
        app.key(.character("o"))
        app.key(.character("k"))
        app.scene.settle()

        // Turned off, the photo's own picture again.
        app.key(.character("z"))
        app.key(.character("o"))
        app.key(.character("k"))
        app.scene.settle()
        #expect(drawn(app, "photo 1").first.map { $0.texture != FakePhotoSource.overlaidHandle(of: 1) } == true)

        // The culling pager's card in front likewise.
        let f = BrowserFixture(count: 6)
        f.source.overlaidDrawn = true
        f.key(.character("o"))
        f.key(.character("4"), modifiers: .control)
        f.scene.settle()
        let inHand = try #require(f.browser.cull.photoInHand)
        #expect(drawn(f, "card \(inHand)").first?.texture == FakePhotoSource.overlaidHandle(of: inHand))
        #expect(drawn(f, "clipping layer").isEmpty)
        // Painted from a smaller picture than the card's own (another view's), it is not
        // drawn in the card's place: the card's sharper picture and the layers are.
        f.source.paintedSide = 200
        f.browser.reloadData()
        f.scene.settle()
        #expect(drawn(f, "card \(inHand)").first.map { $0.texture != FakePhotoSource.overlaidHandle(of: inHand) } == true)
        #expect(drawn(f, "clipping layer").map(\.texture) == [FakePhotoSource.lookHandle(.clipping, of: inHand)])
    }

    @Test func theGridShowsNoLookButTheCullingPagerAndCompareDo() throws {
        let f = BrowserFixture(count: 6)
        f.key(.character("o"))
        f.key(.character("h"))
        f.scene.settle()
        #expect(drawn(f, "clipping layer").isEmpty && drawn(f, "histogram").isEmpty, "a grid of thumbnails has none")

        f.key(.character("4"), modifiers: .control)
        f.scene.settle()
        let inHand = try #require(f.browser.cull.photoInHand)
        #expect(drawn(f, "clipping layer").map(\.texture) == [FakePhotoSource.lookHandle(.clipping, of: inHand)], "over the card in front only")
        #expect(drawn(f, "histogram").first?.texture == FakePhotoSource.lookHandle(.histogram, of: inHand))

        f.key(.character("5"), modifiers: .control)
        f.key(.character("c"))
        f.scene.settle()
        let candidates = f.browser.compare.candidates
        let layers = Set(drawn(f, "clipping layer").map(\.texture))
        #expect(candidates.count >= 2 && layers == Set(candidates.map { FakePhotoSource.lookHandle(.clipping, of: $0) }), "every pane at once: \(layers)")
        #expect(drawn(f, "histogram").count == 1, "the chosen candidate's")
        // Once each candidate's picture with them painted in has come, each pane draws that
        // one picture, no layer blended over it.
        f.source.overlaidDrawn = true
        f.browser.reloadData()
        f.scene.settle()
        let photos = Set(candidates.flatMap { drawn(f, "compare photo \($0)").map(\.texture) })
        #expect(photos == Set(candidates.map { FakePhotoSource.overlaidHandle(of: $0) }), "\(photos)")
        #expect(drawn(f, "clipping layer").isEmpty)
    }
}
