import Geometry
import Gestures
import Motion
import ViewTree

/// A vertically scrolling grid of square thumbnails. Only visible cells exist; they are
/// reused as the grid scrolls. Drag scrolls with momentum and a rubber band at the ends;
/// the wheel scrolls smoothly. The scroll offset is `bounds.origin.y`, as in UIKit.
public final class GridView: View {
    /// Extra rows of cells requested beyond the visible ones, so a scroll finds them ready.
    public static let nearbyRows = 3
    /// How a released drag glides. Closer to 1 = farther.
    public static let momentum = Decay.scrolling
    /// How the grid returns inside its range after a pull past an end or a fling that
    /// would leave it. Critically damped: no wobble.
    public static let edgeSpring = Spring(dampingRatio: 1, response: 0.45)
    /// How a wheel notch's scroll eases in.
    public static let wheelTiming = Timing.easeOut(0.18)

    public let context: ComponentContext
    public weak var source: PhotoSource? { didSet { reloadData() } }
    public private(set) var layout = GridLayout(width: 0)

    private var cells: [Int: GridCell] = [:]
    private var spareCells: [GridCell] = []
    private var scrollAnimation: AnimationID?
    private var dragStartOffset = 0.0
    private var isDragging = false
    private lazy var pan = PanGestureRecognizer { [unowned self] in handlePan($0) }

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "grid"
        clipsToBounds = true
        context.arena.add(pan, to: self)
    }

    /// Photo count changed or pictures arrived: refresh what is on screen.
    public func reloadData() {
        setNeedsLayout()
    }

    public var photoCount: Int { source?.photoCount ?? 0 }

    /// The scroll offset's allowed range.
    public var offsetRange: ClosedRange<Double> {
        0...max(0, layout.contentHeight(of: photoCount) - bounds.height)
    }

    /// The cell of photo `index` if it is on screen, for transitions and tests.
    public func visibleCell(at index: Int) -> View? { cells[index] }

    public var visibleIndices: [Int] { cells.keys.sorted() }

    /// Scrolls so the photo `index` is fully on screen (the least movement that does it).
    public func scrollToPhoto(_ index: Int, animated: Bool) {
        let frame = layout.frame(of: index)
        var offset = bounds.minY
        if frame.minY - layout.spacing < offset { offset = frame.minY - layout.spacing }
        if frame.maxY + layout.spacing > offset + bounds.height { offset = frame.maxY + layout.spacing - bounds.height }
        setOffset(min(max(offset, offsetRange.lowerBound), offsetRange.upperBound), animated: animated)
    }

    /// Scrolls by `delta` points (the wheel): toward the model target, so notches add up.
    public func scroll(by delta: Double) {
        let target = min(max(bounds.minY + delta, offsetRange.lowerBound), offsetRange.upperBound)
        setOffset(target, animated: true)
    }

    public func setOffset(_ offset: Double, animated: Bool) {
        let target = Rect(origin: Point(x: 0, y: offset), size: bounds.size)
        if animated {
            scrollAnimation = context.animator.animate(self, \.animatedBounds, to: target, timing: Self.wheelTiming)
        } else {
            bounds = target
        }
        setNeedsLayout()
    }

    // MARK: Layout

    public override func layoutSubviews() {
        layout = GridLayout(width: bounds.width)
        let count = photoCount
        if !isDragging && !animatedBounds.isAnimating && bounds.minY > offsetRange.upperBound {
            bounds = Rect(origin: Point(x: 0, y: offsetRange.upperBound), size: bounds.size)
        }
        // What is on screen now is the presentation's business, not the model's.
        let shownBounds = animatedBounds.presentation
        let visible = layout.indices(from: shownBounds.minY, to: shownBounds.maxY, count: count)
        let extra = Double(Self.nearbyRows) * layout.rowPitch
        let nearby = layout.indices(from: shownBounds.minY - extra, to: shownBounds.maxY + extra, count: count)
        source?.prioritize(visible: visible, nearby: nearby, pixelSize: Int((layout.cellSide * context.pixelScale).rounded(.up)))

        for (index, cell) in cells where !visible.contains(index) {
            cell.removeFromSuperview()
            cells[index] = nil
            spareCells.append(cell)
        }
        for index in visible {
            let cell = cells[index] ?? dequeueCell()
            cells[index] = cell
            cell.frame = layout.frame(of: index)
            cell.show(source?.thumbnail(at: index) ?? .loading, index: index, labels: context.labels)
        }
    }

    private func dequeueCell() -> GridCell {
        let cell = spareCells.popLast() ?? GridCell()
        addSubview(cell)
        return cell
    }

    // MARK: Dragging

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            if let scrollAnimation { context.animator.cancel(scrollAnimation) }
            scrollAnimation = nil
            isDragging = true
            dragStartOffset = animatedBounds.presentation.minY
            fallthrough
        case .changed:
            let proposed = dragStartOffset - pan.translationInWindow.y
            let offset = RubberBand.clamp(proposed, to: offsetRange, dimension: bounds.height)
            bounds = Rect(origin: Point(x: 0, y: offset), size: bounds.size)
        case .ended, .cancelled:
            isDragging = false
            release(velocity: pan.state == .ended ? -pan.velocityInWindow.y : 0)
        default:
            break
        }
    }

    /// After a drag: glide with momentum, or spring back inside the range when the glide
    /// would end outside it (or the grid is already past an end).
    private func release(velocity: Double) {
        let offset = bounds.minY
        let range = offsetRange
        let resting = Self.momentum.restingValue(from: offset, velocity: velocity)
        let velocityVector = SIMD4(0, velocity, 0, 0)
        if range.contains(offset) && range.contains(resting) {
            scrollAnimation = context.animator.fling(self, \.animatedBounds, velocity: velocityVector, decay: Self.momentum)
        } else {
            let edge = resting < range.lowerBound ? range.lowerBound : range.upperBound
            scrollAnimation = context.animator.animate(self, \.animatedBounds, to: Rect(origin: Point(x: 0, y: edge), size: bounds.size),
                                                       timing: .spring(Self.edgeSpring), initialVelocity: velocityVector)
        }
        setNeedsLayout()
    }
}
