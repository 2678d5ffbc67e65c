// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PhotoSources
import Gestures
import Motion
import ViewTree

/// "Show all": the pile dealt out over a black mask into the grid's own layout (its columns,
/// cell size and spacing for the window's width), one photo after another; a click gathers
/// them back onto the pile. A big album scrolls inside the spread, and only the cells on
/// screen are views.
final class PileSpread: View, ScrollContainerDataSource {
    static let maskColor = Color.black
    static let maskFadeIn = Timing.linear(0.1)
    /// Each photo's flight from the pile to its cell.
    static let flightTiming = Timing.easeOut(0.2)
    /// One photo leaves the pile every 0.1 s; with many on screen the step shrinks so the
    /// last leaves by 0.8 s and the whole spread takes about a second at most.
    static let stagger = Stagger(delayPerItem: 0.1, maximumTotalDelay: 0.8)
    /// Back to the pile, the mask fading with them.
    static let gatherTiming = Timing.easeOut(0.25)

    private unowned let stack: PhotoStackView
    private let mask = View()
    /// The cells' layer; its `bounds.origin.y` is the scroll offset.
    private let cellLayer = ScrollContainer<PileFrame>()
    private lazy var scroller = Scroller(view: cellLayer, animator: stack.context.animator) { [unowned self] in
        layout.contentHeight(of: stack.photoCount)
    }
    private var cells: [Int: PileFrame] { cellLayer.cells }
    private var pictures = PictureWants()
    private(set) var layout = GridLayout(width: 0)
    /// True from the click that gathers until the photos are back on the pile.
    private(set) var isGathering = false

    init(stack: PhotoStackView) {
        self.stack = stack
        super.init(frame: stack.bounds)
        name = "spread"
        mask.name = "spread mask"
        mask.backgroundColor = Self.maskColor
        cellLayer.name = "spread cells"
        cellLayer.clipsToBounds = true
        mask.isUserInteractionEnabled = false
        cellLayer.isUserInteractionEnabled = false
        addSubview(mask)
        addSubview(cellLayer)
        cellLayer.dataSource = self
    }

    /// The photos whose cells are on screen, in album order.
    var visibleIndices: [Int] { cellLayer.visibleIndices }

    /// Where photo `index`'s cell lies in the spread's coordinates (scrolled).
    func cellFrame(of index: Int) -> Rect {
        layout.frame(of: index).offsetBy(dx: 0, dy: -cellLayer.bounds.minY)
    }

    var scrollOffset: Double { cellLayer.bounds.minY }

    /// The photo whose picture is under `point` (the spread's coordinates), if any.
    func photoIndex(at point: Point) -> Int? {
        guard let inContent = cellLayer.convert(point, from: self) else { return nil }
        return cells.first { index, cell in
            guard let local = cell.convert(inContent, from: cellLayer) else { return false }
            return cell.bounds.contains(local)
        }?.key
    }

    /// Deals the photos out of the pile: the mask fades in and the photos on screen fly to
    /// their cells one after another, the top photo's row in view.
    func spreadOut() {
        fitToBounds()
        let top = layout.frame(of: stack.topIndex)
        scroller.scrollToShow(from: top.minY - layout.spacing, to: top.maxY + layout.spacing, animated: false)
        mask.opacity = 0
        stack.context.animator.animate(mask, \.animatedOpacity, to: 1, timing: Self.maskFadeIn)
        cellLayer.layoutItems()
        let dealt = cellLayer.visibleIndices
        // Deepest first, so the top photo starts in front, as on the pile.
        for index in dealt.sorted(by: { stack.depth(of: $0) > stack.depth(of: $1) }) {
            guard let cell = cells[index] else { continue }
            cellLayer.bringSubviewToFront(cell)
            let pose = pilePose(of: index)
            cell.center = pose.center
            cell.transform = pose.transform
            cell.opacity = stack.isRealFrame(depth: stack.depth(of: index)) ? 1 : 0
        }
        // Then each flies to its cell; layout passes meanwhile find them already aimed there.
        for (order, index) in dealt.enumerated() {
            guard let cell = cells[index] else { continue }
            let delay = Self.stagger.delay(forItem: order, of: dealt.count)
            let target = cellPose(of: index, size: cell.bounds.size)
            let animator = stack.context.animator
            animator.animate(cell, \.animatedCenter, to: target.center, timing: Self.flightTiming, delay: delay)
            animator.animate(cell, \.animatedTransform, to: target.transform, timing: Self.flightTiming, delay: delay)
            if cell.opacity < 1 { animator.animate(cell, \.animatedOpacity, to: 1, timing: Self.flightTiming, delay: delay) }
        }
    }

    /// Sends the photos on screen back onto the pile (already ordered with the new top) and
    /// fades the mask; `completion` runs when they have landed.
    func gather(completion: @escaping () -> Void) {
        guard !isGathering else { return }
        isGathering = true
        scroller.stop()
        let animator = stack.context.animator
        animator.group(completion: { _ in completion() }) {
            animator.animate(mask, \.animatedOpacity, to: 0, timing: Self.gatherTiming)
            for index in cells.keys.sorted(by: { stack.depth(of: $0) > stack.depth(of: $1) }) {
                guard let cell = cells[index] else { continue }
                cellLayer.bringSubviewToFront(cell)
                let pose = pilePose(of: index)
                animator.animate(cell, \.animatedCenter, to: pose.center, timing: Self.gatherTiming)
                animator.animate(cell, \.animatedTransform, to: pose.transform, timing: Self.gatherTiming)
                // Photos deeper than the pile's real frames vanish into it, as they came.
                let depth = stack.depth(of: index)
                animator.animate(cell, \.animatedOpacity, to: stack.isRealFrame(depth: depth) ? 1 : 0, timing: Self.gatherTiming)
            }
        }
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        guard !isGathering else { return }
        scroller.handlePan(pan)
    }

    func scroll(by delta: Double) {
        guard !isGathering else { return }
        scroller.scroll(by: delta)
    }

    // MARK: Layout

    override func layoutSubviews() {
        fitToBounds()
        cellLayer.setNeedsLayout()
    }

    private func fitToBounds() {
        let whole = Rect(origin: .zero, size: bounds.size)
        mask.frame = whole
        cellLayer.frame = whole
        layout = GridLayout(width: bounds.width)
    }

    // MARK: Cells (ScrollContainerDataSource)

    /// The photos scrolled into view; while gathering, those already out, so every photo on
    /// screen lands.
    func items(shownIn shown: Rect) -> [Int] {
        guard !isGathering else { return cellLayer.visibleIndices }
        scroller.clampIfIdle()
        let visible = layout.indices(from: shown.minY, to: shown.maxY, count: stack.photoCount)
        pictures.want(visible.map { PictureRequest(index: $0, size: cellPictureSize, priority: .visible) }, from: stack.source)
        return Array(visible)
    }

    /// Each photo whole within its cell, in device pixels.
    private var cellPictureSize: PictureSize { .fitting(Int((layout.cellSide * stack.context.pixelScale).rounded(.up))) }

    func releasePictures() { pictures.release() }

    func setCovered(_ covered: Bool) { pictures.setCovered(covered) }

    override func didMoveToSuperview() {
        if superview == nil { pictures.release() }
    }

    func makeCell() -> PileFrame { PileFrame(role: "spread") }

    /// In its cell (which moves when the view resizes); a photo still flying there is only
    /// re-aimed, and one gathering back keeps its course.
    func update(_ cell: PileFrame, item index: Int) {
        // A photo that cannot be shown says why at the grid's size, however far its frame is shrunk.
        let headlineSize = PhotoTile.failedLabelPointSize / cellScale(of: stack.frameSize(for: cell.aspect))
        cell.show(stack.source?.picture(at: index, size: cellPictureSize) ?? .loading, index: index, style: stack.frameStyle,
                  labels: stack.context.labels, headlinePointSize: headlineSize, marks: stack.source?.marks(at: index) ?? .none,
                  pair: stack.source?.badgeNote(at: index))
        guard !isGathering else { return }
        cell.apply(cellPose(of: index, size: stack.frameSize(for: cell.aspect)), using: stack.context.animator)
    }

    /// Where photo `index` lies on the pile, in the cell layer's (scrolled) coordinates.
    private func pilePose(of index: Int) -> (center: Point, transform: Transform3D) {
        let center = cellLayer.convert(stack.pileCenter, from: stack, .model) ?? stack.pileCenter
        return (center, stack.pileTransform(of: index))
    }

    /// The framed photo shrunk to fit its cell, straight.
    private func cellPose(of index: Int, size: Size) -> Pose {
        let frame = layout.frame(of: index)
        let scale = cellScale(of: size)
        return Pose(center: Point(x: frame.midX, y: frame.midY), size: size, transform: .scale(x: scale, y: scale))
    }

    /// How far a framed photo of `size` is shrunk to fit its cell.
    private func cellScale(of size: Size) -> Double { layout.cellSide / max(size.width, size.height, 1) }
}
