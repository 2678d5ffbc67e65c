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

/// The grid → pager → grid flow, driven by scripted pointer events and keys on a manual clock.
final class BrowserFixture {
    let scene: TestScene
    let source: FakePhotoSource
    let browser: PhotoBrowser

    init(count: Int = 50, frameRateHz: Double = 60, size: Size = Size(width: 800, height: 600), labels: LabelRenderer? = nil) {
        scene = TestScene(size: size, frameRateHz: frameRateHz)
        // 3:2 photos: fitted in 800×600 they are 800×533, 33 pt from the top.
        source = FakePhotoSource(count: count, sizes: [Size(width: 600, height: 400)])
        browser = PhotoBrowser(context: ComponentContext(animator: scene.animator, arena: scene.arena, labels: labels))
        browser.frame = scene.root.bounds
        scene.root.addSubview(browser)
        browser.source = source
        scene.frame(at: 0)
    }

    var grid: GridView { browser.grid }
    var pager: FullScreenPager { browser.pager }
    var fitted: Rect { Rect.aspectFit(Size(width: 600, height: 400), in: scene.root.bounds) }

    func cellCenter(_ index: Int) -> Point {
        let frame = grid.convert(grid.layout.frame(of: index), to: nil)!
        return Point(x: frame.midX, y: frame.midY)
    }

    func cellFrameInWindow(_ index: Int) -> Rect { grid.convert(grid.layout.frame(of: index), to: nil)! }

    func doubleClick(_ index: Int) {
        scene.play(PointerScript.clicks(at: cellCenter(index), count: 2, startTime: scene.now + 0.05))
    }

    func key(_ key: Key, modifiers: KeyModifiers = []) {
        _ = browser.handleKey(KeyEvent(key: key, modifiers: modifiers, timestampNanoseconds: scene.now.nanosecondStamp))
    }

    func open(_ index: Int) {
        doubleClick(index)
        scene.settle()
    }

    /// The window rectangle of photo `index` as drawn in the last frame.
    func photoRect(_ index: Int) -> Rect? {
        scene.recorder.commands(ofView: "photo \(index)").first?.boundsInWindow
    }

    /// A double-click at `point` in the window.
    func doubleClick(at point: Point) {
        scene.play(PointerScript.clicks(at: point, count: 2, startTime: scene.now + 0.05))
    }

    func drag(from start: Point, by delta: Point, duration: Seconds, profile: PointerScript.SpeedProfile = .constant,
              hold: Seconds = 0) {
        scene.play(PointerScript.drag(from: start, to: start + delta, duration: duration, rateHz: 120, startTime: scene.now + 0.05,
                                      profile: profile, holdBeforeRelease: hold))
    }
}

/// How far a rectangle moved or grew between consecutive frames.
func steps(_ path: [Rect]) -> [Double] {
    zip(path, path.dropFirst()).map { abs($1.midX - $0.midX) + abs($1.midY - $0.midY) + abs($1.width - $0.width) + abs($1.height - $0.height) }
}

func close(_ a: Rect?, _ b: Rect, within tolerance: Double = 0.5) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// The album strip in the browser: above the album's view when there are albums to pick.
@Suite struct BrowserAlbumStripTests {
    let fixture = BrowserFixture()
    let albums = FakeAlbumSource(count: 3)

    @Test func withSeveralAlbumsTheStripSitsAboveTheViewAndThePagerCoversBoth() {
        fixture.browser.albumSource = albums
        fixture.scene.runFrames(for: 1.0 / 60)
        #expect(!fixture.browser.albumStrip.isHidden)
        #expect(fixture.grid.frame == Rect(x: 0, y: AlbumStripLayout.height, width: 800, height: 600 - AlbumStripLayout.height))
        // Opening zooms out of the cell where it is now, below the strip.
        let cell = fixture.cellFrameInWindow(0)
        #expect(cell.minY > AlbumStripLayout.height)
        fixture.open(0)
        #expect(fixture.pager.frame == fixture.scene.root.bounds)
        #expect(fixture.browser.subviews.last === fixture.pager, "the pager is over the strip")
    }

    @Test func oneAlbumAloneGetsTheWholeWindow() {
        albums.albumCount = 1
        fixture.browser.albumSource = albums
        fixture.scene.runFrames(for: 1.0 / 60)
        #expect(fixture.browser.albumStrip.isHidden)
        #expect(fixture.grid.frame == fixture.scene.root.bounds)
    }

    @Test func theWheelOverTheStripScrollsTheStripNotTheGrid() {
        albums.albumCount = 12
        fixture.browser.albumSource = albums
        fixture.scene.runFrames(for: 1.0 / 60)
        fixture.browser.handleWheel(WheelEvent(deltaInPoints: Point(x: 0, y: 120), locationInWindow: Point(x: 400, y: 60), timestampNanoseconds: 0))
        fixture.scene.settle()
        #expect(abs(fixture.browser.albumStrip.offset - 120) < 0.01)
        #expect(fixture.grid.bounds.minY == 0)
        fixture.browser.handleWheel(WheelEvent(deltaInPoints: Point(x: 0, y: 120), locationInWindow: Point(x: 400, y: 400), timestampNanoseconds: 0))
        fixture.scene.settle()
        #expect(abs(fixture.grid.bounds.minY - 120) < 0.01)
    }

    @Test func aFlungStripSettlesAndChoosesWhileCoversArrive() {
        albums.albumCount = 12
        fixture.browser.albumSource = albums
        var chosen: [Int] = []
        fixture.browser.onSelectAlbum = { chosen.append($0) }
        fixture.scene.runFrames(for: 1.0 / 60)
        fixture.scene.play(PointerScript.drag(from: Point(x: 600, y: 60), to: Point(x: 350, y: 60), duration: 0.1, rateHz: 120,
                                              startTime: fixture.scene.now + 0.1))
        // Covers arriving reload the strip and lay the browser out, frame after frame.
        for _ in 0..<20 {
            fixture.browser.reloadAlbums()
            fixture.scene.runFrames(for: 1.0 / 60)
        }
        fixture.scene.settle()
        let strip = fixture.browser.albumStrip
        #expect(chosen == [strip.selectedIndex] && strip.selectedIndex > 2)
        #expect(abs(strip.offset - strip.layout.centringOffset(of: strip.selectedIndex)) < 0.01)
    }

    @Test func anotherAlbumStartsAtItsTopWithItsFirstPhotoInHand() {
        fixture.browser.albumSource = albums
        fixture.grid.select(30)
        fixture.scene.settle()
        #expect(fixture.grid.bounds.minY > 0)
        fixture.browser.albumDidChange()
        fixture.scene.runFrames(for: 1.0 / 60)
        #expect(fixture.grid.bounds.minY == 0 && fixture.grid.selectedIndex == 0)
    }
}

@Suite struct AlbumMessageTests {
    func messageLines(_ fixture: BrowserFixture) -> [DrawCommand] {
        fixture.scene.recorder.last.filter { $0.viewName?.hasPrefix("album message line") == true }
    }

    @Test func anAlbumWithNoPhotosSaysWhyInTheMiddleAndTheWordsGoWhenPhotosCome() throws {
        let f = BrowserFixture(count: 0, labels: FakeLabels())
        f.browser.albumMessage = "/home/me/Pictures/Trip: no such file or folder"
        f.scene.runFrames(for: 1.0 / 60)
        let lines = messageLines(f)
        #expect(!lines.isEmpty)
        let box = lines.map(\.boundsInWindow).reduce(lines[0].boundsInWindow) { $0.union($1) }
        #expect(abs(box.midX - 400) < 8 && abs(box.midY - 300) < 20, "centred: \(box)")
        #expect(box.width <= 800 * PhotoBrowser.messageWidthFraction + 0.5, "wrapped within the view")

        f.source.photoCount = 3
        f.browser.reloadData()
        f.scene.runFrames(for: 1.0 / 60)
        #expect(messageLines(f).isEmpty, "photos arrived: the message goes even before the app clears it")
    }
}

@Suite struct PhotoInHandTests {
    @Test func theGridsSelectionFollowsItsPhotoWhenOthersComeAndFallsToItsPlaceWhenItGoes() {
        let f = BrowserFixture(count: 50)
        f.grid.select(10, scroll: false)
        // Two photos arrive before it.
        f.source.photoCount = 52
        f.browser.reloadData()
        f.browser.photosMoved { $0 >= 5 ? $0 + 2 : $0 }
        #expect(f.grid.selectedIndex == 12)
        // It leaves: the photo now in its place is in hand.
        f.source.photoCount = 51
        f.browser.reloadData()
        f.browser.photosMoved { $0 == 12 ? nil : ($0 > 12 ? $0 - 1 : $0) }
        #expect(f.grid.selectedIndex == 12)
    }

    @Test func theStackKeepsItsTopPhotoAndThePagerItsPageWithoutMovingOnScreen() {
        let f = BrowserFixture(count: 50)
        f.browser.show(.stack)
        f.browser.stack.goTo(7)
        f.browser.openPhoto(20)
        f.scene.settle()
        let shown = f.scene.recorder.commands(ofView: "photo 20").first?.boundsInWindow
        f.source.photoCount = 53
        f.browser.reloadData()
        f.browser.photosMoved { $0 + 3 }
        f.scene.runFrames(for: 1.0 / 60)
        #expect(f.pager.currentIndex == 23)
        #expect(f.browser.stack.topIndex == 23, "the stack follows the pager's photo, now at 23")
        let after = f.scene.recorder.commands(ofView: "photo 23").first?.boundsInWindow
        let moved = zip([shown?.minX, shown?.minY, shown?.width, shown?.height], [after?.minX, after?.minY, after?.width, after?.height])
            .map { a, b in abs((a ?? .nan) - (b ?? .nan)) }.max() ?? .nan
        #expect(shown != nil && after != nil && moved < 0.01, "the photo stays where it was on screen: \(String(describing: shown)) → \(String(describing: after))")
    }
}

@Suite struct HelpTests {
    func shownText(_ f: BrowserFixture, _ labels: FakeLabels, column: String) -> [String] {
        // Both halves, where the list goes on beside itself.
        labels.texts(in: f.scene.recorder.last, ofViewsNamed: "help \(column) line") + labels.texts(in: f.scene.recorder.last, ofViewsNamed: "help \(column) 2 line")
    }

    @Test func questionMarkShowsTheViewsKeysAndAnyKeyClosesItWithoutDoingAnythingElse() {
        let labels = FakeLabels()
        let f = BrowserFixture(labels: labels)
        f.key(.character("?"))
        f.scene.settle()
        #expect(shownText(f, labels, column: "title") == ["Grid"])
        #expect(shownText(f, labels, column: "keys").contains("Double-click, Enter"))
        #expect(shownText(f, labels, column: "actions").contains("Quit"), "and what works everywhere")
        f.key(.character("2"))
        f.scene.settle()
        #expect(!f.browser.help.isShown && f.browser.viewKind == .grid, "the key closed help and did nothing else")
        f.key(.function(1))
        f.scene.settle()
        #expect(f.browser.help.isShown, "F1 too")
        f.scene.play(PointerScript.clicks(at: Point(x: 100, y: 100), startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(!f.browser.help.isShown && !f.browser.isPagerOpen, "a click closes it and opens nothing beneath")
    }

    @Test func overThePagerHelpIsThePagersAndEscClosesHelpBeforeThePager() {
        let labels = FakeLabels()
        let f = BrowserFixture(labels: labels)
        f.open(3)
        f.key(.character("?"))
        f.scene.settle()
        #expect(shownText(f, labels, column: "title") == ["Full-screen photo"])
        f.key(.escape)
        f.scene.settle()
        #expect(!f.browser.help.isShown && f.browser.isPagerOpen)
        f.key(.escape)
        f.scene.settle()
        #expect(!f.browser.isPagerOpen)
    }

    @Test func eachViewHasItsOwnHelp() {
        let labels = FakeLabels()
        let f = BrowserFixture(labels: labels)
        for (key, title) in [("2", "Stack"), ("3", "Card deck"), ("4", "Culling pager"), ("1", "Grid")] {
            f.key(.character(Character(key)), modifiers: .control)
            f.key(.character("?"))
            f.scene.settle()
            #expect(shownText(f, labels, column: "title") == [title])
            f.key(.character("x"))
            f.scene.settle()
        }
    }
}

@Suite struct SwitcherTests {
    @Test func theSwitcherMarksTheViewShownAndAClickOnANameShowsThatViewWithThePhotoInHand() throws {
        let f = BrowserFixture(labels: FakeLabels())
        f.grid.select(7)
        f.scene.settle()
        func segment(_ kind: AlbumViewKind) -> DrawCommand? {
            f.scene.recorder.last.first { $0.viewName == "switcher \(kind.rawValue)" }
        }
        #expect(segment(.grid) != nil && segment(.stack) == nil, "only the current view's name is marked")
        let deck = try #require(f.scene.recorder.last.first { $0.viewName == "switcher deck label" }?.boundsInWindow)
        f.scene.play(PointerScript.clicks(at: Point(x: deck.midX, y: deck.midY), startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(f.browser.viewKind == .deck && f.browser.deck.topIndex == 7, "the deck, the same photo in front")
        #expect(segment(.deck) != nil && segment(.grid) == nil)
        #expect(f.grid.selectedIndex == 7)
    }
}

@Suite struct HiDPITests {
    @Test(arguments: [1.5, 2.0])
    func everyViewAsksForPicturesAtDevicePixels(scale: Double) {
        let scene = TestScene(size: Size(width: 800, height: 600))
        let source = FakePhotoSource(count: 20, sizes: [Size(width: 600, height: 400)])
        let browser = PhotoBrowser(context: ComponentContext(animator: scene.animator, arena: scene.arena, pixelScale: scale))
        browser.frame = scene.root.bounds
        scene.root.addSubview(browser)
        browser.source = source
        scene.settle()
        let cell = Int((195 * scale).rounded(.up))
        #expect(source.wanted.first?.size == .filling(cell), "the grid's cells at \(cell) px")
        browser.show(.cull)
        scene.settle()
        let area = CullLayout(viewSize: Size(width: 800, height: 600)).cardArea
        #expect(source.wanted.first?.size == .fitting(Int((max(area.width, area.height) * scale).rounded(.up))))
        browser.show(.deck)
        scene.settle()
        #expect(source.wanted.first?.size == .filling(Int((760 * scale).rounded(.up))), "the deck's cards")
    }
}

/// Flick opened on one image shows it as a viewer does: full screen and fitted in the first
/// frame, with nothing flying in; closing still zooms it back into its place.
@Suite struct PagerAtLaunchTests {
    @Test func thePhotoIsFittedInTheFirstFrameAndClosesIntoItsCell() {
        let f = BrowserFixture(count: 40)
        f.browser.showPhotoAtLaunch(30)
        f.scene.frame(at: f.scene.now + 1.0 / 60)
        #expect(f.pager.phase == .open)
        #expect(f.photoRect(30) == f.fitted, "fitted at once: \(String(describing: f.photoRect(30)))")
        f.scene.runFrames(for: 0.2)
        #expect(f.scene.recorder.trajectory(ofView: "photo 30").allSatisfy { $0 == f.fitted }, "nothing flies in")

        f.key(.escape)
        f.scene.settle()
        #expect(f.pager.phase == .closed)
        #expect(f.grid.convert(f.grid.layout.frame(of: 30), to: nil)!.intersects(f.scene.root.bounds), "its cell was scrolled into view")
    }

    /// Opened from a file manager on one photo, Esc, then Enter, Right or Compare go on
    /// from that photo, not from the album's first.
    @Test(arguments: AlbumViewKind.allCases)
    func thePhotoOpenedOnIsThePhotoInHandOnceThePagerCloses(_ kind: AlbumViewKind) {
        let f = BrowserFixture(count: 40)
        f.browser.show(kind)
        f.scene.settle()
        f.browser.showPhotoAtLaunch(30)
        f.scene.settle()
        f.key(.escape)
        f.scene.settle()
        #expect(f.pager.phase == .closed)
        #expect(f.browser.photoInHand == 30, "\(kind): \(String(describing: f.browser.photoInHand))")
        f.key(.enter)
        f.scene.settle()
        #expect(f.pager.phase == .open && f.pager.currentIndex == 30, "Enter opens it again: \(f.pager.currentIndex)")
    }
}

/// A view switched while the pager's photo flies home: the view it was flying to gets its
/// place back, not a blank cell for good.
@Suite struct ViewSwitchedWhileClosingTests {
    @Test(arguments: [AlbumViewKind.stack, .deck, .cull])
    func theGridsCellIsShownAgainAfterAViewSwitchDuringTheClosingZoom(_ other: AlbumViewKind) {
        let f = BrowserFixture(count: 20)
        f.scene.settle()
        f.browser.grid.select(4)
        f.key(.enter)
        f.scene.settle()
        #expect(f.pager.phase == .open)
        f.key(.escape)
        f.scene.runFrames(for: 0.05)
        #expect(f.pager.phase == .closing, "still flying home")
        f.browser.show(other)
        f.scene.settle()
        f.browser.show(.grid)
        f.scene.settle()
        #expect(f.pager.phase == .closed)
        let drawn = f.scene.recorder.commands(ofView: "cell 4").contains { if case .image = $0.kind { true } else { false } }
        #expect(drawn, "the photo in hand's cell is drawn again")
    }
}

/// A photo far thinner than the window (16×40000) is drawn a few points across, whole.
@Suite struct ThinPhotoTests {
    @Test func aThinPhotoIsDrawnAtLeastTheThinnestSideAcrossAndWhole() {
        let f = BrowserFixture(count: 3)
        f.source.sizes = [Size(width: 16, height: 40_000)]
        f.browser.reloadData()
        f.scene.settle()
        f.browser.showPhotoAtLaunch(1)
        f.scene.settle()
        let drawn = f.scene.recorder.commands(ofView: "photo 1").last
        let rect = drawn?.boundsInWindow
        #expect(rect.map { abs($0.width - PhotoZoom.thinnestSide) < 0.01 && abs($0.height - 600) < 0.01 } == true, "\(String(describing: rect))")
        // Stretched across, not cropped to its middle: all of the picture is drawn.
        if case let .image(_, source)? = drawn?.kind {
            #expect(source.height == f.source.picture(at: 1, size: .fitting(800)).image?.pixelSize.height)
        } else {
            Issue.record("no picture drawn")
        }
    }
}

/// The pager covers the album's view: its pictures must not take the cores the pager's
/// photo needs (on two cores, a screenful of thumbnails halves a held key's paging).
@Suite struct PicturesUnderThePagerTests {
    @Test(arguments: AlbumViewKind.allCases)
    func theCoveredViewWantsItsPicturesOnlyAfterThePagersAndPlaysNothing(kind: AlbumViewKind) {
        let f = BrowserFixture(count: 40)
        f.browser.show(kind)
        f.scene.settle()
        // The pager's demand is the one that wants photos the window's size (Compare's panes
        // want theirs within smaller boxes).
        let isPagers = { (demand: FakePhotoSource.FakeDemand) in demand.current.contains { $0.size == .within(width: 800, height: 600) } }
        let viewWants = { f.source.liveDemands.filter { !isPagers($0) }.flatMap(\.current) }
        #expect(viewWants().contains { $0.priority == .visible }, "shown, the \(kind) wants its pictures now")

        f.browser.openPhoto(0)
        f.scene.settle()
        #expect(f.pager.phase == .open)
        #expect(f.source.liveDemands.filter(isPagers).flatMap(\.current).first?.priority == .visible, "the pager's photo first")
        #expect(!viewWants().isEmpty && viewWants().allSatisfy { $0.priority == .ahead && !$0.plays },
                "covered: \(viewWants().map(\.priority))")
        // A thumbnail at most: a covered view's screen-sized pictures are decoded for no one.
        let largest = PictureWants.largestCoveredSide
        #expect(viewWants().allSatisfy { request in
            switch request.size {
            case let .filling(side), let .fitting(side): side <= largest
            case let .within(width, height): max(width, height) <= largest
            case .region: false
            }
        }, "covered: \(viewWants().map(\.size))")

        f.key(.escape)
        f.scene.settle()
        #expect(f.pager.phase == .closed)
        #expect(viewWants().contains { $0.priority == .visible }, "uncovered, it wants them now again")
    }
}

/// The view switcher sits at the end of the album strip's band: covers scrolled that far go
/// under an opaque stretch of band, never under the switcher's translucent pill.
@Suite struct SwitcherInTheStripBandTests {
    @Test func coversReachingTheSwitcherPassUnderTheBandNotUnderThePill() throws {
        let f = BrowserFixture(count: 10, labels: FakeLabels())
        let albums = FakeAlbumSource(count: 10)
        f.browser.albumSource = albums
        f.browser.reloadAlbums(selecting: 0)
        f.scene.settle()
        let commands = f.scene.recorder.last
        let switcher = try #require(commands.first { $0.viewName == "switcher" }?.boundsInWindow)
        let covers = commands.indices.filter { commands[$0].viewName?.hasPrefix("album ") == true }
        #expect(covers.contains { commands[$0].boundsInWindow.intersects(switcher) }, "800 pt wide, the covers run on to the switcher's place")
        let backing = try #require(commands.indices.first { commands[$0].viewName == "switcher backing" })
        let band = commands[backing].boundsInWindow
        #expect(commands[backing].isOpaque && band.contains(switcher), "\(band) holds \(switcher)")
        #expect(band.minY == 0 && band.height == AlbumStripLayout.height && band.maxX == 800, "the band's end: \(band)")
        #expect(covers.allSatisfy { $0 < backing }, "drawn over every cover")
        #expect(commands.indices.filter { commands[$0].viewName == "switcher" }.allSatisfy { $0 > backing })
    }
}
