// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PhotoSources
import Gestures
import Localization
import Motion
import ViewTree

/// The pile: every photo in a white frame, lying at a small random angle in the middle of
/// the view, the top one straight. Drag the top photo; flick it sideways faster than
/// `flickSpeed` and it flies off and goes under the pile, revealing the next; release it
/// slower and it returns. The pile is cyclic: after the last photo comes the first.
///
/// Only the top `realFrameCount` photos are views with pictures; the rest of the pile is
/// implied, so a 5,000-photo album costs no more than a 10-photo one.
public final class PhotoStackView: View, PhotoCollectionView {
    /// Faster than this sideways (pt/s) at release, the top photo is flicked away.
    public static let flickSpeed = 200.0
    /// The flicked photo's flight off the view.
    public static let flickAwayTiming = Timing.easeOut(0.1)
    /// Returning to the centre, the new top straightening, the flicked one going under.
    public static let settleTiming = Timing.easeOut(0.2)
    /// Photos lie at whole degrees within ± this.
    public static let defaultRotationOffset = 4
    /// Views with pictures at the top of the pile; the rest is implied.
    public static let realFrameCount = 10
    /// The top photos are shown sharp, at the size they are drawn; under them only edges
    /// show, and a thumbnail-sized picture (from the shared cache) does.
    public static let sharpFrameCount = 3
    public static let underPictureSide = 256
    /// Space kept around the pile: this fraction of the view's smaller side, so the tilted
    /// photos beneath show at their edges.
    public static let marginFraction = 0.1
    /// A key flicks the top photo away as a brisk rightward throw would.
    public static let keyFlickVelocity = Point(x: 5 * flickSpeed, y: 0)
    /// The pressed top photo's highlight.
    public static let pressTint = Color(white: 1, alpha: 0.3)

    public let context: ComponentContext
    public weak var source: PhotoSource? { didSet { reloadData() } }
    /// The frame around each photo.
    public var frameStyle = PileFrameStyle.whiteBorder { didSet { setNeedsLayout() } }
    public var rotationOffset = PhotoStackView.defaultRotationOffset
    /// Picks each photo's angle in degrees; tests make it predictable.
    public var randomAngle: (ClosedRange<Int>) -> Int = { Int.random(in: $0) }

    /// The photo on top.
    public private(set) var topIndex = 0
    public var onOpenPhoto: ((Int) -> Void)?
    public var onWillBeginDragging: ((Int) -> Void)?
    /// The top photo is being flicked away: (from, to), `to` wrapping to 0 after the last.
    public var onWillFlickAway: ((Int, Int) -> Void)?
    /// A photo came to the top.
    public var onDidReveal: ((Int) -> Void)?
    /// The top photo was clicked.
    public var onDidSelect: ((Int) -> Void)?

    /// Angles by file name, so a photo keeps its angle when the album reloads.
    private var angles: [String: Int] = [:]
    private var frames: [Int: PileFrame] = [:]
    private var spareFrames: [PileFrame] = []
    private var draggedFrame: PileFrame?
    private var dragHold: ViewHold?
    /// The photo flying off the view: above everything until it goes under.
    private var outgoingFrame: PileFrame?
    private var hiddenIndex: Int?
    private var pictures = PictureWants()
    /// "Show all", while it is out.
    private var spread: PileSpread?
    private let showAllButton = LabelButton(title: localized("Show all"))


    private lazy var pan = PanGestureRecognizer { [unowned self] in handlePan($0) }
    private lazy var press = PressGestureRecognizer { [unowned self] in handlePress($0) }
    private lazy var click = TapGestureRecognizer { [unowned self] in handleClick($0) }
    private lazy var doubleClick = TapGestureRecognizer(numberOfTaps: 2) { [unowned self] in handleDoubleClick($0) }

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "stack"
        clipsToBounds = true
        click.recognizeSimultaneously(with: doubleClick)
        context.arena.add(press, to: self)
        context.arena.add(pan, to: self)
        context.arena.add(click, to: self)
        context.arena.add(doubleClick, to: self)
        showAllButton.name = "show all button"
        showAllButton.attach(to: context) { [unowned self] in showAll() }
        addSubview(showAllButton)
    }

    public var photoCount: Int { source?.photoCount ?? 0 }

    /// The centre the pile lies around.
    public var pileCenter: Point { Point(x: bounds.midX, y: bounds.midY) }

    var pileLayout: PileLayout {
        PileLayout(viewSize: bounds.size, insets: frameStyle.photoInsets, marginFraction: Self.marginFraction)
    }

    /// Photo `index`'s angle in degrees as it lies in the pile (the top one lies straight).
    public func angle(ofPhoto index: Int) -> Int {
        index == topIndex ? 0 : storedAngle(of: index)
    }

    /// The views of the photos at the top of the pile, top first, for tests and transitions.
    public var topFrames: [View] { pileIndices.compactMap { frames[$0] } }

    /// True while "Show all" has the photos spread out (or is gathering them back).
    public var isShowingAll: Bool { spread != nil }

    /// The photos whose cells are on screen in the spread, in album order.
    public var spreadVisibleIndices: [Int] { spread?.visibleIndices ?? [] }

    /// Where photo `index`'s cell lies in the spread (this view's coordinates).
    public func spreadCellFrame(of index: Int) -> Rect? { spread?.cellFrame(of: index) }

    /// Deals every photo out of the pile into a scrolling grid over a black mask.
    public func showAll() {
        guard spread == nil, photoCount > 0 else { return }
        layoutIfNeeded()
        let spread = PileSpread(stack: self)
        self.spread = spread
        addSubview(spread)
        spread.frame = bounds
        spread.spreadOut()
        setNeedsLayout()
    }

    /// Gathers the spread back onto the pile; with `index`, that photo comes to the top.
    public func gatherAll(onTop index: Int? = nil) {
        guard let spread, !spread.isGathering else { return }
        if let index, index != topIndex {
            goTo(index)
            onDidReveal?(index)
        }
        spread.gather { [weak self, weak spread] in
            guard let self, let spread, self.spread === spread else { return }
            self.removeSpread()
        }
    }

    private func removeSpread() {
        spread?.removeFromSuperview()
        spread = nil
        setNeedsLayout()
    }

    /// Puts photo `index` on top, the photos before it moved to the bottom in order; no
    /// animation.
    public func goTo(_ index: Int) {
        guard photoCount > 0 else { return }
        topIndex = (index % photoCount + photoCount) % photoCount
        settleAll()
        setNeedsLayout()
    }

    /// Another album is shown: the pile starts again at its first photo, gathered.
    public func startOver() {
        removeSpread()
        topIndex = 0
        settleAll()
        setNeedsLayout()
    }

    public func reloadData() {
        if topIndex >= photoCount { topIndex = 0 }
        setNeedsLayout()
        spread?.setNeedsLayout()
    }

    // MARK: Layout

    /// The indices of the real frames, top first.
    private var pileIndices: [Int] {
        let count = photoCount
        return (0..<min(Self.realFrameCount, count)).map { (topIndex + $0) % count }
    }

    /// How far below the top photo `index` lies: 0 for the top.
    func depth(of index: Int) -> Int {
        let count = max(photoCount, 1)
        return ((index - topIndex) % count + count) % count
    }

    /// True if the photo at `depth` is one of the real frames; deeper ones are implied.
    func isRealFrame(depth: Int) -> Bool { depth < Self.realFrameCount }

    /// Photo `index`'s tilt as it lies on the pile.
    func pileTransform(of index: Int) -> Transform3D {
        PileLayout.tilt(degrees: angle(ofPhoto: index))
    }

    private func storedAngle(of index: Int) -> Int {
        guard let name = source?.fileName(at: index) else { return 0 }
        if let angle = angles[name] { return angle }
        let angle = randomAngle(-rotationOffset...rotationOffset)
        angles[name] = angle
        return angle
    }

    func frameSize(for aspect: Size) -> Size { pileLayout.frameSize(for: aspect) }

    public override func layoutSubviews() {
        let indices = pileIndices
        // A photo that left the real frames stays until it has come to rest under the pile.
        for (index, frame) in frames where !indices.contains(index) && !frame.isHeld && !frame.isAnimating {
            frame.removeFromSuperview()
            frames[index] = nil
            spareFrames.append(frame)
        }
        let layout = pileLayout
        var placed: [(frame: PileFrame, pose: Pose)] = []
        for index in indices {
            let frame = frames[index] ?? dequeueFrame()
            frames[index] = frame
            frame.show(source?.picture(at: index, size: pictureSize(depth: depth(of: index))) ?? .loading, index: index, style: frameStyle, labels: context.labels,
                       marks: source?.marks(at: index) ?? .none, pair: source?.badgeNote(at: index))
            // Under "Show all" the spread's cells are the pile.
            frame.isHidden = spread != nil
            let pose = layout.pose(aspect: frame.aspect, degrees: angle(ofPhoto: index), depth: depth(of: index),
                                   opacity: index == hiddenIndex ? 0 : 1)
            frame.apply(pose, using: context.animator)
            placed.append((frame, pose))
        }
        for (frame, _) in placed.sorted(by: { $0.pose.zIndex < $1.pose.zIndex }) { bringSubviewToFront(frame) }
        // A flicked photo going under stays beneath the pile.
        for (index, frame) in frames where !indices.contains(index) && frame !== outgoingFrame { sendSubviewToBack(frame) }
        if let outgoing = outgoingFrame { bringSubviewToFront(outgoing) }
        if let dragged = draggedFrame { bringSubviewToFront(dragged) }
        layoutShowAllButton()
        if let spread {
            spread.frame = bounds
            bringSubviewToFront(spread)
        }
        requestPictures()
    }

    /// Bottom right, in the margin beside the pile.
    private func layoutShowAllButton() {
        showAllButton.update(labels: context.labels)
        let margin = LabelButton.margin
        showAllButton.center = Point(x: bounds.maxX - margin - showAllButton.bounds.width / 2,
                                     y: bounds.maxY - margin - showAllButton.bounds.height / 2)
        showAllButton.isHidden = spread != nil || photoCount == 0 || !showAllButton.hasTitle
        bringSubviewToFront(showAllButton)
    }

    private func dequeueFrame() -> PileFrame {
        let frame = spareFrames.popLast() ?? PileFrame(role: "pile")
        addSubview(frame)
        return frame
    }

    /// The picture a photo at `depth` in the pile is shown with.
    private func pictureSize(depth: Int) -> PictureSize {
        guard depth < Self.sharpFrameCount else { return .fitting(Self.underPictureSide) }
        // The largest a frame can be: the pile's whole area, in device pixels.
        let area = pileLayout.frameSize(for: bounds.size)
        return .fitting(Int((max(area.width, area.height) * context.pixelScale).rounded(.up)))
    }

    private func requestPictures() {
        guard bounds.width > 0 else { return }
        let requests = pileIndices.map { index in
            let depth = depth(of: index)
            return PictureRequest(index: index, size: pictureSize(depth: depth), priority: depth < Self.sharpFrameCount ? .visible : .nearby)
        }
        pictures.want(requests, from: source)
    }

    /// Off screen, the pile lets its pictures go (and the spread its own).
    public override func didMoveToSuperview() {
        if superview == nil {
            pictures.release()
            spread?.releasePictures()
        }
    }

    // MARK: PhotoCollectionView

    public func revealPhoto(_ index: Int) -> PhotoPlacement? {
        guard photoCount > 0 else { return nil }
        if index != topIndex { goTo(index) }
        if spread != nil { removeSpread() }
        layoutIfNeeded()
        let insets = frameStyle.photoInsets
        guard let frame = frames[index],
              let inWindow = convert(Rect(x: insets.left, y: insets.top, width: frame.bounds.width - insets.horizontal,
                                          height: frame.bounds.height - insets.vertical), from: frame, .model) else {
            return nil
        }
        return PhotoPlacement(frame: inWindow)
    }

    public func setPhotoHiddenForTransition(_ index: Int?) {
        hiddenIndex = index
        setNeedsLayout()
    }

    public func followPager(to index: Int) {}

    public func setCovered(_ covered: Bool) {
        pictures.setCovered(covered)
        spread?.setCovered(covered)
    }

    public var photoInHand: Int? { photoCount > 0 ? topIndex : nil }

    public func takePhotoInHand(_ index: Int) { goTo(index) }

    /// The photo on top stays on top (or the one that took its place).
    public func photosMoved(_ newIndex: (Int) -> Int?) {
        let count = photoCount
        guard count > 0 else { return }
        let top = min(newIndex(topIndex) ?? topIndex, count - 1)
        if top != topIndex { goTo(top) }
    }

    public func perform(_ action: ViewAction, key: KeyEvent?) -> Bool {
        guard photoCount > 0 else { return false }
        // Dealt out, the photos wait to be gathered again (a click puts one on top).
        if spread != nil {
            guard action == .toggleSpread || action == .close else { return false }
            gatherAll()
            return true
        }
        switch action {
        case .toggleSpread: showAll()
        case .step(1): flickAway(velocity: Self.keyFlickVelocity)
        case .step(-1): goTo(topIndex - 1)
        case .first: goTo(0)
        case .last: goTo(photoCount - 1)
        case .open: onOpenPhoto?(topIndex)
        default: return false
        }
        return true
    }

    public func handleWheel(_ wheel: WheelEvent) {
        spread?.scroll(by: wheel.deltaInPoints.y)
    }

    // MARK: Pointer

    private func isOnTopPhoto(_ recognizer: GestureRecognizer) -> Bool {
        guard let top = frames[topIndex], let point = recognizer.location(in: top) else { return false }
        return top.bounds.contains(point)
    }

    private func handlePress(_ press: PressGestureRecognizer) {
        guard spread == nil else { return }
        switch press.state {
        case .began: frames[topIndex]?.isPressed = isOnTopPhoto(press)
        case .ended, .cancelled: for frame in frames.values { frame.isPressed = false }
        default: break
        }
    }

    private func handleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized else { return }
        if let spread {
            // A photo comes to the top; a click on the mask only gathers.
            gatherAll(onTop: tap.location(in: spread).flatMap { spread.photoIndex(at: $0) })
            return
        }
        guard isOnTopPhoto(tap) else { return }
        onDidSelect?(topIndex)
    }

    private func handleDoubleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, spread == nil, isOnTopPhoto(tap) else { return }
        onOpenPhoto?(topIndex)
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        if let spread {
            spread.handlePan(pan)
            return
        }
        switch pan.state {
        case .began:
            guard isOnTopPhoto(pan), let top = frames[topIndex] else { return }
            draggedFrame = top
            // The hold catches it where it is, also mid-way back to the pile.
            dragHold = top.hold()
            onWillBeginDragging?(topIndex)
            fallthrough
        case .changed:
            guard let dragged = draggedFrame else { return }
            dragged.center = pileCenter + pan.translationInWindow
        case .ended, .cancelled:
            guard draggedFrame != nil else { return }
            let velocity = pan.state == .ended ? pan.velocityInWindow : .zero
            draggedFrame = nil
            if abs(velocity.x) > Self.flickSpeed {
                flickAway(velocity: velocity)
            } else if let top = frames[topIndex] {
                context.animator.animate(top, \.animatedCenter, to: pileCenter, timing: Self.settleTiming)
            }
            dragHold = nil
        default:
            break
        }
    }

    /// Sends the top photo off the view the way of `velocity` (off the side, and off the
    /// top or bottom too if it moved that way fast), then under the pile.
    private func flickAway(velocity: Point) {
        guard photoCount > 1, let flicked = frames[topIndex] else { return }
        let from = topIndex, to = (topIndex + 1) % photoCount
        onWillFlickAway?(from, to)
        // Its own flight moves it until it has gone under; layout leaves it alone till then.
        let flight = flicked.hold()
        outgoingFrame = flicked
        let away = Point(x: velocity.x.sign == .minus ? -bounds.width : bounds.width,
                         y: abs(velocity.y) > Self.flickSpeed ? (velocity.y.sign == .minus ? -bounds.height : bounds.height) : 0)
        context.animator.animate(flicked, \.animatedCenter, to: pileCenter + away, timing: Self.flickAwayTiming) { [weak self, weak flicked] outcome in
            defer { flight.release() }
            guard let self, let flicked, outcome == .finished else { return }
            self.goUnder(flicked, index: from)
        }
        // The next photo is on top from now: it straightens while the flicked one flies.
        topIndex = to
        if let revealed = frames[to] {
            context.animator.animate(revealed, \.animatedTransform, to: .identity, timing: Self.settleTiming)
        }
        onDidReveal?(to)
        setNeedsLayout()
    }

    /// The flicked photo takes a new angle and slides back under the pile.
    private func goUnder(_ frame: PileFrame, index: Int) {
        if let name = source?.fileName(at: index) { angles[name] = randomAngle(-rotationOffset...rotationOffset) }
        if outgoingFrame === frame { outgoingFrame = nil }
        sendSubviewToBack(frame)
        let angle = Double(storedAngle(of: index)) * .pi / 180
        // Once at rest it may leave the real frames.
        context.animator.group(completion: { [weak self] _ in self?.setNeedsLayout() }) {
            context.animator.animate(frame, \.animatedCenter, to: pileCenter, timing: Self.settleTiming)
            context.animator.animate(frame, \.animatedTransform, to: .rotation(radians: angle, x: 0, y: 0, z: 1), timing: Self.settleTiming)
        }
    }

    /// Every photo straight onto its place in the pile, without animation.
    private func settleAll() {
        for (index, frame) in frames {
            frame.center = pileCenter
            frame.transform = pileTransform(of: index)
            frame.isPressed = false
        }
        outgoingFrame = nil
    }
}
