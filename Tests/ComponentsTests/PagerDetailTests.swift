// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Components
import PhotoSources
import Pixels
import Geometry
import TestSupport
import ViewTree

/// Z to 100 % on a big photo: the part in view is asked at full scale before the whole
/// photo, and laid over it exactly where that part is, until the whole photo is as sharp.
@Suite struct PagerDetailTests {
    /// A 24 MP photo (6000 × 4000) in an 800 × 600 window, open in the pager, its whole
    /// picture decoded no wider than the window so far.
    static func zoomedIn(frameRateHz: Double = 60) -> BrowserFixture {
        let app = BrowserFixture(count: 3, frameRateHz: frameRateHz)
        app.source.sizes = [Size(width: 6000, height: 4000)]
        app.source.pixelSizesKnown = true
        app.open(1)
        app.source.widestFit = 800
        app.pager.pointerLocation = Point(x: 400, y: 300)
        app.key(.character("z"))
        app.scene.settle()
        app.arrived()
        return app
    }

    func regions(_ app: BrowserFixture) -> [PixelRect] {
        app.source.wanted.compactMap { if case let .region(rect) = $0.size { rect } else { nil } }
    }

    /// The part of the photo in view, in its pixels (1 point = 1 pixel at 100 % and scale 1).
    func inView(_ app: BrowserFixture) -> PixelRect {
        let photo = app.pager.currentPage!.photo.frame
        let x = Int((-photo.minX).rounded()), y = Int((-photo.minY).rounded())
        return PixelRect(x: x, y: y, width: 800, height: 600)
    }

    @Test(arguments: [60.0, 144.0])
    func zAsksForThePartInViewFirstAndLaysItOverThePhoto(frameRateHz: Double) throws {
        let app = Self.zoomedIn(frameRateHz: frameRateHz)
        #expect(abs(app.pager.currentPage!.photo.frame.width - 6000) < 0.5, "100 %: one photo pixel per device pixel")
        // The pager's demand: the one that asks for a part.
        let wanted = app.source.liveDemands.map(\.current).first { $0.contains { if case .region = $0.size { true } else { false } } } ?? []
        guard case let .region(rect) = wanted.first?.size else {
            Issue.record("the part in view is asked first: \(wanted)")
            return
        }
        #expect(rect.contains(inView(app)), "\(rect) holds what is in view, \(inView(app))")
        #expect(rect.width <= 800 * 2 && rect.height <= 600 * 2, "and not much more: \(rect)")
        #expect(wanted.dropFirst().first?.size == .within(width: 6400, height: 4800), "the whole photo still comes, after: \(wanted)")
        // Laid over the photo where its part is: the part's corner is the photo's pixel there.
        let shown = try #require(app.pager.currentPage!.shownDetail)
        let photo = app.pager.currentPage!.photo.frame
        #expect(shown.picture.texture == FakePhotoSource.regionHandle(of: 1))
        #expect(abs(shown.frame.minX - (photo.minX + Double(rect.x))) < 0.01 && abs(shown.frame.minY - (photo.minY + Double(rect.y))) < 0.01)
        #expect(abs(shown.frame.width - Double(rect.width)) < 0.01 && abs(shown.frame.height - Double(rect.height)) < 0.01)
        // And drawn: the part's texture in the frame, where it lies in the window.
        let drawn = app.scene.recorder.last.first { if case .image(FakePhotoSource.regionHandle(of: 1), _) = $0.kind { true } else { false } }
        #expect(drawn.map { close($0.boundsInWindow, shown.frame) } == true, "\(String(describing: drawn?.boundsInWindow))")
    }

    @Test func aSmallPanKeepsThePartAndAFarOneAsksForTheNewPartInView() {
        let app = Self.zoomedIn()
        let first = regions(app)
        #expect(first.count == 1)
        app.drag(from: Point(x: 400, y: 300), by: Point(x: -60, y: 20), duration: 0.4, hold: 0.2)
        app.scene.settle()
        #expect(regions(app) == first, "still inside the part asked")
        for _ in 0..<4 {
            app.drag(from: Point(x: 700, y: 500), by: Point(x: -500, y: -300), duration: 0.4, hold: 0.2)
            app.scene.settle()
        }
        app.arrived()
        let now = regions(app)
        #expect(now.count == 1 && now != first)
        #expect(now.first?.contains(inView(app)) == true, "\(now) holds what is in view, \(inView(app))")
        #expect(app.pager.currentPage!.shownDetail?.picture.pixelSize.width == Double(now.first!.width), "the new part shows")
    }

    @Test func theWholePhotoAsSharpTakesThePartsPlace() {
        let app = Self.zoomedIn()
        #expect(app.pager.currentPage!.shownDetail != nil)
        app.source.widestFit = .infinity
        app.arrived()
        #expect(app.pager.currentPage!.shownDetail == nil)
    }

    /// Z needs the photo's size, which the app reads from the file when first asked: the
    /// pager asks as it shows the photo, so the first Z does not wait for the read.
    @Test func thePhotoInFrontsSizeIsAskedBeforeAnyZ() {
        let app = BrowserFixture(count: 3)
        app.open(1)
        #expect(app.source.pixelSizesAsked.contains(1))
        app.key(.right)
        app.scene.settle()
        #expect(app.source.pixelSizesAsked.contains(2))
    }

    /// A photo decoded whole only (a PNG), or one whose part could not be decoded: Z asks
    /// for the whole photo at 100 % at once (it once waited for a part that never came).
    @Test(arguments: [false, true])
    func withoutAPartTheWholePhotoIsAskedAtOnce(partFails: Bool) {
        let app = BrowserFixture(count: 3)
        app.source.sizes = [Size(width: 6000, height: 4000)]
        app.source.pixelSizesKnown = true
        if partFails { app.source.partsFail = true } else { app.source.partsDecoded = false }
        app.open(1)
        app.pager.pointerLocation = Point(x: 400, y: 300)
        app.key(.character("z"))
        app.scene.settle()
        app.arrived()
        #expect(regions(app).isEmpty)
        let whole = app.source.wantedFits.first { $0.index == 1 && !$0.size.isPart }
        #expect(whole?.size == .within(width: 6400, height: 4800), "\(String(describing: whole))")
        #expect(app.pager.currentPage!.shownDetail == nil)
    }

    @Test func untilThePartComesThePhotoShowsAloneAndZoomedOutNoPartIsAsked() {
        let app = BrowserFixture(count: 3)
        app.source.sizes = [Size(width: 6000, height: 4000)]
        app.source.pixelSizesKnown = true
        app.source.regionsArrive = false
        app.open(1)
        app.pager.pointerLocation = Point(x: 400, y: 300)
        #expect(regions(app).isEmpty, "fitted: the whole photo is enough")
        app.key(.character("z"))
        app.scene.settle()
        app.arrived()
        #expect(regions(app).count == 1)
        #expect(app.pager.currentPage!.shownDetail == nil, "nothing laid over it before the part comes")
        let whole = app.source.wantedFits.first { $0.index == 1 && !$0.size.isPart }
        #expect(whole?.size == .within(width: 800, height: 600), "the whole photo at 100 % waits for the part: \(String(describing: whole))")
        app.key(.character("z"))
        app.scene.settle()
        #expect(regions(app).isEmpty && app.pager.currentPage!.shownDetail == nil)
    }
}

extension PictureSize {
    var isPart: Bool { if case .region = self { true } else { false } }
}

extension BrowserFixture {
    /// Pictures asked for have come (the app reloads the views when they do).
    func arrived() {
        browser.reloadData()
        scene.settle()
    }
}

/// Compare's panes at 100 % do as the pager does: each candidate's part in view first,
/// laid over its photo where that part is.
@Suite struct CompareDetailTests {
    @Test func eachPaneAsksForItsPartInViewAndLaysItOverItsPhoto() throws {
        let f = CompareFixture(sizes: [Size(width: 6000, height: 4000)])
        f.browser.grid.select(0)
        f.key(.character("5"), modifiers: .control)
        f.app.source.widestFit = 800
        let pane0 = try #require(f.pane(0))
        f.browser.pointerMoved(to: Point(x: pane0.midX, y: pane0.midY))
        f.key(.character("z"))
        f.app.arrived()
        let parts = f.app.source.wanted.compactMap { request -> (Int, PixelRect)? in
            if case let .region(rect) = request.size { (request.index, rect) } else { nil }
        }
        #expect(Set(parts.map(\.0)) == Set(f.compare.candidates), "a part for every candidate: \(parts)")
        for (pane, photo) in f.compare.candidates.enumerated() {
            let shownPane = try #require(f.compare.panes[pane].shownDetail, "pane \(pane) lays its part over its photo")
            let rect = try #require(parts.first { $0.0 == photo }?.1)
            let drawn = try #require(f.photo(pane))
            let paneFrame = try #require(f.pane(pane))
            // The part's corner lands on the photo's pixel there (100 %: a point a pixel).
            #expect(abs(paneFrame.minX + shownPane.frame.minX - (drawn.minX + Double(rect.x))) < 0.01)
            #expect(abs(paneFrame.minY + shownPane.frame.minY - (drawn.minY + Double(rect.y))) < 0.01)
            #expect(shownPane.frame.width == Double(rect.width) && shownPane.picture.texture == FakePhotoSource.regionHandle(of: f.app.source.ids[photo]))
            // What shows of the photo in its pane lies inside the part.
            let seen = Rect(x: paneFrame.minX - drawn.minX, y: paneFrame.minY - drawn.minY, width: paneFrame.width, height: paneFrame.height)
            #expect(Double(rect.x) <= seen.minX + 0.5 && Double(rect.maxX) >= seen.maxX - 0.5, "\(rect) holds \(seen)")
        }
        // The whole photos as sharp take the parts' place; back to fit, no part is asked.
        f.app.source.widestFit = .infinity
        f.app.arrived()
        #expect(f.compare.panes.prefix(f.compare.candidates.count).allSatisfy { $0.shownDetail == nil })
        f.key(.character("z"))
        #expect(!f.app.source.wanted.contains { $0.size.isPart })
    }

    /// Zoomed with clipping on, each pane's part carries the looks worked out from its own
    /// pixels, painted in; the layers of the fitted picture enlarged stand in only until it
    /// comes, and the part stays laid over once the whole photo is as sharp.
    @Test func eachPanesPartAtFullScaleCarriesItsOwnLooks() throws {
        let f = CompareFixture(sizes: [Size(width: 6000, height: 4000)])
        f.browser.grid.select(0)
        f.key(.character("5"), modifiers: .control)
        f.key(.character("o"))
        f.app.source.widestFit = 800
        let pane0 = try #require(f.pane(0))
        f.browser.pointerMoved(to: Point(x: pane0.midX, y: pane0.midY))
        f.key(.character("z"))
        f.app.arrived()
        let candidates = f.compare.candidates
        func drawn(_ name: String) -> [TextureHandle] {
            f.scene.recorder.commands(ofView: name).compactMap { command in
                if case let .image(texture, _) = command.kind { texture } else { nil }
            }
        }
        #expect(Set(drawn("clipping layer")) == Set(candidates.map { FakePhotoSource.lookHandle(.clipping, of: $0) }), "until the parts are painted")
        f.app.source.partsPainted = true
        f.app.arrived()
        #expect(Set(drawn("compare detail")) == Set(candidates.map { FakePhotoSource.paintedPartHandle(of: $0) }))
        #expect(drawn("clipping layer").isEmpty)
        f.app.source.widestFit = .infinity
        f.app.arrived()
        #expect(Set(drawn("compare detail")) == Set(candidates.map { FakePhotoSource.paintedPartHandle(of: $0) }), "over the whole photos too")
        #expect(drawn("clipping layer").isEmpty)
        f.key(.character("o"))
        #expect(drawn("compare detail").isEmpty, "without the looks the whole photos are as sharp")
    }

    /// PNGs (as Compare's end-to-end test has): no part, the whole photos at 100 % at once.
    @Test func panesOfPhotosDecodedWholeAskForTheWholePhotoAtOnce() throws {
        let f = CompareFixture(sizes: [Size(width: 6000, height: 4000)])
        f.app.source.partsDecoded = false
        f.browser.grid.select(0)
        f.key(.character("5"), modifiers: .control)
        let pane0 = try #require(f.pane(0))
        f.browser.pointerMoved(to: Point(x: pane0.midX, y: pane0.midY))
        f.key(.character("z"))
        f.app.arrived()
        #expect(!f.app.source.wanted.contains { $0.size.isPart })
        for photo in f.compare.candidates {
            #expect(f.app.source.wantedFits.contains { $0.index == photo && $0.size == .within(width: 8192, height: 8192) }, "photo \(photo) whole")
        }
    }
}
