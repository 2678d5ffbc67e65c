// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoSources
import Pixels
import Geometry
import Gestures
import Localization
import Motion
import ViewTree

/// The culling pager (Slidebox on the desktop): one photo at a time, the next ones waiting
/// underneath. Drag sideways to page, exactly one page per drag; drag the current photo up
/// and let go (or flick it up) to move it to the Trash; Ctrl+Z brings it back. Del trashes
/// from the keyboard. The app does the trashing (`trashPhoto`) and the browser the undo
/// (`requestUndo`); the album's change comes back through `photosMoved`, so every view
/// sees the same.
public final class CullView: View, LookShowing, PhotoCollectionView, ScrollContainerDataSource, Swipeable, TrashingView {
    /// A sideways drag at least this long turns a page, the way it was moving.
    public static let pagingDistance = 30.0
    public static let pagingSpring = Spring(dampingRatio: 1, response: 0.3)
    /// Let go this far up (a fraction of the card area's height), the photo goes.
    public static let trashLiftFraction = 0.3
    /// Or flicked up at least this fast (points per second).
    public static let trashFlickSpeed = 900.0
    /// How a card goes back when not thrown, and how the others close a gap.
    public static let settleSpring = Spring(dampingRatio: 0.85, response: 0.3)
    /// A thrown card flies on with its release velocity until it is out.
    public static let throwSpring = Spring(dampingRatio: 1, response: 0.35)
    /// A photo brought back from the Trash drops in from above.
    public static let returnSpring = Spring(dampingRatio: 0.8, response: 0.4)
    /// Cards kept behind the current one (further ones are hidden by those in front).
    public static let cardsBehind = 3
    public static let cornerRadius = 8.0
    public static let counterPointSize = 13.0
    public static let counterColor = Color(white: 0.7)
    /// The file name over the counter: brighter, it is what is read first.
    public static let fileNameColor = Color(white: 0.92)
    /// Between the file name and the counter under it, in points.
    public static let fileNameGap = 2.0

    public let context: ComponentContext
    public weak var source: PhotoSource? { didSet { reloadData() } }
    public private(set) var currentIndex = 0
    public var onOpenPhoto: ((Int) -> Void)?
    /// Moves photo `index` to the Trash: nil once it went (the album's change has already
    /// come through `photosMoved`), else a message saying why it could not.
    public var trashPhoto: ((Int) -> String?)?
    /// Takes back the last step (the toast's Undo, Ctrl+Z): the browser's undo.
    public var requestUndo: (() -> Void)?
    /// Something to tell the user: a photo went (with Undo), or could not.
    public var onToast: ((Toast) -> Void)?
    /// How many photos went to the Trash this session (the counter shows it).
    public var trashedCount = 0 { didSet { if trashedCount != oldValue { setNeedsLayout() } } }

    /// The cards; its `bounds.origin.x` is the scroll, `layout.pageDistance` a page.
    let cards = ScrollContainer<PhotoTile>()
    /// The looks shown over the card in front (clipping, peaking), and its histogram.
    public var looks: Set<PictureLook> = [] {
        didSet { if looks != oldValue { cards.setNeedsLayout() } }
    }
    private let lookLayers = LookLayers()
    let histogram = HistogramView()
    private let counter = TextView()
    /// The current photo's file name, over the counter: a photographer culls by it.
    private let fileName = TextView()
    public private(set) var layout = CullLayout(viewSize: .zero)
    private let swipe = SwipeDriver(policy: .minimumDistance(CullView.pagingDistance), spring: CullView.pagingSpring)
    private enum Drag {
        case paging
        case lifting(card: PhotoTile, hold: ViewHold, start: Point)
    }
    private var drag: Drag?
    /// How far the current card is lifted (negative: up): the card behind grows with it.
    private var lift = 0.0
    /// Until the next layout: cards move to their places by a spring, not at once.
    private var settling = false
    /// The card on its way to the Trash, while the app moves its file.
    private var throwing: (card: PhotoTile, hold: ViewHold, velocity: Double)?
    /// A photo back from the Trash, to drop in at the next layout.
    private var arriving: Int?
    private var hiddenIndex: Int?
    private var pictures = PictureWants()
    private var scrollAnimation: AnimationID?

    private lazy var pan = PanGestureRecognizer { [unowned self] in handlePan($0) }
    private lazy var doubleClick = TapGestureRecognizer(numberOfTaps: 2) { [unowned self] in
        if $0.state == .recognized { onOpenPhoto?(currentIndex) }
    }

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "cull"
        clipsToBounds = true
        cards.name = "cull cards"
        cards.dataSource = self
        addSubview(cards)
        addSubview(histogram)
        counter.name = "cull counter"
        counter.pointSize = Self.counterPointSize
        counter.textColor = Self.counterColor
        addSubview(counter)
        fileName.name = "cull name"
        fileName.pointSize = Self.counterPointSize
        fileName.textColor = Self.fileNameColor
        addSubview(fileName)
        context.arena.add(pan, to: self)
        context.arena.add(doubleClick, to: self)
        swipe.content = self
    }

    public var photoCount: Int { source?.photoCount ?? 0 }

    /// The scroll shown now, in pages (between two while it moves).
    var presentedPages: Double { cards.animatedBounds.presentation.minX / max(layout.pageDistance, 1) }

    public func reloadData() {
        currentIndex = min(currentIndex, max(photoCount - 1, 0))
        setNeedsLayout()
        cards.setNeedsLayout()
    }

    public func startOver() { go(to: 0, animated: false) }

    /// Shows photo `index` as the current card, sliding there if `animated`.
    public func go(to index: Int, animated: Bool = true) {
        guard photoCount > 0 else { return }
        currentIndex = min(max(index, 0), photoCount - 1)
        scroll(toPage: currentIndex, velocity: 0, animated: animated)
        setNeedsLayout()
    }

    /// Scrolls to `page`; animated, by `spring` from `velocity` points per second.
    private func scroll(toPage page: Int, velocity: Double, animated: Bool, spring: Spring = CullView.pagingSpring) {
        if let scrollAnimation { context.animator.cancel(scrollAnimation) }
        scrollAnimation = nil
        let target = Rect(origin: Point(x: Double(page) * layout.pageDistance, y: 0), size: cards.bounds.size)
        guard animated else {
            cards.bounds = target
            cards.setNeedsLayout()
            return
        }
        scrollAnimation = context.animator.animate(cards, \.animatedBounds, to: target, timing: .spring(spring),
                                                   initialVelocity: SIMD4(velocity, 0, 0, 0))
    }

    // MARK: Layout

    public override func layoutSubviews() {
        let newLayout = CullLayout(viewSize: bounds.size)
        if newLayout != layout {
            layout = newLayout
            cards.frame = bounds
            cards.bounds = Rect(origin: Point(x: Double(currentIndex) * layout.pageDistance, y: 0), size: bounds.size)
        }
        cards.setNeedsLayout()
        layoutCounter()
    }

    private func layoutCounter() {
        let count = photoCount
        counter.isHidden = count == 0
        fileName.isHidden = count == 0
        guard count > 0 else { return }
        var text = "\(Language.number(currentIndex + 1)) / \(Language.number(count))"
        if trashedCount > 0 { text += " · " + localizedPlural("{count} in the Trash", "{count} in the Trash", count: trashedCount) }
        counter.text = text
        counter.sizeToFit(maximumWidth: bounds.width, labels: context.labels)
        // A long name keeps its start and its end (the number and the extension).
        let name = source?.fileName(at: currentIndex) ?? ""
        let labels = context.labels
        fileName.text = labels.map { labels in
            TextLayout.elidedInMiddle(name, toFit: bounds.width * 0.9) { labels.width(of: $0, pointSize: Self.counterPointSize) ?? 0 }
        } ?? name
        fileName.sizeToFit(maximumWidth: bounds.width, labels: labels)
        let area = layout.cardArea
        let both = fileName.bounds.height + Self.fileNameGap + counter.bounds.height
        let top = ((area.maxY + bounds.maxY) / 2 - both / 2).rounded()
        fileName.center = Point(x: bounds.midX.rounded(), y: (top + fileName.bounds.height / 2).rounded())
        counter.center = Point(x: bounds.midX.rounded(), y: (top + fileName.bounds.height + Self.fileNameGap + counter.bounds.height / 2).rounded())
        bringSubviewToFront(fileName)
        bringSubviewToFront(counter)
    }

    /// The picture each card is shown with: the whole photo at the card area's size.
    private var cardPictureSize: PictureSize {
        let area = layout.cardArea
        return .fitting(Int((max(area.width, area.height) * context.pixelScale).rounded(.up)))
    }

    public func items(shownIn shown: Rect) -> [Int] {
        let count = photoCount
        guard count > 0, layout.pageDistance > 1 else {
            pictures.want([], from: source)
            return []
        }
        let first = Int(presentedPages.rounded(.down))
        var items = Set(max(first - 1, 0)...max(min(first + Self.cardsBehind, count - 1), 0))
        items.insert(min(currentIndex, count - 1))
        let size = cardPictureSize
        var requests = [PictureRequest(index: currentIndex, size: size, priority: .visible, plays: true)]
        for index in [currentIndex + 1, currentIndex - 1, currentIndex + 2] where index >= 0 && index < count {
            requests.append(PictureRequest(index: index, size: size, priority: abs(index - currentIndex) == 1 ? .nearby : .ahead))
        }
        pictures.want(requests, from: source)
        return items.sorted()
    }

    public func makeCell() -> PhotoTile {
        let card = PhotoTile(role: "card")
        card.cornerRadius = Self.cornerRadius
        return card
    }

    public func update(_ card: PhotoTile, item index: Int) {
        var picture = source?.picture(at: index, size: cardPictureSize) ?? .loading
        // The card in front with its looks painted into its picture, once that is drawn: one
        // picture to draw instead of the picture and its layers blended at every frame.
        let overlaid = index == currentIndex ? source?.painted(looks, at: index, over: picture.image) : nil
        if let overlaid { picture = .ready(overlaid) }
        card.show(picture, index: index, labels: context.labels, marks: source?.marks(at: index) ?? .none, pair: source?.badgeNote(at: index))
        if index == currentIndex { showLooks(on: card, index: index, painted: overlaid != nil) }
        let pose = self.pose(of: index, aspect: picture.image?.pixelSize ?? layout.cardArea.size)
        if index == arriving {
            // Back from the Trash: from above, down into its place.
            arriving = nil
            card.apply(pose, using: context.animator)
            card.center = Point(x: pose.center.x, y: -pose.size.height)
            context.animator.animate(card, \.animatedCenter, to: pose.center, timing: .spring(Self.returnSpring))
        } else {
            card.apply(pose, using: context.animator, timing: settling ? .spring(Self.settleSpring) : nil)
        }
    }

    /// The looks laid over the card in front (unless `painted` into its picture), and its
    /// histogram in the corner.
    private func showLooks(on card: PhotoTile, index: Int, painted: Bool) {
        for layer in lookLayers.layers where layer.superview !== card {
            layer.removeFromSuperview()
            card.addSubview(layer)
            card.setNeedsLayout()
        }
        if painted { lookLayers.hide() } else { lookLayers.show(looks, of: index, from: source) }
        histogram.show(source?.histogram(looks, at: index))
        histogram.place(in: bounds)
    }

    /// Where photo `index`'s card lies for the scroll shown now, in the cards's coordinates.
    private func pose(of index: Int, aspect: Size) -> Pose {
        let size = layout.cardSize(for: aspect)
        let ratio = 1 - CullLayout.stepScale * (Double(index) - presentedPages)
        var (scale, shift) = layout.placement(ratio: ratio, cardWidth: size.width)
        if index == currentIndex + 1 && lift != 0 { scale = max(scale, layout.scaleBehind(lift: lift)) }
        let area = layout.cardArea
        let center = Point(x: cards.animatedBounds.presentation.minX + area.midX + shift, y: area.midY)
        return Pose(center: center, size: size, transform: .scale(x: scale, y: scale),
                    opacity: index == hiddenIndex || ratio <= 0 ? 0 : 1, zIndex: ratio)
    }

    public func didLayOutItems() {
        settling = false
        // Front to back by ratio: the card leaving (or gone) to the left is in front.
        for (_, card) in cards.cells.sorted(by: { $0.key > $1.key }) { cards.bringSubviewToFront(card) }
        if case let .lifting(card, _, _) = drag { cards.bringSubviewToFront(card) }
        if let throwing { cards.bringSubviewToFront(throwing.card) }
    }

    public override func didMoveToSuperview() {
        if superview == nil { pictures.release() }
    }

    // MARK: The album changed

    /// Cards go with their photos; the one thrown flies on out, others that left fade; the
    /// photo in hand stays (or the one that took its place), and the rest close the gap.
    public func photosMoved(_ newIndex: (Int) -> Int?) {
        for card in cards.moveItems(newIndex) {
            if let throwing, card === throwing.card {
                flyAway(card, hold: throwing.hold, velocity: throwing.velocity)
                self.throwing = nil
            } else {
                context.animator.animate(card, \.animatedOpacity, to: 0, timing: GridView.leaveTiming) { [weak self, weak card] _ in
                    guard let self, let card else { return }
                    cards.recycle(card)
                }
            }
        }
        let count = photoCount
        let followed = count == 0 ? 0 : min(newIndex(currentIndex) ?? currentIndex, count - 1)
        if let hiddenIndex { self.hiddenIndex = newIndex(hiddenIndex) }
        lift = 0
        settling = true
        if followed != currentIndex || cards.bounds.minX != Double(followed) * layout.pageDistance {
            currentIndex = followed
            scroll(toPage: followed, velocity: 0, animated: true)
        }
        setNeedsLayout()
    }

    private func flyAway(_ card: PhotoTile, hold: ViewHold, velocity: Double) {
        let target = Point(x: card.center.x, y: -card.bounds.height)
        context.animator.animate(card, \.animatedCenter, to: target, timing: .spring(Self.throwSpring),
                                 initialVelocity: SIMD2(0, min(velocity, 0))) { [weak self, weak card] _ in
            hold.release()
            guard let self, let card else { return }
            card.opacity = 1
            cards.recycle(card)
        }
    }

    // MARK: Dragging

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard photoCount > 0 else { return }
            let translation = pan.translationInWindow
            if abs(translation.x) >= abs(translation.y) {
                swipe.begin()
                drag = .paging
            } else if let card = cards.cells[currentIndex], throwing == nil {
                // The hold catches it where it is, even mid-spring.
                let hold = card.hold()
                drag = .lifting(card: card, hold: hold, start: card.center)
            }
            fallthrough
        case .changed:
            follow(pan.translationInWindow)
        case .ended, .cancelled:
            release(velocity: pan.state == .ended ? pan.velocityInWindow : .zero, translation: pan.translationInWindow)
            drag = nil
        default:
            break
        }
    }

    private func follow(_ translation: Point) {
        switch drag {
        case .paging:
            swipe.follow(translation: translation.x)
        case let .lifting(card, _, start):
            // Only down a little: a downward drag does nothing but show it is held.
            let dy = max(translation.y, -layout.cardArea.maxY - card.bounds.height)
            card.center = Point(x: start.x, y: start.y + (dy > 0 ? dy / 4 : dy))
            lift = min(dy, 0)
            cards.setNeedsLayout()
        case nil:
            break
        }
    }

    private func release(velocity: Point, translation: Point) {
        switch drag {
        case .paging:
            swipe.end(pointerVelocity: velocity.x)
        case let .lifting(card, hold, _):
            let lifted = -translation.y
            let thrown = translation.y < 0
                && (lifted > layout.cardArea.height * Self.trashLiftFraction || velocity.y < -Self.trashFlickSpeed)
            if thrown {
                throwAway(card, hold: hold, velocity: velocity.y)
            } else {
                settleBack(hold)
            }
        case nil:
            break
        }
    }

    /// The current photo goes to the Trash; if the Trash will not take it, its card comes back.
    private func throwAway(_ card: PhotoTile, hold: ViewHold, velocity: Double) {
        let index = currentIndex
        let name = source?.fileName(at: index) ?? ""
        throwing = (card, hold, velocity)
        // Gone, the album's change has come through `photosMoved`, which sent the card flying.
        let (went, toast) = Trashing.attempt(index, named: name, trash: trashPhoto) { [weak self] in self?.requestUndo?() }
        if !went {
            throwing = nil
            settleBack(hold)
        }
        onToast?(toast)
    }

    /// Back where it lies (layout has it again), and the card behind shrinks back with it.
    private func settleBack(_ hold: ViewHold) {
        lift = 0
        settling = true
        hold.release()
        cards.setNeedsLayout()
    }

    /// Photo `index` came back from the Trash: its card drops in as the current one.
    public func photoCameBack(_ index: Int) {
        arriving = index
        go(to: index, animated: false)
        cards.setNeedsLayout()
    }

    /// Trashes the current photo as if thrown up (Del).
    public func trashPhotoInHand() {
        guard photoCount > 0, throwing == nil, drag == nil else { return }
        layoutIfNeeded()
        guard let card = cards.cells[currentIndex] else { return }
        throwAway(card, hold: card.hold(), velocity: -Self.trashFlickSpeed)
    }

    // MARK: PhotoCollectionView

    public var photoInHand: Int? { photoCount > 0 ? currentIndex : nil }

    public func takePhotoInHand(_ index: Int) { go(to: index, animated: false) }

    public func revealPhoto(_ index: Int) -> PhotoPlacement? {
        guard index >= 0 && index < photoCount else { return nil }
        if index != currentIndex { go(to: index, animated: false) }
        layoutIfNeeded()
        guard let card = cards.cells[index], let frame = cards.convert(card.frame, to: nil) else { return nil }
        return PhotoPlacement(frame: frame, cornerRadius: Self.cornerRadius)
    }

    public func setPhotoHiddenForTransition(_ index: Int?) {
        hiddenIndex = index
        cards.setNeedsLayout()
    }

    public func followPager(to index: Int) { go(to: index, animated: false) }

    public func setCovered(_ covered: Bool) { pictures.setCovered(covered) }

    public func perform(_ action: ViewAction, key: KeyEvent?) -> Bool {
        guard photoCount > 0 else { return false }
        switch action {
        case let .step(step): go(to: currentIndex + step)
        case .first: go(to: 0)
        case .last: go(to: photoCount - 1)
        case .open: onOpenPhoto?(currentIndex)
        default: return false
        }
        return true
    }

    public func handleWheel(_ wheel: WheelEvent) {}
}

/// Paging: the cards' scroll is the swipe's content, a page a snap unit.
extension CullView {
    public var swipeUnit: Double { layout.pageDistance }
    public var swipeSteps: ClosedRange<Int> { 0...max(photoCount - 1, 0) }
    public var swipeRestingStep: Int { currentIndex }
    public var swipeOffsetShown: Double { cards.animatedBounds.presentation.minX }
    public var swipeRubberBandLength: Double { bounds.width }

    public func showSwipe(offset: Double) {
        if let scrollAnimation { context.animator.cancel(scrollAnimation) }
        scrollAnimation = nil
        cards.bounds = Rect(origin: Point(x: offset, y: 0), size: cards.bounds.size)
        cards.setNeedsLayout()
    }

    public func swipeDidEnd(_ landing: SwipeLanding) {
        currentIndex = landing.step
        scroll(toPage: landing.step, velocity: landing.velocityPointsPerSecond, animated: true, spring: landing.spring)
        setNeedsLayout()
    }
}
