// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Marks
import Pixels
import PhotoSources
import Gestures
import Localization
import Motion
import ViewTree

/// The window's shell: the album strip along the top (when there is more than one album),
/// the album's view (grid, stack, deck or culling pager, each built on first use) below it,
/// the switcher, and over them the full-screen pager, then messages, then help. Keys go to
/// the front-most of these first. It runs the zoom transitions between the view and the
/// pager. It runs the zoom transitions between them: open from the
/// photo's place in the view, close back to wherever the pager's current photo sits there
/// now.
public final class PhotoBrowser: View {
    public let context: ComponentContext
    /// The album's views built so far (each on first use).
    var views: [AlbumViewKind: PhotoCollectionView & View] = [:]
    public var grid: GridView { view(.grid) as! GridView }
    public var stack: PhotoStackView { view(.stack) as! PhotoStackView }
    public var deck: DeckView { view(.deck) as! DeckView }
    public var cull: CullView { view(.cull) as! CullView }
    public var compare: CompareView { view(.compare) as! CompareView }
    public let pager: FullScreenPager
    public let albumStrip: AlbumStrip
    /// The end of the strip's band where the view switcher sits: covers scrolled that far
    /// pass under it, so the switcher is beside them rather than over them.
    private let switcherBacking = View()
    /// Messages bottom centre, over everything (an "Undo" after a photo went to the Trash).
    public let toast: ToastView
    /// The magnifier under the pointer while L is held.
    public let loupe: LoupeView
    /// F5: the album played full screen from the photo in hand, over everything but help.
    public let slideshow: SlideshowView
    /// I: the photo in hand's details, beside it.
    public let details: DetailsPanel
    /// Text to put on the clipboard (Ctrl+C in the details).
    public var onCopyText: ((String) -> Void)?
    /// A right-click's menu on a photo (the Menu key, Shift+F10: on the photo in hand).
    public let photoMenu: PhotoMenu
    /// The desktop's programs for photo `index`'s type, the default first (for Open With).
    public var applicationsFor: ((Int) -> [MenuApplication])?
    /// What the app does for the menu (and Ctrl+C): copy, show in Files, open with, the
    /// wallpaper. Open, Details, Slideshow and the Trash are the browser's own.
    public var onPhotoAction: ((PhotoAction, Int) -> Void)?
    private lazy var rightClick = PressGestureRecognizer { [unowned self] in
        if $0.state == .began, let location = $0.location(in: nil) { openPhotoMenu(at: location) }
    }
    /// The middle button held is the loupe at 100 %, as L held is.
    private lazy var middlePress = PressGestureRecognizer { [unowned self] in
        if $0.state == .began { _ = perform(.loupe(magnification: 1)) } else if $0.state.isFinal { loupe.turnOff() }
    }
    /// A slideshow began (true) or ended: the app goes full screen and holds off the screen
    /// saver while it plays.
    public var onSlideshowChange: ((Bool) -> Void)?
    /// The keys and mouse actions of what is on screen, over everything (? or F1).
    public let help: HelpOverlay
    /// Grid / Stack / Deck / Cull, top right.
    public let switcher: ViewSwitcher
    /// What is shown and in which order ("All photos · Name ↑"), left of the switcher,
    /// and its menu.
    public let arrangement: ArrangementControl
    public let arrangementMenu: ArrangementMenu
    /// The filter and order the album is shown with (the app's model decides; this shows it).
    public private(set) var shownFilter = PhotoFilter.all
    public private(set) var shownOrder = PhotoOrder.byName
    public private(set) var shownGroupsBursts = false
    /// The user chose what to show, or an order (the same again: reversed).
    public var onChooseFilter: ((PhotoFilter) -> Void)?
    public var onChooseOrder: ((PhotoOrder.Key) -> Void)?
    /// "Group bursts" (Alt+B, or the menu) turned on or off.
    public var onGroupBursts: ((Bool) -> Void)?
    /// "Move rejects to Trash…" (Ctrl+Del, or the menu): the app shows them and asks.
    public var onTrashRejects: (() -> Void)?
    /// "Copy picks to Selects…" (Ctrl+Shift+E, or the menu): the app shows them and asks.
    public var onDeliverPicks: ((_ moving: Bool) -> Void)?
    public var onImportCard: (() -> Void)?
    /// The search's words changed (Ctrl+F): the app narrows the album to what they find.
    public var onSearch: ((String) -> Void)? {
        get { searchBar.onChange }
        set { searchBar.onChange = newValue }
    }
    /// Alt+Up (true): every folder at once; Alt+Down (false): the photo's folder alone.
    public var onEveryFolder: ((Bool) -> Void)?
    /// A question waiting for its answer, bottom centre.
    public let confirmBar: ConfirmBar
    /// Ctrl+F's words, at the top of the album's view.
    public let searchBar: SearchBar
    /// How many photos are chosen together, while some are.
    public let choiceBar: ChoiceBar
    /// A date fix being typed (Ctrl+Shift+D, Fix Date…), at the top of the album.
    public let dateBar: DateBar
    /// A form in front of the album (the import's choices).
    public let formSheet: FormSheet
    /// Copies being shared (Ctrl+Shift+S, Share…), at the top of the album.
    public let shareBar: ShareBar
    /// An action on the photos chosen together (indices, in order): one undo step.
    public var onChosenAction: ((ChosenAction, [Int]) -> Void)?
    /// What the app does for commands it registered (quit, full screen).
    var commandHandlers: [CommandAction: () -> Void] = [:]
    /// Where the keys go besides the photo in hand: Tab moves on to the album strip, the
    /// arrangement control and the switcher, each ringed while it has the keys.
    public enum KeyboardFocus: Equatable, Sendable {
        case view, albums, arrangement, switcher(AlbumViewKind)
    }
    public internal(set) var focus = KeyboardFocus.view
    let focusRing = View()
    public static let focusColor = Color(red: 0.35, green: 0.6, blue: 1)
    public static let focusWidth = 2.0
    public weak var albumSource: AlbumSource? {
        didSet {
            albumStrip.source = albumSource
            setNeedsLayout()
        }
    }
    /// The user picked album `index` in the strip.
    public var onSelectAlbum: ((Int) -> Void)?
    public weak var source: PhotoSource? {
        didSet {
            for view in views.values { view.source = source }
            pager.source = source
            slideshow.source = source
            loupe.source = source
            source?.wantLooks(looks)
        }
    }
    /// The looks a photographer turned on (H, O, K): over the full-screen photo, Compare's
    /// panes and the culling pager's cards. Remembered by the app.
    public var looks: Set<PictureLook> = [] {
        didSet {
            guard looks != oldValue else { return }
            source?.wantLooks(looks)
            applyLooks()
        }
    }
    /// Why the album shows no photos (it is empty, it vanished, it cannot be read), shown
    /// in the middle of the view while it has none; nil while photos may still come.
    public var albumMessage: String? {
        didSet { if albumMessage != oldValue { setNeedsLayout() } }
    }
    public static let messagePointSize = 16.0
    public static let messageColor = Color(white: 0.7)
    /// The message wraps within this much of the view's width.
    public static let messageWidthFraction = 0.7
    private let messageView = TextView()

    /// A mark key was pressed on photo `index` (the photo in hand, or the pager's).
    public var onMark: ((Int, MarkChange) -> Void)?
    /// Takes back the album's last step, trashing or marking (Ctrl+Z, a toast's Undo).
    public var onUndo: (() -> UndoOutcome)?
    /// Moves photo `index` to the Trash for the views that throw photos away (the culling
    /// pager, Compare); a problem to tell the user, or nil when it went.
    public var trashPhoto: ((Int) -> String?)? {
        didSet { for view in views.values { (view as? TrashingView)?.trashPhoto = trashPhoto } }
    }
    /// After a mark, the culling pager and the full-screen pager go on to the next photo,
    /// as Lightroom's auto advance does (a setting; off unless asked for).
    public var advancesAfterMark = false
    /// The Live Photo whose moment plays while its key is held.
    var momentShown: Int?
    /// The last moment's problem said: one failing moment is said once.
    var momentProblemSaid: String?

    /// Another view of the album is shown (the app reads what it needs: Compare's bursts).
    public var onShowView: ((AlbumViewKind) -> Void)?
    /// The pager opened or closed (the app updates the window title, say).
    public var onPagerChange: ((Bool) -> Void)?
    public private(set) var viewKind = AlbumViewKind.grid

    var collection: PhotoCollectionView & View { view(viewKind) }

    /// The looks on every view that shows them.
    private func applyLooks() {
        pager.looks = looks
        loupe.looks = looks
        for view in views.values { (view as? LookShowing)?.looks = looks }
    }

    /// The view of `kind`, built and connected the first time it is asked for.
    private func view(_ kind: AlbumViewKind) -> PhotoCollectionView & View {
        if let built = views[kind] { return built }
        let view = kind.makeView(context: context)
        view.source = source
        view.onOpenPhoto = { [unowned self] index in openPhoto(index) }
        view.onToast = { [unowned self] toast in showToast(toast) }
        (view as? CompareView)?.pointerLocation = pointerLocation
        (view as? LookShowing)?.looks = looks
        (view as? GridView)?.onChoiceChange = { [unowned self] chosen in
            choiceBar.show(count: chosen.count)
            setNeedsLayout()
        }
        // On this day's years play as slideshows of their own photos.
        (view as? GridView)?.onPlayMemory = { [unowned self] photos in startSlideshow(playing: photos) }
        if let trashing = view as? TrashingView {
            trashing.trashPhoto = trashPhoto
            trashing.requestUndo = { [unowned self] in undo() }
        }
        views[kind] = view
        return view
    }

    public init(context: ComponentContext) {
        self.context = context
        pager = FullScreenPager(context: context)
        albumStrip = AlbumStrip(context: context)
        toast = ToastView(context: context)
        loupe = LoupeView(context: context)
        slideshow = SlideshowView(context: context)
        details = DetailsPanel(context: context)
        photoMenu = PhotoMenu(context: context)
        help = HelpOverlay(context: context)
        switcher = ViewSwitcher(context: context, kinds: AlbumViewKind.allCases, current: .grid)
        arrangement = ArrangementControl(context: context)
        arrangementMenu = ArrangementMenu(context: context)
        confirmBar = ConfirmBar(context: context)
        searchBar = SearchBar(context: context)
        choiceBar = ChoiceBar(context: context)
        dateBar = DateBar(context: context)
        shareBar = ShareBar(context: context)
        formSheet = FormSheet(context: context)
        super.init()
        name = "browser"
        addSubview(collection)
        addSubview(albumStrip)
        switcherBacking.name = "switcher backing"
        switcherBacking.backgroundColor = AlbumStrip.backgroundColor
        addSubview(switcherBacking)
        messageView.name = "album message"
        messageView.pointSize = Self.messagePointSize
        messageView.textColor = Self.messageColor
        messageView.maximumLines = 4
        addSubview(messageView)
        addSubview(switcher)
        addSubview(arrangement)
        addSubview(arrangementMenu)
        addSubview(confirmBar)
        addSubview(searchBar)
        addSubview(choiceBar)
        addSubview(dateBar)
        addSubview(shareBar)
        addSubview(formSheet)
        connectChoosing()
        focusRing.name = "focus ring"
        focusRing.borderColor = Self.focusColor
        focusRing.borderWidth = Self.focusWidth
        focusRing.cornerRadius = 6
        focusRing.isUserInteractionEnabled = false
        focusRing.isHidden = true
        addSubview(focusRing)
        addSubview(details)
        addSubview(slideshow)
        slideshow.onEnd = { [unowned self] index in slideshowEnded(at: index) }
        addSubview(photoMenu)
        addSubview(loupe)
        addSubview(toast)
        addSubview(help)
        rightClick.buttons = [.secondary]
        context.arena.add(rightClick, to: self)
        middlePress.buttons = [.middle]
        context.arena.add(middlePress, to: self)
        photoMenu.onChoose = { [unowned self] action, index in perform(action, on: index) }
        switcher.onSelect = { [unowned self] kind in show(kind) }
        arrangement.onOpen = { [unowned self] in toggleArrangementMenu() }
        arrangementMenu.onChoose = { [unowned self] choice in
            perform(choice.action)
        }
        albumStrip.onSelect = { [unowned self] index in onSelectAlbum?(index) }
        pager.onRequestClose = { [unowned self] in closePager() }
        pager.onCloseTargetMoved = { [unowned self] in closePager() }
        pager.onPageChange = { [unowned self] index in collection.followPager(to: index) }
        pager.onClosed = { [unowned self] in pagerDidClose() }
        pager.onShowDetails = { [unowned self] in
            if details.isShown { details.hide() } else if let index = photoInHand { details.show(index, from: source) }
            setNeedsLayout()
        }
    }

    public var isPagerOpen: Bool { pager.phase == .opening || pager.phase == .open }

    /// Shows the album as `kind`, keeping the photo in hand: the grid's selection becomes
    /// the stack's top photo, the culling pager's current card, and back.
    public func show(_ kind: AlbumViewKind) {
        guard kind != viewKind else { return }
        defer { onShowView?(kind) }
        // A photo flying home lands now, in the view it was flying to: that view hid its
        // place for the flight and gets it back (else it stays blank once shown again).
        if pager.phase == .closing { pager.finishClosing() }
        // Photos chosen together are what Compare compares (up to four).
        let chosen = chosenPhotos
        let current = collection.photoInHand
        collection.removeFromSuperview()
        viewKind = kind
        insertSubview(collection, at: 0)
        collection.frame = collectionFrame
        collection.layoutIfNeeded()
        if let current { collection.takePhotoInHand(current) }
        if kind == .compare, chosen.count >= 2 { compare.compare(chosen) }
        collection.setCovered(isPagerOpen)
        collection.reloadData()
        switcher.mark(kind)
    }

    /// The keys and mouse actions of the pager, if it is up, else of the album's view.
    public func showHelp() {
        if slideshow.isPlaying {
            help.show(heading: localized("Slideshow"), entries: Command.helpEntries(for: .slideshow))
        } else if isPagerOpen {
            help.show(heading: localized("Full-screen photo"), entries: Command.helpEntries(for: .pager) + Command.helpEntries)
        } else {
            help.show(heading: viewKind.title, entries: Command.helpEntries(for: .view(viewKind)) + Command.helpEntries)
        }
        setNeedsLayout()
    }

    /// Told each toast as it is shown (the input trace writes what the user was told).
    public var onToast: ((Toast) -> Void)?

    /// Shows a message bottom centre, in place of any showing.
    public func showToast(_ message: Toast) {
        onToast?(message)
        toast.show(message)
        setNeedsLayout()
    }

    /// Shows photo `index` in the pager at once, fitted, with nothing flying in: Flick
    /// opened on one image, like a viewer, shows that image.
    public func showPhotoAtLaunch(_ index: Int) {
        guard let source, index >= 0, index < source.photoCount, pager.phase == .closed else { return }
        attachPager()
        // It is the photo in hand: Esc, then Enter, an arrow or Compare go on from it.
        collection.takePhotoInHand(index)
        _ = collection.revealPhoto(index)
        collection.setPhotoHiddenForTransition(index)
        pager.show(at: index)
        collection.setCovered(true)
        onPagerChange?(true)
    }

    /// Makes photo `index` the photo in hand of the view, shown where it stands (another
    /// album opened around the photo in hand).
    public func keepPhotoInHand(_ index: Int) {
        guard let source, index >= 0, index < source.photoCount else { return }
        collection.takePhotoInHand(index)
        _ = collection.revealPhoto(index)
    }

    /// Opens the pager at photo `index`, zooming it out of its place in the album view.
    public func openPhoto(_ index: Int) {
        guard let source, index >= 0, index < source.photoCount else { return }
        if pager.phase == .closing && pager.currentIndex != index {
            // Another photo was asked for while one flies home: land that one now.
            pager.finishClosing()
        }
        let reopening = pager.phase == .closing
        attachPager()
        let placement = reopening ? nil : collection.revealPhoto(index)
        collection.setPhotoHiddenForTransition(index)
        pager.open(at: index, from: placement)
        collection.setCovered(true)
        onPagerChange?(true)
    }

    private func attachPager() {
        guard pager.superview == nil else { return }
        pager.frame = bounds
        addSubview(pager)
    }

    /// Closes the pager onto the current photo's place in the album view, scrolling the
    /// view first (without animation) if that place is off screen.
    public func closePager() {
        guard pager.phase != .closed else { return }
        let index = pager.currentIndex
        let placement = collection.revealPhoto(index)
        collection.setPhotoHiddenForTransition(index)
        pager.close(to: placement)
        collection.setCovered(false)
        onPagerChange?(false)
    }

    private func pagerDidClose() {
        collection.setPhotoHiddenForTransition(nil)
        pager.removeFromSuperview()
    }

    /// One album alone needs no strip: its view gets the whole window.
    public var isAlbumStripShown: Bool { (albumSource?.albumCount ?? 0) > 1 }

    /// The controls have a band of their own across the top: the grid shows days and, with
    /// no strip to sit in, a day's title would not fit beside them.
    private var controlsBandHeight = 0.0

    private var collectionFrame: Rect {
        guard isAlbumStripShown || controlsBandHeight > 0 else { return bounds }
        let top = min(isAlbumStripShown ? AlbumStripLayout.height : controlsBandHeight, bounds.height)
        return Rect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: bounds.height - top)
    }

    /// Albums appeared or vanished, or covers arrived; `selecting` moves the strip's
    /// selection (the app already opened that album).
    public func reloadAlbums(selecting index: Int? = nil) {
        albumStrip.reloadData(selecting: index)
        setNeedsLayout()
    }

    /// Another album's photos are now the source's: its view starts from its first photo,
    /// and a pager showing the old album is put away at once.
    public func albumDidChange() {
        if pager.phase != .closed {
            closePager()
            pager.finishClosing()
        }
        for view in views.values { view.startOver() }
        reloadData()
    }

    /// Photos arrived or the album changed.
    public func reloadData() {
        collection.reloadData()
        pager.reloadData()
        slideshow.reloadData()
        updateDetails()
        updateLoupe()
        setNeedsLayout()
    }

    /// The details follow the photo in hand (the pager's page, the grid's selection) and
    /// take in what has been read; cheap when nothing changed.
    public func updateDetails() {
        guard details.isShown else { return }
        details.update(photoInHand, from: source)
    }

    /// F5: plays the album from the photo in hand (the pager's while it is up), or `index`.
    public func startSlideshow(at index: Int? = nil, playing playlist: [Int]? = nil) {
        guard (source?.photoCount ?? 0) > 0 else { return }
        slideshow.frame = bounds
        bringSubviewToFront(slideshow)
        slideshow.start(at: index ?? playlist?.first ?? photoInHand ?? 0, playing: playlist)
        onSlideshowChange?(true)
        setNeedsLayout()
    }

    /// The slideshow ended on photo `index`: the pager (if it is up) or the view takes it in hand.
    private func slideshowEnded(at index: Int) {
        if isPagerOpen {
            pager.goTo(index)
        } else {
            collection.takePhotoInHand(index)
            collection.reloadData()
        }
        onSlideshowChange?(false)
        setNeedsLayout()
    }

    /// Animations showed their next frames. Only the pager and the culling pager play them
    /// (the other views show first frames), and with the pager up the view behind it is
    /// not seen: relaying it out for every frame cost more than the frame itself.
    public func reloadPlayingPictures() {
        if slideshow.isPlaying { slideshow.reloadData(); return }
        sayMomentProblem()
        if pager.phase != .closed { pager.reloadData() } else { collection.reloadData() }
    }

    /// The album's photos changed places (some came, some went): every view keeps its
    /// photo in hand by identity. `newIndex` maps an old index to the photo's new one (nil:
    /// it left, and the photo now in its place, or the last, is in hand instead).
    public func photosMoved(_ newIndex: (Int) -> Int?) {
        let count = source?.photoCount ?? 0
        for view in views.values { view.photosMoved(newIndex) }
        if pager.phase != .closed, count > 0 { pager.follow(to: min(newIndex(pager.currentIndex) ?? pager.currentIndex, count - 1)) }
    }

    /// The photo the keys act on: the pager's while it is up, else the view's in hand.
    public var photoInHand: Int? {
        if isPagerOpen { return (source?.photoCount ?? 0) > pager.currentIndex ? pager.currentIndex : nil }
        return collection.photoInHand
    }

    /// The next (or previous) album in the strip opens, as a click on its cover does.
    public func stepAlbum(by step: Int) {
        guard isAlbumStripShown else { return }
        let target = albumStrip.selectedIndex + step
        guard target >= 0, target < albumSource?.albumCount ?? 0 else { return }
        albumStrip.select(target, animated: true)
    }

    /// The album is now shown with `filter` and `order`: the control and its menu say so.
    public func showArrangement(filter: PhotoFilter, order: PhotoOrder, groupsBursts: Bool = false) {
        shownFilter = filter
        shownOrder = order
        shownGroupsBursts = groupsBursts
        arrangementMenu.update(filter: filter, order: order, groupsBursts: groupsBursts)
        setNeedsLayout()
    }

    public func toggleArrangementMenu() {
        if arrangementMenu.isShown {
            arrangementMenu.hide()
        } else {
            bringSubviewToFront(arrangementMenu)
            arrangementMenu.show(filter: shownFilter, order: shownOrder, groupsBursts: shownGroupsBursts, below: arrangement.frame)
            bringSubviewToFront(toast)
            bringSubviewToFront(help)
        }
    }

    /// Asks `confirmation` and waits for the answer (Enter, Esc or a click).
    public func ask(_ confirmation: Confirmation) {
        confirmBar.show(confirmation)
        setNeedsLayout()
    }

    /// The pointer moved (hovering or dragging) to `location` in the window: Z zooms about
    /// where it is.
    public func pointerMoved(to location: Point? = nil) {
        if let location {
            pointerLocation = location
            hoverMenu(at: location)
            if pager.phase == .closed {
                collection.pointerMoved(to: location)
                if isAlbumStripShown { albumStrip.pointerMoved(to: location) }
            }
        }
        pager.pointerLocation = pointerLocation
        pager.pointerMoved()
        updateLoupe()
    }

    /// Where the pointer was last seen, in window points.
    public private(set) var pointerLocation: Point? {
        didSet { (views[.compare] as? CompareView)?.pointerLocation = pointerLocation }
    }

    public override func layoutSubviews() {
        // Top right, in the strip's band when there is one (beside the covers), under the pager.
        switcher.place(in: bounds)
        albumStrip.isHidden = !isAlbumStripShown
        albumStrip.frame = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: isAlbumStripShown ? AlbumStripLayout.height : 0)
        arrangement.show(filter: shownFilter, order: shownOrder, minX: bounds.minX + ViewSwitcher.margin, maxX: switcher.frame.minX - ViewSwitcher.margin / 2,
                         minY: switcher.frame.minY, height: switcher.frame.height)
        arrangement.isHidden = arrangement.isHidden || switcher.isHidden
        let backingStart = (arrangement.isHidden ? switcher.frame.minX : arrangement.frame.minX) - ViewSwitcher.margin
        let controlsWidth = bounds.maxX - backingStart
        let controlsFloat = !isAlbumStripShown && !switcher.isHidden
        let showsDays = controlsFloat && viewKind == .grid && source?.daySections()?.isEmpty == false
        controlsBandHeight = showsDays && !grid.titlesFit(width: bounds.width, besideControls: controlsWidth) ? switcher.frame.maxY + switcher.frame.minY - 2 * bounds.minY : 0
        switcherBacking.isHidden = switcher.isHidden || (albumStrip.isHidden && controlsBandHeight == 0)
        switcherBacking.frame = controlsBandHeight > 0 ? Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: controlsBandHeight)
            : Rect(x: backingStart, y: albumStrip.frame.minY, width: controlsWidth, height: albumStrip.frame.height)
        albumStrip.coveredAtTrailingEnd = albumStrip.isHidden || switcher.isHidden ? 0 : controlsWidth
        grid.coveredAtTopTrailing = showsDays && controlsBandHeight == 0 ? controlsWidth : 0
        collection.frame = collectionFrame
        layoutMessage()
        if pager.superview != nil { pager.frame = bounds }
        layoutFocusRing()
        if details.isShown {
            details.place(in: bounds)
            bringSubviewToFront(details)
        }
        if slideshow.isPlaying {
            slideshow.frame = bounds
            bringSubviewToFront(slideshow)
        }
        searchBar.place(in: collectionFrame, found: source?.photoCount ?? 0)
        bringSubviewToFront(searchBar)
        choiceBar.isHidden = choiceBar.count == 0 || isPagerOpen || viewKind != .grid || confirmBar.isShown
        choiceBar.place(in: collectionFrame)
        bringSubviewToFront(choiceBar)
        for bar in [dateBar, shareBar] as [View] { bringSubviewToFront(bar) }
        dateBar.place(in: isPagerOpen ? bounds : collectionFrame)
        shareBar.place(in: isPagerOpen ? bounds : collectionFrame)
        confirmBar.place(in: bounds)
        bringSubviewToFront(confirmBar)
        formSheet.place(in: bounds)
        bringSubviewToFront(formSheet)
        toast.place(in: bounds)
        bringSubviewToFront(toast)
        help.frame = bounds
        bringSubviewToFront(help)
    }

    /// Centred over the album's view, only while the album has no photo to show.
    private func layoutMessage() {
        let message = (source?.photoCount ?? 0) == 0 ? albumMessage : nil
        messageView.isHidden = message == nil
        guard let message else { return }
        messageView.text = message
        let area = collectionFrame
        messageView.sizeToFit(maximumWidth: area.width * Self.messageWidthFraction, labels: context.labels)
        messageView.center = Point(x: area.midX.rounded(), y: area.midY.rounded())
        insertSubview(messageView, above: collection)
    }
}
