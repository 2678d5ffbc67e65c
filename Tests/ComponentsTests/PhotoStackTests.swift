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

/// A pile of `count` photos with predictable angles: photo i lies at one of −3…3 degrees.
final class StackFixture {
    let scene: TestScene
    let source: FakePhotoSource
    let stack: PhotoStackView
    var flicks: [(Int, Int)] = []
    var reveals: [Int] = []
    var drags: [Int] = []
    var selections: [Int] = []
    private var nextAngle = 0

    init(count: Int = 12, frameRateHz: Double = 60, size: Size = Size(width: 800, height: 600)) {
        scene = TestScene(size: size, frameRateHz: frameRateHz)
        source = FakePhotoSource(count: count)
        stack = PhotoStackView(context: ComponentContext(animator: scene.animator, arena: scene.arena, labels: FakeLabels()))
        stack.randomAngle = { [unowned self] range in
            nextAngle += 1
            return range.lowerBound + (nextAngle * 5) % (range.count)
        }
        stack.frame = scene.root.bounds
        scene.root.addSubview(stack)
        stack.source = source
        stack.onWillFlickAway = { [unowned self] in flicks.append(($0, $1)) }
        stack.onDidReveal = { [unowned self] in reveals.append($0) }
        stack.onWillBeginDragging = { [unowned self] in drags.append($0) }
        stack.onDidSelect = { [unowned self] in selections.append($0) }
        scene.frame(at: 0)
    }

    var center: Point { Point(x: scene.root.bounds.midX, y: scene.root.bounds.midY) }

    func press(_ key: Key) {
        let event = KeyEvent(key: key, timestampNanoseconds: scene.now.nanosecondStamp)
        if let action = Command.lookUp(event, in: stack.isShowingAll ? .spread : .view(.stack))?.action, case let .view(viewAction) = action {
            _ = stack.perform(viewAction, key: event)
        }
    }

    func click(at point: Point) {
        scene.play(PointerScript.clicks(at: point, startTime: scene.now + 0.05))
    }

    func angles() -> [Int] { (0..<source.photoCount).map { stack.angle(ofPhoto: $0) } }

    func drag(by delta: Point, duration: Seconds, profile: PointerScript.SpeedProfile = .constant, hold: Seconds = 0) {
        scene.play(PointerScript.drag(from: center, to: center + delta, duration: duration, rateHz: 120, startTime: scene.now + 0.05,
                                      profile: profile, holdBeforeRelease: hold))
    }

    /// The window rectangle of the top photo's frame as drawn last.
    func frameRect(_ index: Int) -> Rect? { scene.recorder.commands(ofView: "pile \(index)").first?.boundsInWindow }
}

@Suite struct PhotoStackTests {
    @Test func theTopPhotoLiesStraightAndTheOthersAtSmallWholeDegreeAngles() {
        let app = StackFixture()
        #expect(app.stack.topIndex == 0)
        let angles = app.angles()
        #expect(angles[0] == 0)
        #expect(angles.dropFirst().allSatisfy { abs($0) <= PhotoStackView.defaultRotationOffset })
        #expect(Set(angles.dropFirst()).count > 1, "not all the same")
        // The top photo is drawn last, on top.
        let frames = app.scene.recorder.last.filter { $0.viewName?.hasPrefix("pile ") == true && !$0.viewName!.contains(" photo") && !$0.viewName!.contains("tint") }
        #expect(frames.last?.viewName == "pile 0")
    }

    @Test func aFastFlickSendsTheTopPhotoUnderThePileAndStraightensTheNext() {
        let app = StackFixture()
        let before = app.angles()
        app.drag(by: Point(x: 150, y: 0), duration: 0.1)
        #expect(app.flicks.count == 1 && app.flicks[0] == (0, 1))
        #expect(app.drags == [0])
        app.scene.settle()
        #expect(app.stack.topIndex == 1)
        #expect(app.reveals == [1])
        let after = app.angles()
        #expect(after[1] == 0, "the new top is straight")
        #expect(after[0] != 0 && after[0] != before[0], "the flicked photo took a new angle: \(before[0]) → \(after[0])")
        #expect(Array(after[2...]) == Array(before[2...]), "the others kept theirs")
    }

    @Test func theFlickedPhotoIsDrawnUnderThePileAgain() {
        // Few enough photos that the whole pile is drawn, the flicked one at the bottom.
        let app = StackFixture(count: 4)
        app.drag(by: Point(x: 150, y: 0), duration: 0.1)
        app.scene.settle()
        let order = app.scene.recorder.last.compactMap { $0.viewName }.filter { $0.hasPrefix("pile ") && !$0.contains("photo") && !$0.contains("tint") }
        #expect(order == ["pile 0", "pile 3", "pile 2", "pile 1"], "back to front: \(order)")
        let rect = app.frameRect(0)
        #expect(rect.map { abs($0.midX - 400) < 40 && abs($0.midY - 300) < 40 } == true, "under the pile, at the centre: \(String(describing: rect))")
    }

    @Test func theFlickedPhotoFliesOffTheWayItWasThrown() {
        let app = StackFixture()
        app.drag(by: Point(x: -150, y: -100), duration: 0.1)
        let released = app.frameRect(0)!
        // Sampled in flight, before it leaves the view: up and to the left of the release.
        app.scene.runFrames(for: 0.05)
        let inFlight = app.frameRect(0)!
        #expect(inFlight.midX < released.midX - 20 && inFlight.midY < released.midY - 10,
                "thrown up-left: \(released.center) → \(inFlight.center)")
        app.scene.runFrames(for: 0.05)
        let later = app.frameRect(0)
        #expect(later.map { $0.midX < inFlight.midX } ?? true, "still going left")
        app.scene.settle()
        #expect(app.stack.topIndex == 1)
    }

    /// A busy loop reads the end of a drag late: the last moves and the release arrive
    /// together, each stamped with when it happened (the X server's time).
    @Test(arguments: [0.03, 0.08])
    func aFastDragReadLateStillFlicks(lateness: Seconds) {
        let app = StackFixture()
        let events = PointerScript.drag(from: app.center, to: app.center + Point(x: 150, y: 0), duration: 0.1, rateHz: 120, startTime: 0.05)
        app.scene.play(events, lastReadTogether: 4, lateBy: lateness)
        #expect(app.flicks.count == 1)
        app.scene.settle()
        #expect(app.stack.topIndex == 1)
    }

    @Test(arguments: [0.03, 0.08])
    func aSlowDragReadLateDoesNotFlick(lateness: Seconds) {
        let app = StackFixture()
        let events = PointerScript.drag(from: app.center, to: app.center + Point(x: 60, y: 0), duration: 0.6, rateHz: 120, startTime: 0.05)
        app.scene.play(events, lastReadTogether: 4, lateBy: lateness)
        #expect(app.flicks.isEmpty)
        app.scene.settle()
        #expect(app.stack.topIndex == 0)
    }

    @Test func aSlowReleaseReturnsThePhotoToTheCentre() {
        let app = StackFixture()
        app.drag(by: Point(x: 150, y: 40), duration: 0.6, profile: .decelerating, hold: 0.1)
        #expect(app.flicks.isEmpty)
        app.scene.settle()
        #expect(app.stack.topIndex == 0)
        let rect = app.frameRect(0)!
        #expect(abs(rect.midX - 400) < 0.5 && abs(rect.midY - 300) < 0.5)
    }

    @Test func theDraggedPhotoFollowsThePointer() {
        let app = StackFixture()
        var events = PointerScript.drag(from: app.center, to: app.center + Point(x: 120, y: 30), duration: 0.3, rateHz: 120, startTime: 0.05)
        events.removeLast()
        app.scene.play(events)
        app.scene.runFrames(for: 1.0 / 60)
        let rect = app.frameRect(0)!
        #expect(abs(rect.midX - 520) < 0.5 && abs(rect.midY - 330) < 0.5)
    }

    @Test func flickingTheLastPhotoWrapsToTheFirst() {
        let app = StackFixture(count: 3)
        app.stack.goTo(2)
        app.drag(by: Point(x: 150, y: 0), duration: 0.1)
        #expect(app.flicks.last! == (2, 0))
        app.scene.settle()
        #expect(app.stack.topIndex == 0)
    }

    @Test func goToPutsThePhotoOnTopWithTheOnesBeforeItAtTheBottomInOrder() {
        let app = StackFixture()
        app.stack.goTo(4)
        app.scene.runFrames(for: 0.02)
        #expect(app.stack.topIndex == 4)
        let order = app.stack.topFrames.compactMap(\.name)
        #expect(order == (4..<12).map { "pile \($0)" } + ["pile 0", "pile 1"])
    }

    @Test func pressingTintsTheTopPhotoUntilRelease() {
        let app = StackFixture()
        app.scene.play([PointerEvent(phase: .down, locationInWindow: app.center, timestampNanoseconds: Seconds(0.1).nanosecondStamp)])
        app.scene.runFrames(for: 0.02)
        let tint = app.scene.recorder.commands(ofView: "pile tint 0").first
        #expect(tint?.kind == .fill(PhotoStackView.pressTint))
        app.scene.play([PointerEvent(phase: .up, locationInWindow: app.center, timestampNanoseconds: Seconds(0.2).nanosecondStamp)])
        app.scene.runFrames(for: 0.02)
        #expect(app.scene.recorder.commands(ofView: "pile tint 0").isEmpty)
        #expect(app.selections == [0], "a click on the top photo selects it")
    }

    @Test func reloadingKeepsTheAngles() {
        let app = StackFixture()
        let before = app.angles()
        app.source.photoCount = 14
        app.stack.reloadData()
        app.scene.runFrames(for: 0.02)
        #expect(Array(app.angles().prefix(12)) == before)
    }

    @Test func aBigAlbumKeepsABoundedNumberOfViews() {
        let app = StackFixture(count: 5_000)
        for _ in 0..<30 {
            app.drag(by: Point(x: 150, y: 0), duration: 0.1)
            app.scene.settle()
        }
        #expect(app.stack.topIndex == 30)
        #expect(app.stack.subviews.count <= PhotoStackView.realFrameCount + 1)
    }

    @Test(arguments: [60.0, 144.0])
    func theSameDragsEndTheSameAtAnyFrameRate(hz: Double) {
        let app = StackFixture(frameRateHz: hz)
        app.drag(by: Point(x: 150, y: 0), duration: 0.1)
        app.scene.settle()
        app.drag(by: Point(x: 100, y: 0), duration: 0.6, profile: .decelerating, hold: 0.1)
        app.scene.settle()
        app.drag(by: Point(x: -200, y: 50), duration: 0.12)
        app.scene.settle()
        #expect(app.stack.topIndex == 2)
        #expect(app.flicks.map(\.0) == [0, 1])
        let rect = app.frameRect(2)!
        #expect(abs(rect.midX - 400) < 0.5 && abs(rect.midY - 300) < 0.5)
    }
}

@Suite struct StackAndPagerTests {
    @Test func aDoubleClickOnTheTopPhotoOpensThePagerAndClosingPutsTheCurrentPhotoOnTop() {
        let scene = TestScene(size: Size(width: 800, height: 600))
        let source = FakePhotoSource(count: 12)
        let browser = PhotoBrowser(context: ComponentContext(animator: scene.animator, arena: scene.arena))
        browser.frame = scene.root.bounds
        scene.root.addSubview(browser)
        browser.source = source
        browser.show(.stack)
        scene.frame(at: 0)
        scene.play(PointerScript.clicks(at: Point(x: 400, y: 300), count: 2, startTime: 0.1))
        scene.settle()
        #expect(browser.pager.phase == .open && browser.pager.currentIndex == 0)
        _ = browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: scene.now.nanosecondStamp))
        _ = browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: scene.now.nanosecondStamp))
        scene.settle()
        _ = browser.handleKey(KeyEvent(key: .escape, timestampNanoseconds: scene.now.nanosecondStamp))
        scene.settle()
        #expect(browser.pager.phase == .closed)
        #expect(browser.stack.topIndex == 2, "the pile has the photo the pager ended on on top")
    }
}

/// A photo that cannot be shown says why in the pile and in the spread, as in every view.
@Suite struct PileFailureTests {
    @Test func aPhotoThatCannotBeShownSaysWhyOnItsPrintAndInTheSpread() throws {
        let f = StackFixture(count: 6)
        f.source.failing = [0]
        f.stack.reloadData()
        f.scene.settle()
        let labels = try #require(f.stack.context.labels as? FakeLabels)
        let said = f.scene.recorder.last.filter { $0.viewName == "cannot-open headline" }
        #expect(said.compactMap { if case let .image(handle, _) = $0.kind { labels.text(of: handle) } else { nil } } == ["cannot open"])
        let top = try #require(f.scene.recorder.commands(ofView: "pile photo 0").first?.boundsInWindow)
        let headline = try #require(said.first?.boundsInWindow)
        #expect(abs(headline.midX - top.midX) < 1 && abs(headline.midY - top.midY) < 1, "centred on the print: \(headline) in \(top)")

        f.stack.showAll()
        f.scene.settle()
        let inSpread = f.scene.recorder.last.filter { $0.viewName == "cannot-open headline" }
        #expect(inSpread.count == 1, "its cell in the spread says it too")
        // Read as large as on a grid cell (13 pt), though its frame is shrunk: asked larger
        // by as much as it is drawn smaller (the fake's text is 8 pt a character wide).
        let drawnScale = (inSpread.first?.boundsInWindow.width ?? 0) / Double(8 * "cannot open".count)
        #expect(abs((labels.pointSizes["cannot open"] ?? 0) * drawnScale - 13) < 0.1, "\(String(describing: labels.pointSizes["cannot open"])) × \(drawnScale)")
    }
}

