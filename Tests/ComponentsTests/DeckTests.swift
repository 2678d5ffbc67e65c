// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoSources
import Testing
import Browser
import Components
import Geometry
import Gestures
import Motion
import TestSupport
import ViewTree

@Suite struct DeckLayoutTests {
    let layout = DeckLayout(viewSize: Size(width: 800, height: 600))

    @Test func theCardRectIsInsetAsAt800By600AndScalesWithTheView() {
        #expect(layout.cardRect == Rect(x: 20, y: 100, width: 760, height: 400))
        #expect(DeckLayout(viewSize: Size(width: 1600, height: 1200)).cardRect == Rect(x: 40, y: 200, width: 1520, height: 800))
    }

    @Test func eachCardBehindIsHigherNarrowerAndFainter() {
        for depth in 0..<5 {
            let pose = layout.pose(depth: depth, drag: 0, cards: 5)
            #expect(pose.center == Point(x: 400, y: 300 - 7 * Double(depth)))
            let narrowed = pose.transform.apply(x: 100, y: 0, z: 0).x / 100
            #expect(abs(narrowed - (1 - 0.08 * Double(depth))) < 1e-9)
            #expect(abs(pose.opacity - (1 - 0.2 * Double(depth))) < 1e-9)
        }
    }

    @Test func aDragMovesAndTurnsEachCardLessTheDeeperItLies() {
        let d = 120.0
        for depth in 0..<5 {
            let pose = layout.pose(depth: depth, drag: d, cards: 5)
            let follow = 1 - Double(depth) / 5
            #expect(abs(pose.center.x - (400 + follow * d)) < 1e-9)
            let expected = follow * (d / layout.throwDistance) * 15 * Double.pi / 180
            let turned = pose.transform.apply(x: 0, y: 100, z: 0)
            #expect(abs(atan2(-turned.x, turned.y) - expected) < 1e-9, "depth \(depth)")
        }
    }
}

/// The browser showing the deck over `count` 3:2 photos.
final class DeckFixture {
    let app: BrowserFixture
    let labels = FakeLabels()
    var scene: TestScene { app.scene }
    var source: FakePhotoSource { app.source }
    var browser: PhotoBrowser { app.browser }

    init(count: Int = 10, frameRateHz: Double = 60) {
        app = BrowserFixture(count: count, frameRateHz: frameRateHz, labels: labels)
        app.browser.show(.deck)
        app.scene.frame(at: app.scene.now + 0.01)
    }

    var deck: DeckView { browser.deck }
    var layout: DeckLayout { deck.layout }

    /// The photo on the front card as drawn in the last frame (the last card drawn over the
    /// middle of the card rect).
    var frontPhoto: Int? {
        let middle = Point(x: layout.cardRect.midX, y: layout.cardRect.midY)
        guard let front = scene.recorder.last.last(where: { $0.viewName?.hasPrefix("card ") == true && $0.boundsInWindow.contains(middle) }),
              case let .image(handle, _) = front.kind else { return nil }
        return Int(handle.rawValue - 1)
    }

    func drag(by dx: Double, duration: Seconds, hold: Seconds = 0, profile: PointerScript.SpeedProfile = .constant) {
        app.drag(from: Point(x: 400, y: 300), by: Point(x: dx, y: 0), duration: duration, profile: profile, hold: hold)
    }

    func key(_ key: Key) { app.key(key) }
}

@Suite struct DeckThrowTests {
    @Test(arguments: [60.0, 144.0])
    func aDragPastTheThrowDistanceThrowsTheCardAndTheNextComesToTheFront(hz: Double) {
        let f = DeckFixture(frameRateHz: hz)
        #expect(f.frontPhoto == 0)
        f.drag(by: f.layout.throwDistance + 20, duration: 0.8, hold: 0.2, profile: .decelerating)
        f.scene.settle()
        #expect(f.deck.topIndex == 1 && f.frontPhoto == 1)
        f.drag(by: -(f.layout.throwDistance + 20), duration: 0.8, hold: 0.2, profile: .decelerating)
        f.scene.settle()
        #expect(f.deck.topIndex == 2 && f.frontPhoto == 2, "thrown the other way too")
    }
}

@Suite struct DeckMotionTests {
    @Test(arguments: [60.0, 144.0])
    func aShortSlowDragSpringsBackAndAFlickThrowsEitherWay(hz: Double) {
        let f = DeckFixture(frameRateHz: hz)
        f.drag(by: 100, duration: 0.6, hold: 0.2, profile: .decelerating)
        f.scene.settle()
        #expect(f.deck.topIndex == 0 && f.frontPhoto == 0, "short and slow: back")
        let rest = f.layout.pose(depth: 0, drag: 0, cards: 5)
        #expect(f.deck.card(atDepth: 0)?.presentation.center == rest.center)
        f.drag(by: 60, duration: 0.04)
        f.scene.settle()
        #expect(f.deck.topIndex == 1, "a fast flick to the right throws")
        f.drag(by: -60, duration: 0.04)
        f.scene.settle()
        #expect(f.deck.topIndex == 2, "and to the left")
    }

    @Test func afterAThrowTheOthersSpringBackThenStepForwardTheFrontOnesFirst() {
        let f = DeckFixture()
        f.key(.right)
        let thrownAt = f.scene.now
        // Still at their old depths while they spring back straight.
        f.scene.runFrames(until: thrownAt + DeckView.springBackDuration - 0.02)
        #expect(abs(f.deck.card(atDepth: 0)!.presentation.center.y - f.layout.pose(depth: 1, drag: 0, cards: 5).center.y) < 0.5)
        // Then forward, one after another, 0.1 s apart.
        f.scene.runFrames(until: thrownAt + DeckView.springBackDuration + 0.05)
        func moved(_ depth: Int) -> Bool {
            abs(f.deck.card(atDepth: depth)!.presentation.center.y - f.layout.pose(depth: depth + 1, drag: 0, cards: 5).center.y) > 0.01
        }
        #expect(moved(0) && !moved(1) && !moved(2), "the new front card goes first")
        f.scene.runFrames(until: thrownAt + DeckView.springBackDuration + 0.15)
        #expect(moved(1) && !moved(2))
        f.scene.settle()
        for depth in 0..<5 {
            #expect(f.deck.card(atDepth: depth)!.presentation.center == f.layout.pose(depth: depth, drag: 0, cards: 5).center)
        }
    }

    @Test func theDeckCyclesThroughTheAlbum() {
        let f = DeckFixture(count: 3)
        for expected in [1, 2, 0, 1] {
            f.key(.left)
            f.scene.settle()
            #expect(f.deck.topIndex == expected && f.frontPhoto == expected)
        }
    }

    @Test(arguments: [60.0, 144.0])
    func aDragDuringTheStepForwardCatchesTheNewFrontCardWhereItIs(hz: Double) {
        let f = DeckFixture(frameRateHz: hz)
        f.key(.right)
        f.scene.runFrames(for: DeckView.springBackDuration + 0.02)
        let card = f.deck.card(atDepth: 0)!
        let front = f.layout.pose(depth: 0, drag: 0, cards: 5).center, second = f.layout.pose(depth: 1, drag: 0, cards: 5).center
        // Pressed and moved 30 pt right, then held: the card goes with the pointer from where
        // it was caught, and stays at the height it had reached.
        let events = PointerScript.drag(from: Point(x: 400, y: 300), to: Point(x: 430, y: 300), duration: 0.05, rateHz: 120,
                                        startTime: f.scene.now + 0.001, holdBeforeRelease: 0.3)
        f.scene.play(Array(events.dropLast()))
        f.scene.frame(at: f.scene.now + 0.001)
        let caught = card.presentation.center
        #expect(abs(caught.y - second.y) > 0.5 && abs(caught.y - front.y) > 0.5, "caught mid-step: \(caught.y), between \(second.y) and \(front.y)")
        #expect(abs(caught.x - (front.x + 30)) < 0.5, "and moved with the pointer")
        f.scene.runFrames(for: 0.2)
        #expect(card.presentation.center == caught, "held where the pointer holds it")
        f.scene.play([events.last!])
        f.scene.settle()
        #expect(f.deck.topIndex == 1, "a short slow drag: it stays in front")
        #expect(card.presentation.center == f.layout.pose(depth: 0, drag: 0, cards: 5).center)
    }

    @Test func severalQuickThrowsInARowEachTakeACard() {
        let f = DeckFixture()
        for _ in 0..<4 {
            f.key(.right)
            f.scene.runFrames(for: 0.05)
        }
        f.scene.settle()
        #expect(f.deck.topIndex == 4 && f.frontPhoto == 4)
    }

    @Test func aFiveThousandPhotoAlbumKeepsAFewCardsAndAsksForAFewPictures() {
        let f = DeckFixture(count: 5_000)
        for _ in 0..<30 {
            f.key(.left)
            f.scene.runFrames(for: 0.1)
        }
        f.scene.settle()
        #expect(f.deck.topIndex == 30)
        #expect(f.deck.cardViewCount <= 2 * DeckLayout.visibleCards, "\(f.deck.cardViewCount) card views, none flying now")
        #expect(f.source.wanted.count == DeckLayout.visibleCards, "pictures for the cards in view only")
    }
}

@Suite struct DeckFlipTests {
    func click(_ f: DeckFixture) {
        f.scene.play(PointerScript.clicks(at: Point(x: 400, y: 300), startTime: f.scene.now + 0.05))
    }

    @Test(arguments: [60.0, 144.0])
    func aClickTurnsTheFrontCardOverAboveItsNeighboursAllTheWayToItsFacts(hz: Double) {
        let f = DeckFixture(frameRateHz: hz)
        let start = f.scene.recorder.frames.count
        click(f)
        f.scene.settle()
        #expect(f.deck.isTopFlipped)
        var sawFront = false, sawBack = false
        for frame in f.scene.recorder.frames[start...] {
            let cards = frame.enumerated().filter { $0.element.viewName?.hasPrefix("card") == true }
            guard let last = cards.last else { continue }
            let front = cards.filter { $0.element.viewName == "card 0" || $0.element.viewName?.hasPrefix("card back 0") == true }
            #expect(!front.isEmpty && front.last!.offset == last.offset, "the turning card is drawn last, over its neighbours")
            let showsFront = cards.contains { $0.element.viewName == "card 0" }
            let showsBack = cards.contains { $0.element.viewName == "card back 0" }
            #expect(!(showsFront && showsBack), "one face at a time")
            if showsBack { sawBack = true } else if showsFront { #expect(!sawBack, "the front only before the turn's middle"); sawFront = true }
        }
        #expect(sawFront && sawBack)
        #expect(f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "card back 0") == ["photo-0.jpg", "600 × 400 pixels", "48 KB"],
                "its facts, name first")

        click(f)
        f.scene.settle()
        #expect(!f.deck.isTopFlipped && f.frontPhoto == 0, "a click on the back turns it back")
    }

    @Test func factsStillBeingReadSayReadingThenAppear() {
        let f = DeckFixture()
        f.source.factsReading = [0]
        f.key(.space)
        f.scene.settle()
        func backText() -> [String] { f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "card back 0") }
        #expect(backText() == ["Reading…"])
        f.source.factsReading = []
        f.browser.reloadData()
        f.scene.settle()
        #expect(backText().first == "photo-0.jpg")
    }

    @Test func aLongNameOnTheBackIsCutInTheMiddleOnOneLineKeepingItsExtension() {
        let f = DeckFixture()
        let long = "holiday " + String(repeating: "in the mountains ", count: 14) + "final.jpg"
        f.source.names[0] = long
        f.key(.space)
        f.scene.settle()
        let back = f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "card back 0")
        let title = back.first ?? ""
        #expect(back.count == 3, "one line of title, then the facts: \(back)")
        #expect(title.hasPrefix("holiday") && title.hasSuffix("final.jpg") && title.contains("…"), "\(title)")
        #expect(back.dropFirst() == ["600 × 400 pixels", "48 KB"])
    }

    @Test func aFlippedCardCanBeThrownAndTheNextComesFaceUp() {
        let f = DeckFixture()
        f.key(.space)
        f.scene.settle()
        #expect(f.deck.isTopFlipped)
        f.key(.right)
        f.scene.settle()
        #expect(f.deck.topIndex == 1 && !f.deck.isTopFlipped && f.frontPhoto == 1)
    }

    @Test func aDoubleClickOpensThePagerOnTheFrontPhotoAndClosingPutsThePagersPhotoInFront() {
        let f = DeckFixture()
        f.key(.right)
        f.scene.settle()
        f.app.doubleClick(at: Point(x: 400, y: 300))
        f.scene.settle()
        #expect(f.browser.isPagerOpen && f.browser.pager.currentIndex == 1)
        #expect(!f.deck.isTopFlipped, "the double-click did not turn the card")
        _ = f.browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: f.scene.now.nanosecondStamp))
        f.scene.settle()
        _ = f.browser.handleKey(KeyEvent(key: .escape, timestampNanoseconds: f.scene.now.nanosecondStamp))
        f.scene.settle()
        #expect(!f.browser.isPagerOpen && f.deck.topIndex == 2 && f.frontPhoto == 2)
    }
}
