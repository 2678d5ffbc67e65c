// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Components
import Geometry

/// Every character 10 points wide, so widths are easy to read.
private func width(_ text: String) -> Double { Double(text.count) * 10 }

@Suite struct TextLayoutTests {
    @Test func wordsWrapAtSpacesToFitTheWidth() {
        let lines = TextLayout.lines(of: "Canon EOS R5 with RF 24-70mm", maximumWidth: 120, measure: width)
        #expect(lines == ["Canon EOS R5", "with RF", "24-70mm"])
        #expect(lines.allSatisfy { width($0) <= 120 })
    }

    @Test func spacesInsideALineAreKeptAsWrittenAndGoWhereItBreaks() {
        #expect(TextLayout.lines(of: "  two  spaces.jpg", maximumWidth: 200, measure: width) == ["  two  spaces.jpg"], "a file name shown as it is")
        #expect(TextLayout.lines(of: "aaaa   bbbb  ", maximumWidth: 60, measure: width) == ["aaaa", "bbbb"])
    }

    @Test func newlinesStartNewLinesAndEmptyOnesAreKept() {
        #expect(TextLayout.lines(of: "a b\n\nc", maximumWidth: 100, measure: width) == ["a b", "", "c"])
    }

    @Test func aWordWiderThanTheLineIsBrokenInside() {
        let lines = TextLayout.lines(of: "IMG_20240101_123456.jpg ok", maximumWidth: 100, measure: width)
        #expect(lines == ["IMG_202401", "01_123456.", "jpg ok"])
    }

    @Test func pastTheLastLineTheTextEndsInAnEllipsis() {
        let lines = TextLayout.lines(of: "one two three four five six", maximumWidth: 90, maximumLines: 2, measure: width)
        #expect(lines.count == 2)
        #expect(lines[0] == "one two")
        #expect(lines[1].hasSuffix("…") && width(lines[1]) <= 90, "\(lines)")
        // Exactly fitting text gets no ellipsis.
        #expect(TextLayout.lines(of: "one two", maximumWidth: 90, maximumLines: 1, measure: width) == ["one two"])
    }

    @Test func aLongNameOnOneLineIsCutWithAnEllipsis() {
        let name = String(repeating: "x", count: 255) + ".jpg"
        let line = TextLayout.truncated(name, toFit: 200, measure: width)
        #expect(width(line) <= 200 && line.hasSuffix("…"))
        #expect(TextLayout.truncated("short.jpg", toFit: 200, measure: width) == "short.jpg")
    }
}

@Suite struct TextViewTests {
    @Test func itShowsOneLabelPerLineStackedAndSizesItselfToThem() {
        let labels = FakeLabels()
        let view = TextView()
        view.name = "facts"
        view.text = "1/250 s  f/2.8  ISO 400  35 mm  +0.7 EV"
        view.maximumLines = 2
        view.sizeToFit(maximumWidth: 120, labels: labels)
        #expect(view.lines.count == 2 && view.lines[1].hasSuffix("…"))
        let frames = view.subviews.map(\.frame)
        #expect(frames.count == 2 && frames[1].minY > frames[0].maxY - 0.001)
        #expect(view.bounds.height == frames[1].maxY && view.bounds.width <= 120)
        #expect(labels.rendered.suffix(2) == view.lines[...])
    }

    @Test func withoutAFontItShowsNothingAndTakesNoSpace() {
        let view = TextView()
        view.text = "anything"
        view.sizeToFit(maximumWidth: 100, labels: nil)
        #expect(view.subviews.isEmpty && view.bounds.size == .zero)
    }

    @Test func aLongFileNameIsCutInTheMiddleKeepingItsStartEndAndExtension() {
        let measure = { (text: String) in Double(text.count) * 8 }
        let name = "IMG_20240115_party_at_the_beach_house_with_everyone.jpg"
        let cut = TextLayout.elidedInMiddle(name, toFit: 160, measure: measure)
        #expect(measure(cut) <= 160 && cut.count == 20, "\(cut)")
        #expect(cut.hasPrefix("IMG_2") && cut.hasSuffix("one.jpg") && cut.contains(TextLayout.ellipsis), "\(cut)")
        #expect(TextLayout.elidedInMiddle("short.jpg", toFit: 160, measure: measure) == "short.jpg")
        // 255 bytes of name in a caption a few hundred points wide.
        let long = String(repeating: "a", count: 251) + ".png"
        let fitted = TextLayout.elidedInMiddle(long, toFit: 300, measure: measure)
        #expect(measure(fitted) <= 300 && fitted.hasSuffix("a.png"), "\(fitted)")
    }
}
