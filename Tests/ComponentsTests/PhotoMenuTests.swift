// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import PhotoSources
import Testing
import TestSupport
import ViewTree

/// The right-click menu on a photo: opened by the mouse or the keyboard, in the grid and
/// over the pager, acting on the photo it was opened on.
@Suite struct PhotoMenuTests {
    final class MenuFixture {
        let labels = FakeLabels()
        let f: BrowserFixture
        var actions: [(PhotoAction, Int)] = []
        var applications = [MenuApplication(id: "viewer.desktop", name: "Image Viewer", isDefault: true), MenuApplication(id: "gimp.desktop", name: "GIMP")]

        init(count: Int = 20, size: Size = Size(width: 800, height: 600)) {
            f = BrowserFixture(count: count, size: size, labels: labels)
            f.browser.applicationsFor = { [unowned self] _ in applications }
            f.browser.onPhotoAction = { [unowned self] in actions.append(($0, $1)) }
        }

        var rows: [String] {
            f.scene.recorder.last.compactMap { command in
                guard let name = command.viewName, name.hasPrefix("menu row "), name.hasSuffix(" label") else { return nil }
                return labels.texts(in: [command], ofViewsNamed: name).first
            }
        }

        func rightClick(at point: Point) {
            f.scene.play(PointerScript.clicks(at: point, count: 1, startTime: f.scene.now + 0.05, button: .secondary))
            f.scene.settle()
        }

        func click(at point: Point) {
            f.scene.play(PointerScript.clicks(at: point, count: 1, startTime: f.scene.now + 0.05))
            f.scene.settle()
        }

        /// Where the row saying `title` was drawn.
        func rowFrame(_ title: String) -> Rect? {
            f.scene.recorder.last.first { $0.viewName == "menu row \(title) label" }?.boundsInWindow
        }

        func key(_ key: Key, modifiers: KeyModifiers = []) {
            f.key(key, modifiers: modifiers)
            f.scene.settle()
        }
    }

    @Test func aRightClickOnACellOpensTheMenuThereForThatPhotoAndRingsIt() throws {
        // Tall enough for the whole menu below the pointer.
        let m = MenuFixture(size: Size(width: 800, height: 800))
        let point = m.f.cellCenter(5)
        m.rightClick(at: point)
        #expect(m.f.browser.photoMenu.isShown && m.f.browser.photoMenu.photo == 5)
        #expect(m.f.grid.selectedIndex == 5, "the cell it is for is ringed")
        #expect(m.rows == ["Open", "Copy", "Copy Path", "Show in Files", "Open With", "Set as Wallpaper", "Details", "Slideshow", "Rotate Right", "Rotate Left", "Fix Date…", "Share…",
                          "Move to Trash"])
        let panel = try #require(m.f.scene.recorder.last.first { $0.viewName == "photo menu panel" }?.boundsInWindow)
        #expect(abs(panel.minX - point.x) < 1 && abs(panel.minY - point.y) < 1, "its corner at the pointer: \(panel)")

        let copy = try #require(m.rowFrame("Copy"))
        m.click(at: Point(x: copy.midX, y: copy.midY))
        #expect(m.actions.count == 1 && m.actions[0].0 == .copyImage && m.actions[0].1 == 5)
        #expect(!m.f.browser.photoMenu.isShown, "choosing closes it")
    }

    @Test func nearTheWindowsCornerTheMenuMovesInToStayWhole() throws {
        let m = MenuFixture(count: 60)
        let corner = m.f.cellFrameInWindow(11)
        #expect(corner.maxX > 780 && corner.maxY > 580, "the bottom-right cell on screen: \(corner)")
        m.rightClick(at: Point(x: corner.maxX - 3, y: corner.maxY - 3))
        #expect(m.f.browser.photoMenu.photo == 11)
        let panel = try #require(m.f.scene.recorder.last.first { $0.viewName == "photo menu panel" }?.boundsInWindow)
        #expect(panel.maxX <= 800 && panel.maxY <= 600 && panel.minX >= 0 && panel.minY >= 0, "\(panel)")
    }

    @Test func betweenCellsThereIsNoMenuAndAClickOutsideOrEscClosesIt() {
        let m = MenuFixture()
        let gap = m.f.cellFrameInWindow(0)
        m.rightClick(at: Point(x: gap.maxX + 2, y: gap.midY))
        #expect(!m.f.browser.photoMenu.isShown, "the gap between two cells is no photo")
        m.rightClick(at: m.f.cellCenter(2))
        #expect(m.f.browser.photoMenu.isShown)
        m.click(at: Point(x: 20, y: 580))
        #expect(!m.f.browser.photoMenu.isShown && m.actions.isEmpty, "a click outside closes it and does nothing")
        #expect(m.f.pager.phase == .closed, "nor opens what is under it")
        m.rightClick(at: m.f.cellCenter(2))
        m.key(.escape)
        #expect(!m.f.browser.photoMenu.isShown && m.actions.isEmpty)
    }

    @Test func theMenuKeyOpensItOnThePhotoInHandAndArrowsAndEnterChoose() {
        let m = MenuFixture()
        m.f.grid.select(3)
        m.key(.menu)
        #expect(m.f.browser.photoMenu.photo == 3)
        m.key(.down)
        m.key(.down)
        m.key(.enter)
        #expect(m.actions.count == 1 && m.actions[0].0 == .copyPath && m.actions[0].1 == 3)
        m.key(.function(10), modifiers: .shift)
        #expect(m.f.browser.photoMenu.isShown, "Shift+F10 opens it too")
        m.key(.up)
        m.key(.enter)
        #expect(m.f.browser.toast.message == "photo-3.jpg cannot go to the Trash here.", "Up from the top wraps to the last row, Move to Trash")
    }

    @Test func openWithListsTheDesktopsProgramsBesideItDefaultFirst() throws {
        let m = MenuFixture()
        m.f.grid.select(1)
        m.key(.menu)
        for _ in 0..<4 { m.key(.down) }
        m.key(.right)
        #expect(m.f.browser.photoMenu.isInPrograms)
        let programs = m.labels.texts(in: m.f.scene.recorder.last, ofViewsNamed: "menu row").filter { ["Image Viewer", "GIMP", "Default"].contains($0) }
        #expect(programs == ["Image Viewer", "Default", "GIMP"])
        let viewer = try #require(m.rowFrame("Image Viewer")), openWith = try #require(m.rowFrame("Open With"))
        #expect(viewer.minX > openWith.maxX && abs(viewer.midY - openWith.midY) < 1, "beside Open With: \(viewer) \(openWith)")
        m.key(.down)
        m.key(.enter)
        #expect(m.actions.count == 1 && m.actions[0].0 == .openWith(applicationID: "gimp.desktop") && m.actions[0].1 == 1)

        m.applications = []
        m.key(.menu)
        #expect(!m.rows.contains("Open With"), "no other program: no Open With")
    }

    @Test func overThePagerItActsOnThePhotoShownAndHasNoOpen() throws {
        let m = MenuFixture()
        m.f.open(4)
        m.rightClick(at: Point(x: 400, y: 300))
        #expect(m.f.browser.photoMenu.photo == 4)
        #expect(m.rows.first == "Copy")
        let details = try #require(m.rowFrame("Details"))
        m.click(at: Point(x: details.midX, y: details.midY))
        #expect(m.f.browser.details.isShown, "Details are the browser's own")
        #expect(m.f.pager.phase == .open, "and the pager stays")
    }

    @Test func openStartsThePagerAndSlideshowPlaysFromThatPhoto() throws {
        let m = MenuFixture()
        m.rightClick(at: m.f.cellCenter(6))
        let open = try #require(m.rowFrame("Open"))
        m.click(at: Point(x: open.midX, y: open.midY))
        #expect(m.f.pager.phase == .open && m.f.pager.currentIndex == 6)
        m.rightClick(at: Point(x: 400, y: 300))
        let slideshow = try #require(m.rowFrame("Slideshow"))
        m.click(at: Point(x: slideshow.midX, y: slideshow.midY))
        #expect(m.f.browser.slideshow.isPlaying && m.f.browser.slideshow.index == 6)
    }

    @Test func moveToTrashTrashesThatPhotoWithUndo() throws {
        let m = MenuFixture()
        let trash = FakeTrash(browser: m.f.browser, source: m.f.source)
        m.rightClick(at: m.f.cellCenter(2))
        let row = try #require(m.rowFrame("Move to Trash"))
        m.click(at: Point(x: row.midX, y: row.midY))
        #expect(trash.trashed.map(\.index) == [2] && m.f.source.photoCount == 19)
        #expect(m.f.browser.toast.message == "photo-2.jpg moved to the Trash")
        m.key(.character("z"), modifiers: .control)
        #expect(m.f.source.photoCount == 20 && m.f.source.fileName(at: 2) == "photo-2.jpg", "back in its place")

        m.f.grid.select(7)
        m.key(.delete)
        #expect(trash.trashed.map(\.index) == [7], "Del does the same for the photo in hand")
    }

    @Test func ctrlCCopiesThePhotoInHandUnlessTheDetailsAreUp() {
        let m = MenuFixture()
        var texts: [String] = []
        m.f.browser.onCopyText = { texts.append($0) }
        m.f.grid.select(9)
        m.key(.character("c"), modifiers: .control)
        #expect(m.actions.count == 1 && m.actions[0].0 == .copyImage && m.actions[0].1 == 9)
        m.key(.character("i"))
        m.key(.character("c"), modifiers: .control)
        #expect(m.actions.count == 1 && texts.count == 1, "with the details up, their text")
    }
}
