// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Marks
import PhotoSources
import ViewTree

/// How each photo in the pile is framed.
public enum PileFrameStyle: Equatable, Sendable {
    /// The bare photo.
    case none
    /// A plain border `width` points wide.
    case border(width: Double, color: Color)
    /// A picture frame drawn from a nine-slice image (its mode `.nineSlice`); the photo
    /// fills the middle, inside the caps.
    case image(ImageContent)

    /// The default: 5 pt of white, like a print.
    public static let whiteBorder = PileFrameStyle.border(width: 5, color: .white)

    /// How far inside the frame's edges the photo lies.
    public var photoInsets: EdgeInsets {
        switch self {
        case .none: .zero
        case let .border(width, _): EdgeInsets(all: width)
        case let .image(content):
            if case let .nineSlice(caps) = content.mode { caps } else { .zero }
        }
    }
}

/// One photo in the pile (or in the spread): the picture inside its frame, its marks in
/// the picture's corner (a reject dimmed), and the pressed highlight.
final class PileFrame: View {
    static let loadingColor = Color(white: 0.2)
    static let failedLabelPointSize = 16.0

    private let photo = View()
    private let frameImage = View()
    private let tint = View()
    private let failure = CannotOpenLabel(pointSize: PileFrame.failedLabelPointSize)
    private let badge = MarkBadge()
    private let dimming = View()
    private(set) var aspect = Size(width: 3, height: 2)
    private var insets = EdgeInsets.zero
    /// "pile" or "spread": the first word of its views' names, for tests and debugging.
    private let role: String

    init(role: String) {
        self.role = role
        super.init()
        for part in [frameImage, photo, tint] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        dimming.backgroundColor = MarkBadge.rejectDimming
        dimming.name = "reject dimming"
        dimming.isHidden = true
        photo.addSubview(dimming)
        photo.addSubview(failure)
        photo.addSubview(badge)
        tint.backgroundColor = PhotoStackView.pressTint
        tint.isHidden = true
    }

    var isPressed: Bool {
        get { !tint.isHidden }
        set { tint.isHidden = !newValue }
    }

    /// `headlinePointSize` is for a frame drawn scaled down (a cell of the spread), so why
    /// a photo cannot be shown is still read at a normal size.
    func show(_ picture: Picture, index: Int, style: PileFrameStyle, labels: LabelRenderer?,
              headlinePointSize: Double = PileFrame.failedLabelPointSize, marks: PhotoMarks = .none, pair: String? = nil) {
        badge.show(marks, pair: pair, labels: labels)
        dimming.isHidden = marks.flag != .reject
        name = "\(role) \(index)"
        photo.name = "\(role) photo \(index)"
        frameImage.name = "\(role) frame \(index)"
        tint.name = "\(role) tint \(index)"
        insets = style.photoInsets
        switch style {
        case .none:
            backgroundColor = .clear
            frameImage.content = nil
        case let .border(_, color):
            backgroundColor = color
            frameImage.content = nil
        case let .image(content):
            // Beneath the photo: a card-like image with an opaque middle must not hide it.
            backgroundColor = .clear
            frameImage.content = content
        }
        switch picture {
        case let .ready(image), let .partial(image):
            var fitted = image
            fitted.mode = .aspectFill
            photo.content = fitted
            photo.backgroundColor = .clear
            photo.showsCheckerboard = !image.isOpaque
            aspect = image.pixelSize
        case .loading, .failed:
            photo.content = nil
            photo.showsCheckerboard = false
            photo.backgroundColor = picture == .loading ? Self.loadingColor : CannotOpenLook.tileColor
        }
        failure.pointSize = headlinePointSize
        failure.show(picture.headline, overPicture: picture.image != nil, labels: labels)
        setNeedsLayout()
    }

    override func layoutSubviews() {
        photo.frame = Rect(x: insets.left, y: insets.top,
                           width: max(0, bounds.width - insets.horizontal), height: max(0, bounds.height - insets.vertical))
        frameImage.frame = bounds
        tint.frame = bounds
        failure.center = Point(x: photo.bounds.midX, y: photo.bounds.midY)
        dimming.frame = photo.bounds
        badge.place(inBottomLeftOf: photo.bounds)
    }
}
