// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import Marks
import PhotoSources
import Testing
import TestSupport
import ViewTree

/// A browser whose mark keys mark the fake album as the app's do (the change comes back
/// through `marksChanged`), and whose undo takes the last mark back.
final class MarkFixture {
    let app: BrowserFixture
    let labels = FakeLabels()
    private(set) var marked: [(index: Int, change: MarkChange)] = []
    private var history: [(id: Int, marks: PhotoMarks)] = []

    init(count: Int = 20) {
        app = BrowserFixture(count: count, labels: labels)
        let source = app.source, browser = app.browser
        browser.onMark = { [unowned self] index, change in
            marked.append((index, change))
            let id = source.ids[index]
            let old = source.marksByID[id] ?? .none
            history.append((id, old))
            source.marksByID[id] = old.applying(change)
            browser.marksChanged()
        }
        browser.onUndo = { [unowned self] in
            guard let last = history.popLast() else { return .nothing }
            source.marksByID[last.id] = last.marks
            browser.marksChanged()
            return .marked(source.ids.firstIndex(of: last.id))
        }
    }

    var browser: PhotoBrowser { app.browser }
    var source: FakePhotoSource { app.source }
    var scene: TestScene { app.scene }

    func key(_ key: Key, modifiers: KeyModifiers = [], repeated: Bool = false) {
        _ = browser.handleKey(KeyEvent(key: key, isRepeat: repeated, modifiers: modifiers, timestampNanoseconds: scene.now.nanosecondStamp))
        scene.settle()
    }

    /// The badge drawn inside the window rectangle `rect` in the last frame: its name
    /// ("marks pick 3★ red") and the texts on it.
    func badge(in rect: Rect) -> (name: String, texts: [String])? {
        let frame = scene.recorder.last
        guard let pill = frame.first(where: { $0.viewName?.hasPrefix("marks ") == true && $0.viewName?.hasPrefix("marks flag") == false
                                            && $0.viewName?.hasPrefix("marks stars") == false && $0.viewName?.hasPrefix("marks label") == false
                                            && rect.contains(Point(x: $0.boundsInWindow.midX, y: $0.boundsInWindow.midY)) }) else { return nil }
        let texts = frame.filter { ($0.viewName == "marks flag" || $0.viewName == "marks stars") && pill.boundsInWindow.contains(Point(x: $0.boundsInWindow.midX, y: $0.boundsInWindow.midY)) }
            .compactMap { command -> String? in
                guard case let .image(handle, _) = command.kind else { return nil }
                return labels.text(of: handle)
            }
        return (pill.viewName!, texts)
    }

    func cellRect(_ index: Int) -> Rect { app.cellFrameInWindow(index) }
}

@Suite struct MarkKeyTests {
    @Test func theKeysOfLightroomAndDarktableMarkThePhotoInHand() {
        let f = MarkFixture()
        f.browser.grid.select(3)
        let keys: [(Character, MarkChange)] = [("0", .rate(0)), ("3", .rate(3)), ("5", .rate(5)), ("p", .flag(.pick)), ("x", .flag(.reject)),
                                               ("u", .flag(.none)), ("6", .toggleLabel(.red)), ("7", .toggleLabel(.yellow)),
                                               ("8", .toggleLabel(.green)), ("9", .toggleLabel(.blue))]
        for (key, _) in keys { f.key(.character(key)) }
        #expect(f.marked.map(\.index) == Array(repeating: 3, count: keys.count))
        #expect(f.marked.map(\.change) == keys.map(\.1))
        #expect(f.browser.viewKind == .grid, "digits no longer switch views")
    }

    @Test func ctrlAndADigitSwitchesViewsWithoutMarking() {
        let f = MarkFixture()
        for (digit, kind) in [("2", AlbumViewKind.stack), ("3", .deck), ("4", .cull), ("1", .grid)] {
            f.key(.character(Character(digit)), modifiers: .control)
            #expect(f.browser.viewKind == kind)
        }
        #expect(f.marked.isEmpty)
    }

    @Test func aHeldLabelKeySetsItsLabelOnceInsteadOfFlickeringItOnAndOff() {
        let f = MarkFixture()
        f.key(.character("6"))
        for _ in 0..<5 { f.key(.character("6"), repeated: true) }
        #expect(f.marked.count == 1 && f.source.marksByID[0]?.label == .red)
    }

    @Test func inThePagerTheKeysMarkThePhotoShownAndItsCaptionShowsTheMarks() {
        let f = MarkFixture()
        f.app.open(4)
        f.key(.right)
        f.key(.character("4"))
        f.key(.character("p"))
        #expect(f.marked.map(\.index) == [5, 5])
        #expect(f.browser.isPagerOpen, "a mark key leaves the pager open")
        let caption = f.scene.recorder.last.first { $0.viewName == "hud" }?.boundsInWindow
        let badge = f.badge(in: caption ?? .zero)
        #expect(badge?.name == "marks pick 4★")
        #expect(badge?.texts == ["✓", "★★★★"])
    }

    @Test func badgesShowInEveryViewAndARejectIsDimmed() {
        let f = MarkFixture()
        f.source.marksByID[0] = PhotoMarks(rating: 3, flag: .pick, label: .green)
        f.source.marksByID[1] = PhotoMarks(flag: .reject)
        f.source.pairNames[3] = "RAW+JPEG"
        f.browser.marksChanged()
        f.scene.settle()
        #expect(f.badge(in: f.cellRect(0))?.name == "marks pick 3★ green")
        #expect(f.badge(in: f.cellRect(0))?.texts == ["✓", "★★★"])
        #expect(f.scene.recorder.last.contains { $0.viewName == "marks label green" })
        #expect(f.badge(in: f.cellRect(1))?.name == "marks reject")
        #expect(f.badge(in: f.cellRect(2)) == nil, "an unmarked photo has no badge")
        #expect(f.badge(in: f.cellRect(3))?.name == "marks raw+jpeg", "a camera's pair says so, marked or not")
        #expect(f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "marks pair") == ["RAW+JPEG"])
        let dimmed = f.scene.recorder.last.filter { $0.viewName == "reject dimming" }.map(\.boundsInWindow)
        #expect(dimmed.count == 1 && dimmed.first.map { close($0, f.cellRect(1)) } == true, "only the rejected photo is dimmed")
        // The photo in hand (the first) shows its marks in the other views too.
        for kind in [AlbumViewKind.stack, .deck, .cull] {
            f.key(.character(Character(String(AlbumViewKind.allCases.firstIndex(of: kind)! + 1))), modifiers: .control)
            #expect(f.scene.recorder.last.contains { $0.viewName == "marks pick 3★ green" }, "\(kind)")
        }
    }

    @Test func withAutoAdvanceTheCullingPagerAndThePagerGoOnAfterAMarkAndTheGridStays() {
        let f = MarkFixture()
        #expect(!f.browser.advancesAfterMark, "off unless asked for")
        f.key(.character("a"), modifiers: .shift)
        #expect(f.browser.advancesAfterMark && f.browser.toast.message == "After a mark, the next photo")
        f.key(.character("3"))
        #expect(f.browser.grid.selectedIndex == 0, "the grid stays where it is")
        f.key(.character("4"), modifiers: .control)
        f.key(.character("p"))
        #expect(f.browser.cull.currentIndex == 1 && f.source.marksByID[0]?.flag == .pick)
        f.app.open(1)
        f.key(.character("x"))
        #expect(f.browser.pager.currentIndex == 2 && f.source.marksByID[1]?.flag == .reject)
        f.key(.character("a"), modifiers: .shift)
        f.key(.character("5"))
        #expect(f.browser.pager.currentIndex == 2 && f.source.marksByID[2]?.rating == 5, "turned off, it stays")
    }

    @Test func ctrlZTakesTheLastMarkBackInEveryView() {
        let f = MarkFixture()
        f.key(.character("2"))
        f.key(.character("4"), modifiers: .control)
        f.key(.character("z"), modifiers: .control)
        #expect(f.source.marksByID[0] == PhotoMarks())
        f.key(.character("9"))
        f.app.open(0)
        f.key(.character("z"), modifiers: .control)
        #expect(f.source.marksByID[0]?.label == nil)
    }
}

@Suite struct ArrangementTests {
    final class Fixture {
        let marks = MarkFixture()
        private(set) var filters: [PhotoFilter] = []
        private(set) var orders: [PhotoOrder.Key] = []

        init() {
            let browser = marks.browser
            browser.onChooseFilter = { [unowned self] filter in
                filters.append(filter)
                browser.showArrangement(filter: filter, order: browser.shownOrder)
            }
            browser.onChooseOrder = { [unowned self] key in
                orders.append(key)
                browser.showArrangement(filter: browser.shownFilter, order: browser.shownOrder.choosing(key))
            }
        }

        var browser: PhotoBrowser { marks.browser }

        /// The texts drawn by views whose names start with `prefix`.
        func texts(_ prefix: String) -> [String] { marks.labels.texts(in: marks.scene.recorder.last, ofViewsNamed: prefix) }

        func click(_ rect: Rect) {
            marks.scene.play(PointerScript.clicks(at: Point(x: rect.midX, y: rect.midY), count: 1, startTime: marks.scene.now + 0.05))
            marks.scene.settle()
        }
    }

    @Test func altKeysFilterAndSortWithoutMarking() {
        let f = Fixture()
        for key in ["0", "3", "p", "x", "u", "7"] { f.marks.key(.character(Character(key)), modifiers: .alt) }
        #expect(f.filters == [.all, .rated(atLeast: 3), .picks, .rejects, .unrated, .label(.yellow)])
        for key in ["n", "d", "m", "s", "s"] { f.marks.key(.character(Character(key)), modifiers: .alt) }
        #expect(f.orders == [.name, .dateTaken, .dateModified, .size, .size])
        #expect(f.browser.shownOrder == PhotoOrder(.size, reversed: true))
        #expect(f.marks.marked.isEmpty)
        #expect(f.texts("arrangement label") == ["Yellow label · Size ↓"], "the control says what is shown")
    }

    @Test func theControlOpensAMenuWhoseRowsChooseByClickOrByKeys() throws {
        let f = Fixture()
        f.marks.scene.settle()
        let control = try #require(f.marks.scene.recorder.last.first { $0.viewName == "arrangement" }?.boundsInWindow)
        f.click(control)
        #expect(f.browser.arrangementMenu.isShown)
        #expect(f.texts("arrangement row").contains("★★★ or more"))
        let picks = try #require(f.marks.scene.recorder.last.first { $0.viewName == "arrangement row Picks label" }?.boundsInWindow)
        f.click(picks)
        #expect(f.filters == [.picks] && !f.browser.arrangementMenu.isShown, "a filter is chosen and the menu closes")
        // By keys: down from the current filter, Enter.
        f.click(control)
        f.marks.key(.down)
        f.marks.key(.enter)
        #expect(f.filters == [.picks, .rated(atLeast: 1)])
        f.click(control)
        f.marks.key(.right)
        f.marks.key(.enter)
        #expect(f.orders == [.dateModified] && f.browser.arrangementMenu.isShown, "the row beside; an order leaves the menu open, to turn it round")
        f.marks.key(.escape)
        #expect(!f.browser.arrangementMenu.isShown)
        #expect(f.marks.marked.isEmpty, "keys in the menu do not mark photos")
    }

    @Test func altBAndTheMenusRowTurnGroupingBurstsOnAndOffAndTheRowSaysWhich() throws {
        let f = Fixture()
        var asked: [Bool] = []
        f.browser.onGroupBursts = { [unowned browser = f.browser] groups in
            asked.append(groups)
            browser.showArrangement(filter: browser.shownFilter, order: browser.shownOrder, groupsBursts: groups)
        }
        f.marks.key(.character("b"), modifiers: .alt)
        #expect(asked == [true] && f.browser.shownGroupsBursts)
        f.marks.scene.settle()
        let control = try #require(f.marks.scene.recorder.last.first { $0.viewName == "arrangement" }?.boundsInWindow)
        f.click(control)
        let filled = f.marks.scene.recorder.last.contains { command in
            guard command.viewName == "arrangement row Group bursts", case .fill = command.kind else { return false }
            return true
        }
        #expect(filled, "marked while on")
        let label = try #require(f.marks.scene.recorder.last.first { $0.viewName == "arrangement row Group bursts label" }?.boundsInWindow)
        f.click(label)
        #expect(asked == [true, false] && f.browser.arrangementMenu.isShown, "off again; the menu stays to show it")
    }
}

@Suite struct ConfirmTests {
    @Test func ctrlDeleteAsksTheAppAndTheQuestionWaitsForEnterOrEsc() {
        let f = MarkFixture()
        var asked = 0, answers: [Bool] = []
        f.browser.onTrashRejects = {
            asked += 1
            f.browser.ask(Confirmation("Move these 2 rejected photos to the Trash?", confirmTitle: "Move to Trash",
                                       confirm: { answers.append(true) }, cancel: { answers.append(false) }))
        }
        f.key(.delete, modifiers: .control)
        #expect(asked == 1 && f.browser.confirmBar.isShown)
        #expect(f.labels.texts(in: f.scene.recorder.last, ofViewsNamed: "confirm").contains("Move to Trash"))
        f.key(.character("3"))
        f.key(.right)
        #expect(f.marked.isEmpty && f.browser.confirmBar.isShown, "other keys wait for the answer")
        f.key(.escape)
        #expect(answers == [false] && !f.browser.confirmBar.isShown)
        f.key(.backspace, modifiers: .control)
        f.key(.enter)
        #expect(answers == [false, true] && asked == 2)
        #expect(!f.browser.isPagerOpen, "Enter answered; it opened nothing")
    }
}

@Suite struct KeyboardFocusTests {
    final class Fixture {
        let marks = MarkFixture()
        let albums = FakeAlbumSource(count: 4)
        private(set) var opened: [Int] = []

        init() {
            marks.browser.albumSource = albums
            marks.browser.onSelectAlbum = { [unowned self] index in opened.append(index) }
            marks.scene.settle()
        }

        var browser: PhotoBrowser { marks.browser }
        var ring: Rect? { marks.scene.recorder.last.first { $0.viewName == "focus ring" }?.boundsInWindow }
        func frame(of name: String) -> Rect? { marks.scene.recorder.last.first { $0.viewName == name }?.boundsInWindow }
    }

    @Test func ctrlPageDownAndUpOpenTheNextAndPreviousAlbum() {
        let f = Fixture()
        f.marks.key(.pageDown, modifiers: .control)
        f.marks.key(.pageDown, modifiers: .control)
        f.marks.key(.pageUp, modifiers: .control)
        #expect(f.opened == [1, 2, 1])
        f.marks.key(.pageUp, modifiers: .control)
        f.marks.key(.pageUp, modifiers: .control)
        #expect(f.opened == [1, 2, 1, 0], "nothing before the first")
    }

    @Test func tabRingsTheAlbumsTheArrangementAndEachViewAndTheirKeysWork() throws {
        let f = Fixture()
        #expect(f.ring == nil, "the view has the keys: no ring")
        f.marks.key(.tab)
        #expect(f.browser.focus == .albums)
        f.marks.key(.right)
        #expect(f.opened == [1], "an arrow opens the album beside, as a click on it does")
        f.marks.key(.tab)
        #expect(f.browser.focus == .arrangement)
        let control = try #require(f.frame(of: "arrangement"))
        #expect(try #require(f.ring).contains(Point(x: control.midX, y: control.midY)), "the ring is round the control")
        f.marks.key(.enter)
        #expect(f.browser.arrangementMenu.isShown)
        f.marks.key(.escape)
        f.marks.key(.tab)
        #expect(f.browser.focus == .switcher(.grid))
        f.marks.key(.right)
        f.marks.key(.right)
        #expect(f.browser.focus == .switcher(.deck))
        f.marks.key(.enter)
        #expect(f.browser.viewKind == .deck)
        f.marks.key(.tab, modifiers: .shift)
        #expect(f.browser.focus == .switcher(.stack), "Shift+Tab goes back")
        f.marks.key(.escape)
        #expect(f.browser.focus == .view && f.ring == nil, "Esc gives the keys back to the view")
        f.marks.key(.right)
        #expect(f.browser.deck.topIndex == 1, "which has them again")
    }
}

@Suite struct ReducedMotionPagerTests {
    @Test func withLessMotionThePhotoFadesInAtItsPlaceAndOutWithoutFlying() {
        let app = BrowserFixture()
        app.scene.animator.reducesMotion = true
        app.doubleClick(3)
        var drawn: [Rect] = []
        var openedAt: Double?, settledAt: Double?
        for _ in 0..<60 {
            app.scene.frame(at: app.scene.now + 1.0 / 60)
            if let rect = app.photoRect(3) { drawn.append(rect) }
            if openedAt == nil, app.pager.phase != .closed { openedAt = app.scene.now }
            if settledAt == nil, !app.scene.animator.isAnimating, app.pager.phase == .open { settledAt = app.scene.now }
        }
        #expect(!drawn.isEmpty && drawn.allSatisfy { close($0, app.fitted) }, "only ever at its place: no flight from the cell")
        #expect((settledAt ?? 10) - (openedAt ?? 0) < 0.2, "the transition lasts under 0.2 s")
        app.key(.escape)
        var closing: [Rect] = []
        for _ in 0..<30 {
            app.scene.frame(at: app.scene.now + 1.0 / 60)
            if let rect = app.photoRect(3) { closing.append(rect) }
        }
        #expect(closing.allSatisfy { close($0, app.fitted) }, "closing fades where it is")
        #expect(app.pager.phase == .closed)
    }
}

@Suite struct HelpFitTests {
    /// The grid's help in a window of `width` × `height`, as drawn, and the labels that drew it.
    func help(width: Double, height: Double) -> (frame: [DrawCommand], labels: FakeLabels) {
        let labels = FakeLabels()
        let f = BrowserFixture(size: Size(width: width, height: height), labels: labels)
        f.key(.character("?"))
        f.scene.settle()
        return (f.scene.recorder.last, labels)
    }

    @Test func helpTallerThanTheWindowGoesOnBesideItselfInsideTheWindow() throws {
        // As short as a window is where the whole help still fits in two pairs of columns.
        let (frame, labels) = help(width: 1400, height: 580)
        let panel = try #require(frame.first { $0.viewName == "help panel" }?.boundsInWindow)
        #expect(panel.minY >= 0 && panel.maxY <= 580 && panel.minX >= 0 && panel.maxX <= 1400, "the panel fits the window: \(panel)")
        let second = labels.texts(in: frame, ofViewsNamed: "help actions 2 line")
        #expect(second.contains("Quit"), "the list goes on in a second pair of columns")
        let first = labels.texts(in: frame, ofViewsNamed: "help actions line")
        #expect(first.contains("Open it full screen") && !first.contains("Quit"))
    }

    /// Every line of the help, in both pairs of columns, lies inside the panel with its
    /// padding on either side: the longest row of the last column (Chinese, at 1280 × 800)
    /// lost its last characters at the panel's edge.
    @Test(arguments: [(1280.0, 800.0), (1400, 420), (900, 420)])
    func everyLineOfHelpIsInsideThePanelWithItsPadding(width: Double, height: Double) throws {
        let frame = help(width: width, height: height).frame
        let panel = try #require(frame.first { $0.viewName == "help panel" }?.boundsInWindow)
        let lines = frame.filter { $0.viewName?.hasPrefix("help ") == true && $0.viewName?.contains(" line") == true }.compactMap(\.boundsInWindow)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.minX >= panel.minX + HelpOverlay.padding - 0.5 && line.maxX <= panel.maxX - HelpOverlay.padding + 0.5,
                    "\(line) inside \(panel) with its padding")
        }
    }

    /// Where the window has the room, a long entry goes on on a second line rather than
    /// being cut short: at 1280 × 800 the grid's help lost the end of a dozen of them (the
    /// fake labels' letters are wider than the real ones, so the windows here are wider).
    @Test(arguments: [(1600.0, 900.0), (1700, 1000)])
    func aLongEntryGoesOnOnASecondLineRatherThanBeingCutShort(width: Double, height: Double) throws {
        let (frame, labels) = help(width: width, height: height)
        let keys = labels.texts(in: frame, ofViewsNamed: "help keys line") + labels.texts(in: frame, ofViewsNamed: "help keys 2 line")
        let actions = labels.texts(in: frame, ofViewsNamed: "help actions line") + labels.texts(in: frame, ofViewsNamed: "help actions 2 line")
        let text = actions.joined(separator: " ")
        for whole in ["Find duplicates: the same file, the same picture (asks before the Trash)",
                      "Search by name, folder, year, month or mark; Esc: all again", "Choose several (marks, Del, R act on all); Esc: none"] {
            #expect(text.contains(whole), "\(whole) in \(actions)")
        }
        #expect(keys.joined(separator: " ").contains("Shift-drag the timeline scrubber: the days it goes over, Ctrl+F"), "\(keys)")
        #expect(!actions.contains { $0.hasSuffix("…") && !$0.hasPrefix("Copy, show in Files") }, "nothing cut short: \(actions)")
        // Line for line: the keys' blank lines beside a wrapped action are as tall as the
        // written ones, so every entry's keys stay level with its action.
        for (keys, actions) in [("help keys line ", "help actions line "), ("help keys 2 line ", "help actions 2 line ")] {
            let top = { (prefix: String) in
                Dictionary(frame.compactMap { command -> (Int, Double)? in
                    guard let name = command.viewName, name.hasPrefix(prefix), let index = Int(name.dropFirst(prefix.count)) else { return nil }
                    return (index, command.boundsInWindow.minY)
                }, uniquingKeysWith: { first, _ in first })
            }
            let keyTops = top(keys), actionTops = top(actions)
            for (index, y) in keyTops { if let level = actionTops[index] { #expect(abs(level - y) < 0.5, "line \(index): keys at \(y), action at \(level)") } }
        }
    }

    /// A small window with long words (German's, say): smaller type first, then words cut
    /// short with an ellipsis, never a panel wider or taller than the window.
    @Test(arguments: [(640.0, 480.0), (480, 360), (1400, 420)])
    func helpInASmallWindowStaysInsideIt(width: Double, height: Double) throws {
        let (frame, labels) = help(width: width, height: height)
        let panel = try #require(frame.first { $0.viewName == "help panel" }?.boundsInWindow)
        #expect(panel.minY >= 0 && panel.maxY <= height && panel.minX >= 0 && panel.maxX <= width, "the panel fits the window: \(panel)")
        let actions = labels.texts(in: frame, ofViewsNamed: "help actions")
        if width < 1000 { #expect(actions.contains { $0.hasSuffix("…") }, "cut short where the window is small") }
    }

}

/// Long words (German's) in a small window: cut short or laid out anew, never past the edge.
@Suite struct LongWordsFitTests {
    @Test func aLongQuestionPutsItsButtonsUnderItAndStaysInTheWindow() throws {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 5, size: Size(width: 400, height: 300), labels: labels)
        f.browser.ask(Confirmation("Diese 12 abgelehnten Fotos in den Papierkorb verschieben?", confirmTitle: "In den Papierkorb",
                                   confirm: {}, cancel: {}))
        f.scene.settle()
        let frame = f.scene.recorder.last
        let bar = try #require(frame.first { $0.viewName == "confirm" }?.boundsInWindow)
        #expect(bar.minX >= 0 && bar.maxX <= 400, "inside the window: \(bar)")
        let words = frame.filter { $0.viewName?.hasPrefix("confirm text line") == true }.compactMap(\.boundsInWindow)
        let button = try #require(frame.first { $0.viewName == "confirm In den Papierkorb button" }?.boundsInWindow)
        #expect(!words.isEmpty && button.minY >= words.map(\.maxY).max()!, "the buttons under the words")
        let text = labels.texts(in: frame, ofViewsNamed: "confirm text line").joined(separator: " ")
        #expect(text.contains("Diese 12 abgelehnten") && text.contains("verschieben?"), "the question whole: \(text)")
    }

    @Test func theSwitcherSqueezesIntoTheNarrowestWindow() throws {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 5, size: Size(width: 250, height: 240), labels: labels)
        f.scene.settle()
        let switcher = try #require(f.scene.recorder.last.first { $0.viewName == "switcher" }?.boundsInWindow)
        #expect(switcher.minX >= 0 && switcher.maxX <= 250, "\(switcher)")
        let names = labels.texts(in: f.scene.recorder.last, ofViewsNamed: "switcher ")
        #expect(names.count == AlbumViewKind.allCases.count && names.contains { $0.hasSuffix("…") }, "\(names)")
    }

    @Test func theArrangementControlIsCutShortBesideTheSwitcherNotPushedOffTheWindow() throws {

        let labels = FakeLabels()
        let f = BrowserFixture(count: 5, size: Size(width: 520, height: 300), labels: labels)
        f.browser.showArrangement(filter: .rated(atLeast: 3), order: PhotoOrder(.dateModified, reversed: true))
        f.scene.settle()
        let frame = f.scene.recorder.last
        let control = try #require(frame.first { $0.viewName == "arrangement" }?.boundsInWindow)
        let switcher = try #require(frame.first { $0.viewName == "switcher" }?.boundsInWindow)
        #expect(control.minX >= 0 && control.maxX <= switcher.minX, "\(control) beside \(switcher)")
        let shown = labels.texts(in: frame, ofViewsNamed: "arrangement label")
        #expect(shown.count == 1 && shown[0].hasPrefix("★★★ or") && shown[0].hasSuffix("…"), "\(shown)")
    }
}
