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

@Suite struct CullLayoutTests {
    let layout = CullLayout(viewSize: Size(width: 800, height: 600))
    let cardWidth = 600.0

    @Test func atRestTheCurrentCardIsWholeAndEachBehindIsATenthSmaller() {
        for (k, scale) in [(0, 1.0), (1, 0.9), (2, 0.8), (4, 0.6)] {
            let placed = layout.placement(ratio: CullLayout.ratio(place: k, offset: 0), cardWidth: cardWidth)
            #expect(abs(placed.scale - scale) < 1e-9 && placed.shift == 0, "card \(k) behind")
        }
        #expect(layout.placement(ratio: CullLayout.ratio(place: 11, offset: 0), cardWidth: cardWidth).scale == 0)
    }

    @Test func halfAPageTakesTheCurrentCardHalfOutAndBringsTheNextHalfUp() {
        let current = layout.placement(ratio: CullLayout.ratio(place: 0, offset: 0.5), cardWidth: cardWidth)
        #expect(abs(current.scale - 1.05) < 1e-9)
        #expect(abs(current.shift - -0.5 * (400 + 1.05 * 300)) < 1e-9)
        let next = layout.placement(ratio: CullLayout.ratio(place: 1, offset: 0.5), cardWidth: cardWidth)
        #expect(abs(next.scale - 0.95) < 1e-9 && next.shift == 0)
    }

    @Test func onePageBringsTheNextExactlyIntoPlaceAndTheCurrentJustOutOfTheView() {
        let next = layout.placement(ratio: CullLayout.ratio(place: 1, offset: 1), cardWidth: cardWidth)
        #expect(abs(next.scale - 1) < 1e-9 && abs(next.shift) < 1e-9)
        let gone = layout.placement(ratio: CullLayout.ratio(place: 0, offset: 1), cardWidth: cardWidth)
        let rightEdge = layout.cardArea.midX + gone.shift + gone.scale * cardWidth / 2
        #expect(abs(gone.scale - 1.1) < 1e-9 && abs(rightEdge) < 1e-9, "its right edge at the view's left edge")
    }

    @Test func theCardBehindGrowsWithTheLiftToFullSize() {
        let page = layout.pageDistance
        #expect(layout.scaleBehind(lift: 0) == 0.9)
        #expect(abs(layout.scaleBehind(lift: -page / 2) - 0.95) < 1e-9)
        #expect(layout.scaleBehind(lift: -3 * page) == 1)
    }
}

/// The browser showing the culling pager over an album whose Trash is a list: trashing
/// takes a photo out (the change comes back as the app's does), undo puts it back.
final class CullFixture {
    let app: BrowserFixture
    let labels = FakeLabels()
    var scene: TestScene { app.scene }
    var source: FakePhotoSource { app.source }
    var browser: PhotoBrowser { app.browser }
    /// The album's Trash, with its undo.
    let trash: FakeTrash

    init(count: Int = 10, frameRateHz: Double = 60) {
        app = BrowserFixture(count: count, frameRateHz: frameRateHz, labels: labels)
        let browser = app.browser, source = app.source
        browser.show(.cull)
        trash = FakeTrash(browser: browser, source: source)
        scene.frame(at: scene.now + 0.01)
    }

    var cull: CullView { browser.cull }
    var cardArea: Rect { CullLayout(viewSize: scene.root.bounds.size).cardArea }
    var restingCard: Rect { Rect.aspectFit(Size(width: 600, height: 400), in: cardArea) }
    var trashedIDs: [Int] { trash.trashed.map(\.id) }
    /// The photo in hand.
    var currentID: Int { source.ids[cull.currentIndex] }

    /// Where the card of photo `index` was drawn in the last frame.
    func cardRect(_ index: Int) -> Rect? {
        scene.recorder.last.first { $0.viewName == "card \(index)" }?.boundsInWindow
    }

    /// The photo drawn in front at the middle of the card area.
    var frontID: Int? {
        let middle = Point(x: cardArea.midX, y: cardArea.midY)
        guard let front = scene.recorder.last.last(where: { $0.viewName?.hasPrefix("card") == true && $0.boundsInWindow.contains(middle) }),
              case let .image(handle, _) = front.kind else { return nil }
        return Int(handle.rawValue >= 100_000 ? handle.rawValue - 100_000 : handle.rawValue - 1)
    }

    func drag(by delta: Point, duration: Seconds, hold: Seconds = 0, profile: PointerScript.SpeedProfile = .constant) {
        app.drag(from: Point(x: 400, y: 300), by: delta, duration: duration, profile: profile, hold: hold)
    }

    func key(_ key: Key, modifiers: KeyModifiers = []) { app.key(key, modifiers: modifiers) }
}

func near(_ a: Rect?, _ b: Rect, within tolerance: Double = 0.5) -> Bool {
    guard let a else { return false }
    return abs(a.midX - b.midX) <= tolerance && abs(a.midY - b.midY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

@Suite struct CullPagingTests {
    @Test(arguments: [60.0, 144.0])
    func eachDragTurnsOnePageByThe30PointRuleAndStopsAtTheEnds(hz: Double) {
        let f = CullFixture(count: 4, frameRateHz: hz)
        f.drag(by: Point(x: -40, y: 0), duration: 0.1)
        f.scene.settle()
        #expect(f.cull.currentIndex == 1, "40 pt to the left: the next")
        f.drag(by: Point(x: -20, y: 0), duration: 0.05)
        f.scene.settle()
        #expect(f.cull.currentIndex == 1, "20 pt: back")
        f.drag(by: Point(x: -700, y: 0), duration: 0.2)
        f.scene.settle()
        #expect(f.cull.currentIndex == 2, "never more than one page a drag")
        f.drag(by: Point(x: 45, y: 0), duration: 0.1)
        f.scene.settle()
        #expect(f.cull.currentIndex == 1, "to the right: the previous")
        f.drag(by: Point(x: 60, y: 0), duration: 0.1)
        f.scene.settle()
        f.drag(by: Point(x: 200, y: 0), duration: 0.1)
        f.scene.settle()
        #expect(f.cull.currentIndex == 0, "not before the first")
        for _ in 0..<5 {
            f.drag(by: Point(x: -200, y: 0), duration: 0.1)
            f.scene.settle()
        }
        #expect(f.cull.currentIndex == 3, "nor past the last")
        #expect(near(f.cardRect(3), f.restingCard), "the current card at rest in the middle")
        #expect(f.frontID == 3)
    }

    @Test func halfwayThroughADragTheCurrentCardIsOnItsWayOutAndTheNextComingUp() {
        let f = CullFixture()
        let page = CullLayout(viewSize: Size(width: 800, height: 600)).pageDistance
        // Held still half a page along.
        f.scene.play(PointerScript.drag(from: Point(x: 600, y: 300), to: Point(x: 600 - page / 2, y: 300), duration: 0.3, rateHz: 120,
                                        startTime: f.scene.now + 0.05, holdBeforeRelease: 0.3).dropLast())
        f.scene.frame(at: f.scene.now + 0.02)
        let rest = f.restingCard
        let next = f.cardRect(1)!
        #expect(abs(next.width - 0.95 * rest.width) < 0.5 && abs(next.midX - rest.midX) < 0.5)
        let leaving = f.cardRect(0)!
        #expect(abs(leaving.width - 1.05 * rest.width) < 0.5)
        #expect(abs(leaving.midX - (rest.midX - 0.5 * (400 + 1.05 * rest.width / 2))) < 0.5)
    }
}

@Suite struct CullTrashTests {
    @Test(arguments: [60.0, 144.0])
    func liftingTheCardGrowsTheOneBehindAndLettingGoShortPutsBothBack(hz: Double) {
        let f = CullFixture(frameRateHz: hz)
        let rest = f.restingCard
        let lift = 120.0
        let events = PointerScript.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 400 - lift), duration: 0.4, rateHz: 120,
                                        startTime: f.scene.now + 0.05, holdBeforeRelease: 0.2)
        f.scene.play(Array(events.dropLast()))
        f.scene.frame(at: f.scene.now + 0.02)
        let behind = f.cardRect(1)!
        let grown = f.cull.layout.scaleBehind(lift: -lift)
        #expect(abs(behind.width - grown * rest.width) < 0.5, "the next card grows with the lift: \(behind.width / rest.width) vs \(grown)")
        #expect(abs(f.cardRect(0)!.midY - (rest.midY - lift)) < 0.5, "the card follows the pointer up")

        f.scene.play([events.last!])   // lets go there: a slow, short lift
        f.scene.settle()
        #expect(f.trashedIDs.isEmpty)
        #expect(near(f.cardRect(0), rest) && near(f.cardRect(1), Rect(center: rest.center, size: Size(width: rest.width * 0.9, height: rest.height * 0.9))))
    }

    @Test(arguments: [60.0, 144.0])
    func liftedFarEnoughThePhotoGoesToTheTrashAndItsCardFliesOut(hz: Double) {
        let f = CullFixture(frameRateHz: hz)
        f.drag(by: Point(x: 0, y: -260), duration: 0.6, hold: 0.2, profile: .decelerating)
        f.scene.runFrames(for: 0.05)
        #expect(f.trashedIDs == [0])
        f.scene.settle()
        #expect(f.frontID == 1, "the next photo is in hand")
        #expect(near(f.cardRect(0), f.restingCard), "and has grown into place")
        #expect(!f.scene.recorder.last.contains { cmd in
            if case let .image(handle, _) = cmd.kind { handle == FakePhotoSource.screenHandle(of: 0) } else { false }
        }, "the trashed photo's card has flown out of sight")
    }

    @Test func theMenusMoveToTrashThrowsTheCardUpAsDeleteDoes() {
        let f = CullFixture()
        let before = f.scene.recorder.frames.count
        f.browser.perform(.trash, on: 0)
        f.scene.settle()
        #expect(f.trashedIDs == [0] && f.browser.toast.message == "photo-0.jpg moved to the Trash")
        let heights = f.scene.recorder.frames[before...].compactMap { frame in
            frame.first { cmd in
                if case let .image(handle, _) = cmd.kind { handle == FakePhotoSource.screenHandle(of: 0) } else { false }
            }?.boundsInWindow.midY
        }
        #expect(heights.contains { $0 < f.restingCard.midY - 100 }, "its card flew up: \(heights.prefix(4))…")
    }

    @Test func aQuickFlickUpTrashesEvenAShortLiftAndADownwardDragDoesNothing() {
        let f = CullFixture()
        f.drag(by: Point(x: 0, y: 300), duration: 0.1)
        f.scene.settle()
        #expect(f.trashedIDs.isEmpty && near(f.cardRect(0), f.restingCard), "down: nothing, and back in place")
        f.drag(by: Point(x: 0, y: -70), duration: 0.04)
        f.scene.settle()
        #expect(f.trashedIDs == [0])
    }

    @Test func whenTheTrashRefusesTheCardComesBackAndAMessageSaysWhy() {
        let f = CullFixture()
        f.trash.refusal = "photo-0.jpg cannot go to the Trash: the volume is read-only. It was left where it is."
        f.drag(by: Point(x: 0, y: -300), duration: 0.3)
        f.scene.settle()
        #expect(f.trashedIDs.isEmpty && f.source.photoCount == 10)
        #expect(near(f.cardRect(0), f.restingCard))
        #expect(f.browser.toast.message == "photo-0.jpg cannot go to the Trash: the volume is read-only. It was left where it is.")
    }

    @Test func deleteAndControlZGoThreeLevelsDeepAndEachPhotoComesBackToItsPlace() {
        let f = CullFixture()
        f.cull.go(to: 3, animated: false)
        f.key(.delete)
        f.scene.settle()
        f.cull.go(to: 5, animated: false)
        f.key(.delete)
        f.scene.settle()
        f.cull.go(to: 0, animated: false)
        f.key(.delete)
        f.scene.settle()
        #expect(f.trashedIDs == [3, 6, 0])
        #expect(f.source.ids == [1, 2, 4, 5, 7, 8, 9])

        for expected in [0, 6, 3] {
            f.key(.character("z"), modifiers: .control)
            f.scene.settle()
            #expect(f.currentID == expected, "the photo back is the one in hand")
            #expect(f.frontID == expected)
        }
        #expect(f.source.ids == Array(0..<10), "every photo in its place")
        f.key(.character("z"), modifiers: .control)
        #expect(f.source.ids == Array(0..<10), "nothing more to undo")
    }

    @Test func aPhotoBroughtBackDropsInFromAbove() {
        let f = CullFixture()
        f.key(.delete)
        f.scene.settle()
        let before = f.scene.recorder.frames.count
        f.key(.character("z"), modifiers: .control)
        f.scene.settle()
        let path = f.scene.recorder.frames[before...].compactMap { frame in
            frame.first { $0.viewName == "card 0" }?.boundsInWindow.midY
        }
        let rest = f.restingCard.midY
        #expect(path.first.map { $0 < rest - 100 } == true, "it comes in from above: \(path.prefix(3))")
        let falling = path.prefix { $0 < rest - 1 }
        #expect(zip(falling, falling.dropFirst()).allSatisfy { $1 > $0 }, "straight down into its place")
        #expect(near(f.cardRect(0), f.restingCard))
    }

    @Test func theUndoToastStaysItsTimeAndItsButtonUndoes() throws {
        let f = CullFixture()
        let shownAt = f.scene.now
        f.key(.delete)
        f.scene.settle()
        #expect(f.browser.toast.message == "photo-0.jpg moved to the Trash")
        f.scene.runFrames(until: shownAt + Toast.actionDuration - 0.5)
        #expect(f.browser.toast.message != nil)
        let button = try #require(f.scene.recorder.last.first { $0.viewName == "toast Undo button" }?.boundsInWindow)
        f.scene.play(PointerScript.clicks(at: Point(x: button.midX, y: button.midY), startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(f.trashedIDs.isEmpty && f.currentID == 0, "clicking Undo brought it back")
        #expect(f.browser.toast.message == nil)

        f.key(.delete)
        f.scene.settle()
        f.scene.runFrames(for: Toast.actionDuration + 0.5)
        #expect(f.browser.toast.message == nil, "gone after its time")
    }

    @Test func theCounterSaysWhereTheUserIsAndHowManyWentToTheTrash() {
        let f = CullFixture()
        f.key(.right)
        f.key(.delete)
        f.cull.trashedCount = 1
        f.scene.settle()
        #expect(f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "cull counter line") == ["2 / 9 · 1 in the Trash"])
    }

    /// A photographer culls by file name: the current photo's is shown over the counter,
    /// and follows the photo.
    @Test func theCurrentPhotosFileNameIsShownOverTheCounter() {
        let f = CullFixture()
        f.scene.settle()
        let first = f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "cull name line")
        #expect(first == [f.app.source.fileName(at: 0)], "\(first)")
        f.key(.right)
        f.scene.settle()
        #expect(f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "cull name line") == [f.app.source.fileName(at: 1)])
        let name = f.scene.recorder.last.first { $0.viewName == "cull name line 0" }?.boundsInWindow
        let counter = f.scene.recorder.last.first { $0.viewName == "cull counter line 0" }?.boundsInWindow
        if let name, let counter {
            #expect(name.maxY <= counter.minY, "over the counter: \(name) \(counter)")
        } else {
            Issue.record("name \(String(describing: name)), counter \(String(describing: counter))")
        }
    }

    @Test func aDoubleClickOpensThePagerAndClosingReturnsWithThePagersPhotoInHand() {
        let f = CullFixture()
        f.key(.right)
        f.scene.settle()
        f.app.doubleClick(at: Point(x: 400, y: 300))
        f.scene.settle()
        #expect(f.browser.isPagerOpen && f.browser.pager.currentIndex == 1)
        f.key(.right)
        f.scene.settle()
        f.key(.escape)
        f.scene.settle()
        #expect(!f.browser.isPagerOpen && f.cull.currentIndex == 2)
        #expect(near(f.cardRect(2), f.restingCard))
    }
}

@Suite struct CullAcrossViewsTests {
    /// The photo grid cell `index` shows in the last frame.
    func gridPhoto(_ f: CullFixture, _ index: Int) -> Int? {
        f.scene.recorder.last.compactMap { cmd -> Int? in
            guard cmd.viewName == "cell \(index)", case let .image(handle, _) = cmd.kind else { return nil }
            return Int(handle.rawValue - 1)
        }.first
    }

    @Test func aPhotoThrownOutLeavesTheGridTooAndComesBackToItOnUndo() {
        let f = CullFixture()
        f.key(.delete)
        f.scene.settle()
        f.key(.character("1"), modifiers: .control)
        f.scene.settle()
        #expect(gridPhoto(f, 0) == 1 && gridPhoto(f, 1) == 2, "the grid closed the gap")
        #expect(f.browser.grid.selectedIndex == 0, "the photo in hand is the one that took its place")
        f.key(.character("4"), modifiers: .control)
        f.key(.character("z"), modifiers: .control)
        f.key(.character("1"), modifiers: .control)
        f.scene.settle()
        #expect(gridPhoto(f, 0) == 0 && gridPhoto(f, 1) == 1, "back in its cell")
        #expect(f.browser.grid.selectedIndex == 0)
    }
}

@Suite struct EscapeOrderTests {
    @Test func escClosesTheMessageFirstThenThePagerAndNeverReportsItselfUnhandledWhileSomethingIsOpen() {
        let f = CullFixture()
        f.key(.delete)
        f.scene.settle()
        f.app.doubleClick(at: Point(x: 400, y: 300))
        f.scene.settle()
        #expect(f.browser.isPagerOpen && f.browser.toast.message != nil)
        f.key(.escape)
        f.scene.settle()
        #expect(f.browser.toast.message == nil && f.browser.isPagerOpen, "the message went first")
        f.key(.escape)
        f.scene.settle()
        #expect(!f.browser.isPagerOpen, "then the pager")
        let handled = f.browser.handleKey(KeyEvent(key: .escape, timestampNanoseconds: f.scene.now.nanosecondStamp))
        #expect(!handled, "nothing left open in the view: the window's own (full screen) is next")
    }
}
