// SPDX-License-Identifier: GPL-3.0-or-later
import Marks
import Testing

@Suite struct PhotoMarksTests {
    @Test func keysChangeMarksAsInLightroomAndDarktable() {
        var marks = PhotoMarks()
        marks = marks.applying(.rate(3))
        #expect(marks.rating == 3)
        marks = marks.applying(.flag(.pick)).applying(.toggleLabel(.red))
        #expect(marks == PhotoMarks(rating: 3, flag: .pick, label: .red))
        // The same label again takes it off; another replaces it.
        #expect(marks.applying(.toggleLabel(.red)).label == nil)
        #expect(marks.applying(.toggleLabel(.blue)).label == .blue)
        #expect(marks.applying(.flag(.none)).flag == .none)
        #expect(marks.applying(.set(.none)).isEmpty)
    }

    @Test func starsStayWithinZeroToFive() {
        #expect(PhotoMarks(rating: 9).rating == 5)
        #expect(PhotoMarks(rating: -2).rating == 0)
        #expect(PhotoMarks().applying(.rate(7)).rating == 5)
    }

    @Test func labelsByKeyAndByName() {
        #expect(ColourLabel(key: 6) == .red && ColourLabel(key: 9) == .blue)
        #expect(ColourLabel(key: 5) == nil && ColourLabel(key: 10) == nil)
        #expect(ColourLabel(xmpName: "green") == .green && ColourLabel(xmpName: "Purple") == .purple)
        #expect(ColourLabel(xmpName: "Second") == nil)
    }
}
