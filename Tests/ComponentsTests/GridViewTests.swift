// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Components
import PhotoSources
import Geometry
import Gestures
import TestSupport
import ViewTree

@Suite struct GridViewTests {
    let scene = TestScene(size: Size(width: 800, height: 600))
    let source = FakePhotoSource(count: 200)
    let grid: GridView

    init() {
        grid = GridView(context: ComponentContext(animator: scene.animator, arena: scene.arena))
        grid.frame = scene.root.bounds
        scene.root.addSubview(grid)
        grid.source = source
        scene.frame(at: 0)
    }

    @Test func whenAPhotoLeavesTheOthersSlideIntoItsPlaceAndItFadesOut() throws {
        let leaving = try #require(grid.visibleCell(at: 1))
        let next = try #require(grid.visibleCell(at: 2))
        source.photoCount = 199
        grid.photosMoved { $0 == 1 ? nil : $0 > 1 ? $0 - 1 : $0 }
        scene.frame(at: 0.02)
        scene.frame(at: 0.1)
        #expect(grid.visibleCell(at: 1) === next, "the next photo's cell goes with its photo")
        let sliding = next.presentation.frame
        #expect(sliding.minX < grid.layout.frame(of: 2).minX && sliding.minX > grid.layout.frame(of: 1).minX,
                "on its way, not jumped")
        #expect(leaving.presentation.opacity < 1 && leaving.presentation.opacity > 0, "the photo that left fades")
        scene.settle()
        #expect(next.frame == grid.layout.frame(of: 1) && next.presentation.frame == grid.layout.frame(of: 1))
        #expect(leaving.superview == nil, "once faded, its cell is taken back for reuse")
    }

    @Test func aPhotoThatArrivesFadesInAndTheRestMakeRoom() throws {
        let first = try #require(grid.visibleCell(at: 0))
        source.photoCount = 201
        grid.photosMoved { $0 + 1 }
        scene.frame(at: 0.02)
        scene.frame(at: 0.1)
        #expect(grid.visibleCell(at: 1) === first)
        let arrived = try #require(grid.visibleCell(at: 0))
        #expect(arrived !== first)
        #expect(arrived.presentation.opacity < 1, "the new photo fades in")
        let sliding = first.presentation.frame
        #expect(sliding.minX < grid.layout.frame(of: 1).minX && sliding.minX > grid.layout.frame(of: 0).minX,
                "the first photo slides over to make room")
        scene.settle()
        #expect(arrived.presentation.opacity == 1 && first.presentation.frame == grid.layout.frame(of: 1))
    }

    @Test func onlyVisibleCellsExistAndTheyShowTheirPhotos() {
        // 800 wide: 4 columns of 195; 600 high: rows start at 4, 203 and 402, so three rows show.
        #expect(grid.visibleIndices == Array(0..<12))
        let visible = source.wanted.filter { $0.priority == .visible }
        #expect(visible.map(\.index) == Array(0..<12), "the cells on screen are wanted first, in reading order")
        #expect(Set(visible.map(\.size)) == [.filling(195)], "cut to fill a cell")
        #expect(source.wanted.contains { $0.priority == .nearby && $0.index == 12 }, "the next row is fetched ahead")
        let cell = scene.recorder.commands(ofView: "cell 5").first { if case .image = $0.kind { true } else { false } }
        #expect(cell?.kind == .image(FakePhotoSource.handle(of: 5), sourceInTexture: Rect(x: 50, y: 0, width: 300, height: 300)))
        #expect(cell?.boundsInWindow == grid.layout.frame(of: 5))
    }

    @Test func scrollingReusesCellsInsteadOfMakingMore() {
        let before = grid.subviews.count
        for step in 1...40 {
            grid.setOffset(Double(step) * 97, animated: false)
            scene.runFrames(for: 1.0 / 60)
        }
        #expect(grid.subviews.count <= before + grid.layout.columns)
        #expect(grid.visibleIndices.first == grid.layout.indices(from: 40 * 97, to: 40 * 97 + 600, count: 200).first)
    }

    @Test func aFailedPhotoShowsTheCannotOpenTile() {
        source.failing = [2]
        grid.reloadData()
        scene.runFrames(for: 0.02)
        let commands = scene.recorder.commands(ofView: "cell 2")
        #expect(commands.count == 1)
        #expect(commands.first?.kind == .fill(Color(red: 0.28, green: 0.12, blue: 0.12)))
    }

    @Test func aFlingGlidesAndStopsInsideTheRange() {
        scene.play(PointerScript.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 200), duration: 0.1, rateHz: 120,
                                      startTime: scene.now + 0.1))
        // What is on screen, not the model (which already holds where the glide ends).
        let atRelease = grid.presentation.bounds.minY
        #expect(abs(atRelease - 300) < 1)
        scene.settle()
        #expect(grid.bounds.minY > atRelease + 300, "momentum carries the grid on")
        #expect(grid.offsetRange.contains(grid.bounds.minY))
    }

    @Test func pullingPastTheTopRubberBandsAndSpringsBack() {
        scene.play(PointerScript.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 400), duration: 0.3, rateHz: 120,
                                      startTime: scene.now + 0.1, profile: .decelerating, holdBeforeRelease: 0.1))
        let pulled = -grid.presentation.bounds.minY
        #expect(pulled > 20 && pulled < 300, "resists the pull: \(pulled)")
        scene.settle()
        #expect(abs(grid.bounds.minY) < 0.5)
    }

    @Test func theWheelScrollsAndNotchesAddUp() {
        grid.scroll(by: 100)
        grid.scroll(by: 100)
        scene.settle()
        #expect(abs(grid.bounds.minY - 200) < 0.01)
        grid.scroll(by: -1000)
        scene.settle()
        #expect(grid.bounds.minY == 0)
    }

    @Test func scrollingToAPhotoShowsItWhole() {
        grid.scrollToPhoto(199, animated: false)
        scene.runFrames(for: 0.02)
        let frame = grid.layout.frame(of: 199)
        #expect(frame.minY >= grid.bounds.minY && frame.maxY <= grid.bounds.maxY)
        #expect(grid.visibleIndices.contains(199))
    }

    @Test func theGridGrowsAsTheListingArrives() {
        source.photoCount = 3
        grid.reloadData()
        scene.runFrames(for: 0.02)
        #expect(grid.visibleIndices == [0, 1, 2])
        source.photoCount = 200
        grid.reloadData()
        scene.runFrames(for: 0.02)
        #expect(grid.visibleIndices.count == 12)
    }
}
