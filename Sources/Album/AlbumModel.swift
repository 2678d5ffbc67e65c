// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
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

    /// How many trash operations can be undone.
    public static let undoDepth = 50

    public let folder: FilePath
    public private(set) var photos: [Photo] = []
    /// Each photo's name prepared for natural order, beside `photos` (parsing file names is
    /// the costly part of keeping 100,000 photos in order).
    private var keys: [NaturalOrder.Key] = []
    public private(set) var status = Status.listing
    /// Most recent last.
    public private(set) var undoStack: [TrashedPhoto] = []
    /// Photos trashed in this session (undone ones do not count).
    public private(set) var trashedCount = 0

    private let trash: Trash
    private var observers: [UInt64: (AlbumDiff) -> Void] = [:]
    private var nextObserver: UInt64 = 0
    /// Paths Flick moved, and whether they should now be there.
    private var expected: [FilePath: Bool] = [:]
    /// The status observers last heard with a diff: a change of status alone is news too.
    private var announcedStatus = Status.listing

    public init(folder: FilePath, trash: Trash) {
        self.folder = folder
        self.trash = trash
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
        undoStack.append(record)
        if undoStack.count > Self.undoDepth { undoStack.removeFirst() }
        trashedCount += 1
        expected[path] = false
        var remaining = entries
        remaining.remove(at: index)
        commit(remaining)
        return record
    }

    /// Brings the last trashed photo back to its path and its place. On failure (its name
    /// taken meanwhile, its folder gone) it stays in the Trash and on the stack.
    @discardableResult
    public func undoTrash() throws(TrashError) -> TrashedPhoto? {
        guard let record = undoStack.last else { return nil }
        try trash.restore(record.file)
        undoStack.removeLast()
        trashedCount -= 1
        expected[record.photo.path] = true
        commit(sortedUnion(adding: Self.entries([record.photo])))
        return record
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
