// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Browser
import Components
import Foundation
import Ingest
import Localization
import Marks
import PhotoLibrary
import Pictures
import PhotoSources
import SystemPackage

/// The album on screen and its upkeep, for the browser: the folder's listing as it arrives
/// (the photo Flick was opened on full screen once listed), rescans when the folder
/// changes, the albums beside it in the strip, opening another one (picked in the strip,
/// or dropped on the window), the Trash and marks with one undo, and what the window's
/// title says. No window and no clock: the frame driver calls `update()` and sets the
/// title it reads.
public final class AlbumSession {
    public private(set) var album: Folder
    private(set) var model: AlbumModel
    private var modelObservation: ObservationToken?
    private var marksObservation: ObservationToken?
    var watcher: FolderWatcher?
    private var lister: AlbumLister
    private var listingFinished = false
    /// The walk that checks what the index showed is over too (for one folder, at once).
    private(set) var listingVerified = false
    /// A folder change seen while the first listing still runs waits for it to finish.
    var rescanPending = false
    /// The photo Flick was opened on, until the listing reaches it.
    private var startPath: FilePath?
    /// The photo in hand when another album was opened around it (Alt+Up, Alt+Down), until
    /// the listing reaches it; whether the pager showed it.
    var keptInHand: (path: FilePath, inPager: Bool)?
    /// The folder Flick was opened on (or the last one dropped): its albums are the strip's.
    private(set) var root: FilePath
    /// The opened folder's albums: searched in the background, watched for folders that
    /// appear or vanish.
    private var albumSearch: AlbumSearch
    private var albumWatcher: FolderWatcher?
    public let pictures: PictureStore
    /// The album as the views see it: the store's pictures and the model's facts.
    private var photoSource: AlbumPhotos!
    /// The photos' facts (the deck's card backs, the details, 100 %'s pixel size).
    public var factsStore: FactsStore? {
        get { photoSource.factsStore }
        set { photoSource.factsStore = newValue }
    }
    /// Where the photos were taken, in words, for their details and a search.
    public var placeNames: PlaceNames? {
        get { photoSource.placeNames }
        set {
            photoSource.placeNames = newValue
            model.placeNames = newValue
        }
    }
    /// How many places were named when the search last looked.
    private var placesAnswered = 0
    public let shelf: AlbumShelf
    let browser: PhotoBrowser
    /// Every photo's marks; nil where marks are not kept (tests of listing alone).
    private let markBook: MarkBook?
    /// Marks are read once the first screen is up (`startReadingMarks`); until then the
    /// photos listed wait here.
    private var marksMayStart = false
    private var unreadMarks: [FilePath] = []
    /// Dates taken, read when the album is sorted by them (or its bursts are looked for).
    let takenDates: TakenDates?
    /// A date fix asked for before its photos' dates were read.
    var dateFixWaiting: (photos: [Photo], fix: DateFix)?
    /// A search for duplicates under way (Alt+D); the finder the app gives.
    var duplicateSearch: DuplicateSearch?
    public var duplicateFinder: DuplicateFinder?
    /// The search ended, shown (its groups and copies; the bench probe hears it).
    public var onDuplicatesShown: ((_ groups: Int, _ copies: Int) -> Void)?
    /// Focus measures and looks, read when the album is sorted by sharpness or Compare is
    /// shown (its bursts).
    let likenesses: Likenesses?
    /// What every album is shown with: kept from one album to the next.
    public private(set) var filter: PhotoFilter
    /// Ctrl+F's words: the album shows what they find, from one album to the next.
    private var searchWords = ""
    /// The order of one folder's photos.
    public private(set) var order: PhotoOrder
    /// The order of every folder at once: the timeline by date taken unless chosen otherwise
    /// (by name, it is the folders one after another, as the strip already shows them) —
    /// newest first, as a family's photo apps show a library, but a card's shoot in the order
    /// it was taken, as a photographer culls it.
    public private(set) var everyFolderOrder: PhotoOrder
    /// The order of every folder at once, if the user chose one (remembered; the default is not).
    public private(set) var everyFolderOrderChosen: PhotoOrder?
    /// What was read of every folder at once, kept for the next time (a cache).
    let index: LibraryIndex?
    /// Writes to the index, where no frame waits for them.
    let indexWrites = DispatchQueue(label: "flick.index", qos: .utility)
    /// Dates read before the walk put the tree's photos in the index: written after it.
    var datesForIndex: [FilePath: PhotoTraits] = [:]
    var likenessesForIndex: [FilePath: PhotoLikeness] = [:]
    /// A rescan of every folder, walked in the background.
    var rescanLister: AlbumLister?
    var rescanned = ListedBatch()
    /// Folders that could not be read or watched were said once.
    var saidUnreadable = false
    var saidUnwatched = false
    /// A tree on a network volume is read again this often instead of watched.
    static let networkRescanSeconds = 120.0
    var networkTick: PeriodicTick?
    /// Photos were turned in their files (or back, by an undo): their pictures and shared
    /// thumbnails are made again (their modification times did not change).
    public var onPhotosTurned: (([FilePath]) -> Void)?
    /// Wakes the frame loop: a listing batch, a search result or a folder change is waiting.
    let wake: @Sendable () -> Void

    /// `lister` was started before the window, so its work overlaps the platform's start-up.
    public init(opening: Folder.Opening, lister: AlbumLister, pictures: PictureStore, browser: PhotoBrowser,
                markBook: MarkBook? = nil, takenDates: TakenDates? = nil, likenesses: Likenesses? = nil,
                index: LibraryIndex? = nil, filter: PhotoFilter = .all, order: PhotoOrder = .byName, wake: @escaping @Sendable () -> Void) {
        album = opening.album
        self.markBook = markBook
        self.takenDates = takenDates
        self.likenesses = likenesses
        self.index = index
        self.filter = filter
        self.order = order
        everyFolderOrder = Self.defaultEveryFolderOrder(of: opening.album.folderPath)
        model = AlbumModel(folder: opening.album.folderPath, trash: .forCurrentUser(), markBook: markBook, holdsUnreadDatesLast: takenDates != nil)
        self.lister = lister
        self.pictures = pictures
        self.browser = browser
        self.wake = wake
        startPath = opening.startPath
        root = opening.album.folderPath
        shelf = AlbumShelf(pictures: pictures)
        albumSearch = AlbumSearch(root: opening.album.folderPath)
        photoSource = AlbumPhotos(pictures: pictures, markBook: markBook) { [unowned self] in model }
        browser.source = photoSource
        browser.albumSource = shelf
        pictures.onChange = { [unowned browser] in browser.reloadData() }
        browser.onShowView = { [unowned self] _ in readLooksIfWanted() }
        pictures.onFramesChange = { [unowned browser] in browser.reloadPlayingPictures() }
        pictures.onCoversChange = { [unowned browser] in browser.reloadAlbums() }
        lister.wake.connect(wake)
        albumSearch.wake.connect(wake)
        watcher = FolderWatcher(folder: album.folderPath, onChange: wake)
        browser.onSelectAlbum = { [unowned self] index in open(Self.album(shelf.albums[index])) }
        observeModel()
        connectTrash()
        connectMarks()
        connectArrangement()
    }

    /// The album's photos as the model has them.
    public var photos: [Photo] { model.photos }

    /// "photo — album — Flick" while the pager is up, "album — Flick" otherwise.
    public var title: String {
        let photo = browser.isPagerOpen && browser.pager.currentIndex < model.count ? model.photos[browser.pager.currentIndex] : nil
        return [photo?.displayName, album.name, "Flick"].compactMap { $0 }.joined(separator: " — ")
    }

    /// Takes what arrived since the last frame: listed photos, the album search's answer,
    /// folder changes.
    public func update() {
        takeListedPhotos()
        takeMarks()
        // Marks read again (a sidecar changed, a rescan) are unknown for a moment too: what
        // the view says follows either way.
        if marksWereKnown != marksAreKnown {
            marksWereKnown = marksAreKnown
            browser.albumMessage = message
            let waiting = marksWereKnown ? askedWhileMarksWereRead : []
            if marksWereKnown { askedWhileMarksWereRead = [] }
            for ask in waiting { ask() }
        }
        takeDeliveryReports()
        takeImportReports()
        takeMountedVolumes()
        if imports.offerDue {
            // Asked on the first frame, not at start: the settings (where to) are read by then.
            imports.offerDue = false
            offerImportIfOnCard()
        }
        if let dates = takenDates?.drainGrowing(), !dates.isEmpty {
            model.noteTraits(dates)
            takenDates?.read(model.takeStillsToPair())
            if album.includesSubfolders { recordInIndex(dates) }
            // The days may change where the order does not (the timeline's headers).
            if shownOrder.key == .dateTaken { browser.reloadData() }
            if browser.dateBar.isShown { browser.dateBar.refresh() }
        }
        takeDateFixWaiting()
        takeLikenesses()
        // After the looks taken in: the frame loop sleeps until woken again.
        takeDuplicateSearch()
        if let notice = index?.takeNotice() { browser.showToast(Toast(notice)) }
        // Places a search asked for were named meanwhile: it looks again.
        if let answered = placeNames?.answered, answered != placesAnswered {
            placesAnswered = answered
            model.refreshSearch()
            // The days' headers name their places.
            browser.reloadData()
        }
        if albumWatcher?.takeChange() == true { albumSearch.start() }
        takeAlbumSearch()
        if watcher?.takeChange() == true { rescanPending = true }
        if networkTick?.take() == true { rescanPending = true }
        if rescanPending && listingVerified && rescanLister == nil { rescanAlbum() }
        takeRescan()
    }

    /// The order the album on screen is shown in.
    var shownOrder: PhotoOrder { album.includesSubfolders ? everyFolderOrder : order }

    /// The order every folder at once is shown in, as remembered.
    public func setEveryFolderOrder(_ order: PhotoOrder) {
        everyFolderOrder = order
        everyFolderOrderChosen = order
        if album.includesSubfolders { arrange(filter: filter, order: order) }
    }

    /// Every folder at once of a card (a DCIM tree) in the order it was shot; of anything
    /// else (a family's Pictures), newest first.
    public static func defaultEveryFolderOrder(of root: FilePath) -> PhotoOrder {
        PhotoOrder(.dateTaken, reversed: CardFiles.cardRoot(of: root) == nil)
    }

    private static func album(_ folder: AlbumFolder) -> Folder {
        Folder(folderPath: folder.path, includesSubfolders: folder.includesSubfolders)
    }

    /// A folder or an image dropped on the window opens as if Flick had been launched on it:
    /// its albums in the strip, the image (if it is one) full screen once listed.
    public func openDropped(_ path: String) {
        openDropped(FilePath(path))
    }

    /// As `openDropped(_:)`, byte for byte: a name that is not UTF-8 opens too.
    public func openDropped(_ path: FilePath) {
        let opening: Folder.Opening
        do {
            opening = try Folder.open(path: path)
        } catch {
            browser.showToast(Toast(localized("Flick cannot open that: {reason}", ["reason": error.description])))
            return
        }
        root = opening.album.folderPath
        albumSearch = AlbumSearch(root: opening.album.folderPath)
        albumSearch.wake.connect(wake)
        albumWatcher = nil
        shelf.replaceAlbums([])
        browser.reloadAlbums()
        if opening.album == album, let start = opening.startPath, let index = model.index(of: start) {
            browser.openPhoto(index)
            return
        }
        open(opening.album, start: opening.startPath)
        startPath = opening.startPath
    }

    /// What the view says while the album has no photos.
    public static func message(for status: AlbumModel.Status, album: String) -> String? {
        switch status {
        case .listing, .ready: nil
        case .empty: localized("No photos in “{album}”: nothing in this folder is an image Flick can show.", ["album": album])
        case let .unavailable(reason): reason
        }
    }

    /// The album's first listing is complete.
    public var isListed: Bool { listingFinished }

    /// Every photo's date taken is read (bench probe: the timeline in its final order).
    public var datesAreKnown: Bool { listingFinished && model.isEveryDateTakenRead }

    /// Every listed photo's marks are known: the listing is complete and every read of
    /// them taken in. Until then a filter shows part of what it will, and "Trash the
    /// rejects" waits.
    public var marksAreKnown: Bool {
        guard let markBook else { return listingVerified }
        // A tree shown from the index waits for its walk: a photo come since, rejected in
        // its sidecar, is a reject too.
        return listingVerified && unreadMarks.isEmpty && markBook.unreadCount == 0
    }

    /// What the view says while it shows no photos: why (the album has none, the marks the
    /// filter needs are still being read, or the filter lets none through).
    private var message: String? {
        if let message = Self.message(for: model.status, album: album.name) { return message }
        if model.photos.isEmpty, let search = model.search, model.status == .ready {
            return localized("Nothing in “{album}” is found by “{words}”. Esc shows every photo again.", ["album": album.name, "words": search.query])
        }
        guard model.photos.isEmpty, filter != .all else { return nil }
        if !marksAreKnown { return localized("Reading marks…") }
        guard model.status == .ready else { return nil }
        return localized("No photos in “{album}” are shown as “{filter}”. Alt+0 shows them all.", ["album": album.name, "filter": filter.title])
    }

    /// The walk of the album ended once it was listed: where the index's photos were shown
    /// first, the walk's listing is the truth.
    private func takeWalkIfEnded() {
        guard listingFinished, !listingVerified, lister.isWalked else { return }
        listingVerified = true
        if album.includesSubfolders { recordInIndex([:]) }
        if let walked = lister.walked { applyRescan(walked) }
        if let report = lister.report { walked(report, lister.treeWatch) }
    }

    /// The grid grows as the listing arrives; the photo Flick was opened on is opened in
    /// the pager once listed.
    private func takeListedPhotos() {
        takeWalkIfEnded()
        guard !listingFinished else { return }
        // Dates the index remembered arrive before their photos: sorted by them at once.
        let (known, looks) = lister.drainRemembered()
        model.noteTraits(known)
        model.noteLikenesses(looks)
        let (batch, finished) = lister.drain()
        let photos = batch.photos
        listingFinished = finished
        model.appendListing(batch)
        readMarks(of: photos.map(\.path), onlyIfChanged: false)
        takenDates?.read(shownOrder.key == .dateTaken ? photos.filter { known[$0.key] == nil }.map(\.path) : model.loneVideos(among: photos) + model.takeStillsToPair())
        if !photos.isEmpty { readLooksIfWanted(photos.map(\.path)) }
        if finished { model.finishListing() }
        takeWalkIfEnded()
        if let start = startPath, let index = model.index(of: start) {
            startPath = nil
            StartupTrace.mark("start-photo-listed")
            (browser.superview ?? browser).layoutIfNeeded()
            // Opened on one photo: show it full screen at once, with its place in the view
            // behind revealed for when the pager closes.
            browser.showPhotoAtLaunch(index)
        }
        if let kept = keptInHand, let index = model.index(of: kept.path) {
            keptInHand = nil
            (browser.superview ?? browser).layoutIfNeeded()
            if kept.inPager { browser.showPhotoAtLaunch(index) } else { browser.keepPhotoInHand(index) }
        }
    }

    /// The album search answered: the strip shows what it found, keeping the album on
    /// screen selected. An album on screen that is not among them has no photos: the
    /// opened folder holding only albums (the first of them opens), or an album that
    /// vanished from disk (the one now in its place opens).
    private func takeAlbumSearch() {
        guard let search = albumSearch.take() else { return }
        let previousIndex = shelf.index(of: album.folderPath, includingSubfolders: album.includesSubfolders)
        let albums = search.withEveryFolder(root: root, named: Folder.everyFolderName(of: DisplayName.of(lastComponentOf: root)))
        shelf.replaceAlbums(albums)
        albumWatcher = FolderWatcher(folders: search.searchedFolders, onChange: wake)
        if let index = shelf.index(of: album.folderPath, includingSubfolders: album.includesSubfolders) {
            browser.reloadAlbums(selecting: index)
        } else if !albums.isEmpty {
            let index = min(previousIndex ?? 0, albums.count - 1)
            open(Self.album(albums[index]))
            browser.reloadAlbums(selecting: index)
        } else {
            browser.reloadAlbums()
        }
    }

    /// Shows another album: its listing starts afresh (with `start` first), the view starts
    /// at its first photo.
    func open(_ opened: Folder, start: FilePath? = nil) {
        guard opened != album else { return }
        lister.cancel()
        networkTick = nil
        rescanLister?.cancel()
        rescanLister = nil
        album = opened
        let folder = opened.folderPath
        model = AlbumModel(folder: folder, trash: .forCurrentUser(), markBook: markBook, holdsUnreadDatesLast: takenDates != nil)
        model.placeNames = placeNames
        unreadMarks = []
        marksWereKnown = false
        askedWhileMarksWereRead = []
        model.setFilter(filter)
        model.setOrder(shownOrder)
        model.setGroupsBursts(groupsBursts)
        model.setSearch(PhotoSearch(searchWords, root: folder))
        browser.showArrangement(filter: filter, order: shownOrder, groupsBursts: groupsBursts)
        observeModel()
        lister = AlbumLister(album: opened, start: start, index: opened.includesSubfolders ? index : nil, firstShown: shownOrder)
        lister.wake.connect(wake)
        listingFinished = false
        listingVerified = false
        (datesForIndex, likenessesForIndex) = ([:], [:])
        rescanPending = false
        startPath = nil
        keptInHand = nil
        pictures.replacePhotos([])
        browser.albumDidChange()
        watcher = FolderWatcher(folder: folder, onChange: wake)
        imports.offerDue = true
    }

    /// Photos were added, removed, renamed or rewritten: list the folder again; the model
    /// turns it into a diff. A folder that vanished or became unreadable empties the album
    /// rather than leaving it stale.
    private func rescanAlbum() {
        rescanPending = false
        if album.includesSubfolders {
            // A tree is walked where no frame waits for it.
            rescanned = ListedBatch()
            rescanLister = AlbumLister(album: album)
            rescanLister?.wake.connect(wake)
            return
        }
        do {
            model.applyRescan(try FolderScanner.photos(in: album.folderPath))
        } catch {
            model.folderFailed(error)
        }
        // Photos renamed or come back may bring sidecars of their own.
        readMarks(of: model.photos.map(\.path), onlyIfChanged: true)
    }

    /// The culling pager's Trash is the album model's: a photo leaves every view at once,
    /// and comes back to its place on undo.
    private func connectTrash() {
        browser.trashPhoto = { [unowned self] index in
            guard index < model.count else { return localized("That photo has left the album.") }
            let photo = model.photos[index]
            do throws(TrashError) {
                try model.moveToTrash(photo.path)
                return nil
            } catch .vanished {
                // Gone meanwhile: the folder is read again and it leaves every view.
                rescanPending = true
                return localized("{name} is no longer there; it leaves the album.", ["name": photo.displayName])
            } catch {
                return localized("{name} cannot go to the Trash: {reason}. It was left where it is.", ["name": photo.displayName, "reason": error.reason])
            }
        }
        browser.onUndo = { [unowned self] in undoLastStep() }
    }

    // MARK: Marks

    /// A mark key marks the photo in hand; its badge changes in the next frame, its sidecar
    /// is written behind.
    private func connectMarks() {
        browser.onMark = { [unowned self] index, change in
            guard index < model.count else { return }
            model.mark(model.photos[index].path, change)
        }
    }

    // MARK: Filter and order

    /// The arrangement control, its menu and keys set what the album shows, for every view
    /// (the photo in hand stays in hand while it is shown).
    private func connectArrangement() {
        browser.onChooseFilter = { [unowned self] filter in arrange(filter: filter, order: shownOrder) }
        browser.onChooseOrder = { [unowned self] key in arrange(filter: filter, order: shownOrder.choosing(key)) }
        browser.onTrashRejects = { [unowned self] in askToTrashRejects() }
        browser.onDeliverPicks = { [unowned self] moving in askToDeliverPicks(moving: moving) }
        browser.onImportCard = { [unowned self] in askToImport() }
        browser.onEveryFolder = { [unowned self] every in if every { openEveryFolder() } else { openFolderOfPhotoInHand() } }
        browser.onSearch = { [unowned self] words in
            searchWords = words
            model.setSearch(PhotoSearch(words, root: album.folderPath))
            browser.albumMessage = message
        }
        browser.onGroupBursts = { [unowned self] groups in
            setGroupsBursts(groups)
            browser.showToast(Toast(groups ? localized("Bursts grouped: a click fans one out, Space too") : localized("Bursts no longer grouped")))
        }
        arrange(filter: filter, order: shownOrder)
    }

    /// Whether each burst's frames are shown together (the grid folding them): the
    /// "Group bursts" switch, remembered between runs.
    public private(set) var groupsBursts = false

    public func setGroupsBursts(_ groups: Bool) {
        groupsBursts = groups
        model.setGroupsBursts(groups)
        readLooksIfWanted()
        browser.showArrangement(filter: filter, order: shownOrder, groupsBursts: groups)
    }

    /// Whether the last update saw every mark known (`marksAreKnown`).
    private var marksWereKnown = false
    /// What was asked while marks were still being read (trash the rejects, copy the
    /// picks): asked again once every photo's are known.
    var askedWhileMarksWereRead: [() -> Void] = []
    /// Copies picks on a thread of its own and says how far it got.
    lazy var picksDelivery = PicksDelivery(wake: wake)
    /// Where the picks are copied: a folder of the album's name in here.
    public var selectsFolder = Settings.defaultSelectsFolder()
    /// Cards imported: how, the one running, the cards offered, the import's dialog.
    public let imports = CardImports()

    func arrange(filter: PhotoFilter, order: PhotoOrder) {
        self.filter = filter
        if album.includesSubfolders {
            if order != everyFolderOrder { everyFolderOrderChosen = order }
            everyFolderOrder = order
        } else {
            self.order = order
        }
        if order.key == .dateTaken { takenDates?.read(model.photosWithoutDateTaken) }
        readLooksIfWanted()
        model.setFilter(filter)
        model.setOrder(order)
        browser.showArrangement(filter: filter, order: order, groupsBursts: groupsBursts)
        browser.albumMessage = message
    }

    /// Compare and grouping (their bursts) and the sharpness order need every photo's look
    /// and focus, and bursts the times they were taken: read in the background, nearest the
    /// photo in hand first; each photo once. `paths`: just those (newly listed); else the
    /// whole album.
    func readLooksIfWanted(_ paths: [FilePath]? = nil) {
        let wantsBursts = browser.viewKind == .compare || groupsBursts
        guard wantsBursts || shownOrder.key == .sharpness else { return }
        var wanted = paths.map { $0.filter { !model.isLikenessRead($0) } } ?? model.photosWithoutLikeness
        if paths == nil, let inHand = browser.photoInHand, inHand < model.count {
            let here = model.photos[inHand].path
            let place = Dictionary(model.photos.enumerated().map { ($1.path, abs($0 - inHand)) }) { first, _ in first }
            wanted.sort { (place[$0] ?? .max, $0 == here ? 0 : 1) < (place[$1] ?? .max, $1 == here ? 0 : 1) }
        }
        guard !wanted.isEmpty else { return }
        if wantsBursts { takenDates?.read(wanted) }
        likenesses?.read(wanted)
    }

    /// The first screen is up: marks may be read now, without slowing it.
    public func startReadingMarks() {
        guard !marksMayStart else { return }
        marksMayStart = true
        readMarks(of: unreadMarks, onlyIfChanged: false)
        unreadMarks = []
    }

    func readMarks(of paths: [FilePath], onlyIfChanged: Bool) {
        guard let markBook, !paths.isEmpty else { return }
        guard marksMayStart else { return unreadMarks += paths }
        if onlyIfChanged { markBook.recheck(paths) } else { markBook.read(paths) }
    }

    /// Marks read from sidecars, and sidecars another program changed; a notice once if
    /// marks cannot be kept beside the photos.
    private func takeMarks() {
        if let names = watcher?.takeChangedSidecars(), !names.isEmpty {
            readMarks(of: model.photos.map(\.path).filter { path in
                let sidecars = Sidecars(of: path, dataFolder: FilePath("/"))
                return names.contains(Self.nameBytes(of: sidecars.named)) || names.contains(Self.nameBytes(of: sidecars.stem))
            }, onlyIfChanged: true)
        }
        for notice in model.drainMarks() {
            switch notice {
            case let .keptInDataFolder(photo, reason):
                browser.showToast(Toast(localized("Marks on {name} are kept in Flick's own folder: {reason}.", ["name": photo, "reason": reason])))
            case let .notWritten(photo, reason):
                browser.showToast(Toast(localized("Marks on {name} cannot be saved: {reason}. They last until Flick closes.", ["name": photo, "reason": reason])))
            case let .sidecarNotRead(photo, reason):
                browser.showToast(Toast(localized("The sidecar of {name} is not read: {reason}. Marks made on it are kept in Flick's own folder.", ["name": photo, "reason": reason])))
            }
        }
    }

    private static func nameBytes(of path: FilePath) -> [UInt8] {
        let bytes = path.rawBytes
        return Array(bytes[((bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...])
    }

    /// The pictures follow the album's photos: a listing batch is appended, any other
    /// change keeps what is known of the photos still there.
    private func observeModel() {
        browser.albumMessage = nil
        browser.cull.trashedCount = model.trashedCount
        marksObservation = model.observeMarks { [unowned browser] _ in browser.marksChanged() }
        model.onTurned = { [unowned self] in onPhotosTurned?($0) }
        modelObservation = model.observe { [unowned self] diff in
            browser.albumMessage = message
            browser.cull.trashedCount = model.trashedCount
            if diff.removed.isEmpty && diff.moved.isEmpty && diff.changed.isEmpty, let first = diff.inserted.first,
               first == pictures.photoCount, diff.inserted.last == model.count - 1 {
                pictures.appendPhotos(Array(model.photos[first...]))
            } else if !diff.isEmpty {
                pictures.replacePhotos(model.photos)
                browser.photosMoved(diff.newIndex(ofOld:))
            }
        }
    }
}
