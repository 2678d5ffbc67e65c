// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Components
import PhotoSources
import Geometry
import Gestures
import TestSupport
import ViewTree

/// Albums in memory: album `i` is named "Album i", holds `i + 1` photos, and its cover is
/// texture `1000 + i`.
final class FakeAlbumSource: AlbumSource {
    var albumCount: Int
    var names: [Int: String] = [:]
    private(set) var lastVisible: Range<Int> = 0..<0
    private(set) var lastPixelSize = 0

    init(count: Int) { albumCount = count }

    static func coverHandle(of index: Int) -> TextureHandle { TextureHandle(rawValue: UInt64(1000 + index)) }

    func albumName(at index: Int) -> String { names[index] ?? "Album \(index)" }
    func albumPhotoCount(at index: Int) -> Int { index + 1 }
    /// Album 2 holds a video, album 3 nothing else.
    func albumVideoCount(at index: Int) -> Int { [2: 1, 3: 4][index] ?? 0 }
    func albumCover(at index: Int) -> Picture {
        .ready(ImageContent(texture: Self.coverHandle(of: index), pixelSize: Size(width: 300, height: 200)))
    }
    func prioritizeCovers(visible: Range<Int>, pixelSize: Int) {
        lastVisible = visible
        lastPixelSize = pixelSize
    }
}

@Suite struct AlbumStripLayoutTests {
    @Test func coversRunFromAnInsetThatLetsTheEndsBeCentred() {
        let layout = AlbumStripLayout(width: 800)
        #expect(layout.endInset == 350)
        #expect(layout.coverFrame(of: 2) == Rect(x: 350 + 220, y: 10, width: 100, height: 100))
        #expect(layout.contentWidth(of: 10) == 700 + 1000 + 90)
        #expect(layout.centringOffset(of: 0) == 0)
        #expect(layout.centringOffset(of: 9) == layout.contentWidth(of: 10) - 800, "the last cover centres at the end of the range")
    }

    @Test func aNarrowStripKeepsTheSeedsInsetOf100() {
        #expect(AlbumStripLayout(width: 260).endInset == 100)
    }

    @Test func theNearestCoverAndTheVisibleOnes() {
        let layout = AlbumStripLayout(width: 800)
        #expect(layout.nearestIndex(toOffset: 54, count: 10) == 0)
        #expect(layout.nearestIndex(toOffset: 56, count: 10) == 1)
        #expect(layout.nearestIndex(toOffset: -500, count: 10) == 0)
        #expect(layout.nearestIndex(toOffset: 5000, count: 10) == 9)
        // At offset 0: covers at 350, 460, 570, 680 and 790 (partly) are on screen.
        #expect(layout.indices(from: 0, to: 800, count: 10) == 0..<5)
        #expect(layout.indices(from: 0, to: 800, count: 3) == 0..<3)
    }
}

@Suite struct AlbumStripTests {
    let scene = TestScene(size: Size(width: 800, height: 600))
    let source = FakeAlbumSource(count: 10)
    let labels = FakeLabels()
    let strip: AlbumStrip
    var chosen: [Int] { chosenBox.values }
    private let chosenBox = Box()

    final class Box { var values: [Int] = [] }

    init() {
        strip = AlbumStrip(context: ComponentContext(animator: scene.animator, arena: scene.arena, labels: labels))
        strip.frame = Rect(x: 0, y: 0, width: 800, height: AlbumStripLayout.height)
        scene.root.addSubview(strip)
        strip.source = source
        let box = chosenBox
        strip.onSelect = { box.values.append($0) }
        scene.frame(at: 0)
    }

    /// Where cover `index` is in the window now.
    func centre(of index: Int) -> Point {
        let frame = strip.layout.coverFrame(of: index)
        return Point(x: frame.midX - strip.offset, y: frame.midY)
    }

    @Test func theFirstAlbumStartsSelectedAndCentredAndOnlyVisibleCoversExist() {
        #expect(strip.selectedIndex == 0 && strip.offset == 0)
        #expect(strip.visibleIndices == Array(0..<5))
        #expect(source.lastVisible == 0..<5 && source.lastPixelSize == 100)
        let cover = scene.recorder.commands(ofView: "cell 0").first { if case .image = $0.kind { true } else { false } }
        #expect(cover?.boundsInWindow == Rect(x: 350, y: 10, width: 100, height: 100))
        #expect(scene.recorder.commands(ofView: "album selection").first?.boundsInWindow == Rect(x: 347, y: 7, width: 106, height: 106))
    }

    @Test func eachCoverIsCaptionedWithItsNameAndPhotoCount() {
        #expect(labels.rendered.contains("Album 3") && labels.rendered.contains("4 videos") && labels.rendered.contains("1 photo"))
        #expect(labels.rendered.contains { $0.hasPrefix("2 phot") && $0.hasSuffix("▶ 1") }, "videos are counted apart: \(labels.rendered)")
        #expect(AlbumCoverCell.count(photos: 1, videos: 0) == "1 photo" && AlbumCoverCell.count(photos: 22, videos: 2) == "20 photos · ▶ 2")
    }

    @Test func aLongNameIsCutInTheMiddleKeepingItsEnd() {
        source.names[1] = "A very long album name, part 2"
        strip.reloadData()
        scene.runFrames(for: 1.0 / 60)
        let shown = labels.rendered.last { $0.hasPrefix("A ") }
        #expect(shown?.contains("…") == true && shown?.hasSuffix("2") == true, "\(shown ?? "")")
        #expect(Double(shown?.count ?? 99) * 8 <= strip.layout.pitch - 4, "fits its cover's width: \(shown ?? "")")
    }

    @Test func aClickSelectsACoverAndGlidesItToTheMiddle() {
        scene.play(PointerScript.clicks(at: centre(of: 2), startTime: scene.now + 0.1))
        #expect(strip.selectedIndex == 2)
        #expect(chosen == [2])
        scene.settle()
        #expect(abs(strip.offset - strip.layout.centringOffset(of: 2)) < 0.01)
        #expect(abs(centre(of: 2).x - 400) < 0.01)
    }

    @Test func aFlingSettlesWithTheNearestCoverCentredAndSelectsIt() {
        scene.play(PointerScript.drag(from: Point(x: 600, y: 60), to: Point(x: 300, y: 60), duration: 0.1, rateHz: 120,
                                      startTime: scene.now + 0.1))
        #expect(chosen.isEmpty, "nothing is chosen while it glides")
        scene.settle()
        let index = strip.selectedIndex
        #expect(index > 3, "momentum carried it past the dragged distance: \(index)")
        #expect(abs(strip.offset - strip.layout.centringOffset(of: index)) < 0.01)
        #expect(chosen == [index])
    }

    @Test func aSlowDragSettlesOnTheCoverNearestTheMiddle() {
        // 130 pt at a crawl: cover 1 (110 pt along) is nearest the middle.
        scene.play(PointerScript.drag(from: Point(x: 500, y: 60), to: Point(x: 370, y: 60), duration: 0.5, rateHz: 120,
                                      startTime: scene.now + 0.1, profile: .decelerating, holdBeforeRelease: 0.2))
        scene.settle()
        #expect(strip.selectedIndex == 1)
        #expect(abs(strip.offset - 110) < 0.01)
        #expect(chosen == [1])
    }

    @Test func pullingPastTheStartSpringsBackWithoutChoosingAgain() {
        scene.play(PointerScript.drag(from: Point(x: 300, y: 60), to: Point(x: 600, y: 60), duration: 0.3, rateHz: 120,
                                      startTime: scene.now + 0.1, profile: .decelerating, holdBeforeRelease: 0.1))
        #expect(strip.presentation.bounds.minX < -20, "rubber band")
        scene.settle()
        #expect(strip.offset == 0 && strip.selectedIndex == 0)
        #expect(chosen.isEmpty)
    }

    @Test func theWheelScrollsWithoutChoosing() {
        strip.handleWheel(WheelEvent(deltaInPoints: Point(x: 0, y: 150), locationInWindow: Point(x: 400, y: 60), timestampNanoseconds: 0))
        scene.settle()
        #expect(abs(strip.offset - 150) < 0.01)
        #expect(strip.selectedIndex == 0 && chosen.isEmpty)
    }

    @Test func reloadingCanMoveTheSelectionWithoutReportingIt() {
        source.albumCount = 20
        strip.reloadData(selecting: 12)
        scene.runFrames(for: 1.0 / 60)
        #expect(strip.selectedIndex == 12 && strip.offset == strip.layout.centringOffset(of: 12))
        #expect(strip.visibleIndices.contains(12))
        #expect(chosen.isEmpty)
        source.albumCount = 5
        strip.reloadData()
        scene.runFrames(for: 1.0 / 60)
        #expect(strip.selectedIndex == 4, "a selection past the end moves to the last album")
    }

    func thumb() -> Rect? {
        scene.recorder.last.first { $0.viewName == "scrubber thumb" }?.boundsInWindow
    }

    @Test func nearTheUndersideTheThumbShowsAndScrubsToTheLastAlbumNamingEachOnTheWay() throws {
        source.albumCount = 300
        strip.reloadData()
        scene.settle()
        #expect(thumb() == nil, "no thumb at rest")
        strip.pointerMoved(to: Point(x: 400, y: AlbumStripLayout.height - 4))
        scene.runFrames(for: 0.3)
        let grip = try #require(thumb(), "the pointer near the underside shows it")
        #expect(grip.maxY > AlbumStripLayout.height - 8 && grip.minX < 10, "along the underside, at the start: \(grip)")

        let toTheMiddle = PointerScript.drag(from: Point(x: grip.midX, y: grip.midY), to: Point(x: 400, y: grip.midY), duration: 0.3, rateHz: 120,
                                             startTime: scene.now + 0.05, holdBeforeRelease: 0.3)
        scene.play(Array(toTheMiddle.dropLast()))
        scene.runFrames(for: 0.1)
        let middle = strip.layout.nearestIndex(toOffset: strip.offset, count: 300)
        #expect(middle > 100 && middle < 200, "halfway along the track is halfway through the albums: \(middle)")
        #expect(labels.texts(in: scene.recorder.last, ofViewsNamed: "scrubber label").contains("Album \(middle)"), "the album in the middle, named")
        #expect(chosen.isEmpty, "nothing opens while the thumb is held")
        scene.play([try #require(toTheMiddle.last)])
        scene.settle()
        #expect(chosen == [middle], "let go: the album in the middle opens")

        let held = try #require(thumb(), "still shown a moment after")
        scene.play(PointerScript.drag(from: Point(x: held.midX, y: held.midY), to: Point(x: 799, y: held.midY), duration: 0.2, rateHz: 120,
                                      startTime: scene.now + 0.05, holdBeforeRelease: 0.2))
        scene.settle()
        #expect(strip.selectedIndex == 299 && chosen == [middle, 299], "let go at the end: the last album opens")
        #expect(abs(strip.offset - strip.layout.centringOffset(of: 299)) < 0.01)
    }

    @Test func hiddenTheThumbTakesNothingAndCentringDoesNotShowIt() {
        source.albumCount = 300
        strip.reloadData(selecting: 150)
        scene.settle()
        #expect(thumb() == nil, "jumping to the selection is not a scroll")
        let start = strip.offset
        scene.play(PointerScript.drag(from: Point(x: 500, y: AlbumStripLayout.height - 4), to: Point(x: 400, y: AlbumStripLayout.height - 4),
                                      duration: 0.5, rateHz: 120, startTime: scene.now + 0.1, profile: .decelerating, holdBeforeRelease: 0.2))
        #expect(abs(strip.offset - start - 100) < 15, "a drag along the captions scrolls by itself: \(strip.offset - start)")
        scene.settle()
        scene.runFrames(for: 3)
        #expect(thumb() == nil, "gone a moment after")
    }
}

