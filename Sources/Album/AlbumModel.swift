// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import Marks
import PhotoLibrary
import SystemPackage

/// One album's photos, by identity (path), and every change to them as a diff: the listing
/// arriving in batches, rescans after the watcher wakes, Flick's own moves to the Trash and
/// back, and what is shown of them — filtered by their marks and sorted (by name in
/// natural order unless told otherwise) — for every view alike. Runs on the UI thread;
/// what it is given was read elsewhere.
///
/// Flick's own changes apply at once. The watcher then reports them too, and a rescan may
/// even have started before the change and still list the old state; so each path Flick
/// moved is expected absent (or, restored, present) until a listing agrees, and listings
/// that disagree meanwhile are not applied for that path. Nothing is applied twice.
public final class AlbumModel {
    public enum Status: Sendable, Equatable {
        /// The listing is still arriving.
        case listing
        case ready
        /// The folder holds no photos (any more).
        case empty
        /// The folder went away or cannot be read: the message says which.
        case unavailable(String)
    }

    /// One trash operation, undoable.
    public struct TrashedPhoto: Sendable, Equatable {
        public var photo: Photo
        /// Where it stood when it went.
        public var index: Int
        public var file: TrashedFile
        /// A RAW that went with its JPEG: not a photo of its own in counts and messages.
        public var isCompanion = false
        /// Its sidecars, which went with it (darktable's edit history among them) and come
        /// back with it.
        public var sidecars: [TrashedFile] = []
    }

    /// One thing Ctrl+Z can take back.
    public enum Step: Sendable, Equatable {
        /// Photos moved to the Trash together (one, or all the rejects).
        case trashed([TrashedPhoto])
        /// Marks were changed: each photo's marks before.
        case marked([FilePath: PhotoMarks])
        /// Photos were turned a quarter: in their files (a JPEG's tag), or in their sidecars.
        case turned([OrientationWriter.Turned], inSidecars: [MarkBook.SidecarTurn])
        /// Photos were moved to another folder (the picks to the selects).
        case movedAway([MovedPhoto])
        /// Dates taken were fixed in sidecars: what each file's sidecar recorded before.
        case redated([FilePath: String?])
        /// Copies were shared into a folder (new files outside the album).
        case shared([FilePath])
        /// Steps taken as one (a duplicate's marks merged into the photo kept, the copies
        /// trashed): undone together, the last first.
        indirect case together([Step])
    }

    /// What an undo took back.
    public enum Undone: Sendable, Equatable {
        /// Photos came back from the Trash.
        case restored([TrashedPhoto])
        /// These photos have their marks as before.
        case marks([FilePath])
        /// These photos are turned back; those that could not be (another program changed
        /// them since) are left as they are.
        case turned([FilePath], failures: [FilePath: RotationError])
        /// Moved photos are back in the album; those that could not come back say why.
        case movedBack([Photo], failures: [String])
        /// These photos' dates taken are as they were.
        case redated([FilePath])
        /// Shared copies went to the Trash; those that could not say why.
        case unshared(moved: Int, failures: [String])
    }

    /// How many steps can be undone.
    public static let undoDepth = 50

    public let folder: FilePath
    /// What the views show: the listing's photos that pass the filter, in the order asked.
    public private(set) var photos: [Photo] = []
    /// Every photo of the folder in natural order, each with its name prepared for that
    /// order (parsing file names is the costly part of keeping 100,000 photos in order).
    var listing: [ListingEntry] = []
    let listingOrder: ListingOrder
    /// Which photos are shown, by their marks.
    public private(set) var filter = PhotoFilter.all
    /// What a search asks (Ctrl+F); nil: every photo the filter lets through.
    public private(set) var search: PhotoSearch?
    /// The album arranged without its search, and what a search reads of each of its photos
    /// (made when one first asks): a key typed narrows these (`AlbumModel+Arranging`).
    var unsearched: [Photo]?
    var searchRecords: [PhotoSearch.Record]?
    /// Shown instead of the arrangement while set: these photos, in this order (the
    /// duplicates found, each group together).
    public internal(set) var spotlight: [FilePath]?
    /// Cameras, lenses and positions read with the dates, for a search.
    private(set) var traits: [PathKey: PhotoTraits] = [:]
    /// The content identifiers read with them, which pair a Live Photo's still and video
    /// of different names (`FilePairs`).
    private(set) var contentIdentifiers: [FilePath: String] = [:]
    /// Videos without a still of their name whose identifiers were asked for, the folders
    /// whose stills were then, and those stills (`AlbumModel+LivePhotos`).
    var loneVideosAsked = Set<FilePath>()
    var foldersAskedForStills = Set<FilePath>()
    var stillsToPair: [FilePath] = []
    /// Names the positions a search asks of (looked up as asked; `refreshSearch` after).
    public var placeNames: PlaceNames?
    public private(set) var order = PhotoOrder.byName
    /// When each photo was taken, as its EXIF says ("YYYY-MM-DD hh:mm:ss"), where known.
    private(set) var datesTaken: [PathKey: String] = [:]
    /// Photos read and found to have no date taken (sorted by their files' times).
    private var datesRead: Set<PathKey> = []
    /// How sharp each photo is and what it looks like, where read (nil: it could not be).
    private(set) var likenesses: [PathKey: PhotoLikeness?] = [:]
    /// Every photo that is a frame of a burst, with its burst's frames in time order.
    public internal(set) var bursts: [FilePath: [FilePath]] = [:]
    var burstRunsCache: [Range<Int>]?
    /// Each burst's frames are shown together, in time order, where its first one shown
    /// would be: the culling pager steps through a moment before the next, the grid folds it.
    public private(set) var groupsBursts = false
    public private(set) var status = Status.listing
    /// Trashing and marking, in one history: most recent last.
    public internal(set) var history: [Step] = []
    /// Photos trashed in this session (undone ones do not count).
    public internal(set) var trashedCount = 0

    let trash: Trash
    /// Marks of every photo; nil where the album is not marked (tests of listing alone).
    public let markBook: MarkBook?
    private var observers: [UInt64: (AlbumDiff) -> Void] = [:]
    private var markObservers: [UInt64: ([FilePath]) -> Void] = [:]
    private var nextObserver: UInt64 = 0
    /// Paths Flick moved, and whether they should now be there.
    var expected: [FilePath: Bool] = [:]
    /// The status observers last heard with a diff: a change of status alone is news too.
    private var announcedStatus = Status.listing

    /// `holdsUnreadDatesLast`: photos' dates are read as they are listed, and until its own
    /// is read a photo waits at the end of an order by date taken (the top of a timeline
    /// shows photos where they belong, not every file of today at its head).
    public init(folder: FilePath, trash: Trash, markBook: MarkBook? = nil, holdsUnreadDatesLast: Bool = false) {
        self.folder = folder
        listingOrder = ListingOrder(root: folder)
        self.trash = trash
        self.markBook = markBook
        self.holdsUnreadDatesLast = holdsUnreadDatesLast
    }

    let holdsUnreadDatesLast: Bool

    /// Whether `photo`'s date taken is known: read (or found missing), fixed, or in its name.
    func isDateKnown(_ photo: Photo) -> Bool {
        datesTaken[photo.key] != nil || datesRead.contains(photo.key) || (nameDates[photo.key] ?? nil) != nil || fixedDate(of: photo) != nil
    }

    public var count: Int { photos.count }

    /// Every file of the folder, shown or not (a RAW and its JPEG apart).
    public var allPhotos: [Photo] { listing.map(\.photo) }

    /// Every photo as it would be shown without a filter (pairs as one).
    public var photosIgnoringFilter: [Photo] { FilePairs.folded(listing.map(\.photo), identifiers: contentIdentifiers) }

    /// Where the photo whose file (or a companion's: a RAW beside its JPEG) is `path` is shown.
    public func index(of path: FilePath) -> Int? {
        photos.firstIndex { $0.path == path } ?? photos.firstIndex { $0.companions.contains { $0.path == path } }
    }

    /// Where each of `paths` is shown (as `index(of:)` finds them, leaving out those not
    /// shown), found in one pass: ten thousand duplicates chosen at once.
    public func indices(of paths: [FilePath]) -> [Int] {
        var place: [FilePath: Int] = [:]
        place.reserveCapacity(photos.count)
        for (index, photo) in photos.enumerated() {
            if place[photo.path] == nil { place[photo.path] = index }
            for companion in photo.companions where place[companion.path] == nil { place[companion.path] = index }
        }
        return paths.compactMap { place[$0] }
    }

    /// `body` hears every diff until the returned token is cancelled.
    public func observe(_ body: @escaping (AlbumDiff) -> Void) -> ObservationToken {
        nextObserver += 1
        let id = nextObserver
        observers[id] = body
        return ObservationToken { [weak self] in self?.observers[id] = nil }
    }

    // MARK: Listing and rescans

    /// A batch of the first listing. Batches come in natural order, each after the last,
    /// and are then simply appended (a big folder arrives in hundreds of them); anything
    /// else is merged into its place.
    public func appendListing(_ batch: [Photo]) {
        appendListing(ListedBatch(listingOrder.entries(batch)))
    }

    /// The same, ordered already (by `AlbumLister`, on its thread).
    public func appendListing(_ listed: ListedBatch) {
        let batch = expected.isEmpty ? listed.entries : listed.entries.filter { expected[$0.photo.path] != false }
        guard !batch.isEmpty else { return }
        let sequence = listing.suffix(1) + batch
        let inOrder = zip(sequence, sequence.dropFirst()).allSatisfy { ListingOrder.precedes($0, $1) }
        // A batch that begins with the name the last one ended with may hold its pair.
        let continuesAName = listing.last.map { FilePairs.stem(of: $0.photo.path) == FilePairs.stem(of: batch[0].photo.path) } ?? false
        // …and one whose content identifier is known may pair with a photo of another name.
        let mayPair = !contentIdentifiers.isEmpty && batch.contains { contentIdentifiers[$0.photo.path] != nil }
        guard inOrder, isShownAsListed, !continuesAName, !mayPair else { return commit(ListingOrder.union(listing, adding: batch)) }
        let oldCount = photos.count
        listing += batch
        photos += FilePairs.folded(batch.map(\.photo))
        (unsearched, searchRecords) = (nil, nil)
        notify(.appended(oldCount: oldCount, newCount: photos.count))
    }

    /// The first listing is complete.
    public func finishListing() {
        // The folder's photos, not those a filter shows: a filter showing none yet (their
        // marks unread) is no empty folder.
        status = listing.isEmpty ? .empty : .ready
        notify(AlbumDiff())
    }

    /// A full listing read after the watcher woke (or any time): applied as a diff, except
    /// for paths whose state Flick itself just changed and the listing does not yet show.
    public func applyRescan(_ rescan: [Photo]) {
        applyRescan(ListedBatch(listingOrder.entries(rescan)))
    }

    /// The same, ordered already (by `AlbumLister`, on its thread). Returns whether the
    /// album changed: a walk that found what the index showed changes nothing.
    @discardableResult
    public func applyRescan(_ rescan: ListedBatch) -> Bool {
        let merged: [ListingEntry]
        if expected.isEmpty {
            // In the walk's order already, as a rule: sorted only where it is not.
            var entries = rescan.entries
            if !zip(entries, entries.dropFirst()).allSatisfy({ !ListingOrder.precedes($1, $0) }) { entries.sort(by: ListingOrder.precedes) }
            // One path twice: the first one.
            merged = entries.indices.compactMap { $0 > 0 && entries[$0 - 1].photo.path == entries[$0].photo.path ? nil : entries[$0] }
        } else {
            var listed = Dictionary(rescan.entries.map { ($0.photo.path, $0) }, uniquingKeysWith: { first, _ in first })
            for (path, shouldExist) in expected {
                let isListed = listed[path] != nil
                if isListed == shouldExist {
                    expected[path] = nil                          // the echo: confirmed, forgotten
                } else if shouldExist {
                    if let current = listing.first(where: { $0.photo.path == path }) { listed[path] = current }
                } else {
                    listed[path] = nil                            // a listing from before the move
                }
            }
            merged = listed.values.sorted(by: ListingOrder.precedes)
        }
        // A folder read again is there again, whatever it was before.
        let newStatus: Status = merged.isEmpty ? .empty : .ready
        guard newStatus != status || merged.count != listing.count || !zip(merged, listing).allSatisfy({ $0.photo.isUnchanged(from: $1.photo) })
        else { return false }
        status = newStatus
        commit(merged)
        return true
    }

    /// The folder vanished or became unreadable while open: every photo leaves, and the
    /// view says why.
    public func folderFailed(_ error: FolderError) {
        status = .unavailable(error.description)
        commit([ListingEntry]())
    }

    // MARK: Trash and undo

    /// Moves photo `path` to the Trash; it leaves the album at once.
    @discardableResult
    public func moveToTrash(_ path: FilePath) throws(TrashError) -> TrashedPhoto {
        let (moved, failed) = moveToTrash(together: [path])
        // A pair whose RAW stayed behind still went: the RAW shows as a photo of its own.
        guard let first = moved.first else { throw failed[0].error }
        return first
    }

    /// Moves the photos at `paths` to the Trash as one step (one undo brings them all
    /// back); those the Trash will not take stay, and say why.
    @discardableResult
    public func moveToTrash(together paths: [FilePath]) -> (moved: [TrashedPhoto], failed: [(path: FilePath, error: TrashError)]) {
        var moved: [TrashedPhoto] = [], failed: [(path: FilePath, error: TrashError)] = []
        // A pair goes as one photo: the RAW with its JPEG.
        let companions = paths.flatMap { path in photos.first { $0.path == path }?.companions.map(\.path) ?? [] }
        var seen = Set<FilePath>()
        for path in paths + companions where seen.insert(path).inserted {
            guard let index = listing.firstIndex(where: { $0.photo.path == path }) else {
                failed.append((path, .vanished(path.string)))
                continue
            }
            do throws(TrashError) {
                let file = try trash.trash(path)
                moved.append(TrashedPhoto(photo: listing[index].photo, index: self.index(of: path) ?? index, file: file,
                                          isCompanion: !paths.contains(path)))
                expected[path] = false
            } catch {
                failed.append((path, error))
            }
        }
        guard !moved.isEmpty else { return (moved, failed) }
        trashSidecars(of: &moved)
        remember(.trashed(moved))
        trashedCount += moved.count { !$0.isCompanion }
        let gone = Set(moved.map(\.photo.path))
        commit(listing.filter { !gone.contains($0.photo.path) })
        return (moved, failed)
    }

    /// A photo's sidecars follow it into the Trash (`Sidecars.goingWith`). One that cannot
    /// go stays where it is: the photo went, and the sidecar is still whole.
    private func trashSidecars(of moved: inout [TrashedPhoto]) {
        // A mark made a moment ago is still being written: it lands first, and goes too.
        markBook?.waitForWrites()
        let gone = Set(moved.map(\.photo.path))
        let sidecars = Sidecars.goingWith(moved.map(\.photo.path), leaving: listing.lazy.map(\.photo.path).filter { !gone.contains($0) })
        for (index, paths) in sidecars.enumerated() {
            moved[index].sidecars = paths.compactMap { try? trash.trash($0) }
        }
    }

    // MARK: Marks

    /// The marks of the file at `path`.
    public func marks(of path: FilePath) -> PhotoMarks { markBook?.marks(of: path) ?? .none }

    /// A photo's marks as shown (a pair's: `MarkBook.marks(of:)`).
    public func marks(of photo: Photo) -> PhotoMarks { markBook?.marks(of: photo) ?? .none }

    /// Changes the marks of the photo shown at `path` and its companions alike (a key on
    /// the photo in hand), written to their sidecars; one undo step. Returns false when
    /// nothing changed.
    @discardableResult
    public func mark(_ path: FilePath, _ change: MarkChange) -> Bool {
        let photo = photos.first { $0.path == path } ?? listing.first { $0.photo.path == path }?.photo
        guard let photo else { return false }
        let new = marks(of: photo).applying(change)
        return mark(photo.allPaths, .set(new))
    }

    /// Changes the marks of each of `paths`; one undo step. Returns false when nothing
    /// changed.
    @discardableResult
    public func mark(_ paths: [FilePath], _ change: MarkChange) -> Bool {
        guard let markBook else { return false }
        var before: [FilePath: PhotoMarks] = [:]
        for path in paths {
            let old = markBook.marks(of: path), new = old.applying(change)
            guard new != old else { continue }
            before[path] = old
            markBook.set(new, for: path)
        }
        guard !before.isEmpty else { return false }
        remember(.marked(before))
        notifyMarks(Array(before.keys))
        if filter != .all || search != nil { commit(listing) }
        return true
    }

    // MARK: What is shown

    /// Shows only the photos `filter` admits (a photo marked out of it leaves at once).
    public func setFilter(_ filter: PhotoFilter) {
        guard filter != self.filter else { return }
        self.filter = filter
        commit(listing)
    }

    /// What was read of photos (dates, cameras, positions): sorted by date, they move to
    /// their places; a search finds them by the rest.
    public func noteTraits(_ read: [FilePath: PhotoTraits]) {
        noteTraits(read.keyedByPath)
    }

    /// The same, keyed already (by `AlbumLister`, on its thread).
    public func noteTraits(_ read: [PathKey: PhotoTraits]) {
        guard !read.isEmpty else { return }
        searchRecords = nil
        traits.absorb(read)
        var identifiers: [FilePath: String] = [:]
        for (key, traits) in read {
            if let identifier = traits.contentIdentifier, contentIdentifiers[key.path] != identifier { identifiers[key.path] = identifier }
        }
        contentIdentifiers.merge(identifiers) { $1 }
        askForStills(pairingWith: identifiers)
        noteDatesTaken(read.mapValues(\.dateTaken))
        // Found by the search, or a Live Photo's still and video found to be one (the
        // dates have arranged the album again already where it is sorted by them).
        let arrangedByDates = order.key == .dateTaken || groupsBursts
        if (search != nil || !identifiers.isEmpty) && !arrangedByDates { commit(listing) }
    }

    /// What was read of the photo at `path` besides its date (camera, lens, position).
    public func traits(of path: FilePath) -> PhotoTraits? { traits[PathKey(path)] }

    /// The search asked again (place names looked up since).
    public func refreshSearch() {
        if search != nil { commit(listing) }
    }

    /// Shows only what `search` finds (nil: everything again).
    public func setSearch(_ search: PhotoSearch?) {
        guard search != self.search else { return }
        self.search = search
        commit(listing, searchOnly: true)
    }

    public func setOrder(_ order: PhotoOrder) {
        guard order != self.order else { return }
        self.order = order
        commit(listing)
    }

    public func setGroupsBursts(_ groups: Bool) {
        guard groups != groupsBursts else { return }
        groupsBursts = groups
        commit(listing)
    }

    /// Dates taken read from the photos (in the background): sorted by date, they move to
    /// their places.
    public func noteDatesTaken(_ dates: [FilePath: String]) {
        noteDatesTaken(dates.keyedByPath)
    }

    func noteDatesTaken(_ dates: [PathKey: String]) {
        guard !dates.isEmpty else { return }
        let read = dates.values.contains("") ? dates.filter { !$0.value.isEmpty } : dates
        datesTaken.absorb(read)
        for (path, date) in dates where date.isEmpty { datesRead.insert(path) }
        datesChanged()
    }

    /// The photos shown cut into days, when they are sorted by a date (taken, or modified):
    /// the grid's timeline. Nil in any other order. Kept until the photos or their dates
    /// change, so asking on every frame costs nothing.
    public func daySections() -> [DaySection]? {
        guard order.key == .dateTaken || order.key == .dateModified else { return nil }
        if let daySectionsCache { return daySectionsCache }
        let sections = DaySection.runs(of: photos.map(day(of:)))
        daySectionsCache = sections
        return sections
    }

    var daySectionsCache: [DaySection]?

    /// The day `photo` counts as in the current date order: its EXIF day where the album is
    /// sorted by date taken and it has one (else the file's, as the sort does).
    private func day(of photo: Photo) -> CalendarDay {
        if order.key == .dateTaken, let day = CalendarDay(exif: dateTaken(of: photo)) { return day }
        var time = time_t(photo.modificationDate.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        return CalendarDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    /// When `photo` counts as taken, as EXIF writes it: a date its sidecar records (fixed
    /// by the user), else its EXIF's date, else a date its name carries (`NameDate`:
    /// WhatsApp's, a phone's, a screenshot's), else its file's time.
    func dateTaken(of photo: Photo) -> String {
        if let fixed = fixedDate(of: photo) { return fixed }
        if let taken = datesTaken[photo.key] { return taken }
        if let named = nameDates[photo.key] { return named ?? Self.exifStyle(photo.modificationDate) }
        let named = NameDate.taken(fromFileName: photo.fileName)
        nameDates[photo.key] = .some(named)
        return named ?? Self.exifStyle(photo.modificationDate)
    }

    /// Dates found in the photos' names (nil inside: none), each name parsed once.
    private var nameDates: [PathKey: String?] = [:]

    func hasReadDate(of path: FilePath) -> Bool {
        let key = PathKey(path)
        return datesTaken[key] != nil || datesRead.contains(key)
    }

    /// Whether every photo's date taken is read: asked each frame while a benchmark waits
    /// for it, so it stops at the first not read (it listed them all, copies and all,
    /// which took most of the frame loop while a tree's dates were read).
    public var isEveryDateTakenRead: Bool {
        !listing.contains { datesTaken[$0.photo.key] == nil && !datesRead.contains($0.photo.key) }
    }

    /// Photos whose dates taken are not read yet.
    public var photosWithoutDateTaken: [FilePath] {
        listing.filter { datesTaken[$0.photo.key] == nil && !datesRead.contains($0.photo.key) }.map(\.photo.path)
    }

    /// Focus measures and looks read from the photos (in the background): bursts form, and
    /// sorted by sharpness, photos move to their places.
    public func noteLikenesses(_ found: [FilePath: PhotoLikeness?]) {
        noteLikenesses(found.keyedByPath)
    }

    /// The same, keyed already (by `AlbumLister`, on its thread).
    public func noteLikenesses(_ found: [PathKey: PhotoLikeness?]) {
        guard !found.isEmpty else { return }
        likenesses.absorb(found)
        regroupBursts()
        if order.key == .sharpness || groupsBursts { commit(listing) }
    }

    public func likeness(of path: FilePath) -> PhotoLikeness? { likeness(of: PathKey(path)) }
    public func likeness(of key: PathKey) -> PhotoLikeness? { likenesses[key] ?? nil }

    /// Photos whose likeness is not read yet.
    public var photosWithoutLikeness: [FilePath] {
        listing.filter { likenesses[$0.photo.key] == nil }.map(\.photo.path)
    }

    /// True while the listing is shown as it is: every photo, by name.
    private var isShownAsListed: Bool { filter == .all && order == .byName && search == nil && spotlight == nil }

    /// Takes in marks read from disk (sidecars, another program's changes); returns the
    /// notices to show.
    public func drainMarks() -> [MarkBook.Notice] {
        guard let markBook else { return [] }
        let (changed, redated, turned, notices) = markBook.drain()
        if !redated.isEmpty { datesChanged() }
        if !turned.isEmpty { onTurned?(turned) }
        if !changed.isEmpty {
            notifyMarks(changed)
            if filter != .all || search != nil { commit(listing) }
        }
        return notices
    }

    /// Photos whose sidecars turn them otherwise than before (read, another program's): their
    /// pictures are to be made again.
    public var onTurned: (([FilePath]) -> Void)?

    /// `body` hears which photos' marks changed, until the token is cancelled.
    public func observeMarks(_ body: @escaping ([FilePath]) -> Void) -> ObservationToken {
        nextObserver += 1
        let id = nextObserver
        markObservers[id] = body
        return ObservationToken { [weak self] in self?.markObservers[id] = nil }
    }

    func notifyMarks(_ paths: [FilePath]) {
        for observer in markObservers.values { observer(paths) }
    }

    // MARK: Applying

    /// Takes `new` as the listing and shows it arranged, telling observers what moved.
    /// `searchOnly`: only the search changed, and the album as arranged without it stands.
    func commit(_ new: [ListingEntry], searchOnly: Bool = false) {
        daySectionsCache = nil
        burstRunsCache = nil
        let newPhotos = arranged(new, searchOnly: searchOnly)
        let diff = AlbumDiff(from: photos, to: newPhotos)
        photos = newPhotos
        listing = new
        if status == .ready || status == .empty { status = new.isEmpty ? .empty : .ready }
        guard !diff.isEmpty || status != announcedStatus else { return }
        notify(diff)
    }

    private func notify(_ diff: AlbumDiff) {
        announcedStatus = status
        for observer in observers.values { observer(diff) }
    }
}

/// Ends an observation when cancelled or dropped.
public final class ObservationToken {
    private var cancellation: (() -> Void)?

    init(_ cancellation: @escaping () -> Void) {
        self.cancellation = cancellation
    }

    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    deinit { cancel() }
}
