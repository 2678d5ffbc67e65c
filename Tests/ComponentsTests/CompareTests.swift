// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import Marks
import PhotoSources
import Testing
import TestSupport
import ViewTree

/// The zoom Compare's panes share, alone.
@Suite struct CompareZoomTests {
    let pixels = Size(width: 4000, height: 3000)
    let pane = Size(width: 500, height: 400)

    @Test(arguments: [1.0, 2.0])
    func zAtThePointerGivesOneImagePixelPerDevicePixelAndKeepsThePointUnderIt(pixelScale: Double) {
        let fitted = CompareZoom.fit.frame(imagePixels: pixels, pane: pane, pixelScale: pixelScale)
        let pointer = Point(x: 180, y: 230)
        let under = Point(x: (pointer.x - fitted.minX) / fitted.width, y: (pointer.y - fitted.minY) / fitted.height)
        let zoom = CompareZoom.fit.toggled(at: pointer, pane: pane, shown: fitted, imagePixels: pixels, pixelScale: pixelScale)
        #expect(zoom.scale == 1)
        let shown = zoom.frame(imagePixels: pixels, pane: pane, pixelScale: pixelScale)
        #expect(shown.width * pixelScale == pixels.width && shown.height * pixelScale == pixels.height, "exactly 100 %: \(shown)")
        let now = Point(x: (pointer.x - shown.minX) / shown.width, y: (pointer.y - shown.minY) / shown.height)
        #expect(abs(now.x - under.x) < 1e-9 && abs(now.y - under.y) < 1e-9, "the same image point under the pointer")
        #expect(zoom.toggled(at: pointer, pane: pane, shown: shown, imagePixels: pixels, pixelScale: pixelScale) == .fit)
    }

    @Test func aPanStopsAtTheEdgeAndComesStraightBack() {
        let fitted = CompareZoom.fit.frame(imagePixels: pixels, pane: pane, pixelScale: 1)
        let zoom = CompareZoom.fit.toggled(at: Point(x: 250, y: 200), pane: pane, shown: fitted, imagePixels: pixels, pixelScale: 1)
        let pushed = zoom.panned(by: Point(x: 10_000, y: 0), pane: pane, imagePixels: pixels, pixelScale: 1)
        #expect(pushed.frame(imagePixels: pixels, pane: pane, pixelScale: 1).minX == 0, "the left edge at the pane's")
        let back = pushed.panned(by: Point(x: -50, y: 0), pane: pane, imagePixels: pixels, pixelScale: 1)
        #expect(back.frame(imagePixels: pixels, pane: pane, pixelScale: 1).minX == -50, "no slack to take back first")
    }

    @Test func zoomingOutPastFitIsFitAndInStopsAtFourHundredPercent() {
        let fitted = CompareZoom.fit.frame(imagePixels: pixels, pane: pane, pixelScale: 1)
        let point = Point(x: 250, y: 200)
        let zoom = CompareZoom.fit.zoomed(by: 1.5, at: point, pane: pane, shown: fitted, imagePixels: pixels, pixelScale: 1)
        #expect(zoom.scale != nil)
        #expect(zoom.zoomed(by: 0.1, at: point, pane: pane, shown: zoom.frame(imagePixels: pixels, pane: pane, pixelScale: 1),
                            imagePixels: pixels, pixelScale: 1) == .fit)
        let far = CompareZoom.fit.zoomed(by: 1000, at: point, pane: pane, shown: fitted, imagePixels: pixels, pixelScale: 1)
        #expect(far.scale == CompareZoom.maximumScale)
    }

    @Test func twoTallPhotosSitSideBySideTwoWideOnesStackAndFourMakeTwoRows() {
        let bounds = Rect(x: 0, y: 0, width: 1000, height: 700)
        let tall = CompareLayout.panes(for: [Size(width: 2, height: 3), Size(width: 2, height: 3)], in: bounds)
        #expect(tall.count == 2 && tall[0].minY == tall[1].minY && tall[0].maxX < tall[1].minX)
        let wide = CompareLayout.panes(for: [Size(width: 3, height: 1), Size(width: 3, height: 1)], in: bounds)
        #expect(wide[0].minX == wide[1].minX && wide[0].maxY < wide[1].minY)
        let four = CompareLayout.panes(for: Array(repeating: Size(width: 3, height: 2), count: 4), in: bounds)
        #expect(Set(four.map(\.minY)).count == 2 && Set(four.map(\.minX)).count == 2)
        for pane in tall + wide + four { #expect(bounds.contains(pane.origin) && pane.maxX <= bounds.maxX + 0.5 && pane.maxY <= bounds.maxY + 0.5) }
    }
}

/// Compare in the browser, on a fake album whose photos' sizes are known.
final class CompareFixture {
    let app: BrowserFixture
    let labels = FakeLabels()
    private(set) var marked: [(index: Int, change: MarkChange)] = []
    let trash: FakeTrash
    var trashed: [(id: Int, index: Int)] { trash.trashed }

    init(count: Int = 10, frameRateHz: Double = 60, sizes: [Size] = [Size(width: 3000, height: 2000)]) {
        app = BrowserFixture(count: count, frameRateHz: frameRateHz, labels: labels)
        let browser = app.browser, source = app.source
        source.sizes = sizes
        source.pixelSizesKnown = true
        trash = FakeTrash(browser: browser, source: source)
        browser.onMark = { [unowned self] index, change in marked.append((index, change)) }
        app.scene.frame(at: app.scene.now + 0.01)
    }

    var browser: PhotoBrowser { app.browser }
    var compare: CompareView { browser.compare }
    var scene: TestScene { app.scene }
    /// The photo ids the panes show, in order.
    var shownIDs: [Int] { compare.candidates.map { app.source.ids[$0] } }

    func key(_ key: Key, modifiers: KeyModifiers = []) {
        app.key(key, modifiers: modifiers)
        scene.settle()
    }

    /// Where pane `pane` is in the window, and where its photo is drawn.
    func pane(_ pane: Int) -> Rect? {
        scene.recorder.last.first { $0.viewName?.hasPrefix("compare pane \(compare.candidates[pane])") == true }?.boundsInWindow
    }

    func photo(_ pane: Int) -> Rect? {
        scene.recorder.last.first { $0.viewName == "compare photo \(compare.candidates[pane])" }?.boundsInWindow
    }

    func click(at point: Point, count: Int = 1) {
        scene.play(PointerScript.clicks(at: point, count: count, startTime: scene.now + 0.05))
        scene.settle()
    }
}

@Suite struct CompareViewTests {
    @Test func ctrlFiveComparesThePhotoInHandWithTheNext() throws {
        let f = CompareFixture()
        f.browser.grid.select(3)
        f.key(.character("5"), modifiers: .control)
        #expect(f.browser.viewKind == .compare)
        #expect(f.shownIDs == [3, 4] && f.compare.photoInHand == 3)
        let left = try #require(f.pane(0)), right = try #require(f.pane(1))
        #expect(left.maxX < right.minX || left.maxY < right.minY, "side by side")
        #expect(try #require(f.photo(0)).width <= left.width + 0.5, "fitted")
    }

    @Test func leftAndRightReplaceTheSelectedCandidateCAddsUpToFour() {
        let f = CompareFixture()
        f.browser.grid.select(3)
        f.key(.character("5"), modifiers: .control)
        f.key(.right)
        #expect(f.shownIDs == [5, 4], "the next photo not shown already takes the selected pane")
        f.key(.left)
        #expect(f.shownIDs == [3, 4])
        for _ in 0..<5 { f.key(.character("c")) }
        #expect(f.shownIDs == [3, 4, 5, 6], "four at most")
        #expect(f.compare.photoInHand == 6, "the added one is selected")
    }

    @Test func upAndDownChooseTheCandidateByKeyboard() {
        let f = CompareFixture()
        f.browser.grid.select(0)
        f.key(.character("5"), modifiers: .control)
        f.key(.character("c"))
        #expect(f.compare.photoInHand == 2)
        f.key(.down)
        #expect(f.compare.photoInHand == 0, "round to the first pane")
        f.key(.up)
        #expect(f.compare.photoInHand == 2)
        f.key(.up)
        #expect(f.compare.photoInHand == 1)
    }

    @Test func aClickSelectsAndTheMarkKeysMarkTheSelectedCandidate() throws {
        let f = CompareFixture()
        f.browser.grid.select(0)
        f.key(.character("5"), modifiers: .control)
        let right = try #require(f.pane(1))
        f.click(at: Point(x: right.midX, y: right.midY))
        #expect(f.compare.photoInHand == 1)
        f.key(.character("3"))
        f.key(.character("x"))
        #expect(f.marked.map(\.index) == [1, 1] && f.marked.map(\.change) == [.rate(3), .flag(.reject)])
    }

    @Test func delTrashesTheSelectedCandidateAndUndoBringsItBackToItsPane() {
        let f = CompareFixture()
        f.browser.grid.select(2)
        f.key(.character("5"), modifiers: .control)
        f.key(.delete)
        #expect(f.trashed.map(\.id) == [2])
        #expect(f.shownIDs == [4, 3], "the next photo not compared takes its pane")
        f.key(.character("z"), modifiers: .control)
        #expect(f.trashed.isEmpty && f.shownIDs == [2, 3] && f.compare.photoInHand == f.app.source.ids.firstIndex(of: 2))
    }

    @Test func aDoubleClickOpensTheCandidateFullScreenFromItsPane() throws {
        let f = CompareFixture()
        f.browser.grid.select(0)
        f.key(.character("5"), modifiers: .control)
        let right = try #require(f.pane(1))
        f.click(at: Point(x: right.midX, y: right.midY), count: 2)
        #expect(f.browser.isPagerOpen && f.browser.pager.currentIndex == 1)
        f.key(.escape)
        #expect(!f.browser.isPagerOpen && f.compare.photoInHand == 1)
    }

    /// Z zooms every pane to 100 % about the pointer: the same image point (as a fraction of
    /// each photo) under the pointer's place in every pane; the same at 60 and 144 Hz.
    @Test(arguments: [60.0, 144.0])
    func zLocksEveryPaneToOneHundredPercentAtThePointer(hz: Double) throws {
        let f = CompareFixture(frameRateHz: hz)
        f.browser.grid.select(0)
        f.key(.character("5"), modifiers: .control)
        let pane0 = try #require(f.pane(0)), pane1 = try #require(f.pane(1))
        let pointer = Point(x: pane0.minX + pane0.width * 0.3, y: pane0.minY + pane0.height * 0.6)
        f.browser.pointerMoved(to: pointer)
        f.key(.character("z"))
        let photo0 = try #require(f.photo(0)), photo1 = try #require(f.photo(1))
        #expect(photo0.width == 3000 && photo0.height == 2000, "one image pixel per device pixel: \(photo0)")
        let inPane1 = Point(x: pane1.minX + (pointer.x - pane0.minX), y: pane1.minY + (pointer.y - pane0.minY))
        let u0 = Point(x: (pointer.x - photo0.minX) / photo0.width, y: (pointer.y - photo0.minY) / photo0.height)
        let u1 = Point(x: (inPane1.x - photo1.minX) / photo1.width, y: (inPane1.y - photo1.minY) / photo1.height)
        #expect(abs(u0.x - u1.x) < 0.001 && abs(u0.y - u1.y) < 0.001, "\(u0) and \(u1)")
        // A drag pans both alike.
        f.app.drag(from: Point(x: pane1.midX, y: pane1.midY), by: Point(x: 120, y: -40), duration: 0.3)
        f.scene.settle()
        let moved0 = try #require(f.photo(0)), moved1 = try #require(f.photo(1))
        #expect(abs((moved0.minX - photo0.minX) - 120) < 0.5 && abs((moved1.minX - photo1.minX) - 120) < 0.5)
        #expect(abs((moved0.minY - photo0.minY) + 40) < 0.5 && abs((moved1.minY - photo1.minY) + 40) < 0.5)
        f.key(.character("z"))
        #expect(f.compare.zoom == .fit)
    }

    @Test func zBeforeThePhotosSizeIsKnownIsDoneWhenItArrives() throws {
        let f = CompareFixture()
        f.app.source.factsReading = [0, 1]
        f.browser.grid.select(0)
        f.key(.character("5"), modifiers: .control)
        f.key(.character("z"))
        #expect(f.compare.zoom == .fit, "its size is still being read")
        f.app.source.factsReading = []
        f.browser.reloadData()
        f.scene.settle()
        #expect(f.compare.zoom.scale == 1)
    }
}

@Suite struct PagerOneToOneTests {
    /// Z in the pager: fit ↔ 100 % about the pointer, and zooming stops at 400 % of the
    /// photo's pixels (not a multiple of fit).
    @Test func zInThePagerGivesOneImagePixelPerDevicePixel() throws {
        let f = CompareFixture(sizes: [Size(width: 2400, height: 1600)])
        f.browser.show(.grid)
        f.app.open(0)
        let pointer = Point(x: 300, y: 250)
        f.browser.pointerMoved(to: pointer)
        let fitted = try #require(f.app.photoRect(0))
        let under = Point(x: (pointer.x - fitted.minX) / fitted.width, y: (pointer.y - fitted.minY) / fitted.height)
        f.key(.character("z"))
        let shown = try #require(f.app.photoRect(0))
        #expect(abs(shown.width - 2400) < 0.5 && abs(shown.height - 1600) < 0.5, "\(shown)")
        let now = Point(x: (pointer.x - shown.minX) / shown.width, y: (pointer.y - shown.minY) / shown.height)
        #expect(abs(now.x - under.x) < 0.002 && abs(now.y - under.y) < 0.002)
        for _ in 0..<20 { f.key(.character("+")) }
        #expect(abs(try #require(f.app.photoRect(0)).width - 4 * 2400) < 1, "at most 400 %")
        f.key(.character("z"))
        #expect(abs(try #require(f.app.photoRect(0)).width - fitted.width) < 0.5, "and back to fit")
    }
}

@Suite struct CompareBurstTests {
    @Test func compareOpensOnTheWholeBurstWithItsSharpestFrameSelectedAndTagged() throws {
        let f = CompareFixture()
        f.app.source.burstsByID = [(frames: [2, 3, 4], sharpest: 4)]
        f.browser.grid.select(3)
        f.key(.character("5"), modifiers: .control)
        #expect(f.shownIDs == [2, 3, 4] && f.compare.photoInHand == 4)
        let tags = f.scene.recorder.last.filter { $0.viewName == "compare sharpest" }
        #expect(tags.count == 1, "one frame is the sharpest")
        let sharpestPane = try #require(f.pane(2))
        #expect(tags.allSatisfy { sharpestPane.contains(Point(x: $0.boundsInWindow.midX, y: $0.boundsInWindow.midY)) })
    }

    @Test func aBurstFoundAfterOpeningTakesThePanesUnlessTheUserChoseOthers() {
        let f = CompareFixture()
        f.browser.grid.select(5)
        f.key(.character("5"), modifiers: .control)
        #expect(f.shownIDs == [5, 6])
        // The source gives a burst's frames the sharpest first: here 8, then 9, 4, 5, 6, 7.
        f.app.source.burstsByID = [(frames: [8, 9, 4, 5, 6, 7], sharpest: 8)]
        f.browser.reloadData()
        f.scene.settle()
        #expect(f.shownIDs == [8, 9, 4, 5] && f.compare.photoInHand == 8, "the four sharpest of a long burst, its sharpest leading")

        f.key(.left)
        let chosen = f.shownIDs
        f.app.source.burstsByID = [(frames: [4, 5], sharpest: 4)]
        f.browser.reloadData()
        f.scene.settle()
        #expect(f.shownIDs == chosen, "the user's choice stays")
    }
}

@Suite struct SharpestBadgeTests {
    /// In the grid (as in every view's badge), the sharpest frame of a burst says so.
    @Test func theSharpestFrameOfABurstSaysSoOnItsCell() throws {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 12, labels: labels)
        f.source.burstsByID = [(frames: [1, 2, 3], sharpest: 2)]
        f.source.pairNames = [5: "RAW+JPEG"]
        f.browser.reloadData()
        f.scene.settle()
        let notes = f.scene.recorder.last.filter { $0.viewName == "marks pair" }.compactMap { command -> (text: String, at: Point)? in
            guard case let .image(handle, _) = command.kind, let text = labels.text(of: handle) else { return nil }
            return (text, Point(x: command.boundsInWindow.midX, y: command.boundsInWindow.midY))
        }
        #expect(notes.map(\.text).sorted() == ["RAW+JPEG", "Sharpest"], "\(notes)")
        #expect(notes.contains { $0.text == "Sharpest" && f.cellFrameInWindow(2).contains($0.at) }, "on photo 2's cell")
    }
}
