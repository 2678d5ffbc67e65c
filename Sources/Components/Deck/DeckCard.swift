// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Localization
import Marks
import PhotoSources
import Motion
import ViewTree

/// One card of the deck: the photo on its front, the photo's facts on its back. Both faces
/// are single-sided, back to back on a flipper that turns about the vertical axis in
/// perspective, so whichever faces the viewer is the one drawn.
final class DeckCard: View {
    static let backColor = Color(red: 0.95, green: 0.94, blue: 0.91)
    static let titleColor = Color(white: 0.1)
    static let textColor = Color(white: 0.3)
    static let titlePointSize = 18.0
    static let textPointSize = 15.0
    static let backPadding = 28.0
    static let titleGap = 14.0

    let flipper = View()
    let front = PhotoTile(role: "card")
    let back = View()
    private let title = TextView()
    private let details = TextView()
    private weak var labels: LabelRenderer?
    private(set) var index = -1
    /// True while the back faces the viewer (or is turning to).
    private(set) var isFlipped = false
    private var shownLines: [String]?
    /// The width the title's name was last cut to.
    private var titleCutWidth: Double?

    /// `labels` writes the facts on the back.
    init(labels: LabelRenderer?) {
        self.labels = labels
        super.init()
        addSubview(flipper)
        flipper.addSubview(back)
        flipper.addSubview(front)
        front.isDoubleSided = false
        front.cornerRadius = DeckLayout.cornerRadius
        back.isDoubleSided = false
        back.backgroundColor = Self.backColor
        back.cornerRadius = DeckLayout.cornerRadius
        back.transform = .rotation(radians: .pi, x: 0, y: 1, z: 0)
        title.pointSize = Self.titlePointSize
        title.textColor = Self.titleColor
        title.maximumLines = 1
        details.pointSize = Self.textPointSize
        details.textColor = Self.textColor
        details.lineSpacing = 8
        back.addSubview(title)
        back.addSubview(details)
        flipper.transform = flipTransform(0)
    }

    private func flipTransform(_ angle: Double) -> Transform3D {
        Transform3D.rotation(radians: angle, x: 0, y: 1, z: 0)
            .concatenating(.perspective(eyeDistance: DeckLayout.eyeDistance(forCardWidth: bounds.width)))
    }

    func show(_ picture: Picture, index: Int, marks: PhotoMarks, pair: String?) {
        if index != self.index {
            self.index = index
            shownLines = nil
            name = "deck card \(index)"
            back.name = "card back \(index)"
            title.name = "card back \(index) title"
            details.name = "card back \(index) facts"
        }
        front.show(picture, index: index, labels: labels, marks: marks, pair: pair)
    }

    /// The facts on the back, the file name as its title; nil while they are read.
    func showFacts(_ lines: [String]?) {
        guard lines != shownLines || title.text.isEmpty else { return }
        shownLines = lines
        title.text = lines?.first ?? ""
        titleCutWidth = nil
        details.text = lines.map { $0.dropFirst().joined(separator: "\n") } ?? localized("Reading…")

        setNeedsLayout()
    }

    /// Turns to the other face.
    func flip(using animator: Animator, timing: Timing) {
        isFlipped.toggle()
        let face = flipTransform(isFlipped ? .pi : 0)
        guard animator.reducesMotion else {
            animator.animate(flipper, \.animatedTransform, to: face, timing: timing)
            return
        }
        // With less motion asked for, the card fades to its other face instead of turning.
        animator.animate(flipper, \.animatedOpacity, to: 0, timing: .easeOut(Animator.reducedDuration / 2)) { [weak self] outcome in
            guard let self, outcome == .finished else { return }
            flipper.transform = face
            animator.animate(flipper, \.animatedOpacity, to: 1, timing: .easeOut(Animator.reducedDuration / 2))
        }
    }

    /// Front up at once (a reused card).
    func resetFace() {
        isFlipped = false
        flipper.transform = flipTransform(0)
    }

    override func layoutSubviews() {
        let whole = Rect(origin: .zero, size: bounds.size)
        flipper.frame = whole
        // The perspective goes with the card's size.
        if !flipper.isAnimating { flipper.transform = flipTransform(isFlipped ? .pi : 0) }
        front.frame = whole
        back.frame = whole
        guard let labels else { return }
        let width = max(bounds.width - 2 * Self.backPadding, 1)
        // A long name is cut in the middle to the card's width, as in the pager's caption:
        // its start, end and extension tell it apart; wrapped, its end was lost.
        if let name = shownLines?.first, titleCutWidth != width {
            let pointSize = title.pointSize
            title.text = TextLayout.elidedInMiddle(name, toFit: width) { labels.width(of: $0, pointSize: pointSize) ?? 0 }
            titleCutWidth = width
        }
        title.sizeToFit(maximumWidth: width, labels: labels)
        details.sizeToFit(maximumWidth: width, labels: labels)
        let height = title.bounds.height + Self.titleGap + details.bounds.height
        let top = max((bounds.height - height) / 2, Self.backPadding)
        title.frame = Rect(origin: Point(x: Self.backPadding, y: top), size: title.bounds.size)
        details.frame = Rect(origin: Point(x: Self.backPadding, y: top + title.bounds.height + Self.titleGap), size: details.bounds.size)
    }
}
