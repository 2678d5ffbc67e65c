// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PhotoSources
import Gestures
import Localization
import Marks
import Motion
import ViewTree

/// A vertically scrolling grid of square thumbnails. Only visible cells exist; they are
/// reused as the grid scrolls. Drag scrolls with momentum and a rubber band at the ends;
/// the wheel scrolls smoothly. A click selects, a double-click (or Enter) opens; the arrow
/// keys move the selection ring. The scroll offset is `bounds.origin.y`, as in UIKit.
public final class GridView: ScrollContainer<View>, PhotoCollectionView, ScrollContainerDataSource {
    /// Extra rows of cells requested beyond the visible ones, so a scroll finds them ready.
    public static let nearbyRows = 3
    /// The ring around the selected cell: visible on any photo, thin enough not to hide it.
    public static let selectionColor = Color(red: 0.35, green: 0.62, blue: 1)
    public static let selectionWidth = 3.0
    /// When photos come and go, the others slide to their new cells by this…
    public static let rearrangeSpring = Spring(dampingRatio: 1, response: 0.35)
    /// …while one that left fades out shrinking, and one that came fades in.
    public static let leaveTiming = Timing.easeOut(0.2)
    public static let arriveTiming = Timing.easeOut(0.25)
    public static let leavingScale = 0.6

    public let context: ComponentContext
    public weak var source: PhotoSource? { didSet { reloadData() } }
    public private(set) var layout = GridLayout(width: 0)
    /// The grid's sizes, smallest first (Ctrl+wheel, Ctrl+plus and minus): the cells' least
    /// width. At the smallest a timeline is cut into months rather than days.
    public static let cellSides = [96.0, GridLayout.defaultMinimumCellSide, 256.0]

    /// The cells a window `windowWidth` points wide shows at size step `sizeStep` (nil: the
    /// default), in points: what the first screenful of thumbnails is cut to fill before the
    /// window exists to say.
    public static func cellSide(windowWidth: Double, sizeStep: Int?) -> Int {
        let minimum = cellSides[min(max(sizeStep ?? 1, 0), cellSides.count - 1)]
        return Int(GridLayout(width: windowWidth, minimumCellSide: minimum).cellSide)
    }
    public private(set) var sizeStep = 1
    /// Ctrl+wheel travel not yet turned into a size step (a touchpad's small deltas add up).
    private var sizeWheel = 0.0
    static let wheelPerSizeStep = 40.0
    /// The cells and, when the album is sorted by a date, the days' headers between them.
    public private(set) var timeline = TimelineLayout(grid: GridLayout(width: 0), sections: [], count: 0)
    /// What day it is, for "Today" and "Yesterday": the app's clock (components read none).
    public var today: () -> CalendarDay? = { nil }
    /// The photos taken on today's date in earlier years, a year at a time, shown above the
    /// timeline's first day (`memoriesBand`).
    public private(set) var memories: [Memory] = []
    private lazy var memoriesBand = MemoriesBand(context: context)
    /// A year of "On this day" was clicked: its photos, to play as a slideshow.
    public var onPlayMemory: (([Int]) -> Void)?
    /// The days a Shift-drag of the scrubber's thumb went over (the day at the top where it
    /// was taken, and where it was let go): the album narrows to them.
    public var onDays: ((ClosedRange<CalendarDay>) -> Void)?
    /// The day a Shift-drag of the thumb started on, while it goes on.
    private var daysFrom: CalendarDay?

    private lazy var scroller = Scroller(view: self, animator: context.animator) { [unowned self] in
        timeline.contentHeight
    }
    private lazy var pan = PanGestureRecognizer { [unowned self] in handlePan($0) }
    /// The thumb at the right edge: shows while the grid scrolls, and can be dragged.
    private lazy var scrubber = Scrubber(context: context)
    private var shownOffset = 0.0
    private lazy var click = TapGestureRecognizer { [unowned self] in handleClick($0) }
    private lazy var doubleClick = TapGestureRecognizer(numberOfTaps: 2) { [unowned self] in handleDoubleClick($0) }
    private let selectionRing = View()
    private var hiddenIndex: Int?
    private var pictures = PictureWants()
    /// Set by `photosMoved` until the next layout: the photos that already had cells (by
    /// their new indices) slide there; any other cell laid out then is new and fades in.
    private var rearranging: Set<Int>?
    /// The bursts fanned out, by their first frame: the album groups bursts, and the grid
    /// folds each into one cell until it is clicked.
    public private(set) var fannedOut: Set<Int> = []

    /// The photo the keyboard acts on, shown by a ring; nil until a click or an arrow key.
    public private(set) var selectedIndex: Int?
    /// The photos chosen together (Ctrl+click, Shift+click, Shift+arrows, Ctrl+A), tinted:
    /// the album's actions then act on all of them.
    public internal(set) var chosen: Set<Int> = [] {
        didSet {
            guard chosen != oldValue else { return }
            setNeedsLayout()
            onChoiceChange?(chosen)
        }
    }
    /// Where a Shift+click's or Shift+arrow's run of chosen photos starts, and what was
    /// chosen apart from the run (a run shrinks back to it as the keys come back).
    var choiceAnchor: Int?
    var choiceBase: Set<Int> = []
    /// A band being drawn: where it started (content coordinates) and what was chosen
    /// beside it; and how it shows.
    var band: (start: Point, base: Set<Int>)?
    let bandView = View()
    public var onChoiceChange: ((Set<Int>) -> Void)?
    public var onOpenPhoto: ((Int) -> Void)?

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "grid"
        clipsToBounds = true
        selectionRing.name = "selection"
        selectionRing.borderColor = Self.selectionColor
        selectionRing.borderWidth = Self.selectionWidth
        selectionRing.isUserInteractionEnabled = false
        selectionRing.isHidden = true
        addSubview(selectionRing)
        bandView.name = "choosing band"
        bandView.backgroundColor = PhotoTile.chosenColour
        bandView.borderColor = Self.selectionColor
        bandView.borderWidth = 1
        bandView.isUserInteractionEnabled = false
        memoriesBand.onPlay = { [unowned self] in onPlayMemory?($0) }
        addSubview(scrubber)
        // Selecting on the first click must not wait to see whether a second one follows.
        click.recognizeSimultaneously(with: doubleClick)
        context.arena.add(pan, to: self)
        context.arena.add(click, to: self)
        context.arena.add(doubleClick, to: self)
        dataSource = self
    }

    /// Photo count changed or pictures arrived: refresh what is on screen. The first photo
    /// is in hand as soon as there is one, so Enter opens it.
    public func reloadData() {
        if selectedIndex == nil, photoCount > 0 { selectedIndex = 0 }
        setNeedsLayout()
    }

    public var photoCount: Int { source?.photoCount ?? 0 }

    /// The scroll offset's allowed range.
    public var offsetRange: ClosedRange<Double> { scroller.offsetRange }

    /// The cell of photo `index` if it is on screen, for transitions and tests.
    public func visibleCell(at index: Int) -> View? { index >= 0 ? cells[index] : nil }

    /// Header items are told from photos by sign: section `s`'s header is item `-1 - s`.
    private static func headerItem(_ section: Int) -> Int { -1 - section }
    private static func section(ofHeaderItem item: Int) -> Int { -1 - item }

    /// Scrolls so the photo `index` is fully on screen (the least movement that does it).
    public func scrollToPhoto(_ index: Int, animated: Bool) {
        let frame = timeline.frame(of: index)
        // Below its day's header, which stays over the top of the grid.
        let headerRoom = timeline.hasHeaders ? TimelineLayout.headerHeight : layout.spacing
        scroller.scrollToShow(from: frame.minY - headerRoom, to: frame.maxY + layout.spacing, animated: animated)
    }

    /// Scrolls by `delta` points (the wheel): toward the model target, so notches add up.
    public func scroll(by delta: Double) {
        scroller.scroll(by: delta)
    }

    /// Moves the selection ring to photo `index` (clamped to the album) and scrolls it
    /// into view; nil removes the ring.
    public func select(_ index: Int?, scroll: Bool = true) {
        guard let index, photoCount > 0 else {
            selectedIndex = nil
            setNeedsLayout()
            return
        }
        let clamped = min(max(index, 0), photoCount - 1)
        if timeline.isFoldedAway(clamped) { fanOut(burstOf: clamped) }
        selectedIndex = clamped
        if scroll { scrollToPhoto(clamped, animated: true) }
        setNeedsLayout()
    }

    /// Another album is shown: back to its top, its first photo in hand once it has one.
    public func startOver() {
        chosen = []
        choiceAnchor = nil
        select(nil)
        setOffset(0, animated: false)
        reloadData()
    }

    /// Moves the selection, opens it, fans a burst, resizes; false where there is no photo.
    public func perform(_ action: ViewAction, key: KeyEvent?) -> Bool {
        guard photoCount > 0 else { return false }
        let columns = layout.columns
        let rowsPerPage = max(1, Int(bounds.height / layout.rowPitch))
        // The first arrow press selects what the user is looking at, not photo 0 far above.
        let current = selectedIndex ?? timeline.indices(from: bounds.minY, to: bounds.maxY).lowerBound
        let moved: Int
        switch action {
        case let .step(step): moved = selectedIndex == nil ? current : step < 0 ? timeline.index(before: current) : timeline.index(after: current)
        case let .stepRow(step): moved = selectedIndex == nil ? current : step < 0 ? timeline.index(above: current) : timeline.index(below: current)
        case .stepPage(-1):
            let slot = timeline.slot(of: current)
            moved = timeline.index(ofSlot: max(slot % columns, slot - rowsPerPage * columns))
        case .stepPage: moved = timeline.index(ofSlot: min(timeline.slot(of: current) + rowsPerPage * columns, timeline.cellCount - 1))
        case .first: moved = 0
        case .last: moved = timeline.index(ofSlot: timeline.cellCount - 1)
        case .open:
            if let selectedIndex { onOpenPhoto?(selectedIndex) }
            return selectedIndex != nil
        case .toggleBurst:
            // Space fans the selected burst out, or folds it again.
            guard let selectedIndex else { return false }
            if timeline.fold(of: selectedIndex) != nil {
                fanOut(burstOf: selectedIndex)
            } else if let run = fannedRun(containing: selectedIndex) {
                fold(burstAt: run.lowerBound)
                scrollToPhoto(run.lowerBound, animated: true)
            } else {
                return false
            }
            return true
        case let .resize(step):
            resize(by: step)
            return true
        case .toggleChosen, .chooseAll, .clearChoice, .extendChoice:
            return performChoice(action, key: key)
        default: return false
        }
        select(moved)
        return true
    }

    // MARK: PhotoCollectionView

    public func revealPhoto(_ index: Int) -> PhotoPlacement? {
        guard index >= 0 && index < photoCount else { return nil }
        // A photo flying home must find its cell where it was aimed: stop any glide.
        scroller.stop()
        if timeline.isFoldedAway(index) {
            fanOut(burstOf: index)
            layoutIfNeeded()
        }
        let frame = timeline.frame(of: index)
        let shown = animatedBounds.presentation
        if frame.minY < shown.minY || frame.maxY > shown.maxY {
            // Jumping is right here: the pager covers the grid while it moves.
            scrollToPhoto(index, animated: false)
        }
        layoutIfNeeded()
        return convert(frame, to: nil).map { PhotoPlacement(frame: $0) }
    }

    public func setPhotoHiddenForTransition(_ index: Int?) {
        hiddenIndex = index
        setNeedsLayout()
    }

    public func followPager(to index: Int) {
        select(index, scroll: false)
    }

    public func setCovered(_ covered: Bool) { pictures.setCovered(covered) }

    public func handleWheel(_ wheel: WheelEvent) {
        guard wheel.modifiers.contains(.control) else { return scroll(by: wheel.deltaInPoints.y) }
        // Turned toward the user, as a browser's page: smaller.
        sizeWheel += wheel.deltaInPoints.y
        guard abs(sizeWheel) >= Self.wheelPerSizeStep else { return }
        let step = sizeWheel > 0 ? -1 : 1
        sizeWheel = 0
        resize(by: step, keeping: convert(wheel.locationInWindow, from: nil))
    }

    /// One size bigger (1) or smaller (-1), the photo under `point` (else the first on
    /// screen) kept where it is on screen.
    public func resize(by step: Int, keeping point: Point? = nil) {
        let target = min(max(sizeStep + step, 0), Self.cellSides.count - 1)
        guard target != sizeStep else { return }
        let shown = bounds
        let anchor = point.flatMap(photo(at:)) ?? selectedIndex.flatMap { index in
            shown.intersects(timeline.frame(of: index)) ? index : nil
        } ?? timeline.indices(from: shown.minY, to: shown.maxY).lowerBound
        let onScreen = anchor < photoCount ? timeline.frame(of: anchor).minY - shown.minY : 0
        sizeStep = target
        scroller.stop()
        layoutSubviews()
        if anchor < photoCount { setOffset(min(max(timeline.frame(of: anchor).minY - onScreen, 0), scroller.offsetRange.upperBound), animated: false) }
        setNeedsLayout()
    }

    public func setOffset(_ offset: Double, animated: Bool) {
        scroller.setOffset(offset, animated: animated)
    }

    // MARK: Layout

    public override func layoutSubviews() {
        layout = GridLayout(width: bounds.width, minimumCellSide: Self.cellSides[sizeStep])
        relayTimeline()
        scroller.clampIfIdle()
        super.layoutSubviews()
        // At the content's top: it scrolls with the grid. Added once there is something to
        // remember: an album without costs no view.
        if !memories.isEmpty && memoriesBand.superview == nil { addSubview(memoriesBand) }
        memoriesBand.frame = Rect(x: 0, y: 0, width: bounds.width, height: MemoriesBand.height)
        memoriesBand.show(timeline.hasHeaders ? memories : [], inset: layout.leadingInset, room: bounds.width - coveredAtTopTrailing)
        let shown = animatedBounds.presentation
        scrubber.place(over: shown, contentLength: timeline.contentHeight, offset: shown.minY)
        if shown.minY != shownOffset {
            shownOffset = shown.minY
            scrubber.reveal()
        }
    }

    /// Cuts the cells into days and folds the bursts not fanned out: at each layout, and at
    /// once when a burst folds or fans out (a key that follows must find the new cells).
    private func relayTimeline() {
        let days = source?.daySections() ?? []
        let folds = (source?.burstRuns() ?? []).filter { !fannedOut.contains($0.lowerBound) }
        memories = days.isEmpty ? [] : today().map { OnThisDay.memories(in: days, today: $0) } ?? []
        timeline = TimelineLayout(grid: layout, sections: sizeStep == 0 ? DaySection.months(of: days) : days, count: photoCount, folds: folds,
                                  lead: memories.isEmpty ? 0 : MemoriesBand.height)
    }

    /// What section `section` is called: its day, or its month at the smallest size. Written
    /// out once per day (formatting a date costs more than a frame can spare for each header
    /// on each frame of a scroll), again when the day changes at midnight.
    private func title(of section: Int) -> String {
        let day = timeline.sections[section].day, now = today()
        let room = coveredAtTopTrailing > 0 ? bounds.width - coveredAtTopTrailing - layout.leadingInset - DayHeader.titleGap : .infinity
        if now != titlesToday || room != titlesRoom {
            titles = [:]
            titlesToday = now
            titlesRoom = room
        }
        // A day says where most of its photos were taken, once that is known.
        let run = timeline.sections[section]
        let place = sizeStep == 0 ? nil : source?.place(ofPhotos: run.start..<(run.start + run.count))
        let key = TitleKey(day: day, byMonth: sizeStep == 0, place: place)
        if let known = titles[key] { return known }
        let measure = { [context] (text: String) in context.labels?.width(of: text, pointSize: DayHeader.textSize) ?? 0 }
        var title = key.byMonth ? TextLayout.truncated(Language.monthAndYear(year: day.year, month: day.month), toFit: room, measure: measure)
            : DayHeader.title(of: day, today: now, fitting: room, measure: measure)
        if let place {
            // TRANSLATORS: a day's header in the timeline and where it was spent.
            let placed = localized("{day} · {place}", ["day": DayHeader.title(of: day, today: now), "place": place])
            if measure(placed) <= min(room, bounds.width - 2 * layout.leadingInset - DayHeader.titleGap) { title = placed }
        }
        titles[key] = title
        return title
    }

    /// Whether a long day's title ("Wednesday 24 September 2025", in the user's language)
    /// fits beside controls `covered` wide floating at the top right of the grid `width` wide.
    public func titlesFit(width: Double, besideControls covered: Double) -> Bool {
        let key = TitleRoomKey(width: width, covered: covered)
        if let known = titlesFitting, known.key == key { return known.fit }
        let long = Language.longDay(year: 2025, month: 9, day: 24)
        let titleWidth = context.labels?.width(of: long, pointSize: DayHeader.textSize) ?? 0
        let fit = titleWidth <= width - covered - GridLayout(width: width, minimumCellSide: Self.cellSides[sizeStep]).leadingInset - DayHeader.titleGap
        titlesFitting = (key, fit)
        return fit
    }

    private struct TitleRoomKey: Equatable {
        let width: Double
        let covered: Double
    }

    private var titlesFitting: (key: TitleRoomKey, fit: Bool)?

    /// How much of the top band, from the right edge, the browser's controls float over
    /// (no album strip above): the days' titles keep left of them, shortened if they must.
    public var coveredAtTopTrailing = 0.0 { didSet { if coveredAtTopTrailing != oldValue { setNeedsLayout() } } }

    private struct TitleKey: Hashable {
        let day: CalendarDay
        let byMonth: Bool
        let place: String?
    }

    private var titles: [TitleKey: String] = [:]
    private var titlesToday: CalendarDay?
    private var titlesRoom = Double.infinity

    // MARK: Scrubbing

    /// A drag from the thumb jumps through the album; one from between the photos, or with
    /// Ctrl or Shift held, draws a band that chooses the photos it touches; any other
    /// drag scrolls.
    private func handlePan(_ pan: PanGestureRecognizer) {
        if pan.state == .began, pan.modifiers.contains(.shift), timeline.hasHeaders, let start = scrubber.convert(pan.startLocationInWindow, from: nil),
           scrubber.grabs(start) {
            daysFrom = dayAtTop
        }
        if daysFrom == nil, drawsBand(pan) { return }
        guard scrubber.follow(pan, scroller: scroller, title: { [unowned self] in daysFrom.map(daysTitle) ?? whereTheAlbumIs }) else {
            return scroller.handlePan(pan)
        }
        if pan.state != .began && pan.state != .changed, let from = daysFrom {
            daysFrom = nil
            let to = dayAtTop ?? from
            onDays?(min(from, to)...max(from, to))
        }
    }

    public func pointerMoved(to location: Point) {
        scrubber.pointerMoved(to: scrubber.convert(location, from: nil))
    }

    /// What the scrubber's label says: the day at the top of the grid, or (not sorted by a
    /// date) the name of its first photo there.
    private var whereTheAlbumIs: String? {
        let top = bounds.minY
        if timeline.hasHeaders {
            return title(of: timeline.section(at: top))
        }
        let first = timeline.indices(from: top, to: top + 1).lowerBound
        guard first < photoCount, let name = source?.fileName(at: first) else { return nil }
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return String((stem.isEmpty ? name : stem).prefix(24))
    }

    /// Cells show their photos cut to fill them exactly, in device pixels.
    private var cellPictureSize: PictureSize { .filling(Int((layout.cellSide * context.pixelScale).rounded(.up))) }

    public override func didMoveToSuperview() {
        if superview == nil { pictures.release() }
    }

    public func items(shownIn shown: Rect) -> [Int] {
        let visible = timeline.indices(from: shown.minY, to: shown.maxY)
        let extra = Double(Self.nearbyRows) * layout.rowPitch
        let nearby = timeline.indices(from: shown.minY - extra, to: shown.maxY + extra)
        let size = cellPictureSize
        let ahead = nearby.filter { !visible.contains($0) }.map { PictureRequest(index: $0, size: size, priority: .nearby) }
        pictures.want(visible.map { PictureRequest(index: $0, size: size, priority: .visible) } + ahead, from: source)
        return Array(visible) + timeline.headers(from: shown.minY, to: shown.maxY).map(Self.headerItem)
    }

    public func makeCell() -> View { PhotoTile() }

    public func makeCell(for item: Int) -> View { item < 0 ? DayHeader() : PhotoTile() }

    public func reuseKind(of item: Int) -> Int { item < 0 ? 1 : 0 }

    public func update(_ cell: View, item index: Int) {
        if let header = cell as? DayHeader {
            let section = Self.section(ofHeaderItem: index)
            guard section < timeline.sections.count else { return header.isHidden = true }
            header.isHidden = false
            header.frame = timeline.pinnedHeaderFrame(of: section, visibleTop: animatedBounds.presentation.minY)
            header.show(title(of: section), labels: context.labels, inset: layout.leadingInset, chosen: isDayChosen(section))
            return
        }
        guard let cell = cell as? PhotoTile else { return }
        cell.show(source?.picture(at: index, size: cellPictureSize) ?? .loading, index: index, labels: context.labels,
                  marks: source?.marks(at: index) ?? .none, pair: badgeNote(at: index))
        cell.isChosen = chosen.contains(index)
        let pose = Pose(frame: timeline.frame(of: index), opacity: index == hiddenIndex || timeline.isFoldedAway(index) ? 0 : 1)
        guard let rearranging else { return cell.apply(pose, using: context.animator) }
        if rearranging.contains(index) {
            cell.apply(pose, using: context.animator, timing: .spring(Self.rearrangeSpring))
        } else if !cell.isAnimating {
            cell.apply(pose, using: context.animator)
            cell.opacity = 0
            context.animator.animate(cell, \.animatedOpacity, to: pose.opacity, timing: Self.arriveTiming)
        }
    }

    /// The album changed: each cell goes with its photo to the photo's new place, photos
    /// that left fade out where they were, and the selection stays on its photo (or the
    /// one that took its place).
    public var photoInHand: Int? { selectedIndex }

    public func takePhotoInHand(_ index: Int) { select(index) }

    public func photosMoved(_ newIndex: (Int) -> Int?) {
        // Headers keep their sections' numbers; the next layout places them anew.
        for cell in moveItems({ $0 < 0 ? $0 : newIndex($0) }) {
            bringSubviewToFront(cell)
            context.animator.animate(cell, \.animatedTransform, to: .scale(x: Self.leavingScale, y: Self.leavingScale), timing: Self.leaveTiming)
            context.animator.animate(cell, \.animatedOpacity, to: 0, timing: Self.leaveTiming) { [weak self, weak cell] _ in
                guard let self, let cell else { return }
                cell.transform = .identity
                recycle(cell)
            }
        }
        rearranging = Set(cells.keys.filter { $0 >= 0 })
        fannedOut = Set(fannedOut.compactMap(newIndex))
        chosen = Set(chosen.compactMap(newIndex))
        choiceBase = Set(choiceBase.compactMap(newIndex))
        choiceAnchor = choiceAnchor.flatMap(newIndex)
        if let hiddenIndex { self.hiddenIndex = newIndex(hiddenIndex) }
        if let selectedIndex {
            let count = photoCount
            select(count == 0 ? nil : min(newIndex(selectedIndex) ?? selectedIndex, count - 1), scroll: false)
        }
        setNeedsLayout()
    }

    public func didLayOutItems() {
        rearranging = nil
        if let selectedIndex, selectedIndex < photoCount {
            // Around the cell, in the gap, so the photo itself stays whole.
            let outset = -min(Self.selectionWidth, layout.spacing)
            selectionRing.frame = timeline.frame(of: selectedIndex).insetBy(dx: outset, dy: outset)
            selectionRing.isHidden = false
            bringSubviewToFront(selectionRing)
        } else {
            selectionRing.isHidden = true
        }
        // The days' headers over the photos that pass under them, the thumb over all.
        for (item, cell) in cells where item < 0 { bringSubviewToFront(cell) }
        bringSubviewToFront(scrubber)
    }

    // MARK: Clicks

    public func photo(at point: Point) -> Int? {
        // A header held over a cell hides it.
        guard !cells.contains(where: { $0.key < 0 && $0.value.frame.contains(point) }) else { return nil }
        return cells.first { $0.key >= 0 && !timeline.isFoldedAway($0.key) && $0.value.frame.contains(point) }?.key
    }

    public func pointAtPhoto(_ index: Int) { select(index, scroll: false) }

    private func photoIndex(at recognizer: GestureRecognizer) -> Int? {
        recognizer.location(in: self).flatMap(photo(at:))
    }

    /// A click selects; on a folded burst it fans the burst out, on a fanned-out burst's
    /// badge it folds it again.
    private func handleClick(_ tap: TapGestureRecognizer) {
        if tap.state == .recognized, let section = daysTick(at: tap) { return toggleDay(section) }
        guard tap.state == .recognized, let index = photoIndex(at: tap) else { return }
        if tap.modifiers.contains(.control) || tap.modifiers.contains(.shift) { return choose(index, extending: tap.modifiers.contains(.shift)) }
        chosen = []
        choiceAnchor = nil
        if fannedOut.contains(index), let tile = cells[index] as? PhotoTile, let badge = tile.badgeFrame,
           let point = tap.location(in: tile), badge.contains(point) {
            return fold(burstAt: index)
        }
        fanOut(burstOf: index)
        select(index, scroll: false)
    }

    // MARK: Bursts

    /// Fans out the folded burst photo `index` is in: its frames spring from its cell to
    /// theirs.
    private func fanOut(burstOf index: Int) {
        guard let fold = timeline.fold(of: index) else { return }
        fannedOut.insert(fold.lowerBound)
        rearranging = Set(cells.keys.filter { $0 >= 0 })
        relayTimeline()
        // The frames come out from under the burst's cell.
        if let lead = cells[fold.lowerBound] { bringSubviewToFront(lead) }
        setNeedsLayout()
    }

    /// The fanned-out burst photo `index` is a frame of.
    private func fannedRun(containing index: Int) -> Range<Int>? {
        (source?.burstRuns() ?? []).first { $0.contains(index) && fannedOut.contains($0.lowerBound) }
    }

    /// Folds the fanned-out burst led by photo `lead` back into its cell; a frame of it
    /// in hand gives way to the first.
    private func fold(burstAt lead: Int) {
        guard let run = fannedRun(containing: lead), run.lowerBound == lead else { return }
        fannedOut.remove(lead)
        rearranging = Set(cells.keys.filter { $0 >= 0 })
        relayTimeline()
        if let cell = cells[lead] { bringSubviewToFront(cell) }
        if let selectedIndex, run.contains(selectedIndex) { self.selectedIndex = lead }
        setNeedsLayout()
    }

    /// What a burst's first cell says: how many frames it holds, folded (▸) or fanned out
    /// (◂, a click there folds it), before the photo's own note.
    private func badgeNote(at index: Int) -> String? {
        let note = source?.badgeNote(at: index)
        let run = timeline.fold(of: index) ?? fannedRun(containing: index)
        guard let run, run.lowerBound == index else { return note }
        let burst = localizedPlural("Burst of {count}", "Burst of {count}", count: run.count) + (timeline.fold(of: index) != nil ? " ▸" : " ◂")
        return [burst, note].compactMap { $0 }.joined(separator: " · ")
    }

    private func handleDoubleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, let index = photoIndex(at: tap) else { return }
        select(index, scroll: false)
        onOpenPhoto?(index)
    }
}
