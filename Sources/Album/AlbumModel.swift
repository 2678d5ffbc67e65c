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

    /// A batch of the first listing (in natural order, after the ones before).
    public func appendListing(_ batch: [Photo]) {
        let merged = Self.sortedUnion(photos, batch.filter { expected[$0.path] != false })
        commit(merged)
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
        let merged = listed.values.sorted(by: Self.naturalOrder)
        if status == .listing || status == .ready || status == .empty { status = merged.isEmpty ? .empty : .ready }
        commit(merged)
    }

    /// The folder vanished or became unreadable while open: every photo leaves, and the
    /// view says why.
    public func folderFailed(_ error: FolderError) {
        status = .unavailable(error.description)
        commit([])
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
        var remaining = photos
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
        commit(Self.sortedUnion(photos, [record.photo]))
        return record
    }

    // MARK: Applying

    private func commit(_ new: [Photo]) {
        let diff = AlbumDiff(from: photos, to: new)
        photos = new
        if status == .ready || status == .empty { status = new.isEmpty ? .empty : .ready }
        guard !diff.isEmpty else { return }
        notify(diff)
    }

    private func notify(_ diff: AlbumDiff) {
        for observer in observers.values { observer(diff) }
    }

    private static func sortedUnion(_ a: [Photo], _ b: [Photo]) -> [Photo] {
        var byPath = Dictionary(a.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for photo in b { byPath[photo.path] = photo }
        return byPath.values.sorted(by: naturalOrder)
    }

    /// Natural order of names; names that read the same (bytes that are not UTF-8) by path,
    /// so the order is total and a rescan never reports false moves.
    static func naturalOrder(_ a: Photo, _ b: Photo) -> Bool {
        if NaturalOrder.areInIncreasingOrder(a.fileName, b.fileName) { return true }
        if NaturalOrder.areInIncreasingOrder(b.fileName, a.fileName) { return false }
        return Trash.bytes(of: a.path).lexicographicallyPrecedes(Trash.bytes(of: b.path))
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
