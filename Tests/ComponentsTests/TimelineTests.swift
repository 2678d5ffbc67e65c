// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import Marks
import PhotoSources
import Testing
import TestSupport
import ViewTree

/// The grid as a timeline: sorted by a date, the photos are cut into days, each under a
/// header that stays at the top while its day scrolls under it.
@Suite struct TimelineLayoutTests {
    let grid = GridLayout(width: 800)  // 4 columns of 195 pt
    let july12 = CalendarDay(year: 2025, month: 7, day: 12), july13 = CalendarDay(year: 2025, month: 7, day: 13)

    @Test func daysRunTogetherInOrderShown() {
        let days = [july12, july12, july13, july12]
        #expect(DaySection.runs(of: days) == [DaySection(start: 0, count: 2, day: july12), DaySection(start: 2, count: 1, day: july13),
                                             DaySection(start: 3, count: 1, day: july12)])
        #expect(DaySection.runs(of: []).isEmpty)
        #expect(CalendarDay(exif: "2025:07:12 18:30:00") == july12 && CalendarDay(exif: "2025-07-13 01:00:00") == july13)
        #expect(CalendarDay(exif: "0000:00:00 00:00:00") == nil, "a camera's zeros are no day")
    }

    @Test func withoutSectionsItIsThePlainGridToThePoint() {
        let timeline = TimelineLayout(grid: grid, sections: [], count: 50)
        for index in [0, 3, 4, 49] { #expect(timeline.frame(of: index) == grid.frame(of: index)) }
        #expect(timeline.contentHeight == grid.contentHeight(of: 50))
        #expect(timeline.indices(from: 300, to: 900) == grid.indices(from: 300, to: 900, count: 50))
        #expect(timeline.headers(from: 0, to: 600).isEmpty)
    }

    @Test func eachDayStartsOnARowOfItsOwnBelowItsHeader() {
        // Six photos on the 12th (a row and a half), two on the 13th.
        let sections = DaySection.runs(of: Array(repeating: july12, count: 6) + [july13, july13])
        let timeline = TimelineLayout(grid: grid, sections: sections, count: 8)
        let header0 = timeline.headerFrame(of: 0), header1 = timeline.headerFrame(of: 1)
        #expect(header0.minY == 0 && timeline.frame(of: 0).minY == TimelineLayout.headerHeight)
        #expect(timeline.frame(of: 4).minY == TimelineLayout.headerHeight + grid.rowPitch, "the second row of the 12th")
        #expect(timeline.frame(of: 6).minX == timeline.frame(of: 0).minX, "the 13th starts a row at the left")
        #expect(header1.minY == TimelineLayout.headerHeight + 2 * grid.rowPitch && timeline.frame(of: 6).minY == header1.minY + TimelineLayout.headerHeight)
        #expect(header0.maxY < timeline.frame(of: 0).minY, "the ring's gap stays clear of the header")
        #expect(timeline.contentHeight == timeline.frame(of: 7).maxY + grid.spacing)
        #expect(timeline.indices(from: header1.minY, to: header1.maxY).isEmpty, "a header's band has no cells")
        #expect(timeline.indices(from: 0, to: timeline.contentHeight) == 0..<8)
        #expect(timeline.section(of: 5) == 0 && timeline.section(of: 6) == 1)
    }

    @Test func theHeaderOnTopStaysUntilTheNextPushesItUp() {
        let sections = DaySection.runs(of: Array(repeating: july12, count: 8) + Array(repeating: july13, count: 8))
        let timeline = TimelineLayout(grid: grid, sections: sections, count: 16)
        let next = timeline.headerFrame(of: 1)
        #expect(timeline.pinnedHeaderFrame(of: 0, visibleTop: 100).minY == 100, "held at the top")
        #expect(timeline.headers(from: 100, to: 400).first == 0, "and still among those shown")
        let pushed = timeline.pinnedHeaderFrame(of: 0, visibleTop: next.minY - 10)
        #expect(pushed.maxY == next.minY, "the next one pushes it up: \(pushed) \(next)")
        #expect(timeline.pinnedHeaderFrame(of: 1, visibleTop: 0) == next, "a header below the top scrolls with its photos")
    }

    @Test func upAndDownCrossTheHeadersInTheirColumn() {
        // 12th: six (rows of 4 and 2); 13th: three.
        let sections = DaySection.runs(of: Array(repeating: july12, count: 6) + Array(repeating: july13, count: 3))
        let timeline = TimelineLayout(grid: grid, sections: sections, count: 9)
        #expect(timeline.index(below: 1) == 5, "the same column")
        #expect(timeline.index(below: 3) == 5, "no photo below: the day's last")
        #expect(timeline.index(below: 5) == 7, "across the header, the same column")
        #expect(timeline.index(below: 7) == 7 && timeline.index(above: 7) == 5)
        #expect(timeline.index(above: 6) == 4 && timeline.index(above: 8) == 5, "into the day before's last row, or its last photo")
        #expect(timeline.index(above: 2) == 2)
    }

    @Test func aFoldedBurstTakesOneCellAndTheOthersMoveUp() {
        // 10 photos, 2…5 a burst folded into 2's cell: 7 cells.
        let timeline = TimelineLayout(grid: grid, sections: [], count: 10, folds: [2..<6])
        #expect(timeline.cellCount == 7)
        for index in 2..<6 { #expect(timeline.frame(of: index) == grid.frame(of: 2), "frame \(index) under the burst's cell") }
        #expect(timeline.frame(of: 6) == grid.frame(of: 3) && timeline.frame(of: 9) == grid.frame(of: 6))
        #expect(timeline.contentHeight == grid.contentHeight(of: 7))
        #expect(timeline.isFoldedAway(3) && !timeline.isFoldedAway(2) && !timeline.isFoldedAway(6))
        #expect(timeline.index(after: 2) == 6 && timeline.index(before: 6) == 2 && timeline.index(after: 1) == 2)
        #expect(timeline.index(below: 1) == 8 && timeline.index(above: 8) == 1, "rows of cells, not of photos")
        let firstRow = grid.frame(of: 0), secondRow = grid.frame(of: 4)
        #expect(timeline.indices(from: firstRow.minY, to: firstRow.maxY) == 0..<7, "the first row's cells, the frames under them too")
        #expect(timeline.indices(from: secondRow.minY, to: secondRow.maxY) == 7..<10)
        for slot in 0..<7 { #expect(timeline.slot(of: timeline.index(ofSlot: slot)) == slot) }
    }

    @Test func aBurstAcrossMidnightFoldsOnEachSide() {
        // 12th: 0…2 (1, 2 a burst's start); 13th: 3…5 (3, 4 its end).
        let sections = DaySection.runs(of: Array(repeating: july12, count: 3) + Array(repeating: july13, count: 3))
        let timeline = TimelineLayout(grid: grid, sections: sections, count: 6, folds: [1..<5])
        #expect(timeline.folds == [1..<3, 3..<5])
        #expect(timeline.frame(of: 2) == timeline.frame(of: 1) && timeline.frame(of: 4) == timeline.frame(of: 3))
        #expect(timeline.frame(of: 3).minX == timeline.frame(of: 0).minX, "the 13th still starts its own row")
        #expect(timeline.frame(of: 5).minX == timeline.frame(of: 1).minX)
    }

    @Test func aHundredThousandPhotosInDaysLayOutAndFindTheirCells() {
        var days: [CalendarDay] = []
        for index in 0..<100_000 { days.append(CalendarDay(year: 2000 + index / 30_000, month: 1 + (index / 2_500) % 12, day: 1 + (index / 90) % 28)) }
        let timeline = TimelineLayout(grid: grid, sections: DaySection.runs(of: days), count: days.count)
        let frame = timeline.frame(of: 77_777)
        let found = timeline.indices(from: frame.minY, to: frame.maxY)
        #expect(found.contains(77_777) && found.count <= 4, "\(found)")
        #expect(timeline.section(of: 77_777) == timeline.section(at: frame.midY))
    }
}

@Suite struct TimelineGridTests {
    static let today = CalendarDay(year: 2025, month: 7, day: 14)

    func fixture(days: [CalendarDay]) -> (BrowserFixture, FakeLabels) {
        let labels = FakeLabels()
        let f = BrowserFixture(count: days.count, labels: labels)
        f.grid.today = { Self.today }
        f.source.days = days
        f.browser.reloadData()
        f.scene.settle()
        return (f, labels)
    }

    func cellRect(_ f: BrowserFixture, _ index: Int) -> Rect? {
        f.scene.recorder.commands(ofView: "cell \(index)").first?.boundsInWindow
    }

    /// The headers' words, top to bottom.
    func headers(_ f: BrowserFixture, _ labels: FakeLabels) -> [String] {
        f.scene.recorder.last.sorted { $0.boundsInWindow.minY < $1.boundsInWindow.minY }.compactMap { command in
            guard let name = command.viewName, name.hasPrefix("day header "), name.hasSuffix(" label") else { return nil }
            return labels.texts(in: [command], ofViewsNamed: name).first
        }
    }

    @Test func wideTheDaysTitleSitsBesideTheControlsNarrowItGetsALineUnderThem() throws {
        let day = CalendarDay(year: 2025, month: 9, day: 24), title = "Wednesday 24 September 2025"
        let (f, labels) = fixture(days: Array(repeating: day, count: 30))
        func places() throws -> (title: Rect, switcher: Rect) {
            f.scene.settle()
            let frame = f.scene.recorder.last
            return (try #require(frame.first { $0.viewName == "day header \(title) label" }?.boundsInWindow, "\(headers(f, labels))"),
                    try #require(frame.first { $0.viewName == "switcher" }?.boundsInWindow))
        }
        let wide = try places()
        #expect(f.grid.frame.minY == 0 && wide.title.maxX < wide.switcher.minX, "side by side at 800 pt: \(wide)")

        f.browser.frame = Rect(x: 0, y: 0, width: 420, height: 600)
        let narrow = try places()
        #expect(narrow.title.minY >= narrow.switcher.maxY, "the title, whole, on its own line under the controls: \(narrow)")
        #expect(f.grid.frame.minY >= narrow.switcher.maxY, "and the grid under them both")
    }

    @Test func aDaySaysWhereMostOfItsPhotosWereTakenWhenItFits() throws {
        let july12 = CalendarDay(year: 2025, month: 7, day: 12)
        let labels = FakeLabels()
        let f = BrowserFixture(count: 4, size: Size(width: 1400, height: 600), labels: labels)
        f.grid.today = { Self.today }
        f.source.places = [0: "Lisbon, Portugal", 1: "Lisbon, Portugal", 2: "Sintra, Portugal"]
        f.source.days = [july12, july12, july12, Self.today]
        f.browser.reloadData()
        f.scene.settle()
        #expect(headers(f, labels) == ["Saturday 12 July 2025 · Lisbon, Portugal", "Today"])
        // Narrow: the day alone, never cut for its place.
        f.browser.frame = Rect(x: 0, y: 0, width: 330, height: 600)
        f.scene.settle()
        #expect(headers(f, labels).first?.contains("·") == false, "\(headers(f, labels))")
    }

    @Test func sortedByADateTheGridShowsEachDayUnderItsHeader() throws {
        let july12 = CalendarDay(year: 2025, month: 7, day: 12)
        let (f, labels) = fixture(days: [july12, july12, CalendarDay(year: 2025, month: 7, day: 13), Self.today, Self.today])
        #expect(headers(f, labels) == ["Saturday 12 July 2025", "Yesterday", "Today"])
        let header = try #require(f.scene.recorder.last.first { $0.viewName == "day header Yesterday" }?.boundsInWindow)
        let cell = try #require(cellRect(f, 2))
        #expect(cell.minY >= header.maxY && cell.minY - header.maxY < 10, "the day's photo right under it: \(header) \(cell)")
        #expect(try #require(cellRect(f, 3)).minX == cellRect(f, 0)?.minX, "each day starts at the left")

        f.source.days = nil
        f.browser.reloadData()
        f.scene.settle()
        #expect(headers(f, labels).isEmpty, "sorted otherwise: no headers")
        #expect(cellRect(f, 2)?.minY == cellRect(f, 0)?.minY, "and the plain grid")
    }

    @Test func scrolledTheDayOnTopKeepsItsHeaderThereAndAClickOnItOpensNothing() throws {
        let july12 = CalendarDay(year: 2025, month: 7, day: 12)
        let (f, labels) = fixture(days: Array(repeating: july12, count: 40) + Array(repeating: Self.today, count: 4))
        f.grid.setOffset(600, animated: false)
        f.scene.settle()
        let pinned = try #require(f.scene.recorder.last.first { $0.viewName == "day header Saturday 12 July 2025" }?.boundsInWindow)
        #expect(pinned.minY == 0, "held at the top of the grid: \(pinned)")
        #expect(headers(f, labels).first == "Saturday 12 July 2025")
        f.scene.play(PointerScript.clicks(at: Point(x: 100, y: pinned.midY), count: 2, startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(f.pager.phase == .closed, "the header hides the cell under it")
    }

    @Test func daysAreWrittenTheUsersWay() {
        // The neutral form; the German and Chinese ones are checked with Flick in those locales.
        #expect(Language.longDay(year: 2024, month: 12, day: 24) == "Tuesday 24 December 2024")
    }
}

/// The grid's thumb: its travel is the album's, so one drag crosses any album end to end.
@Suite struct ScrubberTests {
    @Test func theThumbsTravelIsTheWholeContents() {
        let geometry = ScrubberGeometry(trackLength: 594, visibleLength: 600, contentLength: 4_000_000)
        #expect(geometry.thumbLength == ScrubberGeometry.minimumThumbLength, "never too small to grab")
        #expect(geometry.thumbStart(at: 0) == 0 && geometry.thumbStart(at: geometry.scrollRange) == 594 - 48)
        #expect(geometry.offset(forThumbStart: 546) == geometry.scrollRange && geometry.offset(forThumbStart: -20) == 0)
        #expect(abs(geometry.offset(forThumbStart: geometry.thumbStart(at: 1_234_567)) - 1_234_567) < 1)
        let short = ScrubberGeometry(trackLength: 594, visibleLength: 600, contentLength: 500)
        #expect(!short.isScrollable && short.offset(forThumbStart: 100) == 0)
    }

    func fixture(count: Int, days: [CalendarDay]? = nil) -> (BrowserFixture, FakeLabels) {
        let labels = FakeLabels()
        let f = BrowserFixture(count: count, labels: labels)
        f.grid.today = { CalendarDay(year: 2030, month: 1, day: 1) }
        f.source.days = days
        f.browser.reloadData()
        f.scene.settle()
        return (f, labels)
    }

    func thumb(_ f: BrowserFixture) -> Rect? {
        f.scene.recorder.last.first { $0.viewName == "scrubber thumb" }?.boundsInWindow
    }

    @Test func aHundredThousandPhotosScrubEndToEndInOneDragWithTheDayBeside() throws {
        var days: [CalendarDay] = []
        for index in 0..<100_000 { days.append(CalendarDay(year: 2015 + index / 10_000, month: 1 + (index / 800) % 12, day: 1 + (index / 30) % 27)) }
        let (f, labels) = fixture(count: days.count, days: days)
        f.grid.scroll(by: 40)
        f.scene.settle()
        let grip = try #require(thumb(f), "the thumb shows while the grid scrolls")
        // From the thumb to the bottom of the window, in one drag, held at the end.
        f.drag(from: Point(x: grip.midX, y: grip.midY), by: Point(x: 0, y: 600 - grip.midY), duration: 0.5, hold: 0.2)
        f.scene.settle()
        #expect(f.grid.bounds.minY == f.grid.offsetRange.upperBound, "at the album's end: \(f.grid.bounds.minY) of \(f.grid.offsetRange)")
        #expect(f.grid.visibleIndices.contains(99_999), "its last photo's cell is there")
        #expect(f.source.liveDemands.contains { $0.current.contains { $0.index == 99_999 && $0.priority == .visible } }, "and its picture asked for at once")

        // Back up to the middle: the label says which day is there.
        let end = try #require(thumb(f))
        f.scene.play(PointerScript.drag(from: Point(x: end.midX, y: end.midY), to: Point(x: end.midX, y: 300), duration: 0.3, rateHz: 120,
                                        startTime: f.scene.now + 0.05, holdBeforeRelease: 0.3))
        let top = f.grid.timeline.section(at: f.grid.bounds.minY)
        let day = f.grid.timeline.sections[top].day
        #expect(labels.texts(in: f.scene.recorder.last, ofViewsNamed: "scrubber label").contains(Language.longDay(year: day.year, month: day.month, day: day.day)),
                "the day at the top of the grid beside the thumb")
        #expect(f.grid.bounds.minY > f.grid.offsetRange.upperBound * 0.3 && f.grid.bounds.minY < f.grid.offsetRange.upperBound * 0.7)
    }

    /// A Shift-drag of the thumb chooses days: the label says the days it goes over, and let
    /// go, the album is searched for them (the search line says the range, as typed).
    @Test func aShiftDragOfTheThumbSearchesTheDaysItWentOver() throws {
        var days: [CalendarDay] = []
        for index in 0..<3_000 { days.append(CalendarDay(year: 2019, month: 1 + index / 250, day: 1 + (index / 10) % 25)) }
        let (f, labels) = fixture(count: days.count, days: days)
        var searched: [String] = []
        f.browser.onSearch = { searched.append($0) }
        f.grid.scroll(by: 40)
        f.scene.settle()
        let grip = try #require(thumb(f))
        let first = f.grid.timeline.sections[f.grid.timeline.section(at: f.grid.bounds.minY)].day
        f.scene.play(PointerScript.drag(from: Point(x: grip.midX, y: grip.midY), to: Point(x: grip.midX, y: 300), duration: 0.3, rateHz: 120,
                                        startTime: f.scene.now + 0.05, holdBeforeRelease: 0.3, modifiers: .shift))
        f.scene.settle()
        let last = f.grid.timeline.sections[f.grid.timeline.section(at: f.grid.bounds.minY)].day
        #expect(first < last, "the drag went down the timeline: \(first) to \(last)")
        #expect(searched.last == "\(first)..\(last)", "\(searched)")
        #expect(f.browser.chosenPhotos.isEmpty, "no band drawn: nothing chosen")
        let shown = [first, last].map { Language.shortDay(year: $0.year, month: $0.month, day: $0.day) }.joined(separator: " – ")
        #expect(labels.rendered.contains(shown), "the label said the days while it went")
    }

    @Test func nearTheRightEdgeTheThumbShowsWithoutAScrollAndStaysWhileThePointerDoes() throws {
        let (f, _) = fixture(count: 400)
        let edge = try #require(f.grid.superview?.convert(Point(x: f.grid.frame.maxX - 4, y: f.grid.frame.midY), to: nil))
        f.browser.pointerMoved(to: edge)
        f.scene.runFrames(for: 3)
        #expect(thumb(f) != nil, "shown, and kept while the pointer stays near the edge")
        f.browser.pointerMoved(to: Point(x: edge.x - 200, y: edge.y))
        f.scene.runFrames(for: 3)
        #expect(thumb(f) == nil, "gone a moment after the pointer leaves")
    }

    @Test func aDragElsewhereScrollsAndTheThumbGoesWhenTheGridStops() throws {
        let (f, _) = fixture(count: 400)
        #expect(f.scene.recorder.last.first { $0.viewName == "scrubber thumb" } == nil, "no thumb at rest")
        f.drag(from: Point(x: 300, y: 400), by: Point(x: 0, y: -200), duration: 0.4, hold: 0.2)
        f.scene.runFrames(for: 0.1)
        #expect(try #require(f.scene.recorder.last.first { $0.viewName == "scrubber thumb" }).opacity > 0.5, "shown while it scrolls")
        #expect(abs(f.grid.bounds.minY - 200) < 30, "the drag scrolled by itself, not by the thumb: \(f.grid.bounds.minY)")
        f.scene.settle()
        f.scene.runFrames(for: 3)
        #expect(f.scene.recorder.last.first { $0.viewName == "scrubber thumb" } == nil, "gone a moment after")
    }
}

/// Ctrl+wheel (and Ctrl+plus and minus) give the grid three sizes; the smallest cuts a
/// timeline into months.
@Suite struct GridSizeTests {
    func wheel(_ f: BrowserFixture, at point: Point, dy: Double) {
        f.browser.handleWheel(WheelEvent(deltaInPoints: Point(x: 0, y: dy), locationInWindow: point,
                                         timestampNanoseconds: f.scene.now.nanosecondStamp, modifiers: .control))
        f.scene.settle()
    }

    @Test func ctrlWheelMakesThePhotosSmallerOrLargerInThreeSizesKeepingThePhotoUnderThePointer() throws {
        let f = BrowserFixture(count: 300)
        let standard = f.grid.layout.cellSide
        f.grid.scrollToPhoto(120, animated: false)
        f.scene.settle()
        let point = f.cellCenter(121)
        let before = f.cellFrameInWindow(121).minY
        wheel(f, at: point, dy: 20)
        #expect(f.grid.layout.cellSide == standard, "half a notch's travel does nothing yet")
        wheel(f, at: point, dy: 20)
        #expect(f.grid.layout.cellSide < standard && f.grid.sizeStep == 0, "toward the user: smaller")
        #expect(abs(f.cellFrameInWindow(121).minY - before) < 1, "the photo under the pointer stays on its line")
        wheel(f, at: point, dy: 40)
        #expect(f.grid.sizeStep == 0, "no smaller than the smallest")
        // Plain plus is no size key, as plain minus is not: only with Ctrl.
        f.key(.character("+"))
        f.scene.settle()
        #expect(f.grid.sizeStep == 0, "plus without Ctrl leaves the size")
        f.key(.character("+"), modifiers: [.control, .shift])
        f.key(.character("="), modifiers: .control)
        f.scene.settle()
        #expect(f.grid.sizeStep == 2 && f.grid.layout.cellSide > standard)
        f.key(.character("-"), modifiers: .control)
        f.scene.settle()
        #expect(f.grid.layout.cellSide == standard)
    }

    @Test func atTheSmallestSizeATimelineIsByMonth() {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 6, labels: labels)
        f.source.days = [CalendarDay(year: 2025, month: 7, day: 12), CalendarDay(year: 2025, month: 7, day: 13),
                         CalendarDay(year: 2025, month: 7, day: 13), CalendarDay(year: 2025, month: 8, day: 1),
                         CalendarDay(year: 2025, month: 8, day: 2), CalendarDay(year: 2025, month: 8, day: 2)]
        f.browser.reloadData()
        f.key(.character("-"), modifiers: .control)
        f.scene.settle()
        let headers = labels.texts(in: f.scene.recorder.last, ofViewsNamed: "day header").sorted()
        #expect(headers == ["August 2025", "July 2025"], "\(headers)")
    }
}

/// The pager's caption has a Details button beside it.
@Suite struct PagerDetailsButtonTests {
    @Test func theCaptionsDetailsButtonOpensAndClosesTheDetails() throws {
        let f = BrowserFixture(count: 5, labels: FakeLabels())
        f.open(2)
        f.browser.pointerMoved(to: Point(x: 400, y: 300))
        f.scene.settle()
        let button = try #require(f.scene.recorder.last.first { $0.viewName == "details button" }?.boundsInWindow)
        let caption = try #require(f.scene.recorder.last.first { $0.viewName == "hud" }?.boundsInWindow)
        #expect(button.minX > caption.maxX && abs(button.midY - caption.midY) < 1, "beside the caption: \(button) \(caption)")
        f.scene.play(PointerScript.clicks(at: Point(x: button.midX, y: button.midY), count: 1, startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(f.browser.details.isShown && f.pager.phase == .open, "the details, over the pager still open")
        f.browser.pointerMoved(to: Point(x: 400, y: 300))
        f.scene.play(PointerScript.clicks(at: Point(x: button.midX, y: button.midY), count: 1, startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(!f.browser.details.isShown && f.pager.phase == .open)
    }
}

/// Grouped, a burst is one cell in the grid, with its count: a click (or Space) fans it out,
/// its badge (or Space) folds it again.
@Suite struct GridBurstTests {
    /// 20 photos; 3…7 one burst.
    func fixture() -> (BrowserFixture, FakeLabels) {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 20, labels: labels)
        f.source.runs = [3..<8]
        f.browser.reloadData()
        f.scene.settle()
        return (f, labels)
    }

    func cell(_ f: BrowserFixture, _ index: Int) -> Rect? {
        f.scene.recorder.commands(ofView: "cell \(index)").first { $0.opacity > 0.5 }?.boundsInWindow
    }

    /// The burst's words on the badge in photo `index`'s cell.
    func badge(_ f: BrowserFixture, _ labels: FakeLabels, _ index: Int) -> (text: String, frame: Rect)? {
        guard let cell = f.grid.convert(f.grid.timeline.frame(of: index), to: nil) else { return nil }
        for command in f.scene.recorder.last where command.viewName == "marks pair" && cell.contains(command.boundsInWindow.center) {
            if let text = labels.texts(in: [command], ofViewsNamed: "marks pair").first, text.hasPrefix("Burst") {
                return (text, command.boundsInWindow)
            }
        }
        return nil
    }

    @Test func aBurstIsOneCellWithItsCountAndAClickFansItOutAndItsBadgeFoldsIt() throws {
        let (f, labels) = fixture()
        let lead = try #require(cell(f, 3))
        for index in 4..<8 { #expect(cell(f, index) == nil, "frame \(index) lies under the burst's cell") }
        #expect(cell(f, 8) == f.grid.convert(f.grid.layout.frame(of: 4), to: nil), "the next photo takes the cell after it")
        #expect(badge(f, labels, 3)?.text == "Burst of 5 ▸")

        f.scene.play(PointerScript.clicks(at: Point(x: lead.midX, y: lead.midY - 30), startTime: f.scene.now + 0.05))
        f.scene.settle()
        for index in 4..<8 { #expect(cell(f, index) == f.grid.convert(f.grid.layout.frame(of: index), to: nil), "frame \(index) in its own cell") }
        #expect(f.grid.selectedIndex == 3)
        let fanned = try #require(badge(f, labels, 3))
        #expect(fanned.text == "Burst of 5 ◂")

        f.scene.play(PointerScript.clicks(at: Point(x: fanned.frame.midX, y: fanned.frame.midY), startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(cell(f, 5) == nil && badge(f, labels, 3)?.text == "Burst of 5 ▸", "folded again")
    }

    @Test func arrowsStepOverAFoldedBurstAndSpaceFansAndFoldsIt() {
        let (f, _) = fixture()
        f.grid.select(2)
        _ = f.browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: f.scene.now.nanosecondStamp))
        _ = f.browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: f.scene.now.nanosecondStamp))
        #expect(f.grid.selectedIndex == 8, "the burst is one step")
        _ = f.browser.handleKey(KeyEvent(key: .left, timestampNanoseconds: f.scene.now.nanosecondStamp))
        #expect(f.grid.selectedIndex == 3)
        _ = f.browser.handleKey(KeyEvent(key: .space, timestampNanoseconds: f.scene.now.nanosecondStamp))
        _ = f.browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: f.scene.now.nanosecondStamp))
        #expect(f.grid.selectedIndex == 4, "fanned out, its frames are steps of their own")
        _ = f.browser.handleKey(KeyEvent(key: .space, timestampNanoseconds: f.scene.now.nanosecondStamp))
        #expect(f.grid.selectedIndex == 3 && f.grid.fannedOut.isEmpty, "folded from a frame: the burst's cell in hand")
    }

    @Test func thePagerOnAFoldedFrameFansItsBurstOutToCloseOntoIt() throws {
        let (f, _) = fixture()
        f.doubleClick(2)
        f.scene.settle()
        _ = f.browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: f.scene.now.nanosecondStamp))
        _ = f.browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: f.scene.now.nanosecondStamp))
        f.scene.settle()
        #expect(f.pager.currentIndex == 4 && f.grid.fannedOut == [3], "the pager went into the burst: the grid fans it out")
        _ = f.browser.handleKey(KeyEvent(key: .escape, timestampNanoseconds: f.scene.now.nanosecondStamp))
        f.scene.settle()
        #expect(cell(f, 4) == f.grid.convert(f.grid.layout.frame(of: 4), to: nil))
    }
}
