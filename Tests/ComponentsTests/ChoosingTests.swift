// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import Marks
import Testing
import TestSupport

/// Choosing several photos in the grid, as a file manager does, and acting on all of them.
@Suite struct ChoosingTests {
    final class Fixture {
        let f = BrowserFixture(count: 12, labels: FakeLabels())
        var acted: [(ChosenAction, [Int])] = []
        var marked: [(Int, MarkChange)] = []
        var asked: [CommandAction] = []

        init() {
            f.browser.onChosenAction = { [unowned self] in acted.append(($0, $1)) }
            f.browser.onMark = { [unowned self] in marked.append(($0, $1)) }
            f.browser.register(.closeFront) { [unowned self] in asked.append(.closeFront) }
        }

        func click(_ index: Int, _ modifiers: KeyModifiers = []) {
            f.scene.play(PointerScript.clicks(at: f.cellCenter(index), startTime: f.scene.now + 0.5, modifiers: modifiers))
            f.scene.settle()
        }

        func key(_ key: Key, _ modifiers: KeyModifiers = []) {
            f.key(key, modifiers: modifiers)
            f.scene.settle()
        }

        /// Clicks the button drawn as view `name`.
        func press(_ name: String) throws {
            let button = try #require(f.scene.recorder.last.first { $0.viewName == name }?.boundsInWindow, "\(name) is shown")
            f.scene.play(PointerScript.clicks(at: Point(x: button.midX, y: button.midY), startTime: f.scene.now + 0.5))
            f.scene.settle()
        }

        /// The cells drawn tinted as chosen, by their photos.
        var tinted: Set<Int> {
            Set(f.scene.recorder.last.compactMap { command -> Int? in
                guard command.viewName == "chosen" else { return nil }
                return (0..<12).first { f.cellFrameInWindow($0).contains(Point(x: command.boundsInWindow.midX, y: command.boundsInWindow.midY)) }
            })
        }

        var bar: String? {
            (f.browser.choiceBar.isHidden ? nil : f.browser.choiceBar.count).map { "\($0)" }
        }
    }

    @Test func ctrlAndShiftClicksChooseAndAPlainClickChoosesNone() {
        let t = Fixture()
        t.click(1, .control)
        t.click(3, .control)
        #expect(t.f.grid.chosen == [1, 3] && t.tinted == [1, 3] && t.bar == "2")
        t.click(6, .shift)
        #expect(t.f.grid.chosen == [1, 3, 4, 5, 6], "a run from the last one chosen")
        t.click(3, .control)
        #expect(!t.f.grid.chosen.contains(3), "Ctrl+click again takes one out")
        t.click(8)
        #expect(t.f.grid.chosen.isEmpty && t.tinted.isEmpty && t.bar == nil && t.f.grid.selectedIndex == 8)
    }

    @Test func shiftArrowsChooseARunThatShrinksBackAndEscChoosesNoneBeforeAnythingElse() {
        let t = Fixture()
        t.f.grid.select(2)
        t.key(.right, .shift)
        t.key(.right, .shift)
        #expect(t.f.grid.chosen == [2, 3, 4])
        t.key(.left, .shift)
        #expect(t.f.grid.chosen == [2, 3], "the run follows the keys back")
        t.key(.character("a"), .control)
        #expect(t.f.grid.chosen == Set(0..<12) && t.bar == "12")
        t.key(.escape)
        #expect(t.f.grid.chosen.isEmpty && t.asked.isEmpty, "Esc chose none, and only that")
        t.key(.escape)
        #expect(t.asked == [.closeFront])
    }

    @Test func marksDelAndRActOnEveryChosenPhotoAndOnTheOneInHandOtherwise() {
        let t = Fixture()
        t.click(0, .control)
        t.click(2, .control)
        t.key(.character("p"))
        t.key(.delete)
        t.key(.character("r"))
        t.key(.character("r"), .shift)
        #expect(t.acted.map(\.0) == [.mark(.flag(.pick)), .trash, .turn(clockwise: true), .turn(clockwise: false)])
        #expect(t.acted.allSatisfy { $0.1 == [0, 2] } && t.marked.isEmpty)
        t.click(5)
        t.key(.character("x"))
        #expect(t.marked.map(\.0) == [5] && t.acted.count == 4, "no choice: the photo in hand")
    }

    @Test func theChoiceFollowsItsPhotosWhenTheAlbumChanges() {
        let t = Fixture()
        t.click(4, .control)
        t.click(6, .control)
        // Photo 0 leaves: every index after it moves down one, and photo 4 left too.
        t.f.grid.photosMoved { old in old == 0 || old == 4 ? nil : old - 1 }
        #expect(t.f.grid.chosen == [5])
    }

    /// The tick before a day's title chooses the whole day, and takes it back.
    @Test func aDaysTickChoosesItsPhotos() throws {
        let t = Fixture()
        t.f.source.days = (0..<12).map { CalendarDay(year: 2024, month: 6, day: $0 < 5 ? 1 : 2) }
        t.f.grid.reloadData()
        t.f.scene.settle()
        // The second day's band; its circle at the band's start.
        let bands = t.f.scene.recorder.last.filter { $0.viewName?.hasPrefix("day header") == true && $0.viewName?.hasSuffix("label") == false }
            .map(\.boundsInWindow).sorted { $0.minY < $1.minY }
        let band = try #require(bands.dropFirst().first)
        t.f.scene.play(PointerScript.clicks(at: Point(x: band.minX + t.f.grid.layout.leadingInset + 14, y: band.midY), startTime: t.f.scene.now + 0.5))
        t.f.scene.settle()
        #expect(t.f.grid.chosen == Set(5..<12), "the second day")
        #expect(t.f.scene.recorder.last.contains { $0.viewName?.hasPrefix("day tick Sunday") == true && $0.viewName?.hasSuffix(" chosen") == true }, "its circle is ticked")
        t.f.scene.play(PointerScript.clicks(at: Point(x: band.minX + t.f.grid.layout.leadingInset + 14, y: band.midY), startTime: t.f.scene.now + 0.5))
        t.f.scene.settle()
        #expect(t.f.grid.chosen.isEmpty)
    }

    /// Compare compares the photos chosen (up to four), and the slideshow plays them alone.
    @Test func compareAndTheSlideshowTakeTheChosenPhotos() {
        let t = Fixture()
        for index in [1, 4, 7] { t.click(index, .control) }
        t.key(.function(5))
        #expect(t.f.browser.slideshow.isPlaying && t.f.browser.slideshow.playlist == [1, 4, 7])
        t.key(.escape)
        t.key(.character("5"), .control)
        #expect(t.f.browser.compare.candidates == [1, 4, 7])
    }

    /// A drag from the empty space after the photos (or a Ctrl+drag anywhere) draws a band
    /// that chooses what it touches; a plain drag on or between photos scrolls.
    @Test func aBandFromTheEmptySpaceChoosesWhatItTouches() throws {
        let t = Fixture()
        t.f.source.photoCount = 10
        t.f.grid.reloadData()
        t.f.scene.settle()
        let columns = t.f.grid.layout.columns
        try #require(10 % columns != 0, "a part row, with room after its last photo")
        let last = t.f.cellFrameInWindow(9), target = t.f.cellFrameInWindow(9 - columns)
        // From beside the last photo, up and left to the photo above it.
        let start = Point(x: last.maxX + 40, y: last.midY)
        t.f.drag(from: start, by: Point(x: target.midX - start.x, y: target.midY - start.y), duration: 0.3, hold: 0.1)
        t.f.scene.settle()
        let expected = Set((0..<10).filter { index in
            let frame = t.f.cellFrameInWindow(index)
            return frame.maxX >= target.midX && frame.minX <= start.x && frame.maxY >= target.midY && frame.minY <= last.midY
        })
        #expect(t.f.grid.chosen == expected && expected.contains(9) && expected.contains(9 - columns), "\(t.f.grid.chosen.sorted()) vs \(expected.sorted())")
        #expect(t.f.scene.recorder.commands(ofView: "choosing band").isEmpty, "the band goes with the drag")
        // Ctrl+drag from a photo adds to the choice.
        let first = t.f.cellFrameInWindow(0)
        t.f.scene.play(PointerScript.drag(from: Point(x: first.midX, y: first.midY), to: Point(x: first.midX + 8, y: first.midY + 8), duration: 0.2,
                                          rateHz: 120, startTime: t.f.scene.now + 0.5, modifiers: .control))
        t.f.scene.settle()
        #expect(t.f.grid.chosen == expected.union([0]))
    }

    /// The bar over a choice has buttons for what the keys do to all of them.
    @Test func theChoicesBarTurnsAndTrashesThemAllAndChoosesNone() throws {
        let t = Fixture()
        t.click(2, .control)
        t.click(3, .control)
        try t.press("chosen turn(clockwise: true) button")
        try t.press("chosen trash button")
        #expect(t.acted.map(\.0) == [.turn(clockwise: true), .trash] && t.acted.allSatisfy { $0.1 == [2, 3] })
        try t.press("choose none button")
        #expect(t.f.grid.chosen.isEmpty && t.bar == nil)
    }

    /// Fix Date… on a choice (or Ctrl+Shift+D on the photo in hand) opens a line at the top
    /// that takes the keys; Enter asks for the fix typed, Esc leaves the dates alone.
    @Test func theDateBarAsksForTheFixTypedOnThePhotosChosen() throws {
        let t = Fixture()
        t.click(2, .control)
        t.click(5, .control)
        try t.press("chosen fixDate button")
        #expect(t.f.browser.dateBar.photos == [2, 5])
        t.f.browser.handleText("+1")
        t.key(.enter)
        #expect(t.acted.isEmpty && t.f.browser.dateBar.isShown, "a number without its unit is no fix yet")
        t.key(.character("x"))
        #expect(t.f.grid.chosen == [2, 5], "letters are the line's, not the album's marks")
        t.f.browser.handleText("h")
        t.key(.enter)
        #expect(t.acted.count == 1 && t.acted[0].0 == .redate(.shift(DateShift(seconds: 3_600))) && t.acted[0].1 == [2, 5])
        #expect(!t.f.browser.dateBar.isShown)

        t.click(7)
        t.key(.character("d"), [.control, .shift])
        #expect(t.f.browser.dateBar.photos == [7])
        t.f.browser.handleText("2024-06-14")
        t.key(.escape)
        #expect(!t.f.browser.dateBar.isShown && t.acted.count == 1, "Esc fixes nothing")
    }

    /// Share… on a choice (or Ctrl+Shift+S on the photo in hand): S and M go round the sizes
    /// and the metadata, Enter saves the copies, E mails them, Esc leaves.
    @Test func theShareBarAsksForCopiesAsChosen() throws {
        let t = Fixture()
        t.click(1, .control)
        t.click(4, .control)
        try t.press("chosen share button")
        #expect(t.f.browser.shareBar.photos == [1, 4] && t.f.browser.shareBar.copy == SharedCopy(longSide: 2048, metadata: .withoutPlace))
        t.key(.character("s"))
        t.key(.character("m"))
        t.key(.character("x"))
        #expect(t.f.grid.chosen == [1, 4], "the bar's keys are its own")
        t.key(.enter)
        #expect(t.acted.count == 1 && t.acted[0].0 == .share(SharedCopy(longSide: 3072, metadata: .withPlace), mailing: false) && t.acted[0].1 == [1, 4])
        #expect(!t.f.browser.shareBar.isShown)

        t.click(6)
        t.key(.character("s"), [.control, .shift])
        #expect(t.f.browser.shareBar.photos == [6])
        t.key(.character("e"))
        #expect(t.acted.count == 2 && t.acted[1].0 == .share(SharedCopy(longSide: 3072, metadata: .withPlace), mailing: true) && t.acted[1].1 == [6],
                "the choice is kept for the next share")
        t.key(.character("s"), [.control, .shift])
        t.key(.escape)
        #expect(!t.f.browser.shareBar.isShown && t.acted.count == 2)
    }
}
