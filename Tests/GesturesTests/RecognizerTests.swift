// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry
import Gestures
import Motion
import ViewTree
import TestSupport

/// A scene with one 400×400 view in the middle, and a log of recognizer callbacks.
final class GestureFixture {
    let scene: TestScene
    let target = View(frame: Rect(x: 200, y: 100, width: 400, height: 400))
    var log: [String] = []

    init(hz: Double = 60) {
        scene = TestScene(frameRateHz: hz)
        target.name = "target"
        scene.root.addSubview(target)
    }

    @discardableResult
    func tap(_ name: String, taps: Int = 1, on view: View? = nil) -> TapGestureRecognizer {
        let tap = TapGestureRecognizer(numberOfTaps: taps) { [unowned self] r in log.append("\(name) \(r.state)") }
        scene.arena.add(tap, to: view ?? target)
        return tap
    }

    @discardableResult
    func pan(_ name: String, axis: PanGestureRecognizer.Axis = .free, on view: View? = nil) -> PanGestureRecognizer {
        let pan = PanGestureRecognizer(axis: axis) { [unowned self] r in log.append("\(name) \(r.state)") }
        scene.arena.add(pan, to: view ?? target)
        return pan
    }

    /// Log entries with the repeated `changed` collapsed, for readable expectations.
    var summary: [String] {
        log.reduce(into: []) { out, entry in if out.last != entry { out.append(entry) } }
    }
}

let middle = Point(x: 400, y: 300)

@Suite struct TapTests {
    @Test func aClickIsATap() {
        let f = GestureFixture()
        f.tap("tap")
        f.scene.play(PointerScript.clicks(at: middle, startTime: 1))
        #expect(f.log == ["tap recognized"])
    }

    @Test func aPressThatWandersIsNotATap() {
        let f = GestureFixture()
        f.tap("tap")
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 30, y: 0), duration: 0.2, rateHz: 60, startTime: 1))
        f.scene.settle()
        #expect(f.log.isEmpty)
    }

    @Test func twoQuickClicksAreADoubleTapAndTheSingleTapNeverFires() {
        let f = GestureFixture()
        let double = f.tap("double", taps: 2)
        f.tap("single").require(toFail: double)
        f.scene.play(PointerScript.clicks(at: middle, count: 2, startTime: 1))
        f.scene.settle()
        #expect(f.log == ["double recognized"])
    }

    @Test func aSingleClickWaitsForTheDoubleClickIntervalThenFires() {
        // Given a single tap that requires the double tap to fail
        let f = GestureFixture()
        let double = f.tap("double", taps: 2)
        f.tap("single").require(toFail: double)
        // When one click is made
        f.scene.play(PointerScript.clicks(at: middle, startTime: 1))
        // Then nothing fires within the interval, and the single tap fires after it
        f.scene.runFrames(for: TapGestureRecognizer.multiTapInterval - 0.05)
        #expect(f.log.isEmpty)
        #expect(f.scene.arena.nextDeadline != nil)
        f.scene.runFrames(for: 0.1)
        #expect(f.log == ["single recognized"])
        #expect(!f.scene.arena.isTracking)
    }

    @Test func aSecondClickTooLateIsTwoSingleClicks() {
        let f = GestureFixture()
        let double = f.tap("double", taps: 2)
        f.tap("single").require(toFail: double)
        f.scene.play(PointerScript.clicks(at: middle, count: 2, startTime: 1, interval: TapGestureRecognizer.multiTapInterval + 0.2))
        f.scene.settle()
        #expect(f.log == ["single recognized", "single recognized"])
    }

    @Test func aSecondClickFarAwayIsNotADoubleClick() {
        let f = GestureFixture()
        f.tap("double", taps: 2)
        f.scene.play(PointerScript.clicks(at: middle, startTime: 1) + PointerScript.clicks(at: middle + Point(x: 100, y: 0), startTime: 1.15))
        f.scene.settle()
        #expect(f.log.isEmpty)
    }

    @Test func otherButtonsDoNotTap() {
        let f = GestureFixture()
        f.tap("tap")
        f.scene.play(PointerScript.clicks(at: middle, startTime: 1, button: .secondary))
        f.scene.settle()
        #expect(f.log.isEmpty)
    }
}

@Suite struct PanTests {
    @Test func smallMovementsStayBelowTheThreshold() {
        let f = GestureFixture()
        f.pan("pan")
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 3, y: 2), duration: 0.1, rateHz: 60, startTime: 1))
        #expect(f.log.isEmpty)
    }

    @Test func aDragPastTheThresholdBeginsChangesAndEndsWithTheFullTranslation() {
        let f = GestureFixture()
        let pan = f.pan("pan")
        var translations: [Point] = []
        let observer = PanGestureRecognizer { translations.append($0.translationInWindow) }
        observer.recognizeSimultaneously(with: pan)
        f.scene.arena.add(observer, to: f.target)
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 120, y: -40), duration: 0.25, rateHz: 60, startTime: 1))
        #expect(f.summary == ["pan began", "pan changed", "pan ended"])
        #expect(pan.translationInWindow == Point(x: 120, y: -40))
        #expect(translations.last == Point(x: 120, y: -40))
    }

    @Test(arguments: [60.0, 144.0])
    func releaseVelocityIsTheDragSpeedAtAnyEventRate(hz: Double) {
        let f = GestureFixture(hz: hz)
        let pan = f.pan("pan")
        var velocityAtEnd = Point.zero
        let reader = PanGestureRecognizer { if $0.state == .ended { velocityAtEnd = $0.velocityInWindow } }
        reader.recognizeSimultaneously(with: pan)
        f.scene.arena.add(reader, to: f.target)
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 300, y: 0), duration: 0.2, rateHz: hz, startTime: 1))
        #expect(abs(velocityAtEnd.x - 1500) < 1 && abs(velocityAtEnd.y) < 1e-6)
        #expect(pan.state == .possible)
    }

    @Test func aDragPastTheThresholdCancelsAPendingTap() {
        let f = GestureFixture()
        f.tap("tap")
        f.pan("pan")
        // 8 pt: past the pan's threshold, within the tap's allowance, so only arbitration stops the tap.
        #expect(8 > PanGestureRecognizer.defaultMinimumDistance && 8 < TapGestureRecognizer.allowableMovement)
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 8, y: 0), duration: 0.2, rateHz: 60, startTime: 1))
        f.scene.settle()
        #expect(!f.log.contains("tap recognized") && f.summary.first == "pan began")
    }

    @Test func aHorizontalPanFailsOnAVerticalDragAndLetsAnotherHaveIt() {
        let f = GestureFixture()
        f.pan("horizontal", axis: .horizontal)
        f.pan("vertical", axis: .vertical)
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 4, y: 80), duration: 0.2, rateHz: 60, startTime: 1))
        #expect(f.summary == ["vertical began", "vertical changed", "vertical ended"])
    }

    @Test func theViewUnderThePointerIsAskedBeforeItsAncestors() {
        let f = GestureFixture()
        let child = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        f.target.addSubview(child)
        f.pan("outer")
        f.pan("inner", on: child)
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 50, y: 0), duration: 0.1, rateHz: 60, startTime: 1))
        #expect(f.summary.first == "inner began" && !f.log.contains("outer began"))
        f.log = []
        // Outside the child, only the outer pan competes.
        f.scene.play(PointerScript.drag(from: Point(x: 220, y: 120), to: Point(x: 300, y: 120), duration: 0.1, rateHz: 60, startTime: 2))
        #expect(f.summary.first == "outer began")
    }

    @Test func simultaneousRecognizersBothRun() {
        let f = GestureFixture()
        f.pan("a").recognizeSimultaneously(with: f.pan("b"))
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 50, y: 0), duration: 0.1, rateHz: 60, startTime: 1))
        #expect(f.log.contains("a ended") && f.log.contains("b ended"))
    }

    @Test func disablingAPanMidDragCancelsItAndItHearsNoMore() {
        let f = GestureFixture()
        let pan = f.pan("pan")
        let events = PointerScript.drag(from: middle, to: middle + Point(x: 200, y: 0), duration: 0.3, rateHz: 60, startTime: 1)
        f.scene.play(Array(events.prefix(8)))
        #expect(pan.state == .changed)
        pan.isEnabled = false
        #expect(f.log.last == "pan cancelled")
        f.scene.play(Array(events.dropFirst(8)))
        #expect(f.log.last == "pan cancelled" && !f.scene.arena.isTracking)
        // Enabled again, it works on the next drag.
        pan.isEnabled = true
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 50, y: 0), duration: 0.1, rateHz: 60, startTime: 3))
        #expect(f.log.last == "pan ended")
    }

    @Test func aCancelledPointerSequenceCancelsTheDrag() {
        let f = GestureFixture()
        f.pan("pan")
        let events = PointerScript.drag(from: middle, to: middle + Point(x: 200, y: 0), duration: 0.3, rateHz: 60, startTime: 1)
        f.scene.play(Array(events.prefix(8)))
        f.scene.arena.handle(PointerEvent(phase: .cancelled, locationInWindow: middle, timestampNanoseconds: 2_000_000_000))
        #expect(f.log.last == "pan cancelled" && !f.scene.arena.isTracking)
    }
}

@Suite struct LongPressTests {
    @Test func aPressHeldStillBeginsAfterTheMinimumDurationAndBeatsTheTap() {
        let f = GestureFixture()
        f.tap("tap")
        let press = LongPressGestureRecognizer { [unowned f] r in f.log.append("press \(r.state)") }
        f.scene.arena.add(press, to: f.target)
        f.scene.arena.handle(PointerEvent(phase: .down, locationInWindow: middle, timestampNanoseconds: Seconds(1).nanosecondStamp))
        f.scene.runFrames(until: 1 + LongPressGestureRecognizer.defaultMinimumDuration - 0.05)
        #expect(f.log.isEmpty)
        f.scene.runFrames(for: 0.1)
        #expect(f.log == ["press began"])
        f.scene.arena.handle(PointerEvent(phase: .up, locationInWindow: middle, timestampNanoseconds: Seconds(2).nanosecondStamp))
        #expect(f.log == ["press began", "press ended"])
    }

    @Test func movingBeforeTheDurationFailsThePress() {
        let f = GestureFixture()
        let press = LongPressGestureRecognizer { [unowned f] r in f.log.append("press \(r.state)") }
        f.scene.arena.add(press, to: f.target)
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 40, y: 0), duration: 0.2, rateHz: 60, startTime: 1, holdBeforeRelease: 1))
        #expect(f.log.isEmpty)
    }
}

@Suite struct PanReleaseTests {
    /// The press, moves every 1/60 s along x, and a release `releaseDelay` after the last
    /// move at `releaseX`.
    func velocityAtRelease(moves: [Double], releaseX: Double, releaseDelay: Seconds) -> Point {
        let fixture = GestureFixture()
        var events = [PointerEvent(phase: .down, locationInWindow: middle, timestampNanoseconds: Seconds(1).nanosecondStamp)]
        for (index, x) in moves.enumerated() {
            events.append(PointerEvent(phase: .moved, locationInWindow: middle + Point(x: x, y: 0),
                                       timestampNanoseconds: (1 + Double(index + 1) / 60).nanosecondStamp))
        }
        let lastMove = 1 + Double(moves.count) / 60
        events.append(PointerEvent(phase: .up, locationInWindow: middle + Point(x: releaseX, y: 0),
                                   timestampNanoseconds: (lastMove + releaseDelay).nanosecondStamp))
        var atRelease = Point.zero
        fixture.scene.arena.add(PanGestureRecognizer { if $0.state == .ended { atRelease = $0.velocityInWindow } }, to: fixture.target)
        fixture.scene.play(events)
        return atRelease
    }

    @Test func theReleaseIsAVelocitySample() {
        // The pointer moved 20 pt between the last motion event and the release, 10 ms later:
        // the motion went on to the release; it did not stop at the last motion event.
        let moves = (1...6).map { Double($0) * 20 }
        let withRelease = velocityAtRelease(moves: moves, releaseX: 140, releaseDelay: 0.010)
        let atRest = velocityAtRelease(moves: moves, releaseX: 120, releaseDelay: 0.010)
        #expect(withRelease.x > atRest.x + 100, "\(withRelease) vs \(atRest)")
    }
}


/// Which recognizers may succeed together is decided per pair.
@Suite struct ArbitrationTests {
    @Test func aClickPairedWithADoubleClickFiresAtOnceAndBothFireOnTheSecondClick() {
        let f = GestureFixture()
        let single = f.tap("single")
        let double = f.tap("double", taps: 2)
        single.recognizeSimultaneously(with: double)
        f.scene.play(PointerScript.clicks(at: middle, count: 2, startTime: 1))
        f.scene.settle()
        #expect(f.log == ["single recognized", "double recognized"])
    }

    @Test func aClickOnAButtonIsNotAlsoAClickOnTheViewBehindItThoughThatClickHasAPartner() {
        // Given a view whose click runs beside its double-click, and a button inside it
        let f = GestureFixture()
        let single = f.tap("view click")
        single.recognizeSimultaneously(with: f.tap("view double", taps: 2))
        let button = View(frame: Rect(x: 10, y: 10, width: 80, height: 30))
        f.target.addSubview(button)
        f.tap("button", on: button)
        // When the button is clicked
        f.scene.play(PointerScript.clicks(at: Point(x: 250, y: 125), startTime: 1))
        f.scene.settle()
        // Then only the button hears it; beside the button the view's click still works
        #expect(f.log == ["button recognized"])
        f.log = []
        f.scene.play(PointerScript.clicks(at: middle, startTime: 3))
        f.scene.settle()
        #expect(f.log == ["view click recognized"])
    }

    @Test func aPressedLookRunsBesideEveryOtherGesture() {
        let f = GestureFixture()
        let press = PressGestureRecognizer { [unowned f] r in f.log.append("press \(r.state)") }
        f.scene.arena.add(press, to: f.target)
        f.pan("pan")
        f.scene.play(PointerScript.drag(from: middle, to: middle + Point(x: 60, y: 0), duration: 0.1, rateHz: 60, startTime: 1))
        #expect(f.summary.contains("press began") && f.summary.contains("pan began") && f.summary.contains("pan ended"))
    }
}
