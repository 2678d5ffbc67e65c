// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Components
import Geometry
import PhotoSources
import Gestures
import Motion
import TestSupport
import ViewTree

/// Layout proposes, animation carries on: the pile and the scroll container under a window
/// that changes while things move.
@Suite struct MotionHandOffTests {
    @Test func thePileIsAPureFunctionOfSizeStyleShapeAngleAndDepth() {
        let layout = PileLayout(viewSize: Size(width: 800, height: 600), insets: EdgeInsets(all: 5), marginFraction: 0.1)
        // 60 pt margins leave 680 × 480 inside; a 3:2 photo fits 680 × 453.3 in, plus the border.
        let top = layout.pose(aspect: Size(width: 3, height: 2), degrees: 0, depth: 0)
        #expect(top.center == Point(x: 400, y: 300) && top.transform == .identity && top.zIndex == 0)
        #expect(abs(top.size.width - 680) < 1e-9 && abs(top.size.height - (670 / 1.5 + 10)) < 1e-9)
        let deeper = layout.pose(aspect: Size(width: 2, height: 3), degrees: -3, depth: 4)
        #expect(deeper.zIndex < top.zIndex)
        #expect(deeper.transform == PileLayout.tilt(degrees: -3))
        #expect(abs(deeper.size.height - 480) < 1e-9, "a portrait photo is as tall as the room")
    }

    @Test func aPhotoReturningToThePileWhenTheWindowResizesReturnsToTheNewCentreWithoutAJump() {
        // Given a photo released short of a flick, on its way back to the centre
        let app = StackFixture()
        app.drag(by: Point(x: 150, y: 40), duration: 0.6, profile: .decelerating, hold: 0.1)
        app.scene.runFrames(for: 0.05)
        let before = app.frameRect(0)!
        #expect(before.midX > 410, "still on its way back")
        // When the window grows
        app.stack.frame = Rect(x: 0, y: 0, width: 1000, height: 700)
        app.scene.runFrames(for: 1.0 / 60)
        // Then it carries on from where it was, and lands in the middle of the new size
        let next = app.frameRect(0)!
        #expect(abs(next.midX - before.midX) < 40, "no jump: \(before.midX) → \(next.midX)")
        app.scene.settle()
        let landed = app.frameRect(0)!
        #expect(abs(landed.midX - 500) < 0.5 && abs(landed.midY - 350) < 0.5)
    }

    @Test func aDraggedPhotoStaysUnderThePointerWhileTheWindowResizes() {
        let app = StackFixture()
        var events = PointerScript.drag(from: app.center, to: app.center + Point(x: 120, y: 30), duration: 0.3, rateHz: 120, startTime: 0.05)
        events.removeLast()
        app.scene.play(events)
        app.stack.frame = Rect(x: 0, y: 0, width: 1000, height: 700)
        app.scene.runFrames(for: 1.0 / 60)
        let rect = app.frameRect(0)!
        #expect(abs(rect.midX - 520) < 0.5 && abs(rect.midY - 330) < 0.5, "the drag holds it; layout does not take it back")
    }

    @Test func aScrollContainerReusesTheCellsThatScrollAwayAndKeepsNoMoreThanTheScreenNeeds() {
        let scene = TestScene(size: Size(width: 800, height: 600))
        let source = FakePhotoSource(count: 400)
        let grid = GridView(context: ComponentContext(animator: scene.animator, arena: scene.arena))
        grid.frame = scene.root.bounds
        scene.root.addSubview(grid)
        grid.source = source
        scene.frame(at: 0)
        var seen = Set(grid.subviews.map(ObjectIdentifier.init))
        // When the grid glides far down, frame by frame
        grid.setOffset(6000, animated: true)
        var mostViews = 0
        for _ in 0..<40 {
            scene.runFrames(for: 1.0 / 60)
            mostViews = max(mostViews, grid.subviews.count)
            seen.formUnion(grid.subviews.map(ObjectIdentifier.init))
        }
        scene.settle()
        seen.formUnion(grid.subviews.map(ObjectIdentifier.init))
        // Then it got there with a handful of views, reused all the way down
        #expect(grid.visibleIndices.first! >= 110)
        #expect(mostViews <= 18, "12 cells on screen, a row more while moving, the selection ring and the scroll thumb: \(mostViews)")
        #expect(seen.count <= 22, "no new view per row scrolled past: \(seen.count)")
        #expect(grid.visibleIndices.allSatisfy { grid.visibleCell(at: $0)?.name == "cell \($0)" })
    }
}
