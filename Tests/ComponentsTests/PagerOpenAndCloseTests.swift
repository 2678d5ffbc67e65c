// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Browser
import Components
import PhotoSources
import Geometry
import Gestures
import Motion
import TestSupport
import ViewTree

@Suite struct PagerOpenAndCloseTests {
    @Test func aDoubleClickFliesThePhotoFromItsCellToFitTheWindow() {
        let app = BrowserFixture()
        let cell = app.cellFrameInWindow(5)
        app.doubleClick(5)
        #expect(app.pager.phase == .opening)
        app.scene.frame(at: app.scene.now)
        let first = app.photoRect(5)
        #expect(close(first, cell, within: 0.5), "starts at the cell: \(String(describing: first))")
        app.scene.settle()
        #expect(app.pager.phase == .open && app.pager.currentIndex == 5)
        #expect(close(app.photoRect(5), app.fitted))
        let backdrop = app.scene.recorder.commands(ofView: "backdrop").first
        #expect(backdrop?.kind == .fill(.black) && backdrop?.opacity == 1)
        // Sizes grow steadily: a flight, not a jump.
        let widths = app.scene.recorder.trajectory(ofView: "photo 5").map(\.width)
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $1 >= $0 - 0.5 })
        #expect(widths.count > 5)
    }

    @Test func theFlightEndsQuickly() {
        let app = BrowserFixture()
        app.doubleClick(5)
        app.scene.runFrames(for: 0.45)
        #expect(close(app.photoRect(5), app.fitted, within: 2))
    }

    @Test func theCellIsHiddenWhileItsPhotoIsOutAndShownAgainAfter() {
        let app = BrowserFixture()
        app.open(5)
        #expect(app.grid.visibleCell(at: 5)?.opacity == 0)
        app.key(.escape)
        app.scene.settle()
        #expect(app.grid.visibleCell(at: 5)?.opacity == 1)
        #expect(app.pager.superview == nil)
        #expect(app.scene.recorder.commands(ofView: "photo 5").isEmpty, "no copy left behind")
    }

    @Test func closingFliesTheCurrentPhotoToItsOwnCell() {
        let app = BrowserFixture()
        app.open(5)
        app.key(.right)
        app.key(.right)
        app.scene.settle()
        #expect(app.pager.currentIndex == 7)
        #expect(app.grid.selectedIndex == 7, "the grid follows the pager")
        app.key(.escape)
        app.scene.runFrames(for: 0.1)
        #expect(app.pager.phase == .closing)
        app.scene.settle()
        let landed = app.scene.recorder.frames.reversed().lazy.compactMap { $0.first { $0.viewName == "photo 7" }?.boundsInWindow }.first
        #expect(close(landed, app.cellFrameInWindow(7), within: 1))
        #expect(app.pager.phase == .closed)
    }

    @Test func anOffScreenCellIsScrolledIntoViewBeforeTheFlight() {
        let app = BrowserFixture(count: 400)
        app.open(0)
        app.key(.end)
        app.scene.settle()
        #expect(app.pager.currentIndex == 399)
        app.key(.escape)
        // The grid jumped at once: already at its final place in the first frame.
        let offsetAtStart = app.grid.presentation.bounds.minY
        #expect(app.grid.layout.frame(of: 399).maxY <= offsetAtStart + 600)
        app.scene.settle()
        #expect(app.grid.presentation.bounds.minY == offsetAtStart)
        #expect(app.grid.visibleIndices.contains(399))
        let landed = app.scene.recorder.frames.reversed().lazy.compactMap { $0.first { $0.viewName == "photo 399" }?.boundsInWindow }.first
        #expect(close(landed, app.cellFrameInWindow(399), within: 1))
    }

    @Test func aSingleClickClosesOnlyAfterTheDoubleClickInterval() {
        let app = BrowserFixture()
        app.open(5)
        app.scene.play(PointerScript.clicks(at: Point(x: 400, y: 300), startTime: app.scene.now + 0.05))
        app.scene.runFrames(for: 0.2)
        #expect(app.pager.phase == .open, "a second click may still come")
        app.scene.runFrames(for: 0.3)
        #expect(app.pager.phase == .closing)
    }

    @Test func aDoubleClickInThePagerZoomsInsteadOfClosing() {
        let app = BrowserFixture()
        app.open(5)
        app.scene.play(PointerScript.clicks(at: Point(x: 400, y: 300), count: 2, startTime: app.scene.now + 0.05))
        app.scene.settle()
        #expect(app.pager.phase == .open)
        #expect(abs(app.pager.zoomScale - FullScreenPager.doubleClickZoom) < 0.01)
    }

    @Test func escDuringTheOpeningFlightTurnsItRoundWithoutAJump() {
        let app = BrowserFixture()
        app.doubleClick(5)
        app.scene.runFrames(for: 0.08)
        let before = steps(app.scene.recorder.trajectory(ofView: "photo 5"))
        app.key(.escape)
        app.scene.settle()
        let path = app.scene.recorder.trajectory(ofView: "photo 5")
        let after = steps(Array(path.suffix(path.count - before.count)))
        // The turn carries the photo's speed into the way back: no frame moves it further
        // than the fastest frame before the turn.
        #expect(after.max()! <= before.max()! * 1.05, "before \(before.max()!), after \(after.max()!)")
        #expect(close(path.last, app.cellFrameInWindow(5), within: 1))
        #expect(app.pager.superview == nil)
    }

    @Test func doubleClickingTheCellWhileItsPhotoFliesHomeReopensFromWhereItIs() {
        let app = BrowserFixture()
        app.open(5)
        app.key(.escape)
        app.scene.runFrames(for: 0.06)
        let before = steps(app.scene.recorder.trajectory(ofView: "photo 5").suffix(4))
        app.browser.openPhoto(5)
        app.scene.runFrames(for: 0.1)
        let after = steps(app.scene.recorder.trajectory(ofView: "photo 5").suffix(7))
        #expect(after.max()! <= before.max()! * 1.05, "before \(before), after \(after)")
        app.scene.settle()
        #expect(app.pager.phase == .open)
        #expect(close(app.photoRect(5), app.fitted))
    }

    @Test func openingAnotherPhotoWhileOneFliesHomeLandsTheFirst() {
        let app = BrowserFixture()
        app.open(5)
        app.key(.escape)
        app.scene.runFrames(for: 0.06)
        app.browser.openPhoto(2)
        app.scene.settle()
        #expect(app.pager.currentIndex == 2 && app.pager.phase == .open)
        #expect(app.grid.visibleCell(at: 5)?.opacity == 1)
        #expect(app.scene.recorder.commands(ofView: "photo 5").isEmpty)
    }

    @Test func aResizeDuringTheOpeningFlightLandsAtTheNewFit() {
        let app = BrowserFixture()
        app.doubleClick(5)
        app.scene.runFrames(for: 0.1)
        app.browser.frame = Rect(x: 0, y: 0, width: 1000, height: 500)
        app.scene.settle()
        #expect(close(app.photoRect(5), Rect.aspectFit(Size(width: 600, height: 400), in: Rect(x: 0, y: 0, width: 1000, height: 500))))
        #expect(app.pager.presentedOffset == 5 * app.pager.pageWidth)
    }
}

@Suite struct PagerDismissDragTests {
    @Test func aLongDragDownCloses() {
        let app = BrowserFixture()
        app.open(5)
        app.drag(from: Point(x: 400, y: 300), by: Point(x: 0, y: 200), duration: 0.4, profile: .decelerating, hold: 0.1)
        #expect(app.pager.phase == .closing)
        app.scene.settle()
        #expect(app.pager.phase == .closed)
    }

    @Test func thePhotoShrinksAndTheBackdropFadesWithTheDrag() {
        let app = BrowserFixture()
        app.open(5)
        let start = Point(x: 400, y: 300)
        var events = PointerScript.drag(from: start, to: start + Point(x: 0, y: 150), duration: 0.3, rateHz: 120, startTime: app.scene.now + 0.05)
        events.removeLast()
        app.scene.play(events)
        app.scene.runFrames(for: 1.0 / 60)
        let photo = app.photoRect(5)!
        #expect(photo.width < app.fitted.width * 0.9)
        #expect(abs(photo.midY - (app.fitted.midY + 150)) < 1, "the photo follows the pointer")
        #expect(app.scene.recorder.commands(ofView: "backdrop").first!.opacity < 0.6)
    }

    @Test func aShortSlowDragDownSpringsBack() {
        let app = BrowserFixture()
        app.open(5)
        app.drag(from: Point(x: 400, y: 300), by: Point(x: 0, y: 60), duration: 0.4, profile: .decelerating, hold: 0.1)
        app.scene.settle()
        #expect(app.pager.phase == .open)
        #expect(close(app.photoRect(5), app.fitted))
    }

    @Test func aShortFastFlickDownCloses() {
        let app = BrowserFixture()
        app.open(5)
        app.drag(from: Point(x: 400, y: 300), by: Point(x: 0, y: 60), duration: 0.06)
        #expect(app.pager.phase == .closing)
    }
}
