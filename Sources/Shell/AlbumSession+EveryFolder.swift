// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Browser
import Components
import Foundation
import Localization
import PhotoLibrary
import SystemPackage

/// Every folder at once, as the session keeps it: Alt+Up and Alt+Down with the photo kept
/// in hand, rescans of the tree walked in the background, its folders watched, and what
/// was read of it kept in the index.
extension AlbumSession {
    /// Shows every photo below the folder Flick was opened on as one album (Alt+Up), with
    /// the photo in hand still in hand.
    public func openEveryFolder() {
        guard !album.includesSubfolders || album.folderPath != root else { return }
        openKeepingPhotoInHand(Folder(folderPath: root, includesSubfolders: true))
    }

    /// Shows the folder of the photo in hand alone (Alt+Down), the photo still in hand.
    public func openFolderOfPhotoInHand() {
        guard album.includesSubfolders, let inHand = browser.photoInHand, inHand < model.count else { return }
        openKeepingPhotoInHand(Folder(folderPath: model.photos[inHand].path.removingLastComponent()))
    }

    private func openKeepingPhotoInHand(_ opened: Folder) {
        let inHand = browser.photoInHand.flatMap { $0 < model.count ? model.photos[$0].path : nil }
        let inPager = browser.isPagerOpen
        open(opened, start: inHand)
        keptInHand = inHand.map { ($0, inPager) }
    }

    /// Dates read and looks measured are kept in the index, once the walk has put their
    /// photos' rows there.
    func recordInIndex(_ dates: [FilePath: PhotoTraits], likenesses: [FilePath: PhotoLikeness] = [:]) {
        guard let index else { return }
        // A read that failed is no date to keep: the next run asks again.
        datesForIndex.merge(dates.filter { !$0.value.readFailed }) { $1 }
        likenessesForIndex.merge(likenesses) { $1 }
        guard listingVerified, !datesForIndex.isEmpty || !likenessesForIndex.isEmpty else { return }
        let (dates, likenesses) = (datesForIndex, likenessesForIndex)
        (datesForIndex, likenessesForIndex) = ([:], [:])
        indexWrites.async {
            index.record(traits: dates)
            index.record(likenesses: likenesses)
        }
    }

    /// Looks read (measured, or kept from before): bursts and the sharpness order follow,
    /// and a tree's go into its index (those it already held are not written again).
    func takeLikenesses() {
        guard let found = likenesses?.drain(), !found.isEmpty else { return }
        model.noteLikenesses(found)
        browser.reloadData()
        if album.includesSubfolders { recordInIndex([:], likenesses: found.compactMapValues { $0 }) }
    }

    /// A rescan of every folder finished: applied as one diff.
    func takeRescan() {
        guard let rescanLister else { return }
        let (batch, finished) = rescanLister.drain()
        rescanned += batch
        guard finished else { return }
        self.rescanLister = nil
        applyRescan(rescanned)
        if let index, let report = rescanLister.report, !report.stopped {
            let (photos, root) = (rescanned.photos, album.folderPath)
            indexWrites.async { index.record(photos, under: root) }
        }
        rescanned = ListedBatch()
        if let report = rescanLister.report { walked(report, rescanLister.treeWatch) }
    }

    /// A listing of every folder, walked in the background, is applied as one diff; what
    /// is new is read.
    func applyRescan(_ listed: ListedBatch) {
        let changed = model.applyRescan(listed)
        readMarks(of: model.photos.map(\.path), onlyIfChanged: true)
        // What the walk found is what was shown (the index was right): nothing new to read.
        guard changed else { return }
        if shownOrder.key == .dateTaken { takenDates?.read(model.photosWithoutDateTaken) }
        readLooksIfWanted()
    }

    /// Every folder was walked: the folders are watched (as many as inotify allows Flick
    /// without starving other programs: `FolderWatcher.treeLimit`), and those that could not
    /// be read or watched are said once.
    func walked(_ report: TreeWalker.Report, _ watch: (watcher: FolderWatcher?, changedWhileWalking: Bool, network: String?)) {
        let watched = FolderWatcher.treeFolders(report.folders)
        watcher = watch.watcher
        if watch.changedWhileWalking { rescanPending = true }
        if let network = watch.network {
            // Read again now and then, gently, instead of watched.
            if networkTick == nil { networkTick = PeriodicTick(every: Self.networkRescanSeconds, wake: wake) }
            if !saidUnwatched {
                saidUnwatched = true
                browser.showToast(Toast(localized("{album} is on a network drive ({kind}): Flick reads it again every two minutes instead of watching it.",
                                                  ["album": album.name, "kind": network])))
            }
            return
        }
        if watched.count < report.folders.count, !saidUnwatched {
            saidUnwatched = true
            browser.showToast(Toast(localized("Flick watches {watched} of the {count} folders here; changes in the deepest show when the album is opened again.",
                                              ["watched": Language.number(watched.count), "count": Language.number(report.folders.count)])))
        }
        if let first = report.unreadable.first, !saidUnreadable {
            saidUnreadable = true
            browser.showToast(Toast(localizedPlural("{name} cannot be read and is left out.", "{count} folders cannot be read and are left out, {name} among them.",
                                                    count: report.unreadable.count, ["name": DisplayName.of(first.rawBytes)])))
        }
    }
}
