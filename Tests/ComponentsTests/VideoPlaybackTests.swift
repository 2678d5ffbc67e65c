// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import PhotoSources
import Testing
import TestSupport
import ViewTree

/// A video in the pager plays where it stands: Space plays and pauses it (and still pages
/// on a photo), the arrows skip while it plays and page once it is paused, and its bar says
/// where it is and takes clicks on its track and its button.
@MainActor @Suite struct VideoPlaybackTests {
    let labels = FakeLabels()

    /// The view named `name` in `view`'s tree.
    func descendant(named name: String, of view: View) -> View? {
        if view.name == name { return view }
        for child in view.subviews { if let found = descendant(named: name, of: child) { return found } }
        return nil
    }

    /// Photo 3 of the album is a six-second video playing in place, two seconds in.
    func album() -> BrowserFixture {
        let app = BrowserFixture(labels: labels)
        app.source.playbacks[3] = PlaybackState(length: 6, position: 2, isPaused: false)
        app.open(3)
        app.browser.reloadPlayingPictures()
        app.scene.settle()
        return app
    }

    @Test func spacePlaysAndPausesAVideoAndStillPagesOnAPhoto() {
        let app = album()
        app.key(.space)
        #expect(app.source.playbacks[3]?.isPaused == true && app.pager.currentIndex == 3)
        app.key(.space)
        #expect(app.source.playbacks[3]?.isPaused == false && app.pager.currentIndex == 3)
        app.source.playbacks[3] = nil
        app.key(.space)
        app.scene.settle()
        #expect(app.pager.currentIndex == 4, "a photo: Space pages on")
    }

    @Test func theArrowsSkipWhileItPlaysAndPageOnceItIsPaused() {
        let app = album()
        app.key(.right)
        app.key(.up)
        #expect(app.source.controls.map(\.control) == [.skip(by: 5), .changeVolume(by: 0.1)] && app.pager.currentIndex == 3)
        app.key(.space)
        app.key(.right)
        app.scene.settle()
        #expect(app.pager.currentIndex == 4, "paused: Right pages on")
    }

    /// Right held from a photo pages on past a video that starts playing as it is passed
    /// (its repeats are the pager's); a fresh press on it skips in it, as before.
    @Test func aHeldArrowPagesOnPastAPlayingVideo() {
        let app = BrowserFixture(labels: labels)
        app.source.playbacks[3] = PlaybackState(length: 6, position: 0, isPaused: false)
        app.open(2)
        app.scene.settle()
        func right(repeated: Bool) {
            _ = app.browser.handleKey(KeyEvent(key: .right, isRepeat: repeated, timestampNanoseconds: app.scene.now.nanosecondStamp))
            app.scene.settle()
        }
        right(repeated: false)
        #expect(app.pager.currentIndex == 3)
        right(repeated: true)
        #expect(app.pager.currentIndex == 4 && app.source.controls.isEmpty, "the held key pages on: nothing skipped")
        app.browser.handleKeyUp(KeyEvent(key: .right, isDown: false, timestampNanoseconds: app.scene.now.nanosecondStamp))
        app.key(.left)
        app.scene.settle()
        #expect(app.pager.currentIndex == 3)
        app.browser.handleKeyUp(KeyEvent(key: .left, isDown: false, timestampNanoseconds: app.scene.now.nanosecondStamp))
        right(repeated: false)
        right(repeated: true)
        #expect(app.source.controls.map(\.control) == [.skip(by: 5), .skip(by: 5)] && app.pager.currentIndex == 3,
                "pressed on the playing video, Right skips in it, held too")
    }

    @Test func itsBarSaysWhereItIsAndAClickOnItsTrackGoesThere() throws {
        let app = album()
        let bar = try #require(descendant(named: "video bar", of: app.pager))
        #expect(!bar.isHidden && labels.rendered.contains("0:02 / 0:06"))
        let frame = try #require(bar.convert(bar.bounds, to: nil))
        #expect(frame.maxY <= app.scene.root.bounds.maxY && frame.midX == app.scene.root.bounds.midX)
        // Near the track's end: most of the way in. The pager stays open (the bar took it).
        app.scene.play(PointerScript.clicks(at: Point(x: frame.maxX - 20, y: frame.midY), count: 1, startTime: app.scene.now + 0.05))
        app.scene.settle()
        let seek = try #require(app.source.controls.last)
        guard case let .seek(to: seconds) = seek.control else { Issue.record("\(seek)"); return }
        #expect(seconds > 5 && seconds <= 6 && app.pager.phase == .open)
        // Its button pauses.
        app.scene.play(PointerScript.clicks(at: Point(x: frame.minX + 30, y: frame.midY), count: 1, startTime: app.scene.now + 0.05))
        app.scene.settle()
        #expect(app.source.controls.last?.control == .togglePause && app.source.playbacks[3]?.isPaused == true)
    }

    @Test func aPhotoInFrontHasNoBar() throws {
        let app = album()
        app.key(.space)
        app.key(.right)
        app.scene.settle()
        app.browser.reloadPlayingPictures()
        #expect(descendant(named: "video bar", of: app.pager)?.isHidden == true)
    }

    @Test func holdingVPlaysALivePhotosMomentUntilItIsLetGo() {
        let app = BrowserFixture(labels: labels)
        app.source.livePhotos = [2]
        app.open(2)
        app.key(.character("v"))
        // The key's repeats while held ask nothing more.
        _ = app.browser.handleKey(KeyEvent(key: .character("v"), isRepeat: true, timestampNanoseconds: app.scene.now.nanosecondStamp))
        app.browser.handleKeyUp(KeyEvent(key: .character("v"), isDown: false, timestampNanoseconds: app.scene.now.nanosecondStamp))
        #expect(app.source.moments.map(\.shown) == [true, false] && app.source.moments.allSatisfy { $0.index == 2 })
        // A photo without a moment: V does nothing.
        app.key(.right)
        app.scene.settle()
        app.key(.character("v"))
        #expect(app.source.moments.count == 2)
    }

    /// A moment whose movie cannot play says why, once, rather than leave the still as if
    /// nothing were asked.
    @Test func aMomentThatCannotPlaySaysWhyOnce() {
        let app = BrowserFixture(labels: labels)
        app.source.livePhotos = [2]
        app.source.momentProblems = [2: "no video in IMG_0002.MOV"]
        app.open(2)
        app.browser.reloadPlayingPictures()
        #expect(app.browser.toast.message == nil, "nothing is said before the moment is asked")
        app.key(.character("v"))
        app.browser.reloadPlayingPictures()
        #expect(app.browser.toast.message?.contains("no video in IMG_0002.MOV") == true, "\(app.browser.toast.message ?? "no toast")")
        app.browser.toast.dismiss()
        app.browser.reloadPlayingPictures()
        #expect(app.browser.toast.message == nil, "said once")
    }

    @Test func pressingAndHoldingOnALivePhotoPlaysItsMomentAndTheClickDoesNotClose() {
        let app = BrowserFixture(labels: labels)
        app.source.livePhotos = [2]
        app.open(2)
        // Held a second without moving, then let go.
        app.scene.play(PointerScript.clicks(at: Point(x: 400, y: 300), count: 1, startTime: app.scene.now + 0.05, pressDuration: 1.0))
        app.scene.settle()
        #expect(app.source.moments.map(\.shown) == [true, false] && app.source.moments.allSatisfy { $0.index == 2 })
        #expect(app.pager.phase == .open, "a held press is not a click: the pager stays")
        // A quick click still closes it.
        app.scene.play(PointerScript.clicks(at: Point(x: 400, y: 300), count: 1, startTime: app.scene.now + 0.05))
        app.scene.settle()
        #expect(app.pager.phase != .open && app.source.moments.count == 2)
    }

    @Test func onAPhotoWithoutAMomentADragStillPages() {
        let app = BrowserFixture(labels: labels)
        app.open(4)
        app.drag(from: Point(x: 600, y: 300), by: Point(x: -400, y: 0), duration: 0.3, hold: 0)
        app.scene.settle()
        #expect(app.pager.currentIndex == 5 && app.source.moments.isEmpty)
    }
}
