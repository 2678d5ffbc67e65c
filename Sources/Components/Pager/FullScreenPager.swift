// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoSources
import Pixels
import Geometry
import Gestures
import Localization
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
public final class FullScreenPager: View, ViewActionPerformer, LookShowing {
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
    /// ...and the page lands on this spring: critically damped, and stiff enough that a
    /// full page (1,940 px on a 1920 screen) is still to the pixel in about 0.25 s, so a
    /// turn by key is over within 0.3 s as a person sees it (`make bench`). Softer, the
    /// last pixels crept for half a second.
    public static let pagingSpring = Spring(dampingRatio: 1, response: 0.15)
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
    /// As far as a photo of known size zooms: this many device pixels per image pixel.
    public static let pixelZoomLimit = 4.0
    public static let zoomTiming = Timing.easeOut(0.2)
    /// A zoomed photo let go mid-pan glides on and slows to rest.
    public static let panGlideTiming = Timing.easeOut(0.5)
    /// Wheel paging: this much scroll turns a page, then the wheel rests a moment so one
    /// touchpad swipe turns one page.
    public static let wheelPageDistance = 50.0
    public static let wheelPageCooldown: Seconds = 0.3
    /// Largest picture ever asked for when zoomed in (a common maximum texture side).
    public static let maximumDecodeSide = 8192
    /// A held key's turn waits this long at most for its picture after the key's last
    /// repeat: longer than any key-repeat interval, so it outlasts only a release that was
    /// never reported.
    public static let heldTurnPatience: Seconds = 0.5
    /// A held key's repeats that may wait for pictures: enough to catch up after one slow
    /// photo, too few to run on after the key.
    public static let maximumWaitingTurns = 2

    public enum Phase: Equatable, Sendable {
        case closed, opening, open, closing
    }

    public let context: ComponentContext
    public weak var source: PhotoSource?
    public internal(set) var phase = Phase.closed {
        didSet { if phase != oldValue { updateHistogram() } }
    }
    /// The photo shown, or being paged to.
    public internal(set) var currentIndex = 0
    /// A page turn reached photo `index` (the collection view follows it).
    public var onPageChange: ((Int) -> Void)?
    /// The user asked to close (click, Esc, drag down); the owner calls `close(to:)`.
    public var onRequestClose: (() -> Void)?
    /// The close flight landed; the owner removes the pager.
    public var onClosed: (() -> Void)?
    /// The window changed size while closing: the owner aims again with `close(to:)`.
    public var onCloseTargetMoved: (() -> Void)?

    let backdrop = View()
    /// The pages side by side; its `bounds.origin.x` is the scroll offset.
    let strip = ScrollContainer<PagerPage>()
    let hud = PagerHUD()
    /// The photo in front's histogram, while it is one of the looks shown.
    let histogram = HistogramView()
    /// The looks shown over the photos (a photographer's histogram, clipping, peaking).
    public var looks: Set<PictureLook> = [] {
        didSet {
            guard looks != oldValue else { return }
            strip.setNeedsLayout()
            updateHistogram()
        }
    }
    /// The caption and its Details button, shown and faded together. Of no size itself, so
    /// only they take clicks.
    let captionBar = View()
    let detailsButton = LabelButton(title: localized("Details"))
    /// The video in front's bar, while it plays in place.
    let videoBar = VideoBar()
    /// The caption's Details button was clicked.
    public var onShowDetails: (() -> Void)?
    var pages: [Int: PagerPage] { strip.cells }
    var stripAnimation: AnimationID?
    var layoutSize = Size.zero
    lazy var hudHiding = context.scheduler.task { [unowned self] in hideHUD() }
    var wheelDistance = 0.0
    var wheelRestUntil: Seconds = -.infinity
    var pictures = PictureWants()
    /// Where the pointer was last seen, in window points (the browser tells): Z zooms there.
    public var pointerLocation: Point?
    /// A Z asked for before the photo's size was known, with where.
    var pendingOneToOne: Point??
    /// The part of the current photo asked at full scale while it is zoomed in
    /// (`detailRegion`): kept while what is in view stays inside it.
    var detail: (index: Int, rect: PixelRect)?
    /// A held key's repeat that came before the photo in front was sharp.
    struct HeldTurn { var step: Int; var key: Key; var count: Int; var expires: Seconds }
    var heldTurn: HeldTurn?
    /// The key whose press turned the page, while it is held: its repeats go on turning
    /// pages, past videos that play (whose arrows a fresh press would take to skip in them).
    public internal(set) var pagingKey: Key?

    /// A dismissing drag holds the photo it moves.
    enum DragMode { case paging, dismissing(start: Rect, hold: ViewHold), panningPhoto(start: Rect) }
    let swipe = SwipeDriver(policy: FullScreenPager.pagingPolicy, spring: FullScreenPager.pagingSpring)
    var dragMode: DragMode?

    lazy var pan = PanGestureRecognizer { [unowned self] in handlePan($0) }
    lazy var click = TapGestureRecognizer { [unowned self] in handleClick($0) }
    lazy var doubleClick = TapGestureRecognizer(numberOfTaps: 2) { [unowned self] in handleDoubleClick($0) }
    /// Pressing and holding on a Live Photo or a Motion Photo plays its moment.
    lazy var hold = LongPressGestureRecognizer { [unowned self] in handleHold($0) }
    /// The photo whose moment plays while the press lasts.
    var momentHeld: Int?

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "pager"
        backdrop.name = "backdrop"
        backdrop.backgroundColor = .black
        backdrop.isUserInteractionEnabled = false
        strip.name = "strip"
        strip.dataSource = self
        addSubview(backdrop)
        addSubview(strip)
        addSubview(histogram)
        captionBar.name = "caption"
        detailsButton.name = "details button"
        captionBar.addSubview(hud)
        captionBar.addSubview(detailsButton)
        captionBar.addSubview(videoBar)
        addSubview(captionBar)
        detailsButton.attach(to: context) { [unowned self] in onShowDetails?() }
        videoBar.attach(to: context)
        videoBar.onControl = { [unowned self] control in
            source?.control(control, at: currentIndex)
            showHUD()
        }
        // A single click closes, but only once it is clear no second click follows.
        click.require(toFail: doubleClick)
        context.arena.add(pan, to: self)
        context.arena.add(doubleClick, to: self)
        context.arena.add(click, to: self)
        context.arena.add(hold, to: self)
        swipe.content = self
    }

    public var pageWidth: Double { bounds.width + Self.gap }

    public var photoCount: Int { source?.photoCount ?? 0 }

    /// The scroll offset on screen now.
    public var presentedOffset: Double { strip.animatedBounds.presentation.minX }

    /// The current page's zoom relative to fit (1 = fitted).
    public var zoomScale: Double { currentPage?.zoomScale ?? 1 }

    /// The caption's text, as shown.
    public var caption: (name: String, counter: String)? { hud.text }

    public var isCaptionVisible: Bool { !hud.isHidden && captionBar.animatedOpacity.presentation > 0.01 }

    var currentPage: PagerPage? { pages[currentIndex] }

    // MARK: Layout

    public override func layoutSubviews() {
        backdrop.frame = bounds
        histogram.place(in: bounds)
        strip.frame = Rect(x: 0, y: 0, width: pageWidth, height: bounds.height)
        if layoutSize != bounds.size {
            layoutSize = bounds.size
            // A resize re-aims everything at the new size from where it is now.
            setStripOffset(Double(currentIndex) * pageWidth)
            strip.layoutItems()
            for page in pages.values { page.refit(resetZoom: false) }
            // The caption's name is cut to the width.
            updateHUDText()
            updateVideoBar()
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

    /// Pictures arrived or the album changed.
    public func reloadData() {
        if currentIndex >= photoCount && photoCount > 0 { setCurrentIndex(photoCount - 1, notify: true) }
        if photoCount > 0 { updateHUDText() }
        updateVideoBar()
        updateHistogram()
        strip.setNeedsLayout()
        takeHeldTurn()
        takePendingOneToOne()
        // The part in view at full scale came: the whole photo may follow.
        if detail != nil { requestImages() }
    }

}

extension FullScreenPager: PhotoUnderPointer {
    /// The photo in front, where the pointer is over it.
    public func shownPhoto(at locationInWindow: Point) -> ShownPhoto? {
        guard phase == .open, let page = currentPage, let inWindow = page.photo.convert(page.photo.bounds, to: nil) else { return nil }
        return ShownPhoto(index: currentIndex, frameInWindow: inWindow, picture: page.shown?.image)
    }
}

extension FullScreenPager {
    /// The bar of the video in front while it plays in place (it came into view: the
    /// caption and the bar show for a while).
    func updateVideoBar() {
        let playback = phase == .open && photoCount > currentIndex ? source?.playback(at: currentIndex) : nil
        let appeared = videoBar.playback == nil && playback != nil
        videoBar.show(playback, in: bounds, labels: context.labels)
        if appeared { showHUD() }
    }

    /// The histogram of the photo in front, shown while the pager is open and it is wanted.
    func updateHistogram() {
        let wanted = phase == .open && photoCount > 0
        histogram.show(wanted ? source?.histogram(looks, at: currentIndex) : nil)
    }
}

// MARK: - Pages (ScrollContainerDataSource)

extension FullScreenPager: ScrollContainerDataSource {
    /// The pages the strip shows, and the current one (a photo flying home may be on it).
    public func items(shownIn shown: Rect) -> [Int] {
        let count = photoCount
        guard count > 0, pageWidth > Self.gap else { return [] }
        let first = max(0, Int((shown.minX / pageWidth).rounded(.down)))
        let last = min(count - 1, Int(((shown.maxX - Self.gap) / pageWidth).rounded(.down)))
        var wanted = Set(first <= last ? Array(first...last) : [])
        if currentIndex < count { wanted.insert(currentIndex) }
        return wanted.sorted()
    }

    public func makeCell() -> PagerPage { PagerPage() }

    public func update(_ page: PagerPage, item index: Int) {
        page.frame = Rect(x: Double(index) * pageWidth, y: 0, width: bounds.width, height: bounds.height)
        page.show(source?.picture(at: index, size: pictureSize(of: index)) ?? .loading, index: index, context: context)
        page.showDetail(detailPicture(of: index))
        page.showLooks(looks, from: source)
    }

    public func prepareForReuse(_ page: PagerPage) { page.reset() }

    /// The current page above its neighbours, so a photo flying home passes over them.
    public func didLayOutItems() {
        if let page = currentPage { strip.bringSubviewToFront(page) }
    }
}
