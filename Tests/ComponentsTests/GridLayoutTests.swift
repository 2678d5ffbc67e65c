import Testing
import Components
import Geometry

@Suite struct GridLayoutTests {
    @Test func columnsFitTheWidthAndShareTheSlack() {
        let layout = GridLayout(width: 800)
        #expect(layout.columns == 4)
        #expect(layout.cellSide == (800 - 5 * 4) / 4)
        #expect(layout.frame(of: 5) == Rect(x: 4 + layout.cellSide + 4, y: 4 + layout.rowPitch, width: layout.cellSide, height: layout.cellSide))
    }

    @Test func aNarrowWindowStillHasOneColumn() {
        #expect(GridLayout(width: 100).columns == 1)
        #expect(GridLayout(width: 100).cellSide == 92)
    }

    @Test func theVisibleBandCoversPartialRows() {
        let layout = GridLayout(width: 800)
        // Rows 1 and 2 are partly inside the band, row 0 is above it.
        let band = layout.indices(from: layout.rowPitch + 10, to: 2 * layout.rowPitch + 10, count: 100)
        #expect(band == 4..<12)
        #expect(layout.indices(from: 0, to: 10_000, count: 10) == 0..<10)
        #expect(layout.contentHeight(of: 9) == 4 + 3 * layout.rowPitch)
    }
}
