// SPDX-License-Identifier: GPL-3.0-or-later
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

    @Test func cellsAreWholePointsAndTheRestWidensTheMarginsEvenly() {
        // 1,280 pt: seven columns of 178.28… would be; they are 178, the 2 pt over shared.
        let layout = GridLayout(width: 1_280)
        #expect(layout.columns == 7 && layout.cellSide == 178)
        let first = layout.frame(of: 0), last = layout.frame(of: 6)
        #expect(first.minX == 5 && abs((1_280 - last.maxX) - first.minX) < 1e-9)
        #expect(layout.frame(of: 1).minX - first.maxX == layout.spacing)
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
