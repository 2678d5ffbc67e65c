// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Localization
import PhotoSources
import Pixels
import Motion
import ViewTree

/// One page of the full-screen pager: the photo, fitted to the window and centred, or
/// zoomed past it. The photo's frame *is* its zoom: the pager moves and scales it.
public final class PagerPage: View {
    /// What a page shows while its picture is on its way; its shape until then.
    static let loadingColor = Color(white: 0.12)
    static let placeholderAspect = Size(width: 3, height: 2)
    static let failedLabelPointSize = 18.0
    /// A page still waiting for its picture says so after this long; a quicker one never
    /// flashes the word.
    static let loadingLabelDelay: Seconds = 0.3
    static let loadingLabelFade = Timing.easeOut(0.2)
    static var loadingLabelText: String { localized("loading…") }

    static let loadingLabelPointSize = 15.0
    static let loadingLabelColor = Color(white: 0.6)

    let photo = CenteringView()
    /// A part of the photo at full scale, laid over it where that part is (`showDetail`).
    private let detailOverlay = DetailOverlay()
    /// Clipping and focus peaking, over the photo and its part at full scale.
    let looks = LookLayers()
    /// The photo's picture with its clipping and peaking painted in, shown in place of the
    /// picture and its layers while no part at full scale is laid over it: one picture to
    /// draw, where a renderer without a GPU blends each full-screen layer pixel by pixel at
    /// every frame (a page turn with the looks on cost 1.8 times one without).
    private var overlaid: ImageContent?
    private let label = CannotOpenLabel(pointSize: PagerPage.failedLabelPointSize)
    private let loadingLabel = View()
    private(set) var index = -1
    private(set) var shown: Picture?
    /// The photo at "fit" in this page's bounds.
    private(set) var fittedFrame = Rect.zero

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        photo.isUserInteractionEnabled = false
        photo.clipsToBounds = true
        photo.addSubview(detailOverlay)
        for layer in looks.layers { photo.addSubview(layer) }
        photo.addSubview(label)
        loadingLabel.isUserInteractionEnabled = false
        loadingLabel.opacity = 0
        photo.addSubview(loadingLabel)
        addSubview(photo)
    }

    /// The photo's scale relative to fit (1 = fitted).
    var zoomScale: Double { fittedFrame.width > 0 ? photo.bounds.width / fittedFrame.width : 1 }

    var isZoomed: Bool { zoomScale > 1.001 }

    func show(_ picture: Picture, index: Int, context: ComponentContext) {
        let indexChanged = index != self.index
        self.index = index
        name = "page \(index)"
        photo.name = "photo \(index)"
        guard picture != shown || indexChanged else { return }
        let oldAspect = aspect
        let wasLoading = shown == .loading && !indexChanged
        shown = picture
        if picture == .loading {
            if !wasLoading { showLoadingLabel(after: Self.loadingLabelDelay, context: context) }
        } else {
            loadingLabel.opacity = 0
        }
        let labels = context.labels
        switch picture {
        case .loading:
            photo.content = nil
            photo.showsCheckerboard = false
            photo.backgroundColor = Self.loadingColor
        case .ready, .partial:
            overlaid = nil
            showPicture()
            photo.backgroundColor = .clear
        case .failed:
            photo.content = nil
            photo.showsCheckerboard = false
            photo.backgroundColor = CannotOpenLook.tileColor
        }
        label.show(picture.headline, overPicture: picture.image != nil, labels: labels)
        if indexChanged || aspect != oldAspect { refit(resetZoom: indexChanged) }
        photo.setNeedsLayout()
    }

    /// The picture shown (or the one with the looks painted in), filling its own frame:
    /// the frame has the photo's shape except in flight to or from a square cell, where
    /// filling is the crop the cell shows.
    private func showPicture() {
        guard let image = shown?.image, var fitted = overlaid ?? shown?.image else { return }
        fitted.mode = PhotoZoom.isWidened(image.pixelSize, to: fittedFrame.size) ? .fill : .aspectFill
        photo.content = fitted
        photo.showsCheckerboard = !fitted.isOpaque
    }

    /// The looks in `shown` over the photo: painted into its picture and into its part at
    /// full scale (each worked out from its own pixels) where `source` has them, else as
    /// layers over the photo and its part (the painted picture under the part until they
    /// come).
    func showLooks(_ shown: Set<PictureLook>, from source: PictureSource?) {
        let painted = source?.painted(shown, at: index, over: self.shown?.image)
        let overlaid = looks.show(shown, of: index, from: source, over: detailOverlay, paintedWhole: painted != nil) ? nil : painted
        guard overlaid != self.overlaid else { return }
        self.overlaid = overlaid
        showPicture()
    }

    /// Lays `detail` over the photo where its part lies, sharper than the whole photo's
    /// picture while that is on its way; nil takes it away.
    func showDetail(_ detail: DetailPicture?) {
        guard detail != detailOverlay.detail else { return }
        detailOverlay.show(detail)
        photo.setNeedsLayout()
    }

    /// The part laid over the photo, for tests: its picture and its frame in the page.
    var shownDetail: (picture: ImageContent, frame: Rect)? {
        guard let detail = detailOverlay.detail, let frame = convert(detailOverlay.frame, from: photo, .model) else { return nil }
        return (detail.picture, frame)
    }

    /// Fades "loading…" in after `delay` unless the picture comes first (then `show` sets
    /// its opacity, which cancels the fade).
    private func showLoadingLabel(after delay: Seconds, context: ComponentContext) {
        if loadingLabel.content == nil,
           let rendered = context.labels?.label(Self.loadingLabelText, pointSize: Self.loadingLabelPointSize, color: Self.loadingLabelColor) {
            loadingLabel.name = "loading label"
            loadingLabel.content = rendered.content
            loadingLabel.bounds = Rect(origin: .zero, size: rendered.size)
        }
        loadingLabel.opacity = 0
        context.animator.animate(loadingLabel, \.animatedOpacity, to: 1, timing: Self.loadingLabelFade, delay: delay)
    }

    /// True once the loading label shows (fully or fading in), for tests.
    var isShowingLoadingLabel: Bool { loadingLabel.animatedOpacity.presentation > 0 }

    /// The shape the photo has: its picture's, or a placeholder's while none has come.
    var aspect: Size {
        if case let .ready(image) = shown { return image.pixelSize }
        return Self.placeholderAspect
    }

    /// A new size moves "fit".
    public override func layoutSubviews() {
        refit(resetZoom: false)
    }

    /// Recomputes "fit" for the page's size; puts the photo there unless a flight or a drag
    /// holds it, or it is zoomed and `resetZoom` is false.
    func refit(resetZoom: Bool) {
        let wasZoomed = isZoomed
        fittedFrame = PhotoZoom.fitted(imageSize: aspect, in: bounds.size)
        // A photo drawn wider than its shape allows (thinner than PhotoZoom.thinnestSide) is
        // stretched across, whole, rather than cropped to its middle.
        if var content = photo.content {
            let mode: ContentMode = PhotoZoom.isWidened(aspect, to: fittedFrame.size) ? .fill : .aspectFill
            if content.mode != mode { content.mode = mode; photo.content = content }
        }
        guard !photo.isHeld, resetZoom || !wasZoomed else { return }
        photo.frame = fittedFrame
    }

    /// The photo at fit, straight and opaque, at once, whatever was moving it: the page is
    /// closed or reused.
    func reset() {
        showDetail(nil)
        looks.hide()
        if overlaid != nil {
            overlaid = nil
            showPicture()
        }
        fittedFrame = PhotoZoom.fitted(imageSize: aspect, in: bounds.size)
        photo.frame = fittedFrame
        photo.transform = .identity
        photo.opacity = 1
    }
}

/// A view that keeps its subviews centred, also while its own size animates; all but a
/// part of the photo at full scale, which it keeps over that part.
final class CenteringView: View {
    public override func layoutSubviews() {
        for subview in subviews {
            if let overlay = subview as? DetailOverlay {
                overlay.place(over: bounds)
            } else if subview is LookLayer {
                subview.frame = bounds
            } else {
                subview.center = Point(x: bounds.midX, y: bounds.midY)
            }
        }
    }
}
