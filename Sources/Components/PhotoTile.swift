// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Pictures
import ViewTree

/// A photo's picture cropped to fill a rectangle — a grid cell, a culling card, a photo of
/// the stack's spread — a quiet grey while it loads, and a clear "cannot open" tile when
/// it fails ("incomplete file" over what arrived of a file cut short).
public final class PhotoTile: View {
    /// The look of a cell whose picture is still coming: dark, so the grid does not flash.
    static let loadingColor = Color(white: 0.16)
    static let failedLabelPointSize = 13.0

    private(set) var index = -1
    private var shown: Picture?
    private let label = CannotOpenLabel(pointSize: PhotoTile.failedLabelPointSize)
    /// What it is called in draw lists and tests: "cell 5", "card 5".
    private let role: String

    init(role: String = "cell") {
        self.role = role
        super.init()
        clipsToBounds = true
        addSubview(label)
    }

    func show(_ thumbnail: Picture, index: Int, labels: LabelRenderer?) {
        self.index = index
        name = "\(role) \(index)"
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
    }
}
