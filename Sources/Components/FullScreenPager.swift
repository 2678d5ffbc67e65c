import Foundation
import Geometry
import Gestures
import Motion
import ViewTree

/// The full-screen pager: one photo per page on black, paged by drag, flick, keys and
/// wheel; zoomed by Ctrl+wheel, `+`/`-`/`0` and double-click; closed by a click, Esc or a
/// drag down. It opens by flying the photo from where a collection view showed it and
/// closes by flying it back (the photo view itself flies, so an interrupted transition
/// simply retargets it: nothing jumps, no copy is left behind).
///
/// Pages are `pageWidth = width + gap` apart on a strip whose `bounds.origin.x` is the
/// scroll offset. Paging always settles on a multiple of `pageWidth`, so the gap shows only
/// while pages move.
public final class FullScreenPager: View {
    /// Between pages; never on screen at rest.
    public static let gap = 20.0
    /// The open and close flights: quick for a desktop (the seed's 1 s felt slow), and
    /// critically damped so the photo lands without a wobble.
    public static let transitionSpring = Spring(dampingRatio: 1, response: 0.3)
    public static let backdropFade = Timing.easeOut(0.25)
    /// Paging: the release velocity is projected with this decay to choose the page...
    public static let pagingProjection = Decay(ratePerMillisecond: 0.995)
    /// ...and a flick at least this fast turns the page its way however short it was.
    public static let flickSpeed = 300.0
    public static let pagingSpring = Spring(dampingRatio: 1, response: 0.32)
    /// A drag down past this distance (or a flick down faster than `dismissSpeed`) closes.
    public static let dismissDistance = 100.0
    public static let dismissSpeed = 500.0
    /// How small the photo gets as it is dragged down a whole window height.
    public static let dismissMinimumScale = 0.4
    /// The caption fades this long after the pointer last moved.
    public static let hudDelay: Seconds = 2
    public static let hudFade = Timing.easeOut(0.3)
    /// Zoom: a key press or wheel notch multiplies by `zoomStep`; double-click zooms to
    /// `doubleClickZoom`; never beyond `maximumZoom` times fit.
    public static let zoomStep = 1.25
    public static let doubleClickZoom = 2.5
    public static let maximumZoom = 8.0
    public static let zoomTiming = Timing.easeOut(0.2)
    /// A zoomed photo let go mid-pan glides on and slows to rest.
    public static let panGlideTiming = Timing.easeOut(0.5)
    /// Wheel paging: this much scroll turns a page, then the wheel rests a moment so one
    /// touchpad swipe turns one page.
    public static let wheelPageDistance = 50.0
    public static let wheelPageCooldown: Seconds = 0.3
    /// Largest picture ever asked for when zoomed in (a common maximum texture side).
    public static let maximumDecodeSide = 8192

    public enum Phase: Equatable, Sendable {
        case closed, opening, open, closing
    }

    public let context: ComponentContext
    public weak var source: PhotoSource?
    public private(set) var phase = Phase.closed
    /// The photo shown, or being paged to.
    public private(set) var currentIndex = 0
    /// A page turn reached photo `index` (the collection view follows it).
    public var onPageChange: ((Int) -> Void)?
    /// The user asked to close (click, Esc, drag down); the owner calls `close(to:)`.
    public var onRequestClose: (() -> Void)?
    /// The close flight landed; the owner removes the pager.
    public var onClosed: (() -> Void)?
    /// The window changed size while closing: the owner aims again with `close(to:)`.
    public var onCloseTargetMoved: (() -> Void)?

    private let backdrop = View()
    private let strip = PagerStrip()
    private let hud = PagerHUD()
    private var pages: [Int: PagerPage] = [:]
    private var sparePages: [PagerPage] = []
    private var stripAnimation: AnimationID?
    private var layoutSize = Size.zero
    private lazy var hudHiding = context.scheduler.task { [unowned self] in hideHUD() }
    private var wheelDistance = 0.0
    private var wheelRestUntil: Seconds = -.infinity
    private var requested: [ImageRequest] = []

    private enum DragMode { case paging, dismissing(start: Rect), panningPhoto(start: Rect) }
    private var swipe = SwipeTracker(policy: FullScreenPager.pagingPolicy, unit: 1, steps: 0...0, spring: FullScreenPager.pagingSpring)
    private var dragMode: DragMode?

    private lazy var pan = PanGestureRecognizer { [unowned self] in handlePan($0) }
    private lazy var click = TapGestureRecognizer { [unowned self] in handleClick($0) }
    private lazy var doubleClick = TapGestureRecognizer(numberOfTaps: 2) { [unowned self] in handleDoubleClick($0) }

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "pager"
        backdrop.name = "backdrop"
        backdrop.backgroundColor = .black
        backdrop.isUserInteractionEnabled = false
        strip.name = "strip"
        strip.pager = self
        addSubview(backdrop)
        addSubview(strip)
        addSubview(hud)
        // A single click closes, but only once it is clear no second click follows.
        click.require(toFail: doubleClick)
        context.arena.add(pan, to: self)
        context.arena.add(doubleClick, to: self)
        context.arena.add(click, to: self)
    }

    public var pageWidth: Double { bounds.width + Self.gap }

    public var photoCount: Int { source?.photoCount ?? 0 }

    /// The scroll offset on screen now.
    public var presentedOffset: Double { strip.animatedBounds.presentation.minX }

    /// The current page's zoom relative to fit (1 = fitted).
    public var zoomScale: Double { currentPage?.zoomScale ?? 1 }

    /// The caption's text, as shown.
    public var caption: (name: String, counter: String)? { hud.text }

    public var isCaptionVisible: Bool { !hud.isHidden && hud.animatedOpacity.presentation > 0.01 }

    private var currentPage: PagerPage? { pages[currentIndex] }

    // MARK: Opening and closing

    /// Shows photo `index`, flying it from `placement` (window coordinates) to fit the
    /// window while the backdrop fades to black; without a placement it fades in.
    public func open(at index: Int, from placement: PhotoPlacement?) {
        guard photoCount > 0 else { return }
        let index = min(max(index, 0), photoCount - 1)
        if phase == .closing && index == currentIndex, let page = currentPage {
            // Opened again mid-flight: turn round from where the photo is.
            phase = .opening
            isUserInteractionEnabled = true
            flyPhoto(of: page, toFitFrom: nil)
            return
        }
        phase = .opening
        isUserInteractionEnabled = true
        opacity = 1
        setStripOffset(Double(index) * pageWidth)
        setCurrentIndex(index, notify: false)
        layoutIfNeeded()
        guard let page = currentPage else { return }
        backdrop.opacity = 0
        hud.opacity = 0
        if let placement {
            flyPhoto(of: page, toFitFrom: placement)
        } else {
            page.photo.opacity = 0
            context.animator.animate(page.photo, \.animatedOpacity, to: 1, timing: Self.backdropFade)
            flyPhoto(of: page, toFitFrom: nil)
        }
        showHUD()
    }

    private func flyPhoto(of page: PagerPage, toFitFrom placement: PhotoPlacement?) {
        page.isPhotoHeld = true
        if let placement, let start = page.convert(placement.frame, from: nil, .model) {
            page.photo.frame = start
            page.photo.transform = .rotation(radians: placement.rotation, x: 0, y: 0, z: 1)
        }
        context.animator.group(completion: { [weak self, weak page] outcome in
            guard outcome == .finished, let self, let page else { return }
            page.isPhotoHeld = false
            if self.phase == .opening { self.phase = .open }
        }) {
            context.animator.animateFrame(page.photo, to: page.fittedFrame, timing: .spring(Self.transitionSpring))
            context.animator.animate(page.photo, \.animatedTransform, to: .identity, timing: .spring(Self.transitionSpring))
        }
        context.animator.animate(backdrop, \.animatedOpacity, to: 1, timing: Self.backdropFade)
    }

    /// Flies the current photo to `placement` (window coordinates) as the backdrop fades,
    /// then reports `onClosed`. Called again while closing, it re-aims from where the photo
    /// is. Without a placement the pager fades out.
    public func close(to placement: PhotoPlacement?) {
        guard phase != .closed, let page = currentPage else { return }
        phase = .closing
        // Clicks fall through to the view underneath, which may open another photo.
        isUserInteractionEnabled = false
        dragMode = nil
        settleStripKeepingPhotoInPlace(page)
        page.isPhotoHeld = true
        hideHUD()
        let finish: (AnimationOutcome) -> Void = { [weak self] outcome in
            guard outcome == .finished, let self, self.phase == .closing else { return }
            self.finishClosing()
        }
        context.animator.animate(backdrop, \.animatedOpacity, to: 0, timing: Self.backdropFade)
        guard let placement, let target = page.convert(placement.frame, from: nil, .model) else {
            context.animator.animate(page.photo, \.animatedOpacity, to: 0, timing: Self.backdropFade, completion: finish)
            return
        }
        context.animator.group(completion: finish) {
            context.animator.animateFrame(page.photo, to: target, timing: .spring(Self.transitionSpring))
            context.animator.animate(page.photo, \.animatedTransform, to: .rotation(radians: placement.rotation, x: 0, y: 0, z: 1),
                                     timing: .spring(Self.transitionSpring))
        }
    }

    /// Ends a close at once (another photo is being opened while this one flies home).
    public func finishClosing() {
        guard phase == .closing else { return }
        phase = .closed
        for page in pages.values {
            page.isPhotoHeld = false
            page.photo.transform = .identity
            page.photo.opacity = 1
            page.refit(resetZoom: true)
        }
        backdrop.opacity = 0
        requestImages([])
        onClosed?()
    }

    /// The strip may still be gliding between pages: stop it on the current page and move
    /// the photo so that it stays exactly where it is on screen.
    private func settleStripKeepingPhotoInPlace(_ page: PagerPage) {
        let target = Double(currentIndex) * pageWidth
        guard abs(presentedOffset - target) > 0.01 || strip.animatedBounds.isAnimating else { return }
        let shownInPage = page.photo.presentation.frame
        let shift = Double(currentIndex) * pageWidth - presentedOffset
        setStripOffset(target)
        page.photo.frame = shownInPage.offsetBy(dx: shift, dy: 0)
    }

    // MARK: Paging

    /// Pages to photo `index`. Far jumps (Home, End) start one page away so the motion
    /// is one page long, not a blur of hundreds.
    public func goTo(_ index: Int, animated: Bool = true) {
        guard photoCount > 0, phase == .open || phase == .opening else { return }
        // Paging on during the opening flight: the pager is open from here (the flight may
        // end cancelled when its page is recycled, and must not leave it half-open).
        phase = .open
        let index = min(max(index, 0), photoCount - 1)
        let target = Double(index) * pageWidth
        currentPage?.refit(resetZoom: true)
        if !animated {
            setStripOffset(target)
        } else {
            let shownPage = presentedOffset / pageWidth
            if abs(Double(index) - shownPage) > 1.5 {
                let before = Double(index) + (Double(index) > shownPage ? -1 : 1)
                setStripOffset(before * pageWidth)
            }
            animateStrip(to: target, velocity: nil)
        }
        setCurrentIndex(index, notify: true)
    }

    public func next() { goTo(currentIndex + 1) }
    public func previous() { goTo(currentIndex - 1) }

    private func animateStrip(to offset: Double, velocity: Double?) {
        let target = Rect(origin: Point(x: offset, y: 0), size: strip.bounds.size)
        let initial = velocity.map { SIMD4($0, 0, 0, 0) }
        stripAnimation = context.animator.animate(strip, \.animatedBounds, to: target, timing: .spring(Self.pagingSpring),
                                                  initialVelocity: initial)
        strip.setNeedsLayout()
    }

    private func setStripOffset(_ offset: Double) {
        strip.bounds = Rect(origin: Point(x: offset, y: 0), size: strip.bounds.size)
        stripAnimation = nil
        strip.setNeedsLayout()
    }

    private func setCurrentIndex(_ index: Int, notify: Bool) {
        let changed = index != currentIndex
        currentIndex = index
        strip.setNeedsLayout()
        updateHUDText()
        requestImages()
        if changed && notify { onPageChange?(index) }
    }

    /// How a paging drag lands: the release velocity projected onto the pages, a flick
    /// turning at least one page its way, at most one page per drag.
    public static let pagingPolicy = SwipeTracker.SnapPolicy.projected(decay: pagingProjection, flickSpeed: flickSpeed)

    /// The page a release at scroll offset `offset` lands on, the offset moving at
    /// `velocity` points per second; the drag began on `startPage`, catching the strip at
    /// `startOffset`.
    public static func targetPage(releasedAt offset: Double, velocity: Double, startPage: Int, caughtAt startOffset: Double,
                                  pageWidth: Double, count: Int) -> Int {
        var tracker = SwipeTracker(policy: pagingPolicy, unit: pageWidth, steps: 0...max(count - 1, 0), spring: pagingSpring)
        tracker.begin(at: startOffset / pageWidth, step: startPage)
        return tracker.release(at: offset / pageWidth, pointerVelocity: -velocity).step
    }

    // MARK: Layout

    public override func layoutSubviews() {
        backdrop.frame = bounds
        let stripFrame = Rect(x: 0, y: 0, width: pageWidth, height: bounds.height)
        if strip.bounds.size != stripFrame.size || strip.center != stripFrame.center {
            strip.center = stripFrame.center
            strip.bounds = Rect(origin: strip.bounds.origin, size: stripFrame.size)
        }
        if layoutSize != bounds.size {
            layoutSize = bounds.size
            // A resize re-aims everything at the new size from where it is now.
            setStripOffset(Double(currentIndex) * pageWidth)
            layoutPages()
            for page in pages.values { page.refit(resetZoom: false) }
            if let page = currentPage {
                switch phase {
                case .opening: flyPhoto(of: page, toFitFrom: nil)
                case .closing: onCloseTargetMoved?()
                case .open, .closed: if page.isZoomed { page.photo.frame = PhotoZoom.clamped(page.photo.frame, in: page.bounds.size) }
                }
            }
            requestImages()
        }
    }

    /// Makes the pages the strip shows (and the current one) exist, reusing the others.
    fileprivate func layoutPages() {
        let count = photoCount
        guard count > 0, pageWidth > Self.gap else {
            for page in pages.values { recycle(page) }
            pages = [:]
            return
        }
        let offset = presentedOffset
        let first = max(0, Int((offset / pageWidth).rounded(.down)))
        let last = min(count - 1, Int(((offset + bounds.width) / pageWidth).rounded(.down)))
        var wanted = Set(first <= last ? Array(first...last) : [])
        if currentIndex < count { wanted.insert(currentIndex) }
        for (index, page) in pages where !wanted.contains(index) {
            recycle(page)
            pages[index] = nil
        }
        for index in wanted.sorted() {
            let page = pages[index] ?? dequeuePage()
            pages[index] = page
            let frame = Rect(x: Double(index) * pageWidth, y: 0, width: bounds.width, height: bounds.height)
            if page.frame != frame {
                page.frame = frame
                page.refit(resetZoom: false)
            }
            page.show(source?.image(at: index) ?? .loading, index: index, context: context)
        }
        // The current page above its neighbours, so a photo flying home passes over them.
        if let page = currentPage { strip.bringSubviewToFront(page) }
    }

    private func dequeuePage() -> PagerPage {
        let page = sparePages.popLast() ?? PagerPage()
        strip.addSubview(page)
        return page
    }

    private func recycle(_ page: PagerPage) {
        page.isPhotoHeld = false
        page.photo.transform = .identity
        page.photo.opacity = 1
        page.removeFromSuperview()
        sparePages.append(page)
    }

    /// Pictures arrived or the album changed.
    public func reloadData() {
        if currentIndex >= photoCount && photoCount > 0 { setCurrentIndex(photoCount - 1, notify: true) }
        if photoCount > 0 { updateHUDText() }
        strip.setNeedsLayout()
    }

    // MARK: Pictures

    /// The current photo at the window's size (sharper when zoomed in), then its
    /// neighbours, so paging never shows a blank page.
    private func requestImages() {
        guard phase != .closed, photoCount > 0, bounds.width > 0 else { return }
        let screenSide = max(bounds.width, bounds.height) * context.pixelScale
        let zoom = currentPage?.zoomScale ?? 1
        // Sharper in steps of two, so a zoom gesture does not decode at every notch.
        let zoomSteps = zoom > 1.05 ? pow(2, (log2(zoom)).rounded(.up)) : 1
        let currentSide = min(Int((screenSide * zoomSteps).rounded(.up)), Self.maximumDecodeSide)
        let screen = Int(screenSide.rounded(.up))
        var requests = [ImageRequest(index: currentIndex, pixelSize: currentSide)]
        for distance in [1, -1, 2, -2] {
            let index = currentIndex + distance
            if index >= 0 && index < photoCount { requests.append(ImageRequest(index: index, pixelSize: screen)) }
        }
        requestImages(requests)
    }

    private func requestImages(_ requests: [ImageRequest]) {
        guard requests != requested else { return }
        requested = requests
        source?.requestImages(requests)
    }

    // MARK: Caption

    private func updateHUDText() {
        guard let source, currentIndex < source.photoCount else { return }
        hud.show(name: source.fileName(at: currentIndex), position: currentIndex, count: source.photoCount, labels: context.labels)
    }

    /// The pointer moved: show the caption for a while.
    public func pointerMoved() {
        guard phase == .open || phase == .opening else { return }
        showHUD()
    }

    private func showHUD() {
        if hud.animatedOpacity.model < 1 { context.animator.animate(hud, \.animatedOpacity, to: 1, timing: Self.hudFade) }
        hudHiding.reschedule(after: Self.hudDelay)
    }

    private func hideHUD() {
        hudHiding.cancel()
        context.animator.animate(hud, \.animatedOpacity, to: 0, timing: Self.hudFade)
    }

    // MARK: Keys and wheel

    /// Left/Right, Space/Backspace, PageUp/PageDown, Home/End page; `+`, `-`, `0` zoom;
    /// Esc asks to close. Returns false for keys the pager does not use.
    public func handleKey(_ key: KeyEvent) -> Bool {
        guard phase == .open || phase == .opening else { return false }
        switch key.key {
        case .left, .backspace, .pageUp, .up: previous()
        case .right, .space, .pageDown, .down: next()
        case .home: goTo(0)
        case .end: goTo(photoCount - 1)
        case .escape: onRequestClose?()
        case .character("+"), .character("="): zoom(by: Self.zoomStep, about: nil, animated: true)
        case .character("-"): zoom(by: 1 / Self.zoomStep, about: nil, animated: true)
        case .character("0"): zoomToFit()
        default: return false
        }
        return true
    }

    /// The wheel pages (one page per notch or swipe); with Ctrl it zooms about the pointer.
    public func handleWheel(_ wheel: WheelEvent) {
        guard phase == .open else { return }
        if wheel.modifiers.contains(.control) {
            let notches = -wheel.deltaInPoints.y / Self.wheelPageDistance
            zoom(by: pow(Self.zoomStep, notches), about: wheel.locationInWindow, animated: false)
            return
        }
        guard wheel.time >= wheelRestUntil else { return }
        let delta = abs(wheel.deltaInPoints.x) > abs(wheel.deltaInPoints.y) ? wheel.deltaInPoints.x : wheel.deltaInPoints.y
        wheelDistance += delta
        guard abs(wheelDistance) >= Self.wheelPageDistance else { return }
        wheelDistance > 0 ? next() : previous()
        wheelDistance = 0
        wheelRestUntil = wheel.time + Self.wheelPageCooldown
    }

    // MARK: Zoom

    /// Zooms the current photo by `factor` about a window point (the centre when nil).
    public func zoom(by factor: Double, about anchorInWindow: Point?, animated: Bool) {
        guard phase == .open, let page = currentPage else { return }
        let anchor = anchorInWindow.flatMap { page.convert($0, from: nil) } ?? Point(x: page.bounds.midX, y: page.bounds.midY)
        let target = PhotoZoom.zoomed(animated ? page.photo.frame : page.photo.presentation.frame, by: factor, about: anchor,
                                      fitted: page.fittedFrame, maximumScale: Self.maximumZoom, page: page.bounds.size)
        setPhotoFrame(of: page, to: target, animated: animated)
    }

    /// Back to the whole photo fitted in the window.
    public func zoomToFit() {
        guard phase == .open, let page = currentPage else { return }
        setPhotoFrame(of: page, to: page.fittedFrame, animated: true)
    }

    private func setPhotoFrame(of page: PagerPage, to target: Rect, animated: Bool) {
        if animated {
            context.animator.animateFrame(page.photo, to: target, timing: Self.zoomTiming)
        } else {
            page.photo.frame = target
        }
        requestImages()
    }

    // MARK: Pointer

    private func handleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, phase == .open else { return }
        onRequestClose?()
    }

    private func handleDoubleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, phase == .open, let page = currentPage else { return }
        if page.isZoomed {
            zoomToFit()
        } else {
            zoom(by: Self.doubleClickZoom, about: tap.location(in: nil), animated: true)
        }
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            if phase == .opening { phase = .open }
            guard phase == .open, let page = currentPage else { return }
            dragMode = chooseDragMode(for: pan.translationInWindow, page: page)
            if case .dismissing = dragMode { page.isPhotoHeld = true; hideHUD() }
            fallthrough
        case .changed:
            guard phase == .open else { return }
            drag(to: pan.translationInWindow)
        case .ended, .cancelled:
            guard phase == .open, dragMode != nil else { dragMode = nil; return }
            release(velocity: pan.state == .ended ? pan.velocityInWindow : .zero, translation: pan.translationInWindow)
            dragMode = nil
        default:
            break
        }
    }

    /// Mostly sideways drags page; mostly vertical ones close, unless the photo is zoomed,
    /// in which case a drag pans it, and pages only when the photo is already at its edge
    /// in the direction of the drag.
    private func chooseDragMode(for translation: Point, page: PagerPage) -> DragMode {
        let horizontal = abs(translation.x) >= abs(translation.y)
        if page.isZoomed {
            let frame = page.photo.presentation.frame
            let atEdge = translation.x < 0 ? frame.maxX <= page.bounds.width + 0.5 : frame.minX >= -0.5
            if horizontal && atEdge { return startPaging() }
            cancelAnimations(of: page.photo)
            return .panningPhoto(start: page.photo.presentation.frame)
        }
        if horizontal { return startPaging() }
        cancelAnimations(of: page.photo)
        return .dismissing(start: page.photo.presentation.frame)
    }

    private func startPaging() -> DragMode {
        // Catch the strip where it is: a drag during paging continues from there.
        if let stripAnimation { context.animator.cancel(stripAnimation) }
        stripAnimation = nil
        swipe.unit = pageWidth
        swipe.steps = 0...max(photoCount - 1, 0)
        swipe.begin(at: presentedOffset / pageWidth, step: currentIndex)
        return .paging
    }

    private func cancelAnimations(of view: View) {
        view.frame = view.presentation.frame
    }

    private func drag(to translation: Point) {
        guard let page = currentPage else { return }
        switch dragMode {
        case .paging:
            let offset = swipe.progress(forTranslation: translation.x, dimension: bounds.width) * pageWidth
            strip.bounds = Rect(origin: Point(x: offset, y: 0), size: strip.bounds.size)
            strip.setNeedsLayout()
        case let .dismissing(start):
            let progress = min(max(translation.y, 0) / max(bounds.height, 1), 1)
            let scale = 1 - (1 - Self.dismissMinimumScale) * progress
            let center = Point(x: start.midX + translation.x, y: start.midY + translation.y)
            page.photo.frame = Rect(center: center, size: Size(width: start.width * scale, height: start.height * scale))
            backdrop.opacity = 1 - min(progress * 2, 1)
        case let .panningPhoto(start):
            let size = page.bounds.size
            let xRange = PhotoZoom.originRange(length: start.width, pageLength: size.width)
            let yRange = PhotoZoom.originRange(length: start.height, pageLength: size.height)
            let x = RubberBand.clamp(start.minX + translation.x, to: xRange, dimension: size.width)
            let y = RubberBand.clamp(start.minY + translation.y, to: yRange, dimension: size.height)
            page.photo.frame = Rect(origin: Point(x: x, y: y), size: start.size)
        case nil:
            break
        }
    }

    private func release(velocity: Point, translation: Point) {
        guard let page = currentPage else { return }
        switch dragMode {
        case .paging:
            let landing = swipe.release(at: strip.bounds.minX / pageWidth, pointerVelocity: velocity.x)
            if landing.step != currentIndex { page.refit(resetZoom: true) }
            animateStrip(to: Double(landing.step) * pageWidth, velocity: landing.velocity * pageWidth)
            setCurrentIndex(landing.step, notify: true)
        case .dismissing:
            let pastThreshold = translation.y > Self.dismissDistance && velocity.y > -Self.dismissSpeed
            if pastThreshold || velocity.y > Self.dismissSpeed {
                onRequestClose?()
            } else {
                context.animator.animateFrame(page.photo, to: page.fittedFrame, timing: .spring(Self.transitionSpring)) { [weak page] outcome in
                    if outcome == .finished { page?.isPhotoHeld = false }
                }
                context.animator.animate(backdrop, \.animatedOpacity, to: 1, timing: Self.backdropFade)
            }
        case let .panningPhoto(start):
            let size = page.bounds.size
            let frame = page.photo.frame
            let glide = Point(x: Decay.scrolling.restingValue(from: frame.minX, velocity: velocity.x),
                              y: Decay.scrolling.restingValue(from: frame.minY, velocity: velocity.y))
            let target = PhotoZoom.clamped(Rect(origin: glide, size: start.size), in: size)
            context.animator.animateFrame(page.photo, to: target, timing: Self.panGlideTiming)
        case nil:
            break
        }
    }
}

/// The pager's strip of pages; its bounds' x is the scroll offset. It asks the pager to lay
/// out pages whenever it scrolls, including every frame of an animated scroll.
final class PagerStrip: View {
    weak var pager: FullScreenPager?

    override func layoutSubviews() {
        pager?.layoutPages()
    }
}
