// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoSources
import Geometry
import Gestures
import Localization
import Motion
import ViewTree

/// The card deck: the album as a stack of cards seen from the front, each one behind a
/// little higher, narrower and fainter. Drag the front card sideways and throw it (past the
/// throw distance, or flicked); the others spring back straight, then step forward one
/// by one while the next photo enters at the back. The deck cycles through the album. A
/// click turns the front card over to the photo's facts; a double-click opens the pager.
///
/// Cards are keyed by their place in the endless deck (a sequence number, the photo being
/// that number modulo the album's size), so a small album can show one photo leaving and
/// entering at once, and a card is never confused with the one that replaced it.
public final class DeckView: View, PhotoCollectionView, Swipeable {
    /// A release faster than this (points per second) throws, however short the drag.
    public static let flickSpeed = 800.0
    /// The thrown card's flight off the view, carrying the release velocity.
    public static let throwSpring = Spring(duration: 0.5, dampingRatio: 1)
    /// The cards left behind spring back straight…
    public static let springBackDuration: Seconds = 0.5
    public static let springBack = Spring(duration: springBackDuration, dampingRatio: 0.4)
    /// …then step forward one depth each, the ones behind a little later.
    public static let stepForward = Spring(duration: 0.5, dampingRatio: 0.5)
    public static let stepDelay: Seconds = 0.1
    public static let flipTiming = Timing.easeInOut(0.5)
    /// A card caught on its way forward comes fully up.
    public static let catchFade = Timing.easeOut(0.15)
    /// How fast a card thrown by a key leaves.
    public static let keyThrowSpeed = 1500.0

    public let context: ComponentContext
    public weak var source: PhotoSource? { didSet { reloadData() } }
    public var onOpenPhoto: ((Int) -> Void)?
    public private(set) var layout = DeckLayout(viewSize: .zero)

    /// The front card's place in the endless deck.
    private var topSequence = 0
    private var cards: [Int: DeckCard] = [:]
    private var spareCards: [DeckCard] = []
    /// Cards thrown and still flying out.
    private var flying: [DeckCard] = []
    private var dragOffset = 0.0
    private var drag: (card: DeckCard, hold: ViewHold, caughtAt: Point)?
    /// Progress in throw distances: past one either way (or a flick), the card goes.
    private let swipe = SwipeDriver(policy: .throwing(flickSpeed: DeckView.flickSpeed), spring: DeckView.throwSpring)
    /// After a throw: the cards stay at their old depths while they spring back straight.
    private var isSpringingBack = false
    /// How the next layout moves cards that are still (nil: at once), and whether the ones
    /// behind wait their turn.
    private var nextMove: (spring: Spring, staggered: Bool)?
    private lazy var stepForwardTask = context.scheduler.task { [unowned self] in
        isSpringingBack = false
        nextMove = (Self.stepForward, true)
        setNeedsLayout()
    }
    private var hiddenIndex: Int?
    private var pictures = PictureWants()

    private lazy var pan = PanGestureRecognizer(axis: .horizontal) { [unowned self] in handlePan($0) }
    private lazy var click = TapGestureRecognizer { [unowned self] in if $0.state == .recognized { flipTop() } }
    private lazy var doubleClick = TapGestureRecognizer(numberOfTaps: 2) { [unowned self] in
        if $0.state == .recognized, photoCount > 0 { onOpenPhoto?(topIndex) }
    }

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "deck"
        clipsToBounds = true
        // A click turns the card only once it is not the start of a double-click.
        click.require(toFail: doubleClick)
        context.arena.add(pan, to: self)
        swipe.content = self
        context.arena.add(click, to: self)
        context.arena.add(doubleClick, to: self)
    }

    public var photoCount: Int { source?.photoCount ?? 0 }

    /// The photo on the front card.
    public var topIndex: Int { photoIndex(topSequence) }

    private func photoIndex(_ sequence: Int) -> Int {
        let count = max(photoCount, 1)
        return ((sequence % count) + count) % count
    }

    /// The card at `depth` (0 = front), while it exists; for transitions and tests.
    public func card(atDepth depth: Int) -> View? { cards[topSequence + depth] }

    /// Every card view the deck holds now, shown, flying or spare: bounded by the deck's
    /// size, however large the album.
    public var cardViewCount: Int { cards.count + flying.count + spareCards.count }

    /// True while the front card shows its back.
    public var isTopFlipped: Bool { cards[topSequence]?.isFlipped ?? false }

    public func reloadData() {
        setNeedsLayout()
    }

    public func startOver() { go(to: 0) }

    /// Puts photo `index` on the front at once.
    public func go(to index: Int) {
        guard photoCount > 0 else { return }
        rekey(top: min(max(index, 0), photoCount - 1))
    }

    /// The cards keep their depths under new sequence numbers, `top` in front.
    private func rekey(top: Int) {
        let ordered = cards.sorted { $0.key < $1.key }.map(\.value)
        cards = [:]
        topSequence = top
        for (depth, card) in ordered.enumerated() { cards[top + depth] = card }
        setNeedsLayout()
    }

    // MARK: Layout

    public override func layoutSubviews() {
        layout = DeckLayout(viewSize: bounds.size)
        let count = DeckLayout.cardCount(photoCount: photoCount)
        let wanted = Set(topSequence..<(topSequence + count))
        for (sequence, card) in cards where !wanted.contains(sequence) {
            cards[sequence] = nil
            recycle(card)
        }
        let size = cardPictureSize
        let move = nextMove
        nextMove = nil
        for depth in 0..<count {
            let sequence = topSequence + depth
            let index = photoIndex(sequence)
            let isNew = cards[sequence] == nil
            let card = cards[sequence] ?? dequeueCard()
            cards[sequence] = card
            card.show(source?.picture(at: index, size: size) ?? .loading, index: index, marks: source?.marks(at: index) ?? .none,
                       pair: source?.badgeNote(at: index))
            if card.isFlipped {
                let marksLine = source.flatMap { MarkBadge.factsLine($0.marks(at: index)) }
                card.showFacts(source?.facts(at: index).map { $0 + (marksLine.map { [$0] } ?? []) })
            }
            let shownDepth = isSpringingBack ? depth + 1 : depth
            var pose = layout.pose(depth: shownDepth, drag: depth == 0 || !isSpringingBack ? dragOffset : 0, cards: count)
            if index == hiddenIndex { pose.opacity = 0 }
            if isNew {
                // In at the very back, where a card is invisible, then forward with the rest.
                card.apply(layout.pose(depth: count, drag: 0, cards: count), using: context.animator)
                card.opacity = 0
            }
            if let move, !card.isHeld {
                card.apply(pose, using: context.animator, timing: .spring(move.spring),
                           delay: move.staggered ? Self.stepDelay * Double(depth) : 0)
            } else {
                card.apply(pose, using: context.animator)
            }
        }
        // Back to front; the front card (turning or not) above all the others.
        for depth in (0..<count).reversed() { if let card = cards[topSequence + depth] { bringSubviewToFront(card) } }
        for card in flying { bringSubviewToFront(card) }
        requestPictures(count: count)
    }

    /// The photo filling the card, in device pixels.
    private var cardPictureSize: PictureSize {
        let rect = layout.cardRect
        return .filling(Int((max(rect.width, rect.height) * context.pixelScale).rounded(.up)))
    }

    private func requestPictures(count: Int) {
        let size = cardPictureSize
        let requests = (0..<count).map { depth in
            PictureRequest(index: photoIndex(topSequence + depth), size: size, priority: depth < 2 ? .visible : .nearby)
        }
        // A small album shows a photo twice; it is wanted once.
        var seen = Set<Int>()
        pictures.want(requests.filter { seen.insert($0.index).inserted }, from: source)
    }

    private func dequeueCard() -> DeckCard {
        let card = spareCards.popLast() ?? DeckCard(labels: context.labels)
        card.resetFace()
        addSubview(card)
        return card
    }

    /// Kept for reuse, up to a deck's worth; a burst of throws leaves no more behind.
    private func recycle(_ card: DeckCard) {
        card.removeFromSuperview()
        card.resetFace()
        if spareCards.count < DeckLayout.visibleCards { spareCards.append(card) }
    }

    public override func didMoveToSuperview() {
        if superview == nil { pictures.release() }
    }

    // MARK: Dragging and throwing

    private func handlePan(_ pan: PanGestureRecognizer) {
        if pan.state == .began {
            guard photoCount > 0, let card = cards[topSequence] else { return }
            // The hold catches it where it is, mid-step or mid-spring; a card caught on its
            // way forward comes fully up.
            let hold = card.hold()
            context.animator.animate(card, \.animatedOpacity, to: 1, timing: Self.catchFade)
            drag = (card, hold, card.center)
            dragOffset = 0
        }
        guard drag != nil else { return }
        swipe.drive(pan)
    }

    /// The front card flies off its way; the next one comes to the front.
    private func throwTop(_ card: DeckCard, hold: ViewHold, toTheRight: Bool, velocity: Double, spring: Spring = DeckView.throwSpring) {
        cards[topSequence] = nil
        flying.append(card)
        let away = toTheRight ? bounds.maxX + layout.cardRect.width : bounds.minX - layout.cardRect.width
        context.animator.animate(card, \.animatedCenter, to: Point(x: away, y: card.center.y), timing: .spring(spring),
                                 initialVelocity: SIMD2(velocity, 0)) { [weak self, weak card] _ in
            hold.release()
            guard let self, let card else { return }
            flying.removeAll { $0 === card }
            recycle(card)
        }
        topSequence += 1
        dragOffset = 0
        isSpringingBack = true
        nextMove = (Self.springBack, false)
        stepForwardTask.reschedule(after: Self.springBackDuration)
        setNeedsLayout()
    }

    /// Throws the front card as a flick would (Left, Right).
    public func throwTop(toTheRight: Bool) {
        guard photoCount > 0, drag == nil else { return }
        layoutIfNeeded()
        guard let card = cards[topSequence] else { return }
        throwTop(card, hold: card.hold(), toTheRight: toTheRight, velocity: toTheRight ? Self.keyThrowSpeed : -Self.keyThrowSpeed)
    }

    /// Turns the front card over: its facts on the back, or the photo again.
    public func flipTop() {
        guard photoCount > 0 else { return }
        layoutIfNeeded()
        guard let card = cards[topSequence] else { return }
        card.showFacts(source?.facts(at: topIndex))
        card.flip(using: context.animator, timing: Self.flipTiming)
        bringSubviewToFront(card)
    }

    // MARK: PhotoCollectionView

    public var photoInHand: Int? { photoCount > 0 ? topIndex : nil }

    public func takePhotoInHand(_ index: Int) { go(to: index) }

    /// The front photo stays in front (or the one that took its place).
    public func photosMoved(_ newIndex: (Int) -> Int?) {
        let count = photoCount
        guard count > 0 else { return }
        let old = topIndex
        rekey(top: min(newIndex(old) ?? old, count - 1))
    }

    public func revealPhoto(_ index: Int) -> PhotoPlacement? {
        guard index >= 0 && index < photoCount else { return nil }
        if index != topIndex { go(to: index) }
        layoutIfNeeded()
        guard let card = cards[topSequence], let frame = convert(card.frame, to: nil) else { return nil }
        let angle = DecomposedTransform(card.transform).map { 2 * atan2($0.quaternion.z, $0.quaternion.w) } ?? 0
        return PhotoPlacement(frame: frame, rotation: angle, cornerRadius: DeckLayout.cornerRadius)
    }

    public func setPhotoHiddenForTransition(_ index: Int?) {
        hiddenIndex = index
        setNeedsLayout()
    }

    public func followPager(to index: Int) { go(to: index) }

    public func setCovered(_ covered: Bool) { pictures.setCovered(covered) }

    public func perform(_ action: ViewAction, key: KeyEvent?) -> Bool {
        guard photoCount > 0 else { return false }
        switch action {
        case let .throwCard(toTheRight): throwTop(toTheRight: toTheRight)
        case .turnOver: flipTop()
        case .open: onOpenPhoto?(topIndex)
        case .first: go(to: 0)
        case .last: go(to: photoCount - 1)
        default: return false
        }
        return true
    }

    public func handleWheel(_ wheel: WheelEvent) {}
}

/// Dragging and throwing: the front card's drag is the swipe's content, a throw distance a
/// snap unit; its offset is the card's drag turned round (content follows the pointer here).
extension DeckView {
    public var swipeUnit: Double { layout.throwDistance }
    /// Two throw distances either way before the drag resists (a throw lands one step away).
    public var swipeSteps: ClosedRange<Int> { -2...2 }
    public var swipeRestingStep: Int { 0 }
    public var swipeOffsetShown: Double { -dragOffset }
    public var swipeRubberBandLength: Double { bounds.width }

    public func showSwipe(offset: Double) {
        guard let drag else { return }
        dragOffset = -offset
        drag.card.center = Point(x: drag.caughtAt.x + dragOffset, y: drag.caughtAt.y)
        drag.card.transform = layout.pose(depth: 0, drag: dragOffset, cards: DeckLayout.cardCount(photoCount: photoCount)).transform
        setNeedsLayout()
    }

    public func swipeDidEnd(_ landing: SwipeLanding) {
        guard let drag else { return }
        self.drag = nil
        if landing.step != 0 {
            throwTop(drag.card, hold: drag.hold, toTheRight: landing.step < 0, velocity: -landing.velocityPointsPerSecond, spring: landing.spring)
        } else {
            dragOffset = 0
            nextMove = (Self.springBack, false)
            drag.hold.release()
            setNeedsLayout()
        }
    }
}
