// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Components
import PhotoSources
import Geometry
import Gestures
import Motion
import TestSupport
import ViewTree

/// Where a paging drag lands, driven as a user drags: the pager's own swipe driver decides.
@Suite struct PagingTargetTests {
    /// A drag through `moves` (each a distance in points and how long it takes), one press,
    /// held still for `hold` before the release.
    func swipe(_ app: BrowserFixture, from x: Double, _ moves: [(dx: Double, duration: Seconds)], hold: Seconds = 0) {
        var events: [PointerEvent] = []
        var start = Point(x: x, y: 300), time = app.scene.now + 0.02
        for (index, move) in moves.enumerated() {
            var part = PointerScript.drag(from: start, to: start + Point(x: move.dx, y: 0), duration: move.duration, rateHz: 120, startTime: time)
            part.removeLast()
            events += index == 0 ? part : Array(part.dropFirst())
            start = start + Point(x: move.dx, y: 0)
            time += move.duration
        }
        events.append(PointerEvent(phase: .up, button: .primary, locationInWindow: start, timestampNanoseconds: (time + hold).nanosecondStamp))
        app.scene.play(events)
        app.scene.settle()
    }

    func pager(at index: Int) -> BrowserFixture {
        let app = BrowserFixture()
        app.open(0)
        // A photo off the grid's screen is reached by paging.
        while app.pager.currentIndex < index { app.key(.right) }
        app.scene.settle()
        return app
    }

    @Test func aSlowReleaseBeforeHalfAPageGoesBackAndPastHalfGoesOn() {
        let app = pager(at: 5)
        let page = app.pager.pageWidth
        swipe(app, from: 700, [(-0.4 * page, 0.8)], hold: 0.2)
        #expect(app.pager.currentIndex == 5)
        swipe(app, from: 700, [(-0.6 * page, 0.8)], hold: 0.2)
        #expect(app.pager.currentIndex == 6)
        swipe(app, from: 100, [(0.6 * page, 0.8)], hold: 0.2)
        #expect(app.pager.currentIndex == 5)
        #expect(app.pager.presentedOffset == 5 * page)
    }

    @Test func aFlickIsProjectedForwardSoAShortFastDragPages() {
        let app = pager(at: 5)
        let page = app.pager.pageWidth
        swipe(app, from: 600, [(-0.1 * page, 0.02)])
        #expect(app.pager.currentIndex == 6, "a short drag at 4,000 pt/s pages")
        swipe(app, from: 600, [(-0.1 * page, 0.1 * page / 400)])
        #expect(app.pager.currentIndex == 7, "and one at 400 pt/s")
        // Slower than a flick, a short drag goes back.
        swipe(app, from: 600, [(-0.1 * page, 0.1 * page / 150)])
        #expect(app.pager.currentIndex == 7)
        // A flick back at the end of a long drag wins.
        swipe(app, from: 700, [(-0.6 * page, 0.8), (80, 0.04)])
        #expect(app.pager.currentIndex == 7)
    }

    @Test func aFlickWhileAPageSlidesInGoesOnFromThatPage() {
        // Heading for page 6 and caught on the way: a flick on goes to 7, a flick back to 5.
        // (A slide as the wheel starts one: a key's turn is at once.)
        for (dx, expected) in [(-80.0, 7), (80, 5)] {
            let app = pager(at: 5)
            app.pager.goTo(6)
            app.scene.runFrames(for: 0.05)
            #expect(app.pager.presentedOffset > 5 * app.pager.pageWidth && app.pager.presentedOffset < 6 * app.pager.pageWidth)
            swipe(app, from: 400, [(dx, 0.03)])
            #expect(app.pager.currentIndex == expected, "a flick by \(dx)")
        }
        // Heading back for page 5 and caught on the way: a flick back goes to 4.
        let app = pager(at: 6)
        app.pager.goTo(5)
        app.scene.runFrames(for: 0.05)
        swipe(app, from: 400, [(80, 0.03)])
        #expect(app.pager.currentIndex == 4)
    }

    /// A key turns the page at once, as a desktop viewer does: the next photo stands in
    /// place in the very next frame, the gap never on screen.
    @Test func aKeyTurnsThePageAtOnce() {
        let app = pager(at: 5)
        app.key(.right)
        app.scene.runFrames(for: 1.0 / 60)
        #expect(app.pager.currentIndex == 6 && app.pager.presentedOffset == 6 * app.pager.pageWidth)
        app.key(.left)
        app.scene.runFrames(for: 1.0 / 60)
        #expect(app.pager.currentIndex == 5 && app.pager.presentedOffset == 5 * app.pager.pageWidth)
    }

    @Test func neverMoreThanOnePageAndNeverOutsideTheAlbum() {
        let app = pager(at: 5)
        swipe(app, from: 780, [(-700, 0.03)])
        #expect(app.pager.currentIndex == 6, "one page, however hard the flick")
        let first = pager(at: 0)
        swipe(first, from: 100, [(150, 0.03)])
        #expect(first.pager.currentIndex == 0)
        let last = pager(at: 49)
        swipe(last, from: 700, [(-150, 0.03)])
        #expect(last.pager.currentIndex == 49)
        #expect(last.pager.presentedOffset == 49 * last.pager.pageWidth)
    }
}

@Suite struct PagerPagingTests {
    @Test func aFastShortDragPagesToTheNextPhoto() {
        let app = BrowserFixture()
        app.open(5)
        app.drag(from: Point(x: 600, y: 300), by: Point(x: -150, y: 0), duration: 0.08)
        app.scene.settle()
        #expect(app.pager.currentIndex == 6)
        #expect(app.pager.presentedOffset == 6 * app.pager.pageWidth)
        #expect(close(app.photoRect(6), app.fitted))
    }

    @Test func aShortSlowDragSettlesBack() {
        let app = BrowserFixture()
        app.open(5)
        app.drag(from: Point(x: 600, y: 300), by: Point(x: -150, y: 0), duration: 0.5, profile: .decelerating, hold: 0.1)
        app.scene.settle()
        #expect(app.pager.currentIndex == 5)
        #expect(app.pager.presentedOffset == 5 * app.pager.pageWidth)
    }

    @Test func theGapIsNeverLeftOnScreenWhenPagingStops() {
        let app = BrowserFixture()
        app.open(5)
        let drags: [(Double, Seconds)] = [(-300, 0.3), (-500, 0.6), (200, 0.1), (-410, 1.0), (-30, 0.05), (700, 0.4)]
        for (dx, duration) in drags {
            app.drag(from: Point(x: 400, y: 300), by: Point(x: dx, y: 0), duration: duration)
            app.scene.settle()
            let pageWidth = app.pager.pageWidth
            #expect(app.pager.presentedOffset == Double(app.pager.currentIndex) * pageWidth)
            // The whole window is one photo's page: nothing of a neighbour shows.
            let shown = app.scene.recorder.last.filter { $0.viewName?.hasPrefix("photo") == true }
            #expect(shown.map(\.viewName) == ["photo \(app.pager.currentIndex)"])
        }
    }

    @Test func theGapShowsBetweenPagesWhileTheyMove() {
        let app = BrowserFixture()
        app.open(5)
        var events = PointerScript.drag(from: Point(x: 600, y: 300), to: Point(x: 300, y: 300), duration: 0.3, rateHz: 120, startTime: app.scene.now + 0.05)
        events.removeLast()
        app.scene.play(events)
        app.scene.runFrames(for: 1.0 / 60)
        let current = app.photoRect(5)!, next = app.photoRect(6)!
        #expect(abs(next.minX - current.maxX - FullScreenPager.gap) < 0.5)
    }

    @Test func aDragDuringPagingCatchesThePagesWhereTheyAre() {
        let app = BrowserFixture()
        app.open(5)
        // A turn on the paging spring (a key's, stiffer, is over before a drag could catch it).
        app.pager.goTo(6)
        // About half way there.
        app.scene.runFrames(for: 0.04)
        let moving = app.scene.recorder.trajectory(ofView: "photo 6").map(\.minX)
        var events = PointerScript.drag(from: Point(x: 400, y: 300), to: Point(x: 380, y: 300), duration: 0.2, rateHz: 120, startTime: app.scene.now)
        events.removeLast()
        app.scene.play(events)
        app.scene.runFrames(for: 0.05)
        let path = app.scene.recorder.trajectory(ofView: "photo 6").map(\.minX)
        let fastest = zip(moving, moving.dropFirst()).map { abs($1 - $0) }.max()!
        let caught = zip(path, path.dropFirst()).map { abs($1 - $0) }.dropFirst(moving.count - 1)
        // Caught where it was: no frame leaps, and it then holds still under the still pointer.
        #expect(caught.max()! <= fastest)
        #expect(path.suffix(3).allSatisfy { abs($0 - path.last!) < 0.01 })
        #expect(path.last! > 0 && path.last! < 800, "held between pages, not snapped to one")
    }

    @Test func pagingKeys() {
        let app = BrowserFixture()
        app.open(5)
        for (key, expected) in [(Key.right, 6), (.space, 7), (.left, 6), (.backspace, 5), (.pageDown, 6), (.pageUp, 5), (.end, 49), (.home, 0)] {
            app.key(key)
            #expect(app.pager.currentIndex == expected, "\(key)")
        }
        app.scene.settle()
        #expect(app.pager.presentedOffset == 0)
        app.key(.left)
        #expect(app.pager.currentIndex == 0, "no page before the first")
    }

    @Test func pagingDuringTheOpeningFlightLeavesThePagerFullyOpen() {
        let app = BrowserFixture()
        app.doubleClick(5)
        app.scene.runFrames(for: 0.1)
        app.key(.right)
        app.scene.settle()
        #expect(app.pager.phase == .open)
        app.drag(from: Point(x: 600, y: 300), by: Point(x: -150, y: 0), duration: 0.08)
        app.scene.settle()
        #expect(app.pager.currentIndex == 7, "a drag still pages")
        #expect(close(app.photoRect(7), app.fitted))
    }

    @Test func keysPressedQuicklyAddUp() {
        let app = BrowserFixture()
        app.open(5)
        for _ in 0..<3 {
            app.key(.right)
            app.scene.runFrames(for: 0.05)
        }
        app.scene.settle()
        #expect(app.pager.currentIndex == 8)
        #expect(app.pager.presentedOffset == 8 * app.pager.pageWidth)
    }

    @Test func aHeldKeyTurnsOnAsSoonAsThePhotoInFrontIsSharpAndNothingIsLeftOverAfterIt() {
        let app = BrowserFixture()
        app.open(5)
        app.scene.settle()
        func repeatRight() {
            _ = app.browser.handleKey(KeyEvent(key: .right, isRepeat: true, timestampNanoseconds: app.scene.now.nanosecondStamp))
            app.scene.runFrames(for: 0.04)
        }
        func sharpen(leaving loading: Set<Int>) {
            app.source.loading = loading
            app.browser.reloadData()
        }
        app.source.loading = [6, 7, 8, 9, 10]
        app.key(.right)
        #expect(app.pager.currentIndex == 6, "a press turns at once")
        for _ in 0..<5 { repeatRight() }
        #expect(app.pager.currentIndex == 6, "repeats wait while photo 6 is not sharp")
        sharpen(leaving: [7, 8, 9, 10])
        #expect(app.pager.currentIndex == 7, "photo 6 sharp: a waiting repeat turns at once, not at the next repeat")
        sharpen(leaving: [8, 9, 10])
        #expect(app.pager.currentIndex == 8, "photo 7 sharp: the second waiting repeat turns, catching up with the key")
        sharpen(leaving: [9, 10])
        #expect(app.pager.currentIndex == 8, "five repeats while photo 6 was not sharp turned two pages, not five")
        repeatRight()
        #expect(app.pager.currentIndex == 9, "a repeat turns at once when the photo in front is sharp")

        // The key is let go while a repeat waits: the paging stops with the key.
        repeatRight()
        app.browser.handleKeyUp(KeyEvent(key: .right, isDown: false, timestampNanoseconds: app.scene.now.nanosecondStamp))
        sharpen(leaving: [])
        app.scene.settle()
        #expect(app.pager.currentIndex == 9)
        #expect(app.pager.presentedOffset == 9 * app.pager.pageWidth)
    }

    @Test func aHeldKeysWaitingTurnLapsesWhenItsKeyStopsRepeatingWithoutAReleaseBeingSeen() {
        let app = BrowserFixture()
        app.open(5)
        app.scene.settle()
        app.source.loading = [6]
        app.key(.right)
        _ = app.browser.handleKey(KeyEvent(key: .right, isRepeat: true, timestampNanoseconds: app.scene.now.nanosecondStamp))
        // Focus moved to another window as the key was let go: no release arrives.
        app.scene.runFrames(for: 1)
        app.source.loading = []
        app.browser.reloadData()
        app.scene.settle()
        #expect(app.pager.currentIndex == 6)
    }

    @Test func theWheelTurnsOnePagePerNotchNotPerEvent() {
        let app = BrowserFixture()
        app.open(5)
        func wheel(_ dy: Double, at time: Seconds) {
            app.browser.handleWheel(WheelEvent(deltaInPoints: Point(x: 0, y: dy), locationInWindow: Point(x: 400, y: 300),
                                               timestampNanoseconds: time.nanosecondStamp))
        }
        let t = app.scene.now
        wheel(60, at: t)
        #expect(app.pager.currentIndex == 6)
        // A touchpad swipe: many small deltas in quick succession turn one page.
        for step in 1...10 { wheel(12, at: t + 0.01 * Double(step)) }
        #expect(app.pager.currentIndex == 6)
        wheel(-60, at: t + 1)
        #expect(app.pager.currentIndex == 5)
    }

    @Test func neighboursAreRequestedAtScreenSize() {
        let app = BrowserFixture()
        app.open(5)
        let fits = app.source.wantedFits
        #expect(fits.map(\.index) == [5, 6, 4, 7, 3])
        #expect(Set(fits.map(\.size)) == [.within(width: 800, height: 600)], "the window, 800×600")
        #expect(fits.map(\.priority) == [.visible, .nearby, .nearby, .ahead, .ahead])
        app.key(.escape)
        app.scene.settle()
        #expect(app.source.wantedFits.isEmpty, "closed: the screen images are let go")
        #expect(!app.source.wanted.isEmpty, "the grid keeps its own")
    }

    @Test(arguments: [60.0, 144.0])
    func theSameScriptEndsTheSameAtAnyFrameRate(hz: Double) {
        let app = BrowserFixture(frameRateHz: hz)
        app.open(5)
        app.drag(from: Point(x: 600, y: 300), by: Point(x: -150, y: 0), duration: 0.08)
        app.scene.settle()
        app.drag(from: Point(x: 300, y: 300), by: Point(x: 500, y: 0), duration: 0.5)
        app.scene.settle()
        app.drag(from: Point(x: 400, y: 300), by: Point(x: -120, y: 0), duration: 0.6, profile: .decelerating, hold: 0.1)
        app.scene.settle()
        #expect(app.pager.currentIndex == 5)
        app.drag(from: Point(x: 400, y: 200), by: Point(x: 0, y: 250), duration: 0.3)
        app.scene.settle()
        #expect(app.pager.phase == .closed)
        #expect(app.grid.selectedIndex == 5)
        #expect(close(app.scene.recorder.frames.reversed().lazy.compactMap { $0.first { $0.viewName == "photo 5" }?.boundsInWindow }.first,
                      app.cellFrameInWindow(5), within: 1))
    }
}

@Suite struct PagerZoomTests {
    @Test func ctrlWheelZoomKeepsThePointUnderThePointerFixed() {
        let app = BrowserFixture()
        app.open(5)
        let pointer = Point(x: 200, y: 150)
        let before = app.photoRect(5)!
        let fraction = Point(x: (pointer.x - before.minX) / before.width, y: (pointer.y - before.minY) / before.height)
        app.browser.handleWheel(WheelEvent(deltaInPoints: Point(x: 0, y: -60), locationInWindow: pointer,
                                           timestampNanoseconds: app.scene.now.nanosecondStamp, modifiers: .control))
        app.scene.runFrames(for: 0.03)
        let after = app.photoRect(5)!
        #expect(after.width > before.width * 1.2)
        #expect(abs(after.minX + fraction.x * after.width - pointer.x) < 0.5)
        #expect(abs(after.minY + fraction.y * after.height - pointer.y) < 0.5)
        #expect(app.pager.currentIndex == 5, "zooming does not page")
    }

    @Test func plusMinusAndZero() {
        let app = BrowserFixture()
        app.open(5)
        app.key(.character("+"))
        app.key(.character("+"))
        app.scene.settle()
        #expect(abs(app.pager.zoomScale - FullScreenPager.zoomStep * FullScreenPager.zoomStep) < 1e-9)
        app.key(.character("-"))
        app.scene.settle()
        #expect(abs(app.pager.zoomScale - FullScreenPager.zoomStep) < 1e-9)
        app.key(.character("0"), modifiers: .control)
        app.scene.settle()
        #expect(close(app.photoRect(5), app.fitted))
        app.key(.character("-"))
        app.scene.settle()
        #expect(app.pager.zoomScale == 1, "never smaller than fit")
    }

    @Test func zoomingInAsksForASharperPicture() {
        let app = BrowserFixture()
        app.open(5)
        app.key(.character("+"))
        app.scene.settle()
        #expect(app.source.wantedFits.first == PictureRequest(index: 5, size: .within(width: 1600, height: 1200), priority: .visible, plays: true))
    }

    @Test func aDragPansAZoomedPhotoAndDoesNotPage() {
        let app = BrowserFixture()
        app.open(5)
        app.scene.play(PointerScript.clicks(at: Point(x: 400, y: 300), count: 2, startTime: app.scene.now + 0.05))
        app.scene.settle()
        let zoomed = app.photoRect(5)!
        app.drag(from: Point(x: 400, y: 300), by: Point(x: -100, y: -50), duration: 0.5, profile: .decelerating, hold: 0.1)
        app.scene.settle()
        #expect(app.pager.currentIndex == 5)
        let panned = app.photoRect(5)!
        #expect(abs(panned.minX - (zoomed.minX - 100)) < 1 && abs(panned.minY - (zoomed.minY - 50)) < 1)
    }

    @Test func atThePhotosEdgeADragPages() {
        let app = BrowserFixture()
        app.open(5)
        app.key(.character("+"))
        app.scene.settle()
        // Pan to the right edge, then a further drag left turns the page.
        app.drag(from: Point(x: 700, y: 300), by: Point(x: -600, y: 0), duration: 0.5, profile: .decelerating, hold: 0.1)
        app.scene.settle()
        #expect(app.pager.currentIndex == 5)
        #expect(abs(app.photoRect(5)!.maxX - 800) < 0.5)
        app.drag(from: Point(x: 600, y: 300), by: Point(x: -200, y: 0), duration: 0.08)
        app.scene.settle()
        #expect(app.pager.currentIndex == 6)
        #expect(close(app.photoRect(6), app.fitted), "the next photo starts at fit")
    }
}

@Suite struct PagerCaptionTests {
    @Test func aLongNameIsCutInTheMiddleToTheWindowAndAgainWhenItNarrows() {
        let app = BrowserFixture(labels: FakeLabels())
        app.source.names[5] = String(repeating: "holiday_", count: 20) + "end.jpg"
        app.open(5)
        // FakeLabels: 8 pt a character; the pill's padding and margins leave 744 pt in 800.
        let wide = app.pager.caption?.name ?? ""
        #expect(Double(wide.count) * 8 <= 744 && wide.hasPrefix("holiday_") && wide.hasSuffix("end.jpg") && wide.contains("…"), "\(wide)")
        app.browser.frame = Rect(x: 0, y: 0, width: 400, height: 600)
        app.scene.settle()
        let narrow = app.pager.caption?.name ?? ""
        #expect(Double(narrow.count) * 8 <= 344 && narrow.count < wide.count && narrow.hasSuffix("end.jpg"), "\(narrow)")
    }

    @Test func theCaptionNamesThePhotoAndItsPlaceAndFadesWhenThePointerRests() {
        let app = BrowserFixture(labels: FakeLabels())
        app.open(5)
        #expect(app.pager.caption?.name == "photo-5.jpg")
        #expect(app.pager.caption?.counter == "6 / 50")
        app.key(.right)
        #expect(app.pager.caption?.counter == "7 / 50")
        // The caption's timer is on the scheduler, which the frames advance.
        let opened = app.scene.now
        #expect(app.scene.animator.scheduler.nextDeadline != nil)
        app.scene.runFrames(until: opened + 1)
        app.scene.settle()
        #expect(app.pager.isCaptionVisible)
        app.scene.runFrames(for: 1.5)
        app.scene.settle()
        #expect(!app.pager.isCaptionVisible)
        app.browser.pointerMoved()
        app.scene.settle()
        #expect(app.pager.isCaptionVisible)
    }
}

@Suite struct PagerWaitingTests {
    func drawsLoadingLabel(_ app: BrowserFixture) -> Bool {
        app.scene.recorder.commands(ofView: "loading label").contains { $0.opacity > 0 }
    }

    @Test func aPageStillWaitingForItsPictureSaysSoAfterAMomentAndNotBefore() {
        // Given photo 5, whose picture has not arrived
        let app = BrowserFixture(labels: FakeLabels())
        app.source.loading = [5]

        // When it is opened, then for the first moments the page is quietly blank
        app.doubleClick(5)
        app.scene.runFrames(for: 0.2)
        #expect(!drawsLoadingLabel(app))

        // Then it says "loading…"
        app.scene.settle()
        #expect(drawsLoadingLabel(app))

        // And the word goes when the picture comes
        app.source.loading = []
        app.browser.reloadData()
        app.scene.runFrames(for: 0.05)
        #expect(!drawsLoadingLabel(app))
        #expect(app.photoRect(5) != nil)
    }

    /// Opened at launch on a photo still decoding, nothing moves while the page waits: the
    /// frame loop sleeps until the word is due, and takes the picture the moment it arrives,
    /// instead of ticking at 60 a second.
    @Test func aPageWaitingAtLaunchMovesNothingUntilTheWordIsDue() {
        let app = BrowserFixture(labels: FakeLabels())
        app.source.loading = [5]
        let opened = app.scene.now
        app.browser.showPhotoAtLaunch(5)
        app.scene.runFrames(for: 0.1)
        #expect(!app.scene.animator.isMoving)
        // "loading…" fades in 0.3 s after the page shows.
        #expect(app.scene.animator.nextStart.map { abs($0 - (opened + 0.3)) < 1e-9 } == true)
        app.scene.settle()
        #expect(drawsLoadingLabel(app))
    }

    @Test func aPageOfAFileStillArrivingShowsWhatCameAndSaysItIsIncomplete() throws {
        let labels = FakeLabels()
        let app = BrowserFixture(labels: labels)
        app.source.incomplete = [5]
        app.open(5)
        app.scene.settle()
        let frame = app.scene.recorder.last
        let said = frame.filter { $0.viewName == "cannot-open headline" }
        #expect(said.compactMap { if case let .image(handle, _) = $0.kind { labels.text(of: handle) } else { nil } } == ["incomplete file"])
        // Over the picture, on a dark backing that reads on any photo.
        let id = app.source.ids[5]
        let pictures = [FakePhotoSource.handle(of: id), FakePhotoSource.screenHandle(of: id)]
        let picture = try #require(frame.lastIndex { if case let .image(handle, _) = $0.kind { pictures.contains(handle) } else { false } })
        let backing = try #require(frame.lastIndex { $0.viewName == "cannot-open headline" && $0.kind == .fill(Color(red: 0, green: 0, blue: 0, alpha: 0.6)) })
        #expect(picture < backing, "the picture is drawn, and the words after it")
        #expect(!drawsLoadingLabel(app))
    }

    @Test func aPageThatCannotShowItsPictureSaysWhyNotThatItIsLoading() {
        let labels = FakeLabels()
        let app = BrowserFixture(labels: labels)
        app.source.failing = [5]
        app.open(5)
        #expect(labels.rendered.contains("cannot open"))
        #expect(!drawsLoadingLabel(app))
    }
}
