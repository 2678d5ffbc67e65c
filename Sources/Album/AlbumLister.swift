// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
import PhotoLibrary
import Synchronization
import SystemPackage

/// Lists an album on its own thread and hands the photos over in batches through an
/// inbox, waking the frame loop for each, so the first screen never waits for the rest.
///
/// Every folder at once (`Folder.includesSubfolders`) is walked to any depth. Where the
/// index knows the tree, what it knows (checked on disk) comes first, dates and all — the
/// top of the timeline at once, the rest a moment later, each batch in the album's order,
/// sorted here rather than on the drawing thread — and the listing is finished then; the
/// walk that follows checks it, and once it is over (`isWalked`) its whole listing is
/// `walked`, for the album to apply as a rescan; the index is told what the walk found.
public final class AlbumLister: Sendable {
    private struct State {
        var arrived: [ListingEntry] = []
        var traits: [PathKey: PhotoTraits] = [:]
        var likenesses: [PathKey: PhotoLikeness?] = [:]
        var finished = false
        var walkEnded = false
        var cancelled = false
        var report: TreeWalker.Report?
        var walked: [ListingEntry]?
        var watcher: FolderWatcher?
        var changedWhileWalking = false
        var network: String?
    }

    private let state = Mutex(State())
    public let wake = WakeRelay()

    /// `firstBatch` sees the first photos listed, on the listing thread, so their decoding
    /// can start before anything asks for them. The photo Flick was opened on (`start`)
    /// comes first, on its own, so it is shown at once however long the folder takes to
    /// read (a /tmp of 20,000 entries took a quarter of a second); the listing then brings
    /// the rest, in their order around it.
    public init(album: Folder, start: FilePath? = nil, index: LibraryIndex? = nil, firstShown: PhotoOrder = .byName,
                firstBatch: @escaping @Sendable ([Photo]) -> Void = { _ in }) {
        let thread = Thread { [self] in
            let order = ListingOrder(root: album.folderPath)
            if let start, let photo = FolderScanner.photo(at: start) { arrive(order.entries([photo])) }
            var isFirst = true
            let deliver = { (batch: [ListingEntry]) -> Bool in
                if isFirst { firstBatch(batch.map(\.photo)) }
                isFirst = false
                return self.arrive(batch)
            }
            guard album.includesSubfolders else {
                try? FolderScanner.scan(album.folderPath) { deliver(order.entries($0)) }
                return finish(report: nil, walked: nil)
            }
            // The top of the timeline first (its earliest or its latest photos, as it is
            // shown; the first by name in any other order), then every photo the index
            // knows, in its own order (by path: nearly the album's), each checked on disk.
            var known = false
            let root = album.folderPath
            let datesFirst = firstShown.key == .dateTaken
            if datesFirst, let first = index?.firstRows(under: root, count: Self.firstChunk, latest: firstShown.reversed), !first.isEmpty {
                let entries = remember(first[...], order: order)
                known = !entries.isEmpty
                guard deliver(entries) else { return finish(report: nil, walked: nil) }
            }
            let rows = index?.rows(under: root) ?? []
            for chunk in datesFirst ? [rows[...]] : [rows.prefix(Self.firstChunk), rows.dropFirst(Self.firstChunk)] where !chunk.isEmpty {
                let entries = remember(chunk, order: order)
                known = known || !entries.isEmpty
                guard deliver(entries) else { return finish(report: nil, walked: nil) }
            }
            if known { state.withLock { $0.finished = true } }
            // Known already: the walk only checks, and its listing replaces what was shown;
            // it gives way to the frame loop taking the index's photos in.
            if known { BackgroundPriority.lowerCurrentThread() }
            var walked: [ListingEntry] = []
            // Walked for the listing: a timeline newest first from its last folders, whose dates
            // are read first too (they are read as listed), so its top stands soonest.
            let latestFirst = !known && datesFirst && firstShown.reversed
            let report = TreeWalker.walk(album.folderPath, latestFirst: latestFirst) { batch in
                let entries = order.entries(batch)
                walked += entries
                return known ? !self.isCancelled : deliver(entries)
            }
            guard !report.stopped else { return finish(report: report, walked: nil) }
            // Watched from now on; what changed between a folder's listing and now is seen
            // by its folder's time, and the album is read again for it.
            // A network volume is not watched: inotify sees only this machine's changes there.
            let network = NetworkVolume.kind(of: album.folderPath)
            let watcher = network != nil ? nil : FolderWatcher(folders: FolderWatcher.treeFolders(report.folders)) { [wake] in wake.wake() }
            let changed = TreeWalker.changedSince(report)
            state.withLock {
                $0.watcher = watcher
                $0.changedWhileWalking = changed
                $0.network = network
            }
            index?.record(walked.map(\.photo), under: album.folderPath)
            finish(report: report, walked: known ? walked : nil)
        }
        thread.name = "flick-list"
        thread.start()
    }

    public convenience init(folder: FilePath, start: FilePath? = nil, firstBatch: @escaping @Sendable ([Photo]) -> Void = { _ in }) {
        self.init(album: Folder(folderPath: folder), start: start, firstBatch: firstBatch)
    }

    /// The index's `rows` checked on disk and put in the album's order, what it remembered
    /// of them kept for `drainRemembered`: in slices on every core (a file's status, a name
    /// parsed and a few table entries each, which took half a second for 100,000 on one).
    private func remember(_ rows: ArraySlice<LibraryIndex.Row>, order: ListingOrder) -> [ListingEntry] {
        struct Part {
            var entries: [ListingEntry] = []
            var traits: [PathKey: PhotoTraits] = [:]
            var likenesses: [PathKey: PhotoLikeness?] = [:]
        }
        let slices = max(1, min(ProcessInfo.processInfo.activeProcessorCount, rows.count / 2_000))
        let results = Mutex([Part](repeating: Part(), count: slices))
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let lower = rows.startIndex + rows.count * slice / slices, upper = rows.startIndex + rows.count * (slice + 1) / slices
            let checked = LibraryIndex.checked(rows[lower..<upper])
            var part = Part(entries: order.entries(checked.lazy.map(\.photo)))
            part.traits.reserveCapacity(checked.count)
            for entry in checked {
                if let remembered = entry.traits { part.traits[entry.photo.key] = remembered }
                if let likeness = entry.likeness { part.likenesses[entry.photo.key] = .some(likeness) }
            }
            results.withLock { $0[slice] = part }
        }
        let parts = results.withLock { $0 }
        state.withLock { state in
            for part in parts {
                state.traits.absorb(part.traits)
                state.likenesses.absorb(part.likenesses)
            }
        }
        // In the index's order, nearly sorted already: a pass or two.
        var entries: [ListingEntry] = []
        entries.reserveCapacity(parts.reduce(0) { $0 + $1.entries.count })
        for part in parts { entries += part.entries }
        entries.sort(by: ListingOrder.precedes)
        return entries
    }

    /// Hands `batch` over; false once the listing was cancelled.
    private func arrive(_ batch: [ListingEntry]) -> Bool {
        let goOn = state.withLock { state in
            state.arrived += batch
            return !state.cancelled
        }
        wake.wake()
        return goOn
    }

    private var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// How many of the index's photos come first, on their own.
    static let firstChunk = 1_000

    private func finish(report: TreeWalker.Report?, walked: [ListingEntry]?) {
        state.withLock {
            $0.finished = true
            $0.walkEnded = true
            $0.report = report
            $0.walked = walked
        }
        wake.wake()
    }

    /// The listing is over, walk and all (a folder's listing: as soon as it is finished).
    public var isWalked: Bool { state.withLock { $0.walkEnded } }

    /// What a walk of every folder met besides photos (the folders walked, those it could
    /// not read); nil until it finished, and for one folder.
    public var report: TreeWalker.Report? { state.withLock { $0.report } }

    /// Once finished: the walk's whole listing where the index had shown the tree first
    /// (to be applied as a rescan); nil where the walk's batches were the listing.
    public var walked: ListedBatch? { state.withLock { $0.walked.map(ListedBatch.init) } }

    /// Every folder at once: the watcher of the folders walked (as many as
    /// `FolderWatcher.treeLimit` allows), made once the walk ended; and whether a folder
    /// changed while it was walked (a rescan then catches what the watch did not see).
    /// On a network volume ("NFS", "FUSE"), no watcher: `network` names it.
    public var treeWatch: (watcher: FolderWatcher?, changedWhileWalking: Bool, network: String?) {
        state.withLock { ($0.watcher, $0.changedWhileWalking, $0.network) }
    }

    /// Stops listing after the batch in hand: another album was opened.
    public func cancel() {
        state.withLock { $0.cancelled = true }
    }

    /// The photos listed since the last call, and whether the listing is complete.
    public func drain() -> (batch: ListedBatch, finished: Bool) {
        state.withLock { state in
            defer { state.arrived = [] }
            return (ListedBatch(state.arrived), state.finished)
        }
    }

    /// What the index remembered of the photos (dates taken and the rest; how sharp each is
    /// and how it looks), since the last call.
    public func drainRemembered() -> (traits: [PathKey: PhotoTraits], likenesses: [PathKey: PhotoLikeness?]) {
        state.withLock { state in
            defer { (state.traits, state.likenesses) = ([:], [:]) }
            return (state.traits, state.likenesses)
        }
    }
}
