// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import PhotoSources
import Pixels
import Testing
import TestSupport
import ViewTree

/// Holding L: a loupe under the pointer shows the photo beneath at 100 % (Shift:
/// 200 %), from a part decoded at full scale, and goes when L is let go.
@Suite struct LoupeTests {
    func move(_ f: BrowserFixture, to point: Point) {
        f.browser.pointerMoved(to: point)
        f.scene.settle()
    }

    func keyUp(_ f: BrowserFixture, _ key: Key) {
        f.browser.handleKeyUp(KeyEvent(key: key, isDown: false, timestampNanoseconds: f.scene.now.nanosecondStamp))
        f.scene.settle()
    }

    /// The loupe's picture and where it is drawn, in the last frame.
    func loupePicture(_ f: BrowserFixture) -> (texture: TextureHandle, frame: Rect)? {
        f.scene.recorder.commands(ofView: "loupe photo").compactMap { command -> (TextureHandle, Rect)? in
            if case let .image(texture, _) = command.kind { (texture, command.boundsInWindow) } else { nil }
        }.first
    }

    @Test func holdingLShowsThePhotoUnderThePointerAtFullScaleAndLettingGoTakesItAway() throws {
        let f = BrowserFixture(count: 4)
        f.source.pixelSizesKnown = true
        f.open(1)
        // 600×400 photos fitted in 800×600: 800×533 at y 33.5; a quarter across, half down.
        let fitted = f.fitted
        let pointer = Point(x: fitted.minX + fitted.width / 4, y: fitted.midY)
        move(f, to: pointer)
        f.key(.character("l"))
        f.scene.settle()
        let loupe = try #require(f.scene.recorder.commands(ofView: "loupe").first?.boundsInWindow)
        #expect(abs(loupe.midX - pointer.x) < 0.5 && abs(loupe.midY - pointer.y) < 0.5 && abs(loupe.width - LoupeView.diameter) < 0.5)

        // A part at full scale round the pointer's point of the photo, (150, 200) of 600×400.
        let part = try #require(f.source.wanted.compactMap { request -> PixelRect? in
            if request.index == 1, case let .region(rect) = request.size { rect } else { nil }
        }.first)
        #expect(part.contains(PixelRect(x: 150 - 100, y: 200 - 100, width: 200, height: 200)), "round the pointer: \(part)")
        let drawn = try #require(loupePicture(f))
        #expect(drawn.texture == FakePhotoSource.regionHandle(of: 1))
        // One photo pixel a point (scale 1): the part's pixel (150, 200) under the centre.
        #expect(abs(drawn.frame.width - Double(part.width)) < 0.5)
        #expect(abs(drawn.frame.minX + (150 - Double(part.x)) - loupe.midX) < 0.5 && abs(drawn.frame.minY + (200 - Double(part.y)) - loupe.midY) < 0.5)

        // It follows the pointer.
        move(f, to: Point(x: pointer.x + 40, y: pointer.y))
        let moved = try #require(f.scene.recorder.commands(ofView: "loupe").first?.boundsInWindow)
        #expect(abs(moved.midX - pointer.x - 40) < 0.5)

        keyUp(f, .character("l"))
        #expect(f.scene.recorder.commands(ofView: "loupe").isEmpty, "gone with the key")
    }

    /// With clipping or peaking on, the loupe shows its part with them painted in, worked
    /// out from the part's own pixels (the page under it shows them too); the part as it is
    /// stands in until that comes.
    @Test func theLoupeShowsTheLooksPaintedIntoItsPart() throws {
        let f = BrowserFixture(count: 4)
        f.source.pixelSizesKnown = true
        f.open(1)
        f.key(.character("k"))
        f.scene.settle()
        move(f, to: Point(x: f.fitted.midX, y: f.fitted.midY))
        f.key(.character("l"))
        f.scene.settle()
        #expect(loupePicture(f)?.texture == FakePhotoSource.regionHandle(of: 1), "the part until it is painted")
        f.source.partsPainted = true
        f.browser.reloadData()
        f.scene.settle()
        #expect(loupePicture(f)?.texture == FakePhotoSource.paintedPartHandle(of: 1))
        f.key(.character("k"))
        f.scene.settle()
        #expect(loupePicture(f)?.texture == FakePhotoSource.regionHandle(of: 1), "peaking off: the part as it is")
    }

    /// The middle button held does what L held does, and the pager stays where it was.
    @Test func holdingTheMiddleButtonShowsTheLoupeUntilItIsLetGo() throws {
        let f = BrowserFixture(count: 4)
        f.source.pixelSizesKnown = true
        f.open(1)
        let pointer = Point(x: f.fitted.midX, y: f.fitted.midY)
        move(f, to: pointer)
        f.scene.play([PointerEvent(phase: .down, button: .middle, locationInWindow: pointer, timestampNanoseconds: (f.scene.now + 0.05).nanosecondStamp)])
        f.scene.settle()
        let loupe = try #require(f.scene.recorder.commands(ofView: "loupe").first?.boundsInWindow, "shown while the button is held")
        #expect(abs(loupe.midX - pointer.x) < 0.5 && abs(loupe.midY - pointer.y) < 0.5)
        #expect(loupePicture(f)?.texture == FakePhotoSource.regionHandle(of: 1))
        f.scene.play([PointerEvent(phase: .up, button: .middle, locationInWindow: pointer, timestampNanoseconds: (f.scene.now + 0.05).nanosecondStamp)])
        f.scene.settle()
        #expect(f.scene.recorder.commands(ofView: "loupe").isEmpty, "gone with the button")
        #expect(f.browser.isPagerOpen && f.browser.pager.currentIndex == 1, "no page turned, nothing closed")
    }

    @Test func shiftLMagnifiesTwiceAndTheEnlargedPictureStandsInUntilThePartComes() throws {
        let f = BrowserFixture(count: 4)
        f.source.pixelSizesKnown = true
        f.source.regionsArrive = false
        f.open(2)
        move(f, to: Point(x: 400, y: 300))
        f.key(.character("l"), modifiers: .shift)
        f.scene.settle()
        let drawn = try #require(loupePicture(f))
        #expect(drawn.texture != FakePhotoSource.regionHandle(of: 2), "the picture on screen, enlarged")
        #expect(abs(drawn.frame.width - 1200) < 0.5, "the 600-pixel photo at 200 %: \(drawn.frame)")
    }

    @Test func theGridHasNoLoupeAndCompareHasOneOverThePaneUnderThePointer() throws {
        let f = BrowserFixture(count: 4)
        f.source.pixelSizesKnown = true
        move(f, to: Point(x: 100, y: 300))
        f.key(.character("l"))
        f.scene.settle()
        #expect(f.scene.recorder.commands(ofView: "loupe").isEmpty)
        keyUp(f, .character("l"))

        f.key(.character("5"), modifiers: .control)
        f.scene.settle()
        let panes = f.browser.compare.candidates
        let target = try #require(f.browser.compare.shownPhoto(at: Point(x: 400, y: 150)))
        #expect(panes.contains(target.index))
        move(f, to: Point(x: target.frameInWindow.midX, y: target.frameInWindow.midY))
        f.key(.character("l"))
        f.scene.settle()
        #expect(loupePicture(f)?.texture == FakePhotoSource.regionHandle(of: target.index))
    }
}
