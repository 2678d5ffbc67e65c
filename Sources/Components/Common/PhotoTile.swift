// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Marks
import PhotoSources
import ViewTree

/// A photo's picture cropped to fill a rectangle — a grid cell, a culling card, a photo of
/// the stack's spread — a quiet grey while it loads, and a clear "cannot open" tile when
/// it fails ("incomplete file" over what arrived of a file cut short). Its marks show as
/// a badge in the corner; a rejected photo is dimmed.
public final class PhotoTile: View {
    /// The look of a cell whose picture is still coming: dark, so the grid does not flash.
    static let loadingColor = Color(white: 0.16)
    static let failedLabelPointSize = 13.0

    private(set) var index = -1
    private var shown: Picture?
    private let label = CannotOpenLabel(pointSize: PhotoTile.failedLabelPointSize)
    private let badge = MarkBadge()
    private let dimming = View()
    /// Tints the tile while it is one of several chosen (the grid's).
    private let chosenTint = View()
    /// What it is called in draw lists and tests: "cell 5", "card 5".
    private let role: String

    init(role: String = "cell") {
        self.role = role
        super.init()
        clipsToBounds = true
        dimming.name = "reject dimming"
        dimming.backgroundColor = MarkBadge.rejectDimming
        dimming.isUserInteractionEnabled = false
        dimming.isHidden = true
        addSubview(dimming)
        chosenTint.name = "chosen"
        chosenTint.backgroundColor = PhotoTile.chosenColour
        chosenTint.borderColor = GridView.selectionColor
        chosenTint.borderWidth = PhotoTile.chosenBorder
        chosenTint.isUserInteractionEnabled = false
        chosenTint.isHidden = true
        addSubview(chosenTint)
        addSubview(label)
        addSubview(badge)
    }

    static let chosenColour = Color(red: 0.25, green: 0.5, blue: 1, alpha: 0.3)
    static let chosenBorder = 3.0

    /// Whether the tile is one of several chosen.
    var isChosen: Bool {
        get { !chosenTint.isHidden }
        set { chosenTint.isHidden = !newValue }
    }

    /// The marks shown.
    var marks: PhotoMarks { badge.marks }
    /// Where its badge is (its coordinates), when it has one.
    var badgeFrame: Rect? { badge.isHidden ? nil : badge.frame }

    func show(_ thumbnail: Picture, index: Int, labels: LabelRenderer?, marks: PhotoMarks = .none, pair: String? = nil) {
        self.index = index
        name = "\(role) \(index)"
        if marks != badge.marks || pair != badge.pair || badge.isHidden != (marks.isEmpty && pair == nil) {
            badge.show(marks, pair: pair, labels: labels)
            dimming.isHidden = marks.flag != .reject
            setNeedsLayout()
        }
        guard thumbnail != shown else { return }
        shown = thumbnail
        switch thumbnail {
        case .loading:
            backgroundColor = Self.loadingColor
            content = nil
            showsCheckerboard = false
        case let .ready(image), let .partial(image):
            backgroundColor = Self.loadingColor
            var cropped = image
            cropped.mode = .aspectFill
            content = cropped
            showsCheckerboard = !image.isOpaque
        case .failed:
            backgroundColor = CannotOpenLook.tileColor
            content = nil
            showsCheckerboard = false
        }
        label.show(thumbnail.headline, overPicture: thumbnail.image != nil, labels: labels)
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        label.center = Point(x: bounds.midX, y: bounds.midY)
        dimming.frame = bounds
        chosenTint.frame = bounds
        badge.place(inBottomLeftOf: bounds)
        // A culling card's looks cover its photo.
        for case let layer as LookLayer in subviews { layer.frame = bounds }
    }
}
