// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
import PhotoLibrary
import SystemPackage

/// One album's photos, by identity (path) in natural order, and every change to them as a
/// diff: the listing arriving in batches, rescans after the watcher wakes, and Flick's own
/// moves to the Trash and back. Runs on the UI thread; what it is given was read elsewhere.
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
    }

    /// One thing Ctrl+Z can take back.
    public enum Step: Sendable, Equatable {
        case trashed(TrashedPhoto)
        /// Marks were changed: each photo's marks before.
        case marked([FilePath: PhotoMarks])
    }

    /// What an undo took back.
    public enum Undone: Sendable, Equatable {
        /// A photo came back from the Trash.
        case restored(TrashedPhoto)
        /// These photos have their marks as before.
        case marks([FilePath])
    }

    /// How many steps can be undone.
    public static let undoDepth = 50

    public let folder: FilePath
    public private(set) var photos: [Photo] = []
    /// Each photo's name prepared for natural order, beside `photos` (parsing file names is
    /// the costly part of keeping 100,000 photos in order).
    private var keys: [NaturalOrder.Key] = []
    public private(set) var status = Status.listing
    /// Trashing and marking, in one history: most recent last.
    public private(set) var history: [Step] = []
    /// Photos trashed in this session (undone ones do not count).
    public private(set) var trashedCount = 0

    private let trash: Trash
    /// Marks of every photo; nil where the album is not marked (tests of listing alone).
    public let markBook: MarkBook?
    private var observers: [UInt64: (AlbumDiff) -> Void] = [:]
    private var markObservers: [UInt64: ([FilePath]) -> Void] = [:]
    private var nextObserver: UInt64 = 0
    /// Paths Flick moved, and whether they should now be there.
    private var expected: [FilePath: Bool] = [:]
    /// The status observers last heard with a diff: a change of status alone is news too.
    private var announcedStatus = Status.listing

    public init(folder: FilePath, trash: Trash, markBook: MarkBook? = nil) {
        self.folder = folder
        self.trash = trash
        self.markBook = markBook
    }

    public var count: Int { photos.count }

    public func index(of path: FilePath) -> Int? { photos.firstIndex { $0.path == path } }

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
        let batch = Self.entries(batch.filter { expected[$0.path] != false })
        guard !batch.isEmpty else { return }
        let last = photos.last.map { [Entry(photo: $0, key: keys[keys.count - 1])] } ?? []
        let sequence = last + batch
        let inOrder = zip(sequence, sequence.dropFirst()).allSatisfy { Self.precedes($0, $1) }
        guard inOrder else { return commit(sortedUnion(adding: batch)) }
        let oldCount = photos.count
        photos += batch.map(\.photo)
        keys += batch.map(\.key)
        notify(.appended(oldCount: oldCount, newCount: photos.count))
    }

    /// The first listing is complete.
    public func finishListing() {
        status = photos.isEmpty ? .empty : .ready
        notify(AlbumDiff())
    }

    /// A full listing read after the watcher woke (or any time): applied as a diff, except
    /// for paths whose state Flick itself just changed and the listing does not yet show.
    public func applyRescan(_ listing: [Photo]) {
        var listed = Dictionary(listing.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for (path, shouldExist) in expected {
            let isListed = listed[path] != nil
            if isListed == shouldExist {
                expected[path] = nil                          // the echo: confirmed, forgotten
            } else if shouldExist {
                if let current = photos.first(where: { $0.path == path }) { listed[path] = current }
            } else {
                listed[path] = nil                            // a listing from before the move
            }
        }
        let merged = Self.entries(listed.values).sorted(by: Self.precedes)
        // A folder read again is there again, whatever it was before.
        status = merged.isEmpty ? .empty : .ready
        commit(merged)
    }

    /// The folder vanished or became unreadable while open: every photo leaves, and the
    /// view says why.
    public func folderFailed(_ error: FolderError) {
        status = .unavailable(error.description)
        commit([Entry]())
    }

    // MARK: Trash and undo

    /// Moves photo `path` to the Trash; it leaves the album at once.
    @discardableResult
    public func moveToTrash(_ path: FilePath) throws(TrashError) -> TrashedPhoto {
        guard let index = index(of: path) else { throw .vanished(path.string) }
        let file = try trash.trash(path)
        let record = TrashedPhoto(photo: photos[index], index: index, file: file)
        remember(.trashed(record))
        trashedCount += 1
        expected[path] = false
        var remaining = entries
        remaining.remove(at: index)
        commit(remaining)
        return record
    }

    /// Takes back the last step: a trashed photo comes back to its path and its place, or
    /// marks are as they were. On failure (its name taken meanwhile, its folder gone) a
    /// photo stays in the Trash and the step in the history.
    @discardableResult
    public func undo() throws(TrashError) -> Undone? {
        guard let step = history.last else { return nil }
        switch step {
        case let .trashed(record):
            try trash.restore(record.file)
            history.removeLast()
            trashedCount -= 1
            expected[record.photo.path] = true
            commit(sortedUnion(adding: Self.entries([record.photo])))
            return .restored(record)
        case let .marked(before):
            history.removeLast()
            for (path, marks) in before { markBook?.set(marks, for: path) }
            notifyMarks(Array(before.keys))
            return .marks(before.keys.sorted { $0.rawBytes.lexicographicallyPrecedes($1.rawBytes) })
        }
    }

    /// The name of the photo the next undo would bring back, if it is a trashed one.
    public var nextUndoTrashedName: String? {
        guard case let .trashed(record) = history.last else { return nil }
        return record.photo.displayName
    }

    private func remember(_ step: Step) {
        history.append(step)
        if history.count > Self.undoDepth { history.removeFirst() }
    }

    // MARK: Marks

    /// Photo `path`'s marks.
    public func marks(of path: FilePath) -> PhotoMarks { markBook?.marks(of: path) ?? .none }

    /// Changes the marks of `paths` (a key on the photo in hand), written to their sidecars;
    /// one undo step. Returns false when nothing changed.
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
        return true
    }

    /// Takes in marks read from disk (sidecars, another program's changes); returns the
    /// notices to show.
    public func drainMarks() -> [MarkBook.Notice] {
        guard let markBook else { return [] }
        let (changed, notices) = markBook.drain()
        if !changed.isEmpty { notifyMarks(changed) }
        return notices
    }

    /// `body` hears which photos' marks changed, until the token is cancelled.
    public func observeMarks(_ body: @escaping ([FilePath]) -> Void) -> ObservationToken {
        nextObserver += 1
        let id = nextObserver
        markObservers[id] = body
        return ObservationToken { [weak self] in self?.markObservers[id] = nil }
    }

    private func notifyMarks(_ paths: [FilePath]) {
        for observer in markObservers.values { observer(paths) }
    }

    // MARK: Applying

    private func commit(_ new: [Entry]) {
        let newPhotos = new.map(\.photo)
        let diff = AlbumDiff(from: photos, to: newPhotos)
        photos = newPhotos
        keys = new.map(\.key)
        if status == .ready || status == .empty { status = new.isEmpty ? .empty : .ready }
        guard !diff.isEmpty || status != announcedStatus else { return }
        notify(diff)
    }

    private func notify(_ diff: AlbumDiff) {
        announcedStatus = status
        for observer in observers.values { observer(diff) }
    }

    /// A photo with its order key.
    private struct Entry {
        var photo: Photo
        var key: NaturalOrder.Key
    }

    private var entries: [Entry] { zip(photos, keys).map { Entry(photo: $0.0, key: $0.1) } }

    private static func entries(_ photos: some Sequence<Photo>) -> [Entry] {
        photos.map { Entry(photo: $0, key: NaturalOrder.Key($0.fileName)) }
    }

    /// The photos and `more` (which win for a path both have), in order.
    private func sortedUnion(adding more: [Entry]) -> [Entry] {
        var byPath = Dictionary(entries.map { ($0.photo.path, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in more { byPath[entry.photo.path] = entry }
        return byPath.values.sorted(by: Self.precedes)
    }

    /// Natural order of names; names that read the same (bytes that are not UTF-8) by path,
    /// so the order is total and a rescan never reports false moves.
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if NaturalOrder.areInIncreasingOrder(a.key, b.key) { return true }
        if NaturalOrder.areInIncreasingOrder(b.key, a.key) { return false }
        return a.photo.path.rawBytes.lexicographicallyPrecedes(b.photo.path.rawBytes)
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
