// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Geometry
import Motion
import ViewTree
import TestSupport

func named(_ name: String, _ frame: Rect) -> View {
    let view = View(frame: frame)
    view.name = name
    return view
}

@Suite struct ViewHierarchyTests {
    @Test func subviewOrderIsZOrderWithEveryInsertionOperation() {
        let parent = View()
        let a = named("a", .zero), b = named("b", .zero), c = named("c", .zero), d = named("d", .zero)
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map(\.name) == ["c", "a", "b"])
        parent.insertSubview(d, above: c)
        #expect(parent.subviews.map(\.name) == ["c", "d", "a", "b"])
        parent.insertSubview(c, below: b)
        #expect(parent.subviews.map(\.name) == ["d", "a", "c", "b"])
        parent.bringSubviewToFront(d)
        parent.sendSubviewToBack(b)
        #expect(parent.subviews.map(\.name) == ["b", "a", "c", "d"])
        a.removeFromSuperview()
        #expect(parent.subviews.map(\.name) == ["b", "c", "d"] && a.superview == nil)
    }

    @Test func addingAViewElsewhereMovesIt() {
        let first = View(), second = View(), child = View()
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty && child.superview === second)
        #expect(child.root === second && child.ancestry.count == 2)
    }
}

@Suite struct ViewPropertyTests {
    @Test func frameIsCentreAndBoundsSize() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == Point(x: 60, y: 45) && view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        view.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(view.center == Point(x: 5, y: 5) && view.presentation.frame == view.frame)
    }

    @Test func animatingSetsTheModelAtOnceAndThePresentationOverTime() {
        let scene = TestScene()
        let view = named("v", Rect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addSubview(view)
        scene.animator.animateFrame(view, to: Rect(x: 200, y: 200, width: 50, height: 50), timing: .linear(1))
        #expect(view.frame == Rect(x: 200, y: 200, width: 50, height: 50))
        #expect(view.presentation.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        scene.runFrames(for: 0.5)
        #expect(view.presentation.frame == Rect(x: 100, y: 100, width: 75, height: 75))
        #expect(view.isAnimating)
        scene.settle()
        #expect(view.presentation.frame == view.frame && !view.isAnimating)
    }

    @Test func layingAViewOutWhereItIsLeavesItsAnimationsRunning() {
        let scene = TestScene()
        let view = named("v", Rect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addSubview(view)
        // A scroll glide lives in the bounds' origin.
        scene.animator.animate(view, \.animatedBounds, to: Rect(x: 0, y: 300, width: 100, height: 100), timing: .linear(1))
        scene.runFrames(for: 0.5)
        view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(view.isAnimating && view.presentation.bounds.minY == 150, "the parent's layout did not stop the glide")
        view.frame = Rect(x: 0, y: 0, width: 120, height: 100)
        #expect(view.bounds.size == Size(width: 120, height: 100), "a new size is taken")
    }

    @Test func aResizeLaysOutTheSubviewsOnceAndOnlyThen() {
        final class Column: View {
            var passes = 0
            override func layoutSubviews() {
                passes += 1
                for (i, child) in subviews.enumerated() {
                    child.frame = Rect(x: 0, y: Double(i) * bounds.height / 2, width: bounds.width, height: bounds.height / 2)
                }
            }
        }
        let column = Column(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        column.addSubview(View())
        column.addSubview(View())
        column.layoutIfNeeded()
        column.layoutIfNeeded()
        #expect(column.passes == 1)
        column.bounds.origin = Point(x: 0, y: 30)
        column.layoutIfNeeded()
        #expect(column.passes == 1)
        column.frame = Rect(x: 0, y: 0, width: 300, height: 400)
        column.layoutIfNeeded()
        #expect(column.passes == 2 && column.subviews[1].frame == Rect(x: 0, y: 200, width: 300, height: 200))
    }
}

@Suite struct ViewConversionTests {
    @Test func pointsConvertThroughOffsetsAndScrolledBounds() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let scroller = View(frame: Rect(x: 100, y: 50, width: 400, height: 400))
        scroller.bounds.origin = Point(x: 0, y: 300)
        let cell = View(frame: Rect(x: 10, y: 320, width: 80, height: 80))
        root.addSubview(scroller)
        scroller.addSubview(cell)
        #expect(cell.convert(Point(x: 0, y: 0), to: nil) == Point(x: 110, y: 70))
        #expect(cell.convert(Point(x: 110, y: 70), from: nil) == Point(x: 0, y: 0))
        #expect(cell.convert(Rect(x: 0, y: 0, width: 80, height: 80), to: scroller) == Rect(x: 10, y: 320, width: 80, height: 80))
    }

    @Test func pointsConvertBetweenSiblingsThroughRotationAndPerspective() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let card = View(frame: Rect(x: 200, y: 100, width: 400, height: 300))
        card.transform = Transform3D.rotation(radians: .pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 1000))
        let tilted = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        tilted.transform = .rotation(radians: 0.4, x: 0, y: 0, z: 1)
        root.addSubview(card)
        root.addSubview(tilted)
        let local = Point(x: 30, y: 250)
        let inTilted = try #require(card.convert(local, to: tilted))
        let back = try #require(card.convert(inTilted, from: tilted))
        #expect(abs(back.x - local.x) < 1e-9 && abs(back.y - local.y) < 1e-9)
    }

    @Test func modelAndPresentationConversionsDifferWhileAnimating() {
        let scene = TestScene()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.root.addSubview(view)
        scene.animator.animate(view, \.animatedCenter, to: Point(x: 405, y: 5), timing: .linear(1))
        scene.runFrames(for: 0.5)
        #expect(view.convert(Point.zero, to: nil, .model) == Point(x: 400, y: 0))
        #expect(view.convert(Point.zero, to: nil) == Point(x: 200, y: 0))
    }
}

@Suite struct HitTestingTests {
    let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 600))

    @Test func theFrontmostViewUnderThePointWins() {
        let back = named("back", Rect(x: 0, y: 0, width: 200, height: 200))
        let front = named("front", Rect(x: 100, y: 100, width: 200, height: 200))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(Point(x: 150, y: 150))?.name == "front")
        #expect(root.hitTest(Point(x: 50, y: 50))?.name == "back")
        root.bringSubviewToFront(back)
        #expect(root.hitTest(Point(x: 150, y: 150))?.name == "back")
        #expect(root.hitTest(Point(x: 700, y: 500)) === root)
    }

    @Test func hiddenTransparentAndNonInteractiveViewsLetThePointerThrough() {
        let under = named("under", Rect(x: 0, y: 0, width: 100, height: 100))
        let over = named("over", Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(under)
        root.addSubview(over)
        over.isHidden = true
        #expect(root.hitTest(Point(x: 50, y: 50))?.name == "under")
        over.isHidden = false
        over.opacity = 0
        #expect(root.hitTest(Point(x: 50, y: 50))?.name == "under")
        over.opacity = 1
        over.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 50, y: 50))?.name == "under")
    }

    @Test func aClippingViewHidesTheOverflowOfItsSubviewsFromThePointer() {
        let clip = named("clip", Rect(x: 0, y: 0, width: 100, height: 100))
        let child = named("child", Rect(x: 50, y: 50, width: 200, height: 200))
        root.addSubview(clip)
        clip.addSubview(child)
        #expect(root.hitTest(Point(x: 150, y: 150))?.name == "child")
        clip.clipsToBounds = true
        #expect(root.hitTest(Point(x: 150, y: 150)) === root)
        #expect(root.hitTest(Point(x: 75, y: 75))?.name == "child")
    }

    @Test func hitTestingFollowsARotatedView() {
        let square = named("square", Rect(x: 300, y: 200, width: 200, height: 200))
        square.transform = .rotation(radians: .pi / 4, x: 0, y: 0, z: 1)
        root.addSubview(square)
        // The untransformed corner is now outside the diamond; a point beyond the old edge,
        // on the diamond's tip, is inside.
        #expect(root.hitTest(Point(x: 310, y: 210)) === root)
        #expect(root.hitTest(Point(x: 400 + 135, y: 300))?.name == "square")
    }

    @Test func hitTestingFollowsAPerspectiveTurn() throws {
        let card = named("card", Rect(x: 200, y: 100, width: 400, height: 300))
        card.transform = Transform3D.rotation(radians: .pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 1000))
        root.addSubview(card)
        let corners = card.bounds.corners.compactMap { card.convert($0, to: nil) }
        let screenQuad = Rect(boundingPoints: corners)
        // Just inside the projected left edge hits; just outside misses, though both are
        // inside the untransformed frame.
        let leftMid = try #require(card.convert(Point(x: 0, y: 150), to: nil))
        #expect(root.hitTest(Point(x: leftMid.x + 2, y: leftMid.y))?.name == "card")
        #expect(root.hitTest(Point(x: screenQuad.minX - 2, y: leftMid.y)) === root)
        #expect(card.frame.contains(Point(x: screenQuad.minX - 2, y: leftMid.y)))
    }
}

@Suite struct ViewHoldTests {
    @Test func aHoldCatchesTheViewWhereItIsShownAndLetsItsFadeGoOn() {
        // Given a view gliding to the right and fading in
        let clock = ManualClock()
        let animator = Animator(startTime: clock.now)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.opacity = 0
        animator.animate(view, \.animatedCenter, to: Point(x: 1050, y: 50), timing: .linear(1))
        animator.animate(view, \.animatedOpacity, to: 1, timing: .linear(1))
        clock.advance(by: 0.5)
        animator.advance(to: clock.now)
        let shown = view.presentation.center

        // When something takes hold of it
        let hold = view.hold()

        // Then it stays where it was shown, model and presentation alike, while the fade goes on
        clock.advance(by: 0.25)
        animator.advance(to: clock.now)
        #expect(view.center == shown && view.presentation.center == shown)
        #expect(view.presentation.opacity > 0.7, "the fade carries on: \(view.presentation.opacity)")
        hold.release()
    }
}
