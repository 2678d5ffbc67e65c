// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import PhotoSources
import Testing
import TestSupport
import ViewTree

/// The slideshow on the manual clock: its pace, its crossfade, pausing, stepping, ending
/// where it is, and waiting for a picture rather than showing none.
final class SlideshowFixture {
    let app: BrowserFixture
    let labels = FakeLabels()
    private(set) var changes: [Bool] = []

    init(frameRateHz: Double = 60) {
        app = BrowserFixture(count: 6, frameRateHz: frameRateHz, labels: labels)
        app.browser.onSlideshowChange = { [unowned self] in changes.append($0) }
    }

    var browser: PhotoBrowser { app.browser }
    var slideshow: SlideshowView { browser.slideshow }
    var scene: TestScene { app.scene }

    func key(_ key: Key) {
        app.key(key)
        scene.frame(at: scene.now + 1.0 / 60)
    }

    /// Runs the clock on by `seconds`, frame by frame.
    func wait(_ seconds: Double) {
        let end = scene.now + seconds
        while scene.now < end { scene.frame(at: min(end, scene.now + 1 / scene.frameRateHz)) }
    }

    /// The photos drawn by the slideshow in the last frame, with their opacity.
    var drawn: [(index: Int, rect: Rect, opacity: Double)] {
        scene.recorder.last.compactMap { command in
            guard let name = command.viewName, name.hasPrefix("slideshow photo "), let index = Int(name.dropFirst("slideshow photo ".count)),
                  case .image = command.kind else { return nil }
            return (index, command.boundsInWindow, command.opacity)
        }
    }
}

@Suite struct SlideshowTests {
    @Test(arguments: [60.0, 144.0])
    func f5PlaysFromThePhotoInHandAPhotoEveryFewSecondsWithACrossfade(hz: Double) throws {
        let f = SlideshowFixture(frameRateHz: hz)
        f.browser.grid.select(2)
        f.key(.function(5))
        #expect(f.changes == [true] && f.slideshow.isPlaying)
        f.wait(0.5)
        let first = try #require(f.drawn.first)
        #expect(first.index == 2 && abs(first.rect.width - f.app.fitted.width) < 0.5 && abs(first.rect.height - f.app.fitted.height) < 0.5,
                "photo 2 fitted to the window, its screen-sized picture: \(first.rect)")
        f.wait(f.slideshow.interval - 0.5 + SlideshowView.crossfadeSeconds / 2)
        let mid = f.drawn
        #expect(mid.map(\.index) == [2, 3] && mid[1].opacity > 0.2 && mid[1].opacity < 0.8, "halfway through the crossfade: \(mid)")
        f.wait(SlideshowView.crossfadeSeconds)
        #expect(f.drawn.map(\.index) == [3] && f.drawn[0].opacity == 1)
    }

    @Test func spacePausesArrowsStepPlusAndMinusChangeThePaceAndEscEndsWhereItIs() {
        let f = SlideshowFixture()
        f.browser.grid.select(0)
        f.key(.function(5))
        f.key(.space)
        #expect(f.slideshow.isPaused)
        f.wait(f.slideshow.interval * 3)
        #expect(f.slideshow.index == 0, "paused: it stays")
        f.key(.right)
        f.key(.right)
        #expect(f.slideshow.index == 2)
        f.key(.left)
        #expect(f.slideshow.index == 1)
        let pace = f.slideshow.interval
        f.key(.character("+"))
        #expect(f.slideshow.interval > pace)
        #expect(f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "slideshow note").joined().contains("second"), "the pace said")
        f.key(.character("-"))
        f.key(.character("-"))
        #expect(f.slideshow.interval < pace)
        f.key(.escape)
        #expect(!f.slideshow.isPlaying && f.changes == [true, false])
        #expect(f.browser.grid.photoInHand == 1, "the grid has the photo it ended on")
    }

    @Test func aVideoPlaysToItsEndOrHalfAMinuteBeforeTheNextPhoto() {
        let f = SlideshowFixture()
        f.app.source.playbacks[1] = PlaybackState(length: 90, position: 0, isPaused: false)
        f.browser.grid.select(1)
        f.key(.function(5))
        #expect(f.app.source.wanted.contains { $0.index == 1 && $0.plays }, "the video shown is asked to play")
        f.wait(f.slideshow.interval * 2)
        #expect(f.slideshow.index == 1, "it plays on past the pace")
        // Half a minute in (a long video): the next photo's turn.
        f.app.source.playbacks[1]?.position = SlideshowView.longestVideo
        f.wait(0.5 + SlideshowView.crossfadeSeconds)
        #expect(f.slideshow.index == 2)
        // A short one that ended: on at once.
        f.app.source.playbacks[3] = PlaybackState(length: 4, position: 1, isPaused: false)
        f.wait(f.slideshow.interval + SlideshowView.crossfadeSeconds)
        #expect(f.slideshow.index == 3)
        f.wait(f.slideshow.interval)
        #expect(f.slideshow.index == 3)
        f.app.source.playbacks[3]?.hasEnded = true
        f.wait(0.5 + SlideshowView.crossfadeSeconds)
        #expect(f.slideshow.index == 4)
    }

    @Test func aPhotoNotReadyWhenItsTimeComesIsWaitedFor() {
        let f = SlideshowFixture()
        f.app.source.loading = [1]
        f.browser.grid.select(0)
        f.key(.function(5))
        f.wait(f.slideshow.interval + SlideshowView.crossfadeSeconds + 0.2)
        #expect(f.drawn.map(\.index) == [0], "photo 1 is not here: photo 0 stays, whole")
        f.app.source.loading = []
        f.browser.reloadData()
        f.wait(SlideshowView.crossfadeSeconds + 0.1)
        #expect(f.drawn.map(\.index) == [1], "it came: in it goes")
    }

    @Test func aClickEndsItAndAfterTheLastPhotoTheFirstComesAgain() {
        let f = SlideshowFixture()
        f.browser.grid.select(5)
        f.key(.function(5))
        f.wait(f.slideshow.interval + SlideshowView.crossfadeSeconds + 0.1)
        #expect(f.slideshow.index == 0, "round again")
        f.scene.play(PointerScript.clicks(at: Point(x: 400, y: 300), count: 1, startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(!f.slideshow.isPlaying && f.browser.grid.photoInHand == 0)
    }

    /// M: each photo drifts a little larger while it shows; with less motion asked for, it
    /// stays still.
    @Test(arguments: [false, true])
    func mLetsEachPhotoDriftUnlessTheDesktopAsksForLessMotion(reducesMotion: Bool) throws {
        let f = SlideshowFixture()
        f.scene.animator.reducesMotion = reducesMotion
        f.browser.grid.select(0)
        f.key(.function(5))
        f.key(.character("m"))
        #expect(f.slideshow.drifts)
        f.wait(f.slideshow.interval + SlideshowView.crossfadeSeconds + 0.2)
        let early = try #require(f.drawn.first { $0.index == 1 }).rect
        f.wait(2)
        let later = try #require(f.drawn.first { $0.index == 1 }).rect
        if reducesMotion {
            #expect(later == early, "still: \(early) then \(later)")
        } else {
            #expect(later.width > early.width + 5 && abs(later.midX - early.midX) < 1, "growing about its middle: \(early) then \(later)")
        }
    }
}
