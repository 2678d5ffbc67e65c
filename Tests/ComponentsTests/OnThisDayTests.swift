// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import Marks
import Testing
import TestSupport

/// "On this day": the photos taken on today's date in earlier years, a year at a time at
/// the top of the timeline, each played as a slideshow of its own photos.
@Suite struct OnThisDayTests {
    static let today = CalendarDay(year: 2025, month: 7, day: 14)

    func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay { CalendarDay(year: year, month: month, day: day) }

    @Test func theSameDateInEarlierYearsMostRecentFirst() {
        let days = [day(2022, 7, 14), day(2022, 7, 14), day(2022, 7, 15), day(2023, 5, 1), day(2024, 7, 14), day(2025, 7, 14)]
        let memories = OnThisDay.memories(in: DaySection.runs(of: days), today: Self.today)
        #expect(memories.map(\.year) == [2024, 2022] && memories.map(\.yearsAgo) == [1, 3])
        #expect(memories.map(\.photos) == [[4], [0, 1]], "today's own photos are no memory")
        #expect(memories[1].title == "3 years ago · 2 photos" && memories[0].title == "1 year ago · 1 photo")
        #expect(OnThisDay.memories(in: DaySection.runs(of: [day(2025, 7, 14), day(2024, 7, 13)]), today: Self.today).isEmpty)
    }

    @Test func aLeapDaysPhotosComeBackOnTheTwentyEighthOfFebruaryOfOtherYears() {
        let days = [day(2020, 2, 28), day(2020, 2, 29)]
        #expect(OnThisDay.memories(in: DaySection.runs(of: days), today: day(2025, 2, 28)).map(\.photos) == [[0, 1]])
        #expect(OnThisDay.memories(in: DaySection.runs(of: days), today: day(2024, 2, 28)).map(\.photos) == [[0]], "a leap year has its own 29th")
    }

    @Test func theTimelineOffersEachYearAtItsTopAndAClickPlaysItsPhotosAlone() throws {
        let labels = FakeLabels()
        let days = [day(2022, 7, 14), day(2022, 7, 14), day(2022, 7, 14), day(2023, 5, 1), day(2024, 7, 14), day(2024, 7, 14), day(2025, 7, 14)]
        // Wide enough for both years beside the controls that float over the grid's top.
        let f = BrowserFixture(count: days.count, size: Size(width: 1400, height: 700), labels: labels)
        f.grid.today = { Self.today }
        f.source.days = days
        f.browser.reloadData()
        f.scene.settle()
        let frame = f.scene.recorder.last
        let band = try #require(frame.first { $0.viewName == "on this day 2022" }?.boundsInWindow, "the 2022 pill")
        let firstCell = try #require(frame.first { $0.viewName == "cell 0" }?.boundsInWindow)
        #expect(band.maxY < firstCell.minY, "above the first day: \(band) \(firstCell)")
        #expect(labels.texts(in: frame, ofViewsNamed: "on this day 2024 label") == ["1 year ago · 2 photos"])
        #expect(labels.texts(in: frame, ofViewsNamed: "on this day 2022 label") == ["3 years ago · 3 photos"])

        f.scene.play(PointerScript.clicks(at: Point(x: band.midX, y: band.midY), startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(f.browser.slideshow.isPlaying && f.browser.slideshow.playlist == [0, 1, 2] && f.browser.slideshow.index == 0)
        for expected in [1, 2, 0] {
            _ = f.browser.handleKey(KeyEvent(key: .right, timestampNanoseconds: 0))
            #expect(f.browser.slideshow.index == expected, "only that year's photos, round again")
        }
    }

    @Test func noMemoriesNoBandAndTheTimelineStartsAtTheTop() throws {
        let f = BrowserFixture(count: 3, labels: FakeLabels())
        f.grid.today = { Self.today }
        f.source.days = [day(2025, 7, 1), day(2025, 7, 2), day(2025, 7, 3)]
        f.browser.reloadData()
        f.scene.settle()
        #expect(f.grid.memories.isEmpty && !f.scene.recorder.last.contains { $0.viewName?.hasPrefix("on this day") == true })
    }
}

/// Ctrl+F in the browser: typed keys become words, not commands; Enter gives the keys back,
/// Esc takes the words away.
@Suite struct SearchBarTests {
    @Test func typedLettersAreWordsNotMarksAndEscTakesThemAway() throws {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 5, labels: labels)
        var searched: [String] = []
        f.browser.onSearch = { searched.append($0) }
        var marked = 0
        f.browser.onMark = { _, _ in marked += 1 }
        f.key(.character("f"), modifiers: .control)
        #expect(f.browser.searchBar.isEditing)
        for letter in ["p", "?", "x"] {
            f.key(.character(Character(letter)))
            f.browser.handleText(letter)
        }
        #expect(marked == 0 && !f.browser.help.isShown, "P and X typed are letters, ? no help")
        #expect(searched.last == "p?x" && f.browser.searchBar.query == "p?x")
        f.key(.backspace)
        #expect(searched.last == "p?")
        f.scene.settle()
        #expect(labels.texts(in: f.scene.recorder.last, ofViewsNamed: "search text").first?.hasPrefix("Search: p?") == true)
        f.key(.enter)
        #expect(!f.browser.searchBar.isEditing && f.browser.searchBar.query == "p?", "Enter keeps the words, gives the keys back")
        f.key(.character("p"))
        #expect(marked == 1, "P marks again")
        f.key(.escape)
        #expect(f.browser.searchBar.query.isEmpty && searched.last == "" && !f.browser.searchBar.isShown)
    }
}
