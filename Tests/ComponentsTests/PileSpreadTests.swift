// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Components
import Geometry
import Gestures
import Motion
import TestSupport
import ViewTree

/// "Show all": the pile dealt over a black mask into the grid's layout for the window.
@Suite struct PileSpreadTests {
    /// Cell `index` of the spread: the grid's cell (at 800 pt, four columns of 195).
    static func expectedCell(_ index: Int, width: Double = 800) -> Rect {
        GridLayout(width: width).frame(of: index)
    }

    static func center(of rect: Rect) -> Point { Point(x: rect.midX, y: rect.midY) }

    /// The centre of photo `index`'s framed picture as drawn in the last frame.
    static func drawnCenter(_ app: StackFixture, _ index: Int) -> Point? {
        app.scene.recorder.commands(ofView: "spread \(index)").first.map { center(of: $0.boundsInWindow) }
    }

    @Test func sSpreadsThePhotosIntoTheGridsCellsOverABlackMaskAllTwelveOnOneScreen() {
        let app = StackFixture(count: 12)
        app.press(.character("s"))
        #expect(app.stack.isShowingAll)
        app.scene.settle()
        let mask = app.scene.recorder.commands(ofView: "spread mask").first
        #expect(mask?.kind == .fill(.black) && mask?.opacity == 1)
        #expect(mask?.boundsInWindow == Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(app.scene.recorder.last.allSatisfy { $0.viewName?.hasPrefix("pile ") != true }, "the pile itself is under the mask")
        // Rows at y = 4, 203, 402: all twelve on one screen.
        #expect(app.stack.spreadVisibleIndices == Array(0..<12))
        for index in 0..<12 {
            let expected = Self.expectedCell(index)
            #expect(app.stack.spreadCellFrame(of: index) == expected)
            let drawn = app.scene.recorder.commands(ofView: "spread \(index)").first?.boundsInWindow
            #expect(drawn.map { abs($0.midX - expected.midX) < 0.5 && abs($0.midY - expected.midY) < 0.5 } == true, "photo \(index) at \(String(describing: drawn))")
            // The framed 4:3 photo fits its cell: as wide as the cell, straight.
            #expect(drawn.map { abs($0.width - expected.width) < 0.5 && $0.height < expected.height } == true)
        }
    }

    @Test(arguments: [60.0, 144.0])
    func thePhotosLeaveThePileATenthOfASecondApart(frameRateHz: Double) {
        let app = StackFixture(count: 9, frameRateHz: frameRateHz)
        let start = app.scene.now
        app.press(.character("s"))
        var departures: [Int: Seconds] = [:], arrivals: [Int: Seconds] = [:]
        while app.scene.now < start + 1.5 {
            app.scene.runFrames(for: 1 / frameRateHz)
            for index in 0..<9 {
                guard let drawn = Self.drawnCenter(app, index) else { continue }
                let moved = (drawn - app.center).length > 0.5
                if moved && departures[index] == nil { departures[index] = app.scene.now - start }
                let target = Self.center(of: Self.expectedCell(index))
                if (drawn - target).length < 0.5 && arrivals[index] == nil { arrivals[index] = app.scene.now - start }
            }
        }
        let frame = 1 / frameRateHz
        for index in 0..<9 {
            let departure = departures[index] ?? .infinity, arrival = arrivals[index] ?? .infinity
            #expect(departure >= 0.1 * Double(index) - 1e-6 && departure <= 0.1 * Double(index) + frame + 1e-6,
                    "photo \(index) left at \(departure)")
            #expect(arrival <= 0.1 * Double(index) + PileSpreadTests.flight + frame + 1e-6, "photo \(index) arrived at \(arrival)")
        }
        #expect(!app.scene.animator.isAnimating)
    }

    static let flight = 0.2

    @Test func aBigAlbumSpreadsInAboutASecond() {
        // A tall window shows 15 rows: 60 photos would take 6 s at 0.1 s each.
        let app = StackFixture(count: 1_000, size: Size(width: 800, height: 2_900))
        let start = app.scene.now
        app.press(.character("s"))
        app.scene.runFrames(until: start + 1.0)
        let visible = app.stack.spreadVisibleIndices
        #expect(visible.count == GridLayout(width: 800).indices(from: 0, to: 2_900, count: 1_000).count && visible.count == 60)
        #expect(!app.scene.animator.isAnimating, "all landed within a second")
        for index in visible {
            let target = Self.center(of: Self.expectedCell(index))
            #expect(Self.drawnCenter(app, index).map { ($0 - target).length < 0.5 } == true, "photo \(index)")
        }
        #expect(app.stack.topFrames.count <= PhotoStackView.realFrameCount)
    }

    @Test func aBigSpreadScrollsAndKeepsOnlyTheCellsOnScreen() {
        let app = StackFixture(count: 300)
        app.press(.character("s"))
        app.scene.settle()
        app.stack.handleWheel(WheelEvent(deltaInPoints: Point(x: 0, y: 1_000), locationInWindow: app.center,
                                         timestampNanoseconds: app.scene.now.nanosecondStamp))
        app.scene.settle()
        // 1,000 pt down, rows 199 pt apart: rows 5 to 8 are on screen, and only their cells exist.
        let visible = app.stack.spreadVisibleIndices
        #expect(visible == Array(GridLayout(width: 800).indices(from: 1_000, to: 1_600, count: 300)))
        #expect(visible.first == 20 && visible.count == 16)
        for index in visible where Self.expectedCell(index).minY >= 1_000 && Self.expectedCell(index).maxY <= 1_600 {
            let expected = Self.expectedCell(index).offsetBy(dx: 0, dy: -1_000)
            #expect(Self.drawnCenter(app, index).map { ($0 - Self.center(of: expected)).length < 0.5 } == true, "photo \(index)")
        }
        // A drag scrolls too, and never past the end.
        app.scene.play(PointerScript.drag(from: Point(x: 20, y: 500), to: Point(x: 20, y: 100), duration: 0.3, rateHz: 120,
                                          startTime: app.scene.now + 0.05))
        app.scene.settle()
        #expect(app.stack.spreadVisibleIndices.first.map { $0 > 9 } == true)
        app.stack.handleWheel(WheelEvent(deltaInPoints: Point(x: 0, y: 100_000), locationInWindow: app.center,
                                         timestampNanoseconds: app.scene.now.nanosecondStamp))
        app.scene.settle()
        #expect(app.stack.spreadVisibleIndices.last == 299)
        #expect(app.stack.spreadCellFrame(of: 299).map { $0.maxY <= 600 } == true)
    }

    @Test func resizingTheWindowMovesTheCellsToTheNewColumns() {
        let app = StackFixture(count: 12)
        app.press(.character("s"))
        app.scene.settle()
        app.scene.root.frame = Rect(x: 0, y: 0, width: 1_000, height: 600)
        app.stack.frame = app.scene.root.bounds
        app.scene.frame(at: app.scene.now + 0.02)
        for index in app.stack.spreadVisibleIndices {
            let target = Self.center(of: Self.expectedCell(index, width: 1_000))
            #expect(Self.drawnCenter(app, index).map { ($0 - target).length < 0.5 } == true, "photo \(index)")
        }
    }

    @Test func theSpreadOpensWithTheTopPhotoInView() {
        let app = StackFixture(count: 300)
        app.stack.goTo(150)
        app.press(.character("s"))
        app.scene.settle()
        #expect(app.stack.spreadVisibleIndices.contains(150))
        let cell = app.stack.spreadCellFrame(of: 150)
        #expect(cell.map { $0.minY >= 0 && $0.maxY <= 600 } == true)
    }

    @Test func aClickOnTheMaskGathersThePhotosBackIntoThePile() {
        let app = StackFixture(count: 12)
        let angles = app.angles()
        app.press(.character("s"))
        app.scene.settle()
        let clickTime = app.scene.now + 0.05
        app.click(at: Point(x: 20, y: 20))
        app.scene.runFrames(until: clickTime + 0.15)
        #expect(app.stack.isShowingAll, "still flying home")
        let mask = app.scene.recorder.commands(ofView: "spread mask").first
        #expect(mask.map { $0.opacity < 1 && $0.opacity > 0 } == true, "the mask fades")
        app.scene.runFrames(until: clickTime + 0.1 + 0.25 + 0.05)
        #expect(!app.stack.isShowingAll)
        #expect(app.scene.recorder.commands(ofView: "spread mask").isEmpty)
        #expect(app.stack.topIndex == 0 && app.reveals.isEmpty)
        #expect(app.angles() == angles, "every photo lies as before")
        let top = app.frameRect(0)
        #expect(top.map { abs($0.midX - 400) < 0.5 && abs($0.midY - 300) < 0.5 } == true)
    }

    @Test func aClickOnAPhotoInTheSpreadPutsItOnTopOfThePile() {
        let app = StackFixture(count: 12)
        app.press(.character("s"))
        app.scene.settle()
        app.click(at: Self.center(of: Self.expectedCell(4)))
        app.scene.settle()
        #expect(!app.stack.isShowingAll)
        #expect(app.stack.topIndex == 4)
        #expect(app.reveals == [4])
        #expect(app.stack.angle(ofPhoto: 4) == 0)
        let order = app.scene.recorder.last.compactMap(\.viewName).filter { $0.hasPrefix("pile ") && !$0.contains("photo") }
        #expect(order.last == "pile 4", "drawn on top")
    }

    @Test func theShowAllButtonSpreadsAndSOrEscGathers() {
        let app = StackFixture(count: 12)
        let button = app.scene.recorder.commands(ofView: "show all button").first?.boundsInWindow
        #expect(button.map { $0.maxX <= 800 && $0.maxY <= 600 && $0.minX > 400 && $0.minY > 300 } == true, "bottom right")
        app.click(at: button.map(Self.center(of:)) ?? .zero)
        #expect(app.stack.isShowingAll)
        app.scene.settle()
        #expect(app.scene.recorder.commands(ofView: "show all button").isEmpty, "hidden under the spread")
        app.press(.character("s"))
        app.scene.settle()
        #expect(!app.stack.isShowingAll)
        app.press(.character("s"))
        app.scene.settle()
        app.press(.escape)
        app.scene.settle()
        #expect(!app.stack.isShowingAll)
        #expect(app.scene.recorder.commands(ofView: "show all button").count == 1)
    }

    @Test func whileSpreadTheArrowsDoNotFlickThePileUnderneath() {
        let app = StackFixture(count: 12)
        app.press(.character("s"))
        app.scene.settle()
        app.press(.right)
        app.scene.settle()
        #expect(app.flicks.isEmpty && app.stack.topIndex == 0)
    }

    @Test func anEmptyAlbumHasNothingToSpread() {
        let app = StackFixture(count: 0)
        app.press(.character("s"))
        #expect(!app.stack.isShowingAll)
        #expect(app.scene.recorder.commands(ofView: "show all button").isEmpty)
    }
}

/// The pile's frame: a plain border, none, or a nine-slice picture frame.
@Suite struct PileFrameStyleTests {
    @Test func aNineSliceFrameImageSurroundsEachPhotoWithUnscaledCorners() {
        let app = StackFixture(count: 3)
        let frameImage = ImageContent(texture: TextureHandle(rawValue: 9_999), pixelSize: Size(width: 60, height: 60), isOpaque: false,
                                      mode: .nineSlice(capInsets: EdgeInsets(all: 12)))
        app.stack.frameStyle = .image(frameImage)
        app.scene.frame(at: app.scene.now + 0.02)
        let pieces = app.scene.recorder.commands(ofView: "pile frame 0")
        #expect(pieces.count == 9)
        let outer = pieces.reduce(pieces.first?.boundsInWindow ?? .zero) { $0.union($1.boundsInWindow) }
        let photo = app.scene.recorder.commands(ofView: "pile photo 0").first?.boundsInWindow
        #expect(photo.map { abs($0.minX - outer.minX - 12) < 1e-6 && abs(outer.maxY - $0.maxY - 12) < 1e-6 } == true,
                "the photo sits inside the caps")
        let corner = pieces.first { abs($0.boundsInWindow.minX - outer.minX) < 1e-6 && abs($0.boundsInWindow.minY - outer.minY) < 1e-6 }
        #expect(corner?.boundsInWindow.size == Size(width: 12, height: 12))
        #expect(corner?.kind == .image(frameImage.texture, sourceInTexture: Rect(x: 0, y: 0, width: 12, height: 12)))
        // The frame is beneath the photo.
        let names = app.scene.recorder.last.compactMap(\.viewName)
        #expect((names.lastIndex(of: "pile frame 0") ?? .max) < (names.firstIndex(of: "pile photo 0") ?? -1))
    }

    @Test func withoutAFrameThePhotoIsBare() {
        let app = StackFixture(count: 3)
        app.stack.frameStyle = .none
        app.scene.frame(at: app.scene.now + 0.02)
        #expect(app.scene.recorder.commands(ofView: "pile 0").isEmpty, "no border fill")
        let photo = app.scene.recorder.commands(ofView: "pile photo 0").first?.boundsInWindow
        // 800×600 with a 60 pt margin: a 4:3 photo 640×480, edge to edge.
        #expect(photo.map { abs($0.width - 640) < 1e-6 && abs($0.height - 480) < 1e-6 } == true)
    }

    @Test func theDefaultIsAFivePointWhiteBorder() {
        let app = StackFixture(count: 3)
        let border = app.scene.recorder.commands(ofView: "pile 0").first
        let photo = app.scene.recorder.commands(ofView: "pile photo 0").first?.boundsInWindow
        #expect(border?.kind == .fill(.white))
        #expect(photo.flatMap { inner in border.map { abs(inner.minX - $0.boundsInWindow.minX - 5) < 1e-6 } } == true)
    }
}
