// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Foundation
import Gestures
import Marks
import Testing

/// The command table is the one list of what a user can do: no key does two things in one
/// place, everything can be reached from the keyboard, and everything that lists keys (the
/// help, the menu, the manual, the README) says what the table says.
@Suite struct CommandTableTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func noKeyIsBoundTwiceInOneContext() {
        let bindings = Command.all.flatMap(\.bindings)
        for context in KeyContext.allCases {
            let here = bindings.filter { $0.context == context }
            for (index, binding) in here.enumerated() {
                for other in here[(index + 1)...] {
                    #expect(!binding.chord.overlaps(other.chord), "\(binding.chord.label) is bound to \(binding.action) and to \(other.action) in \(context)")
                }
            }
        }
    }

    /// A key taken before anything on screen sees it would make any other binding of it dead.
    @Test func whatIsTakenFirstShadowsNoOtherBinding() {
        let bindings = Command.all.flatMap(\.bindings)
        for first in bindings where first.context == .always {
            for other in bindings where other.context != .always {
                #expect(!first.chord.overlaps(other.chord), "\(first.chord.label) hides \(other.action)")
            }
        }
    }

    /// The album's commands come before a view's own keys: a view's binding under one of
    /// them would never act, unless it asks for the same.
    @Test func theAlbumsKeysShadowNoViewsKeyThatDoesOtherwise() {
        let album = Command.all.flatMap(\.bindings).filter { $0.context == .album }
        let inViews: [KeyContext] = [.pager, .spread] + AlbumViewKind.allCases.map { .view($0) }
        for binding in Command.all.flatMap(\.bindings) where inViews.contains(binding.context) {
            for first in album where first.chord.overlaps(binding.chord) {
                #expect(first.action == binding.action, "\(first.chord.label) in \(binding.context) is the album's \(first.action), never \(binding.action)")
            }
        }
    }

    @Test func everyCommandCanBeReachedFromTheKeyboardAndHasAName() {
        let menuKey = Command.all.first { $0.bindings.contains { $0.action == .photoMenu } }
        #expect(menuKey != nil, "the photo menu opens by a key")
        // What only a pointer does (a drag, the wheel) is listed as such, in a view's help.
        let gestures = Set(["grid-scroll", "stack-throw", "compare-look", "pager-held", "pager-zoom-click", "pager-look"])
        for command in Command.all where !gestures.contains(command.name) {
            #expect(!command.bindings.isEmpty || command.menuRow != nil, "\(command.name) has neither a key nor a menu row")
            #expect(!command.summary.isEmpty)
        }
        #expect(Set(Command.all.map(\.name)).count == Command.all.count, "names are unique")
    }

    @Test func everyRegisteredViewHasItsKey() {
        for (offset, kind) in AlbumViewKind.allCases.enumerated() {
            let key = KeyEvent(key: .character(Character(String(offset + 1))), modifiers: [.control], timestampNanoseconds: 0)
            #expect(Command.lookUp(key, in: .album)?.action == .showView(kind))
        }
    }

    @Test func theHelpWritesKeysShortAsAPersonWould() throws {
        let lines = Dictionary(Command.helpEntries.map { ($0.action, $0.input) }, uniquingKeysWith: { first, _ in first })
        #expect(lines["Rate the photo: no stars to five stars"] == "0 – 5")
        #expect(lines["Red, yellow, green, blue label (again: off)"] == "6 – 9")
        #expect(lines["Show all, ★ or more…, picks, rejects, unrated"] == "Alt+0 – 5, P, X, U")
        #expect(lines["Previous / next album"] == "Ctrl+PgUp, Ctrl+PgDn")
        #expect(lines["Every folder at once, or the photo's folder alone"] == "Alt+Up, Alt+Down")
        #expect(lines["Quit"] == "Q, Ctrl+Q, W")
        // The help is short enough to read: alternatives are in the manual and the README.
        #expect(lines["Copy, show in Files, open with, wallpaper…"] == "Right-click, Menu")
        #expect(lines["Move the rejects to the Trash (asks first)"] == "Ctrl+Del")
        let menu = try #require(Command.all.first { $0.name == "menu" })
        #expect(menu.inputLabel == "Right-click, Menu, Shift+F10")
        #expect(lines.values.contains("Ctrl+1 – \(AlbumViewKind.allCases.count)"))
    }

    /// Each view's help is its part of the table, written as short: the arrows as one
    /// word, + and - by name, alternatives in the manual only.
    @Test func eachViewsHelpIsItsSectionOfTheTable() throws {
        for section in AlbumViewKind.allCases.map({ Command.Section.view($0) }) + [.pager, .slideshow] {
            let entries = Command.helpEntries(for: section)
            #expect(entries.contains { $0.action == "Open it full screen" } == (section != .pager && section != .slideshow))
            #expect(entries.count >= 3, "\(section) has its help")
        }
        let grid = Dictionary(Command.helpEntries(for: .view(.grid)).map { ($0.action, $0.input) }, uniquingKeysWith: { first, _ in first })
        #expect(grid["Select a photo"] == "Click, arrows, PgUp, PgDn, Home, End")
        #expect(grid["Larger, smaller photos (smallest: by month)"] == "Ctrl+wheel, Ctrl+Plus, Minus")
        let pager = Dictionary(Command.helpEntries(for: .pager).map { ($0.action, $0.input) }, uniquingKeysWith: { first, _ in first })
        #expect(pager["Next / previous photo"] == "Drag, flick, wheel, arrows")
        #expect(pager["Zoom in, out, to fit"] == "Ctrl+wheel, Plus, Minus, Ctrl+0")
        #expect(pager["Back"] == "Click, drag down, Esc")
        let page = try #require(Command.all.first { $0.name == "pager-page" })
        #expect(page.inputLabel == "Drag, flick, wheel, arrows, Space, PgDn, Backspace, PgUp, Home, End")
    }

    /// The man page comes from the command line's help, which lists the table: every
    /// command's keys and words are in it, committed.
    @Test func theManualAndTheManPageListEveryCommand() throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent("packaging/flick.1"), encoding: .utf8)
        for command in Command.all {
            let line = command.manualLine
            let isASCII = line.allSatisfy { $0.isASCII }
            #expect(isASCII, "the man page generator drops what is not ASCII: \(line)")
            #expect(Command.manual.contains(line))
            #expect(page.contains(line), "packaging/flick.1 lacks \"\(line)\": run `make man`")
        }
    }

    /// The README's key list is the table's. `FLICK_WRITE_README_KEYS=1` rewrites it.
    @Test func theReadmeListsTheKeysOfTheTable() throws {
        let readme = Self.repository.appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = "<!-- keys: made from the command table (Sources/Browser/Commands); a test holds them equal -->\n"
        let end = "\n<!-- end of keys -->"
        let start = try #require(text.range(of: begin), "the README has its key list")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let listed = String(text[start.upperBound..<stop.lowerBound])
        if listed != Command.markdown, ProcessInfo.processInfo.environment["FLICK_WRITE_README_KEYS"] == "1" {
            try (String(text[..<start.upperBound]) + Command.markdown + String(text[stop.lowerBound...])).write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(listed == Command.markdown, "the README's keys differ from the table: run the tests with FLICK_WRITE_README_KEYS=1")
    }
}

/// A key goes from the front-most thing on screen to the back: what is in front has it
/// first, and the app's commands come last.
@Suite struct ResponderChainTests {
    final class Fixture {
        let f = BrowserFixture(count: 10)
        var asked: [CommandAction] = []

        init() {
            for action in [CommandAction.quit, .toggleFullScreen, .closeFront] {
                f.browser.register(action) { [unowned self] in asked.append(action) }
            }
        }

        func key(_ key: Key, modifiers: KeyModifiers = [], repeated: Bool = false) {
            _ = f.browser.handleKey(KeyEvent(key: key, isRepeat: repeated, modifiers: modifiers, timestampNanoseconds: f.scene.now.nanosecondStamp))
            f.scene.settle()
        }
    }

    @Test func ctrlQQuitsOverHelpAndAnyOtherKeyOnlyClosesIt() {
        let t = Fixture()
        t.key(.character("?"))
        t.key(.character("q"))
        #expect(t.asked.isEmpty && !t.f.browser.help.isShown, "q closed the help, and only that")
        t.key(.character("?"))
        t.key(.character("q"), modifiers: .control)
        #expect(t.asked == [.quit])
    }

    @Test func escClosesThePagerFirstAndOnlyThenLeavesFullScreen() {
        let t = Fixture()
        t.f.open(2)
        t.key(.escape)
        #expect(t.f.pager.phase == .closed && t.asked.isEmpty, "Esc closed the pager, not full screen")
        t.key(.escape)
        #expect(t.asked == [.closeFront], "with nothing in front, Esc is the app's")
    }

    @Test func theAppsKeysWorkOverThePagerAndTheSlideshow() {
        let t = Fixture()
        t.f.open(2)
        t.key(.character("f"))
        t.key(.function(5))
        #expect(t.f.browser.slideshow.isPlaying)
        t.key(.function(11))
        t.key(.character("p"))
        #expect(t.f.browser.slideshow.isPlaying, "a mark key waits for the slideshow to end")
        t.key(.character("q"))
        #expect(t.asked == [.toggleFullScreen, .toggleFullScreen, .quit])
    }

    /// Dealt out, the stack's photos have keys of their own: Esc gathers them, and only
    /// the next Esc goes on to the app.
    @Test func escGathersTheStacksSpreadBeforeTheAppSeesIt() {
        let t = Fixture()
        t.key(.character("2"), modifiers: .control)
        t.key(.character("s"))
        #expect(t.f.browser.stack.isShowingAll)
        t.key(.escape)
        t.f.scene.settle()
        #expect(!t.f.browser.stack.isShowingAll && t.asked.isEmpty, "Esc gathered the photos and went no further")
        t.key(.escape)
        #expect(t.asked == [.closeFront])
    }

    /// A held Del would otherwise send one photo after another to the Trash.
    @Test func aHeldDelTrashesOnePhoto() {
        let t = Fixture()
        let trash = FakeTrash(browser: t.f.browser, source: t.f.source)
        t.f.grid.select(4)
        t.key(.delete)
        for _ in 0..<5 { t.key(.delete, repeated: true) }
        #expect(trash.trashed.map(\.index) == [4])
    }

    /// A question in front takes the keys: Del does not trash the photo behind it.
    @Test func aQuestionTakesTheKeysWhileItAsks() {
        let t = Fixture()
        let trash = FakeTrash(browser: t.f.browser, source: t.f.source)
        var answers: [Bool] = []
        t.f.browser.ask(Confirmation("Move 3 rejects to the Trash?", confirmTitle: "Move to Trash", confirm: { answers.append(true) }, cancel: { answers.append(false) }))
        t.key(.delete)
        t.key(.character("5"))
        #expect(trash.trashed.isEmpty)
        t.key(.escape)
        #expect(answers == [false] && t.asked.isEmpty, "Esc answered the question and went no further")
    }

    @Test func ctrlCCopiesTheDetailsWhileTheyAreShownElseThePhoto() {
        let t = Fixture()
        var copied: [String] = [], actions: [(PhotoAction, Int)] = []
        t.f.browser.onCopyText = { copied.append($0) }
        t.f.browser.onPhotoAction = { actions.append(($0, $1)) }
        t.f.grid.select(3)
        t.key(.character("c"), modifiers: .control)
        #expect(actions.map(\.0) == [.copyImage] && actions.map(\.1) == [3] && copied.isEmpty)
        t.key(.character("i"))
        t.key(.character("c"), modifiers: .control)
        #expect(copied.count == 1 && actions.count == 1)
        t.key(.character("i"))
        #expect(!t.f.browser.details.isShown)
    }
}
