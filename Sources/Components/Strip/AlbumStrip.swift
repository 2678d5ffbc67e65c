// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PhotoSources
import Gestures
import Localization
import Motion
import ViewTree

/// The album strip (seed 004): square covers in a horizontal row, each with its album's
/// name and photo count. A click selects a cover and glides it to the middle; a drag or
/// fling settles with the nearest cover centred, which becomes the selection. Either way
/// `onSelect` tells the app which album to open. Only the covers on screen are views.
public final class AlbumStrip: ScrollContainer<AlbumCoverCell>, ScrollContainerDataSource {
    /// How the selection glides to the middle after a click.
    static let centringTiming = Timing.easeInOut(0.3)
    public static let backgroundColor = Color(white: 0.05)
    static let nameColor = Color(white: 0.92)
    static let countColor = Color(white: 0.6)
    static let namePointSize = 12.0
    static let countPointSize = 11.0
    static let captionGap = 3.0
    static let nameLineHeight = 16.0

    public let context: ComponentContext
    public weak var source: AlbumSource? { didSet { reloadData() } }
    public private(set) var layout = AlbumStripLayout(width: 0)
    public private(set) var selectedIndex = 0
    /// The user picked album `index` (by a click or by letting a drag settle on it).
    public var onSelect: ((Int) -> Void)?

    private let selectionRing = View()
    private lazy var scroller: Scroller = {
        let scroller = Scroller(view: self, animator: context.animator, axis: .horizontal) { [unowned self] in
            layout.contentWidth(of: albumCount)
        }
        scroller.snap = { [unowned self] resting in
            layout.centringOffset(of: layout.nearestIndex(toOffset: resting, count: albumCount))
        }
        scroller.onSettled = { [unowned self] in settled() }
        return scroller
    }()
    private lazy var pan = PanGestureRecognizer { [unowned self] in handlePan($0) }
    private lazy var scrubber = Scrubber(context: context, axis: .horizontal)
    private var shownOffset = 0.0
    private lazy var click = TapGestureRecognizer { [unowned self] in handleClick($0) }

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "album strip"
        clipsToBounds = true
        backgroundColor = Self.backgroundColor
        selectionRing.name = "album selection"
        selectionRing.borderColor = GridView.selectionColor
        selectionRing.borderWidth = GridView.selectionWidth
        selectionRing.isUserInteractionEnabled = false
        addSubview(selectionRing)
        addSubview(scrubber)
        context.arena.add(pan, to: self)
        context.arena.add(click, to: self)
        dataSource = self
    }

    public var albumCount: Int { source?.albumCount ?? 0 }

    /// The scroll offset (`bounds.origin.x`).
    public var offset: Double { scroller.offset }

    /// Albums appeared, vanished or their covers arrived: refresh what is on screen.
    /// `selecting` moves the selection (without telling `onSelect`: the app already knows).
    public func reloadData(selecting index: Int? = nil) {
        if let index { select(index, animated: false, notify: false) }
        selectedIndex = min(selectedIndex, max(0, albumCount - 1))
        setNeedsLayout()
    }

    /// Selects album `index` and centres it.
    public func select(_ index: Int, animated: Bool, notify: Bool = true) {
        guard albumCount > 0 else { return }
        let clamped = min(max(index, 0), albumCount - 1)
        let changed = clamped != selectedIndex
        selectedIndex = clamped
        scroller.setOffset(layout.centringOffset(of: clamped), animated: animated, timing: Self.centringTiming)
        setNeedsLayout()
        if changed && notify { onSelect?(clamped) }
    }

    /// The wheel scrolls the strip either way (a vertical wheel moves it sideways); the
    /// selection stays until a click or a drag picks another album.
    public func handleWheel(_ wheel: WheelEvent) {
        let delta = wheel.deltaInPoints.x != 0 ? wheel.deltaInPoints.x : wheel.deltaInPoints.y
        scroller.scroll(by: delta)
    }

    /// The pointer hovers at `location` in the window: near the underside the scroll thumb shows.
    public func pointerMoved(to location: Point) {
        scrubber.pointerMoved(to: scrubber.convert(location, from: nil))
    }

    /// A drag from the thumb jumps through the albums, saying which is in the middle, and
    /// opens the one it is let go on; any other drag scrolls.
    private func handlePan(_ pan: PanGestureRecognizer) {
        let scrubbed = scrubber.follow(pan, scroller: scroller) { [unowned self] in
            let middle = layout.nearestIndex(toOffset: offset, count: albumCount)
            return middle < albumCount ? source?.albumName(at: middle) : nil
        }
        guard scrubbed else { return scroller.handlePan(pan) }
        if !scrubber.isScrubbing { select(layout.nearestIndex(toOffset: offset, count: albumCount), animated: true) }
    }

    /// A drag's glide came to rest on a centred cover: that album is chosen.
    private func settled() {
        select(layout.nearestIndex(toOffset: offset, count: albumCount), animated: false)
    }

    private func handleClick(_ recognizer: TapGestureRecognizer) {
        guard recognizer.state == .recognized, let point = recognizer.location(in: self),
              let index = cells.first(where: { $0.value.frame.contains(point) })?.key else { return }
        select(index, animated: true)
    }

    /// How much of the strip's right end the view switcher and its band cover: the covers
    /// are centred in what is left.
    public var coveredAtTrailingEnd = 0.0 { didSet { if coveredAtTrailingEnd != oldValue { setNeedsLayout() } } }

    public override func layoutSubviews() {
        let covered = min(max(coveredAtTrailingEnd, 0), bounds.width / 2)
        let width = bounds.width - covered
        if layout.width != width || layout.trailingInset != covered {
            layout = AlbumStripLayout(width: width, trailingInset: covered)
            // A new width moves the middle: keep the selection there.
            if !scroller.isDragging { scroller.setOffset(layout.centringOffset(of: selectedIndex), animated: false) }
        }
        super.layoutSubviews()
        // The thumb runs under the covers, not under the switcher.
        let shown = animatedBounds.presentation
        scrubber.place(over: Rect(x: shown.minX, y: shown.minY, width: width, height: shown.height),
                       contentLength: layout.contentWidth(of: albumCount) - covered, offset: shown.minX)
        // Only the user's scrolling shows it: centring the selection at launch or for a new
        // width jumps without moving.
        if shown.minX != shownOffset {
            shownOffset = shown.minX
            if scroller.isDragging || scroller.isMoving { scrubber.reveal() }
        }
    }

    public func items(shownIn shown: Rect) -> [Int] {
        let visible = layout.indices(from: shown.minX, to: shown.maxX, count: albumCount)
        source?.prioritizeCovers(visible: visible, pixelSize: Int((AlbumStripLayout.coverSide * context.pixelScale).rounded(.up)))
        return Array(visible)
    }

    public func makeCell() -> AlbumCoverCell { AlbumCoverCell() }

    public func update(_ cell: AlbumCoverCell, item index: Int) {
        cell.apply(Pose(frame: layout.cellFrame(of: index)), using: context.animator)
        if let source {
            cell.show(cover: source.albumCover(at: index), name: source.albumName(at: index), photoCount: source.albumPhotoCount(at: index),
                      videoCount: source.albumVideoCount(at: index),
                      index: index, labels: context.labels)
        }
    }

    public func didLayOutItems() {
        if selectedIndex < albumCount {
            let outset = -GridView.selectionWidth
            selectionRing.frame = layout.coverFrame(of: selectedIndex).insetBy(dx: outset, dy: outset)
            selectionRing.isHidden = false
            bringSubviewToFront(selectionRing)
        } else {
            selectionRing.isHidden = true
        }
        bringSubviewToFront(scrubber)
    }
}

/// One album in the strip: its cover cropped square, then its name and photo count, each
/// cut short with an ellipsis rather than running into the neighbours.
public final class AlbumCoverCell: View {
    private let cover = PhotoTile()
    private let nameLabel = View()
    private let countLabel = View()
    private var shownCaption: (name: String, count: String)?

    init() {
        super.init()
        for label in [nameLabel, countLabel] { label.isUserInteractionEnabled = false }
        cover.isUserInteractionEnabled = false
        addSubview(cover)
        addSubview(nameLabel)
        addSubview(countLabel)
    }

    func show(cover thumbnail: Picture, name: String, photoCount: Int, videoCount: Int, index: Int, labels: LabelRenderer?) {
        self.name = "album \(index)"
        cover.show(thumbnail, index: index, labels: labels)
        let count = Self.count(photos: photoCount, videos: videoCount)
        if shownCaption?.name != name || shownCaption?.count != count, let labels {
            shownCaption = (name, count)
            let room = bounds.width - 4
            set(nameLabel, fitting(name, in: room, pointSize: AlbumStrip.namePointSize, color: AlbumStrip.nameColor, labels: labels))

            set(countLabel, fitting(count, in: room, pointSize: AlbumStrip.countPointSize, color: AlbumStrip.countColor, labels: labels))
        }
        setNeedsLayout()
    }

    /// "12 photos", "3 videos", "12 photos · ▶ 3": what an album holds, its videos apart,
    /// short enough for a cover's width (the ▶ as on a video's own badge).
    public static func count(photos: Int, videos: Int) -> String {
        let stills = photos - videos
        guard videos > 0 else { return localizedPlural("{count} photo", "{count} photos", count: photos) }
        guard stills > 0 else { return localizedPlural("{count} video", "{count} videos", count: videos) }
        return localized("{photos} · ▶ {videos}", ["photos": localizedPlural("{count} photo", "{count} photos", count: stills),
                                                   "videos": Language.number(videos)])
    }

    private func set(_ label: View, _ rendered: (content: ImageContent, size: Size)?) {
        label.content = rendered?.content
        label.bounds = Rect(origin: .zero, size: rendered?.size ?? .zero)
    }

    /// `text` rendered, cut in the middle with "…" until it fits `width`: album names
    /// often differ only at their ends ("Holiday 2023 part 1", "… part 2").
    private func fitting(_ text: String, in width: Double, pointSize: Double, color: Color,
                         labels: LabelRenderer) -> (content: ImageContent, size: Size)? {
        let fitted = TextLayout.elidedInMiddle(text, toFit: width) { labels.width(of: $0, pointSize: pointSize) ?? 0 }
        return labels.label(fitted, pointSize: pointSize, color: color)
    }

    public override func layoutSubviews() {
        let side = AlbumStripLayout.coverSide
        cover.frame = Rect(x: (bounds.width - side) / 2, y: 0, width: side, height: side)
        // Fixed lines, so captions of different heights (descenders) share baselines.
        place(nameLabel, top: side + AlbumStrip.captionGap)
        place(countLabel, top: side + AlbumStrip.captionGap + AlbumStrip.nameLineHeight)
    }

    private func place(_ label: View, top: Double) {
        let size = label.bounds.size
        label.frame = Rect(x: ((bounds.width - size.width) / 2).rounded(), y: top, width: size.width, height: size.height)
    }
}
