// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Localization
import Marks
import PhotoSources
import Pixels
import ViewTree

/// Near-identical frames side by side, to choose between them: the photo in hand and the
/// next (up to four; C adds one), each fitted in its pane, zoomed and panned together — Z
/// toggles fit ↔ 100 % at the pointer, Ctrl+wheel zooms, a drag pans them all, so the same
/// point of each frame stays at the same place. A click selects a candidate; the mark keys
/// act on it, Left/Right put the previous or next photo in its place, Del sends it to the
/// Trash (undo brings it back to its pane); a double-click opens it full screen.
public final class CompareView: View, PhotoCollectionView, TrashingView, LookShowing, PhotoUnderPointer {
    public static let selectionColor = GridView.selectionColor
    public static let selectionWidth = 3.0
    public static let paneColor = Color(white: 0.1)
    /// One notch of Ctrl+wheel.
    public static let wheelZoomStep = 1.2
    public static let margin = 12.0

    public let context: ComponentContext
    public weak var source: PhotoSource? { didSet { startOver() } }
    public var onOpenPhoto: ((Int) -> Void)?
    public var onToast: ((Toast) -> Void)?
    public var trashPhoto: ((Int) -> String?)?
    /// The looks shown over every pane at once (clipping, peaking), and the chosen one's
    /// histogram in its corner.
    public var looks: Set<PictureLook> = [] {
        didSet { if looks != oldValue { setNeedsLayout() } }
    }
    let histogram = HistogramView()
    public var requestUndo: (() -> Void)?

    /// The photos compared, by index, in their panes' order.
    public private(set) var candidates: [Int] = []
    /// The pane the keys act on.
    public private(set) var selected = 0
    /// The zoom every pane shares.
    public private(set) var zoom = CompareZoom.fit
    /// Where the pointer was last seen, in window points: Z zooms about it.
    public var pointerLocation: Point?
    /// The photo Compare was opened on, while the candidates are still the ones chosen for
    /// it: when its burst becomes known (its frames' looks are read in the background), the
    /// burst takes the panes, its sharpest frame selected. Any choice of the user's ends it.
    private var openedOn: Int?

    private(set) var panes: [ComparePane] = []
    private var pictures = PictureWants()
    /// The part of each zoomed candidate asked at full scale (`DetailRegion`), by photo.
    private var parts: [Int: PixelRect] = [:]
    private var hiddenIndex: Int?
    /// Z asked for before the photo's size in pixels was known: done once it is.
    private var pendingToggle: (pane: Int, point: Point)?
    private lazy var click = TapGestureRecognizer { [unowned self] in handleClick($0) }
    private lazy var doubleClick = TapGestureRecognizer(numberOfTaps: 2) { [unowned self] in handleDoubleClick($0) }
    private lazy var pan = PanGestureRecognizer { [unowned self] in handlePan($0) }
    private var lastPanTranslation = Point.zero

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "compare"
        clipsToBounds = true
        addSubview(histogram)
        click.recognizeSimultaneously(with: doubleClick)
        context.arena.add(click, to: self)
        context.arena.add(doubleClick, to: self)
        context.arena.add(pan, to: self)
    }

    public var photoCount: Int { source?.photoCount ?? 0 }

    // MARK: What is compared

    public func startOver() {
        candidates = []
        selected = 0
        zoom = .fit
        openedOn = nil
        reloadData()
    }

    /// The burst the photo in hand is a frame of, its sharpest selected; else the photo and
    /// the one after it.
    public func takePhotoInHand(_ index: Int) {
        guard index >= 0, index < photoCount else { return }
        openedOn = index
        if let burst = source?.burst(at: index) {
            candidates = Self.framesToCompare(burst.frames, sharpest: burst.sharpest)
            selected = candidates.firstIndex(of: burst.sharpest) ?? 0
        } else {
            candidates = [index] + (index + 1 < photoCount ? [index + 1] : [])
            selected = 0
        }
        setNeedsLayout()
    }

    /// These photos side by side (the first four), the first selected: photos chosen
    /// together in the grid.
    public func compare(_ photos: [Int]) {
        let shown = photos.filter { $0 >= 0 && $0 < photoCount }.prefix(CompareLayout.maximumCandidates)
        guard !shown.isEmpty else { return }
        openedOn = nil
        candidates = Array(shown)
        selected = 0
        setNeedsLayout()
    }

    /// Up to four frames of a burst (given the sharpest first): all of a short one; of a
    /// longer one, the sharpest leading and the next sharpest after it. Round the sharpest
    /// by time, a blurred neighbour took a pane while a sharp frame further off was left out.
    static func framesToCompare(_ frames: [Int], sharpest: Int) -> [Int] {
        guard frames.count > CompareLayout.maximumCandidates, frames.contains(sharpest) else {
            return Array(frames.prefix(CompareLayout.maximumCandidates))
        }
        return [sharpest] + frames.filter { $0 != sharpest }.prefix(CompareLayout.maximumCandidates - 1)
    }

    /// One more candidate: the next photo after the last that is not compared already.
    public func addCandidate() {
        openedOn = nil
        guard candidates.count < CompareLayout.maximumCandidates, let last = candidates.max(),
              let next = free(after: last, step: 1) ?? free(after: candidates.min() ?? 0, step: -1) else { return }
        candidates.append(next)
        selected = candidates.count - 1
        setNeedsLayout()
    }

    /// The selected pane shows the previous (`step` -1) or next (+1) photo not compared already.
    public func stepSelected(by step: Int) {
        openedOn = nil
        guard selected < candidates.count, let next = free(after: candidates[selected], step: step) else { return }
        candidates[selected] = next
        setNeedsLayout()
    }

    /// The first photo from `index` on (by `step`) that no pane shows.
    private func free(after index: Int, step: Int) -> Int? {
        var next = index + step
        while next >= 0 && next < photoCount {
            if !candidates.contains(next) { return next }
            next += step
        }
        return nil
    }

    public func select(pane: Int) {
        guard pane >= 0, pane < candidates.count, pane != selected else { return }
        openedOn = nil
        selected = pane
        setNeedsLayout()
    }

    public var photoInHand: Int? { selected < candidates.count ? candidates[selected] : nil }

    public func photosMoved(_ newIndex: (Int) -> Int?) {
        let mapped = candidates.map(newIndex)
        var moved: [Int] = []
        for (pane, old) in candidates.enumerated() {
            if let index = mapped[pane] {
                moved.append(index)
                continue
            }
            // A photo that left (to the Trash): its pane shows the one that took its place,
            // else the nearest before it, if no other pane shows it.
            let shown = Set(mapped.compactMap { $0 } + moved)
            let start = min(old, photoCount - 1)
            guard start >= 0 else { continue }
            if let replacement = (Array(start..<photoCount) + Array((0..<start).reversed())).first(where: { !shown.contains($0) }) {
                moved.append(replacement)
            }
        }
        candidates = moved
        selected = min(selected, max(candidates.count - 1, 0))
        if candidates.isEmpty, photoCount > 0 { takePhotoInHand(0) }
        setNeedsLayout()
    }

    /// Photo `index` came back from the Trash: it is the selected candidate again.
    public func photoCameBack(_ index: Int) {
        guard index >= 0, index < photoCount else { return }
        if let pane = candidates.firstIndex(of: index) {
            selected = pane
        } else if selected < candidates.count {
            candidates[selected] = index
        } else {
            candidates.append(index)
            selected = candidates.count - 1
        }
        setNeedsLayout()
    }

    public func followPager(to index: Int) {
        guard index >= 0, index < photoCount else { return }
        if let pane = candidates.firstIndex(of: index) { selected = pane } else if selected < candidates.count { candidates[selected] = index }
        setNeedsLayout()
    }

    public func revealPhoto(_ index: Int) -> PhotoPlacement? {
        if !candidates.contains(index) { followPager(to: index) }
        layoutIfNeeded()
        guard let pane = candidates.firstIndex(of: index), pane < panes.count,
              let frame = panes[pane].convert(panes[pane].photoFrameShown, to: nil) else { return nil }
        return PhotoPlacement(frame: frame)
    }

    public func setPhotoHiddenForTransition(_ index: Int?) {
        hiddenIndex = index
        setNeedsLayout()
    }

    public func setCovered(_ covered: Bool) {
        pictures.setCovered(covered)
    }

    public func reloadData() {
        if candidates.isEmpty, photoCount > 0 { takePhotoInHand(0) }
        // The burst of the photo Compare was opened on has just become known.
        if let opened = openedOn, opened < photoCount, let burst = source?.burst(at: opened),
           candidates != Self.framesToCompare(burst.frames, sharpest: burst.sharpest) {
            takePhotoInHand(opened)
        }
        candidates = candidates.filter { $0 < photoCount }
        selected = min(selected, max(candidates.count - 1, 0))
        setNeedsLayout()
    }

    // MARK: Zoom

    /// The photo's size in image pixels, where the source knows it; else its picture's shape.
    private func imagePixels(of index: Int) -> Size? {
        source?.pixelSize(at: index)
    }

    private func aspect(of index: Int) -> Size {
        imagePixels(of: index) ?? shownImage(of: index)?.pixelSize ?? Size(width: 3, height: 2)
    }

    private func shownImage(of index: Int) -> ImageContent? {
        source?.picture(at: index, size: fitSize).image
    }

    /// Fit ↔ 100 % at `point` (window points; the pointer, else the selected pane's centre).
    public func toggleZoom(at point: Point? = nil) {
        layoutIfNeeded()
        guard let (pane, local) = paneAndPoint(at: point) else { return }
        guard let pixels = imagePixels(of: candidates[pane]) else {
            // Its size is on its way (read from the file): Z is done once it is here.
            pendingToggle = (pane, local)
            return
        }
        zoom = zoom.toggled(at: local, pane: panes[pane].bounds.size, shown: panes[pane].photoFrameShown, imagePixels: pixels, pixelScale: context.pixelScale)
        setNeedsLayout()
    }

    /// Zoomed by `factor` about `point` (window points).
    public func zoom(by factor: Double, at point: Point?) {
        layoutIfNeeded()
        guard let (pane, local) = paneAndPoint(at: point), let pixels = imagePixels(of: candidates[pane]) else { return }
        zoom = zoom.zoomed(by: factor, at: local, pane: panes[pane].bounds.size, shown: panes[pane].photoFrameShown,
                           imagePixels: pixels, pixelScale: context.pixelScale)
        setNeedsLayout()
    }

    /// The pane under `point` (window points) and the point in it; the selected pane's
    /// centre when there is no point or it is on no pane.
    private func paneAndPoint(at point: Point?) -> (Int, Point)? {
        guard !candidates.isEmpty, panes.count >= candidates.count else { return nil }
        if let point {
            for (index, pane) in panes.prefix(candidates.count).enumerated() {
                if let local = pane.convert(point, from: nil), pane.bounds.contains(local) { return (index, local) }
            }
        }
        let pane = panes[min(selected, candidates.count - 1)]
        return (min(selected, candidates.count - 1), Point(x: pane.bounds.midX, y: pane.bounds.midY))
    }

    // MARK: Layout and pictures

    /// What a fitted pane asks for: its size in device pixels.
    private var fitSize: PictureSize {
        let pane = panes.first?.bounds.size ?? bounds.size
        return .within(width: Int((pane.width * context.pixelScale).rounded(.up)), height: Int((pane.height * context.pixelScale).rounded(.up)))
    }

    public override func layoutSubviews() {
        if let pending = pendingToggle, pending.pane < candidates.count, imagePixels(of: candidates[pending.pane]) != nil {
            pendingToggle = nil
            let pixels = imagePixels(of: candidates[pending.pane])!
            let pane = panes[pending.pane]
            zoom = zoom.toggled(at: pending.point, pane: pane.bounds.size, shown: pane.photoFrameShown, imagePixels: pixels, pixelScale: context.pixelScale)
        }
        let area = bounds.insetBy(dx: Self.margin, dy: Self.margin)
        let frames = CompareLayout.panes(for: candidates.map(aspect(of:)), in: area)
        while panes.count < frames.count {
            let pane = ComparePane()
            panes.append(pane)
            addSubview(pane)
        }
        for (index, pane) in panes.enumerated() { pane.isHidden = index >= frames.count }
        var requests: [PictureRequest] = []
        var partRequests: [PictureRequest] = []
        parts = parts.filter { candidates.contains($0.key) }
        for (index, frame) in frames.enumerated() {
            let photo = candidates[index]
            let pane = panes[index]
            pane.frame = frame
            let pixels = imagePixels(of: photo)
            var size: PictureSize
            if zoom.isFitted || pixels == nil {
                size = fitSize
            } else {
                // At 100 % and past it, the photo whole at its full resolution.
                size = .within(width: FullScreenPager.maximumDecodeSide, height: FullScreenPager.maximumDecodeSide)
            }
            let photoFrame = zoom.frame(imagePixels: pixels ?? aspect(of: photo), pane: frame.size, pixelScale: context.pixelScale)
            // The part in view at full scale first, laid over the photo until the whole
            // photo, which waits for it, is as sharp.
            var detail: DetailPicture?
            parts[photo] = zoom.isFitted || source?.decodesParts(at: photo) != true ? nil : pixels.flatMap {
                DetailRegion.region(photoFrame: photoFrame, visible: Rect(origin: .zero, size: frame.size), photoPixels: $0,
                                    pixelScale: context.pixelScale, previous: parts[photo])
            }
            if let part = parts[photo], let pixels {
                partRequests.append(PictureRequest(index: photo, size: .region(part), priority: .visible))
                let partPicture = source?.picture(at: photo, size: .region(part)) ?? .loading
                detail = DetailPicture(part: partPicture, whole: source?.picture(at: photo, size: size) ?? .loading, rect: part, photoSize: pixels,
                                       looks: looks)
                if partPicture == .loading { size = fitSize }
            }
            var picture = source?.picture(at: photo, size: size) ?? .loading
            // At fit, the picture with clipping and peaking painted in: one picture for each
            // pane to draw, not the picture and two layers blended.
            let painted = detail == nil ? source?.painted(looks, at: photo, over: picture.image) : nil
            if let painted { picture = .ready(painted) }
            pane.showDetail(detail, photoFrame: photoFrame)
            pane.show(picture, index: photo, photoFrame: photoFrame, name: source?.fileName(at: photo) ?? "",
                      marks: source?.marks(at: photo) ?? .none, pair: source?.pairName(at: photo),
                      isSharpest: source?.burst(at: photo)?.sharpest == photo,
                      isSelected: index == selected && candidates.count > 1, isHidden: photo == hiddenIndex, labels: context.labels)
            if photo != hiddenIndex { pane.showLooks(looks, of: photo, from: source, paintedWhole: painted != nil) }
            requests.append(PictureRequest(index: photo, size: size, priority: .visible))
        }
        // The frames beside the selected one next, so Left and Right find them ready.
        if let inHand = photoInHand {
            for index in [inHand + 1, inHand - 1] where index >= 0 && index < photoCount && !candidates.contains(index) {
                requests.append(PictureRequest(index: index, size: fitSize, priority: .nearby))
            }
        }
        pictures.want(partRequests + requests, from: source)
        if selected < frames.count, let inHand = photoInHand {
            histogram.show(source?.histogram(looks, at: inHand))
            histogram.place(in: frames[selected])
            bringSubviewToFront(histogram)
        } else {
            histogram.show(nil)
        }
    }

    // MARK: Input

    public func photo(at point: Point) -> Int? {
        panes.prefix(candidates.count).firstIndex { pane in pane.convert(point, from: self).map(pane.bounds.contains) ?? false }
            .map { candidates[$0] }
    }

    public func pointAtPhoto(_ index: Int) {
        if let pane = candidates.firstIndex(of: index) { select(pane: pane) }
    }

    private func pane(at recognizer: GestureRecognizer) -> Int? {
        panes.prefix(candidates.count).firstIndex { pane in recognizer.location(in: pane).map(pane.bounds.contains) ?? false }
    }

    private func handleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, let pane = pane(at: tap) else { return }
        select(pane: pane)
    }

    private func handleDoubleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, let pane = pane(at: tap) else { return }
        select(pane: pane)
        onOpenPhoto?(candidates[pane])
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            lastPanTranslation = .zero
        case .changed, .ended:
            let translation = pan.translationInWindow
            defer { lastPanTranslation = translation }
            guard !zoom.isFitted, let photo = photoInHand, let pixels = imagePixels(of: photo), selected < panes.count else { return }
            zoom = zoom.panned(by: translation - lastPanTranslation, pane: panes[selected].bounds.size, imagePixels: pixels, pixelScale: context.pixelScale)
            setNeedsLayout()
        default:
            break
        }
    }

    public func perform(_ action: ViewAction, key: KeyEvent?) -> Bool {
        guard photoCount > 0 else { return false }
        switch action {
        case .toggleOneToOne: toggleZoom(at: pointerLocation)
        case .addCandidate: addCandidate()
        case let .step(step): stepSelected(by: step)
        // The keyboard's click: the previous or next pane is the chosen one.
        case let .chooseCandidate(step): select(pane: (selected + step + candidates.count) % max(candidates.count, 1))
        case .open: if let photo = photoInHand { onOpenPhoto?(photo) }
        case .close:
            guard !zoom.isFitted else { return false }
            zoom = .fit
            setNeedsLayout()
        default: return false
        }
        return true
    }

    public func handleWheel(_ wheel: WheelEvent) {
        if wheel.modifiers.contains(.control) {
            guard wheel.deltaInPoints.y != 0 else { return }
            zoom(by: wheel.deltaInPoints.y > 0 ? Self.wheelZoomStep : 1 / Self.wheelZoomStep, at: wheel.locationInWindow)
        } else if !zoom.isFitted, let photo = photoInHand, let pixels = imagePixels(of: photo), selected < panes.count {
            zoom = zoom.panned(by: Point(x: wheel.deltaInPoints.x, y: wheel.deltaInPoints.y), pane: panes[selected].bounds.size,
                               imagePixels: pixels, pixelScale: context.pixelScale)
            setNeedsLayout()
        }
    }

    /// The candidate whose pane the pointer is over.
    public func shownPhoto(at locationInWindow: Point) -> ShownPhoto? {
        for (pane, photo) in zip(panes, candidates) where !pane.isHidden && photo != hiddenIndex {
            guard let point = pane.convert(locationInWindow, from: nil), pane.bounds.contains(point),
                  let frame = pane.convert(pane.photoFrameShown, to: nil) else { continue }
            return ShownPhoto(index: photo, frameInWindow: frame, picture: shownImage(of: photo))
        }
        return nil
    }

    /// The selected candidate to the Trash; its pane shows the photo that takes its place.
    public func trashPhotoInHand() {
        guard let photo = photoInHand else { return }
        let name = source?.fileName(at: photo) ?? ""
        onToast?(Trashing.attempt(photo, named: name, trash: trashPhoto) { [weak self] in self?.requestUndo?() }.toast)
    }
}

/// One candidate's pane: the photo (fitted, or zoomed as every pane is) clipped to it, its
/// name and marks along the bottom, a ring while it is the selected one.
final class ComparePane: View {
    static let captionPointSize = 12.0
    static let captionColor = Color(white: 0.85)
    static let captionBacking = Color(white: 0, alpha: 0.55)
    static let sharpestColor = Color(red: 0.2, green: 0.55, blue: 0.3, alpha: 0.9)

    private let tile = PhotoTile(role: "compare photo")
    /// A part of the photo at full scale over it (`showDetail`).
    private let detailOverlay = DetailOverlay()
    /// Clipping and peaking, over the photo as it is zoomed.
    let looks = LookLayers()
    private let badge = MarkBadge()
    private let caption = View()
    private let captionLabel = View()
    private let ring = View()
    /// "Sharpest", after the name, on the burst's sharpest frame.
    private let sharpestTag = View()
    private let sharpestLabel = View()
    private var captionText: String?
    private var index = -1

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        backgroundColor = CompareView.paneColor
        isUserInteractionEnabled = false
        caption.backgroundColor = Self.captionBacking
        caption.cornerRadius = 4
        ring.borderColor = CompareView.selectionColor
        ring.borderWidth = CompareView.selectionWidth
        detailOverlay.name = "compare detail"
        for part in [tile, detailOverlay] + looks.layers + [caption, badge, ring] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        captionLabel.isUserInteractionEnabled = false
        caption.addSubview(captionLabel)
        sharpestTag.name = "compare sharpest"
        sharpestTag.backgroundColor = Self.sharpestColor
        sharpestTag.cornerRadius = 4
        sharpestTag.isUserInteractionEnabled = false
        sharpestTag.isHidden = true
        sharpestLabel.name = "compare sharpest label"
        sharpestLabel.isUserInteractionEnabled = false
        sharpestTag.addSubview(sharpestLabel)
        addSubview(sharpestTag)
    }

    /// Where the photo is drawn, in the pane's coordinates.
    var photoFrameShown: Rect { tile.frame }

    /// The part at full scale laid over the photo, for tests: its picture and its frame.
    var shownDetail: (picture: ImageContent, frame: Rect)? {
        detailOverlay.detail.map { ($0.picture, detailOverlay.frame) }
    }

    /// Lays `detail` over the photo drawn at `photoFrame` where its part lies; nil takes it away.
    func showDetail(_ detail: DetailPicture?, photoFrame: Rect) {
        detailOverlay.show(detail)
        detailOverlay.place(over: photoFrame)
    }

    /// Clipping and peaking over photo `index` as every pane shows them: painted into its
    /// picture at fit (`paintedWhole`: the pane shows that one), into the part laid over it
    /// at 100 % (worked out from the part's own pixels), else as layers over the photo, the
    /// fitted picture's, until those come.
    func showLooks(_ shown: Set<PictureLook>, of index: Int, from source: PictureSource?, paintedWhole: Bool) {
        looks.show(shown, of: index, from: source, over: detailOverlay, paintedWhole: paintedWhole)
    }

    func show(_ picture: Picture, index: Int, photoFrame: Rect, name: String, marks: PhotoMarks, pair: String?, isSharpest: Bool,
              isSelected: Bool, isHidden: Bool, labels: LabelRenderer?) {
        self.index = index
        self.name = "compare pane \(index)" + (isSelected ? " selected" : "")
        tile.show(picture, index: index, labels: labels)
        tile.frame = photoFrame
        tile.isHidden = isHidden
        for layer in looks.layers { layer.frame = photoFrame }
        if isHidden {
            detailOverlay.show(nil)
            looks.hide()
        }
        ring.isHidden = !isSelected
        ring.frame = bounds
        badge.show(marks, pair: pair, labels: labels)
        let room = bounds.width - 16 - badge.bounds.width - 8
        let fitted = labels.map { labels in
            TextLayout.elidedInMiddle(name, toFit: max(room, 20)) { labels.width(of: $0, pointSize: Self.captionPointSize) ?? 0 }
        } ?? name
        if fitted != captionText, let rendered = labels?.label(fitted, pointSize: Self.captionPointSize, color: Self.captionColor) {
            captionText = fitted
            captionLabel.content = rendered.content
            captionLabel.frame = Rect(origin: Point(x: 5, y: 2), size: rendered.size)
            caption.bounds = Rect(origin: .zero, size: Size(width: rendered.size.width + 10, height: rendered.size.height + 4))
        }
        caption.name = "compare caption \(index)"
        captionLabel.name = "compare caption \(index) label"
        caption.frame = Rect(origin: Point(x: 8, y: bounds.height - 8 - caption.bounds.height), size: caption.bounds.size)
        badge.frame = Rect(origin: Point(x: caption.frame.maxX + 6, y: bounds.height - 8 - badge.bounds.height), size: badge.bounds.size)
        sharpestTag.isHidden = !isSharpest
        if isSharpest, sharpestLabel.content == nil, let rendered = labels?.label(localized("Sharpest"), pointSize: Self.captionPointSize, color: .white) {
            sharpestLabel.content = rendered.content
            sharpestLabel.frame = Rect(origin: Point(x: 5, y: 2), size: rendered.size)
            sharpestTag.bounds = Rect(origin: .zero, size: Size(width: rendered.size.width + 10, height: rendered.size.height + 4))
        }
        // Along the bottom after the name and the marks: the top of a pane may lie under the
        // switcher.
        let after = badge.isHidden || badge.bounds.width == 0 ? caption.frame.maxX : badge.frame.maxX
        sharpestTag.frame = Rect(origin: Point(x: after + 6, y: caption.frame.maxY - sharpestTag.bounds.height), size: sharpestTag.bounds.size)
    }
}
