// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Geometry
import Gestures
import PhotoSources
import Testing
import TestSupport
import ViewTree

@Suite struct DetailsPanelTests {
    func values(_ f: BrowserFixture, _ labels: FakeLabels) -> [String] {
        labels.texts(in: f.scene.recorder.last, ofViewsNamed: "details value")
    }

    @Test func iShowsThePhotoInHandsDetailsTheyFollowThePagerAndEscClosesThem() throws {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 8, labels: labels)
        f.grid.select(3)
        f.key(.character("i"))
        f.scene.settle()
        #expect(f.browser.details.isShown)
        #expect(values(f, labels) == ["photo-3.jpg", "Camera of photo 3"])
        let panel = try #require(f.scene.recorder.last.first { $0.viewName == "details" }?.boundsInWindow)
        #expect(panel.maxX == 800 && panel.minY == 0 && panel.height == 600, "along the right edge: \(panel)")

        f.key(.escape)
        f.scene.settle()
        #expect(!f.browser.details.isShown)
        f.open(3)
        f.key(.character("i"))
        f.key(.right)
        f.scene.settle()
        #expect(values(f, labels) == ["photo-4.jpg", "Camera of photo 4"], "the pager's next photo's")
        f.key(.character("i"))
        #expect(!f.browser.details.isShown, "I again closes them")
        #expect(f.pager.phase == .open, "and leaves the pager up")
    }

    @Test func detailsStillBeingReadSaySoAndComeWhenRead() {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 4, labels: labels)
        f.source.factsReading = [0]
        f.grid.select(0)
        f.key(.character("i"))
        f.scene.settle()
        #expect(values(f, labels) == ["Reading…"])
        f.source.factsReading = []
        f.browser.reloadData()
        f.scene.settle()
        #expect(values(f, labels) == ["photo-0.jpg", "Camera of photo 0"])
    }

    @Test func ctrlCCopiesAChosenRowOrAllOfThem() throws {
        let labels = FakeLabels()
        let f = BrowserFixture(count: 4, labels: labels)
        var copied: [String] = []
        f.browser.onCopyText = { copied.append($0) }
        f.grid.select(1)
        f.key(.character("i"))
        f.scene.settle()
        f.key(.character("c"), modifiers: .control)
        #expect(copied == ["Name: photo-1.jpg\nCamera: Camera of photo 1"])
        let camera = try #require(f.scene.recorder.last.first { $0.viewName == "details value 1 line 0" }?.boundsInWindow)
        f.scene.play(PointerScript.clicks(at: Point(x: camera.midX, y: camera.midY), count: 1, startTime: f.scene.now + 0.05))
        f.scene.settle()
        #expect(f.browser.details.chosenRow == 1)
        f.key(.character("c"), modifiers: .control)
        #expect(copied.last == "Camera of photo 1")
    }

    @Test func upAndDownChooseARowForTheKeyboard() {
        let f = BrowserFixture(count: 4, labels: FakeLabels())
        var copied: [String] = []
        f.browser.onCopyText = { copied.append($0) }
        f.grid.select(2)
        f.key(.character("i"))
        f.key(.down)
        f.key(.down)
        #expect(f.browser.details.chosenRow == 1)
        f.key(.character("c"), modifiers: .control)
        #expect(copied == ["Camera of photo 2"])
        f.key(.up)
        f.key(.up)
        #expect(f.browser.details.chosenRow == nil, "above the first: none chosen, all copied")
        #expect(f.grid.selectedIndex == 2, "the grid's selection stayed")
    }
}
