// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Browser
import Components
import Foundation
import Localization
import Marks
import PhotoLibrary
import Synchronization
import SystemPackage

/// A search for duplicates: every photo's look read first (from the likeness cache where
/// it was measured before), then the finder's work on a thread of its own, then what it
/// found shown together in the grid with the copies chosen, asking to move them to the
/// Trash.
final class DuplicateSearch: Sendable {
    let photos: [Photo]
    /// What the finder found, once it has.
    let found = Mutex<[DuplicateGroup]?>(nil)
    let started = Atomic(false)

    init(photos: [Photo]) {
        self.photos = photos
    }
}

extension AlbumSession {
    /// Looks for duplicates among every photo of the album (all of a tree, where every
    /// folder is shown at once), once every photo's marks are known.
    public func findDuplicates() {
        guard duplicateSearch == nil else { return browser.showToast(Toast(localized("Still looking for duplicates…"))) }
        guard let duplicateFinder else { return }
        guard marksAreKnown else {
            askedWhileMarksWereRead.append { [unowned self] in findDuplicates() }
            return browser.showToast(Toast(localized("Reading marks… duplicates are looked for once every photo's are read.")))
        }
        let search = DuplicateSearch(photos: model.photosIgnoringFilter)
        duplicateSearch = search
        duplicateFinder.prepare(search.photos)
        likenesses?.read(search.photos.filter { !model.isLikenessRead($0.key) }.map(\.path))
        browser.showToast(Toast(localizedPlural("Looking for duplicates among {count} photo…", "Looking for duplicates among {count} photos…",
                                                count: search.photos.count)))
    }

    /// Each frame: the looks read, the finder started; what it found, shown.
    func takeDuplicateSearch() {
        guard let search = duplicateSearch, let duplicateFinder else { return }
        if !search.started.load(ordering: .relaxed) {
            guard likenesses == nil || search.photos.allSatisfy({ model.isLikenessRead($0.key) }) else { return }
            search.started.store(true, ordering: .relaxed)
            let candidates = search.photos.map { photo in
                Duplicates.Candidate(photo: photo, likeness: model.likeness(of: photo.key), isMarked: !model.marks(of: photo).isEmpty)
            }
            duplicateFinder.find(candidates) { [wake] groups in
                search.found.withLock { $0 = groups }
                wake()
            }
            return
        }
        guard let groups = search.found.withLock({ $0 }) else { return }
        duplicateSearch = nil
        showDuplicates(groups, among: search.photos.count)
    }

    /// The groups together in the grid, the copies chosen (the user may choose otherwise),
    /// and the question; either answer shows the album as before.
    private func showDuplicates(_ groups: [DuplicateGroup], among count: Int) {
        // Said once they are shown (the bench's probe: the next frame draws them).
        defer { onDuplicatesShown?(groups.count, groups.reduce(0) { $0 + $1.copies.count }) }
        guard !groups.isEmpty else {
            return browser.showToast(Toast(localizedPlural("No duplicates among {count} photo", "No duplicates among {count} photos", count: count)))
        }
        let viewBefore = browser.viewKind
        if browser.isPagerOpen { browser.closePager() }
        model.setSpotlight(groups.flatMap { $0.photos.map(\.path) })
        browser.show(.grid)
        browser.grid.choose(only: Set(model.indices(of: groups.flatMap { $0.copies.map(\.path) })))
        let restore = { [unowned self] in
            browser.grid.choose(only: [])
            model.setSpotlight(nil)
            browser.show(viewBefore)
        }
        let sameFiles = groups.filter { $0.kind == .sameFile }.reduce(0) { $0 + $1.copies.count }
        let samePictures = groups.filter { $0.kind == .samePicture }.reduce(0) { $0 + $1.copies.count }
        let files = localizedPlural("{count} copy of the same file", "{count} copies of the same file", count: sameFiles)
        let pictures = localizedPlural("{count} copy of the same picture", "{count} copies of the same picture", count: samePictures)
        let found = sameFiles == 0 ? pictures : samePictures == 0 ? files : localized("{files} and {pictures}", ["files": files, "pictures": pictures])
        let question = localized("{found}: move the copies chosen to the Trash? The first of each group stays.", ["found": found])
        browser.ask(Confirmation(question, confirmTitle: localized("Move Copies to Trash"), confirm: { [unowned self] in
            let chosen = Set(browser.chosenPhotos.compactMap { $0 < model.count ? model.photos[$0].path : nil })
            restore()
            trashCopies(of: groups, chosen: chosen)
        }, cancel: restore))
    }

    /// The chosen copies of each group to the Trash, never every photo of a group (its
    /// first stays where all were chosen), marks merged into the one kept: one step.
    private func trashCopies(of groups: [DuplicateGroup], chosen: Set<FilePath>) {
        var going: [(keep: Photo, copies: [Photo])] = []
        var seen = Set<FilePath>()
        for group in groups {
            let kept = group.photos.first { !chosen.contains($0.path) } ?? group.keep
            let copies = group.photos.filter { $0.path != kept.path && chosen.contains($0.path) && seen.insert($0.path).inserted }
            if !copies.isEmpty { going.append((kept, copies)) }
        }
        guard !going.isEmpty else { return }
        let (movedFiles, failed) = model.trashCopies(going)
        let moved = movedFiles.filter { !$0.isCompanion }
        var message = localizedPlural("{count} copy moved to the Trash", "{count} copies moved to the Trash", count: moved.count)
        if let first = failed.first {
            let failure = localizedPlural("{count} could not go: {reason}", "{count} could not go: {reason}", count: failed.count, ["reason": first.error.reason])
            message = moved.isEmpty ? failure : localized("{moved}; {failed}", ["moved": message, "failed": failure])
        }
        browser.showToast(Toast(message, action: moved.isEmpty ? nil : (title: localized("Undo"), perform: { [unowned browser] in browser.undo() })))
    }
}
