// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Browser
import Components
import Foundation
import Ingest
import Localization
import Marks
import PhotoLibrary
import SystemPackage

/// What the session asks before acting on every photo of a mark: the rejects to the Trash,
/// the picks to the selects folder. Each waits until every photo's marks are known.
extension AlbumSession {
    /// Once every photo's marks are known (else `waiting` is said and this asked again
    /// then): `photos` — the ones marked so — shown alone in the grid while `question` asks;
    /// a yes does `confirmed`, and either answer then shows the album as before. Nil from
    /// `photos` (none marked) and `none` is said instead.
    private func ask(showing shown: PhotoFilter, waiting: String, none: String, again: @escaping () -> Void,
                     question: ([Photo]) -> String, confirmTitle: String, confirmed: @escaping ([Photo]) -> Void) {
        guard marksAreKnown else {
            askedWhileMarksWereRead.append(again)
            browser.showToast(Toast(waiting))
            return
        }
        let photos = model.photosIgnoringFilter.filter { shown.admits(model.marks(of: $0)) }
        guard !photos.isEmpty else { return browser.showToast(Toast(none)) }
        let (filterBefore, viewBefore) = (filter, browser.viewKind)
        if browser.isPagerOpen { browser.closePager() }
        arrange(filter: shown, order: shownOrder)
        browser.show(.grid)
        let restore = { [unowned self] in
            arrange(filter: filterBefore, order: shownOrder)
            browser.show(viewBefore)
        }
        browser.ask(Confirmation(question(photos), confirmTitle: confirmTitle, confirm: {
            confirmed(photos)
            restore()
        }, cancel: restore))
    }

    /// Copies (or `moving`, moves) the album's picks, each with its pair and sidecars,
    /// into a folder of the album's name in `selectsFolder`, once every photo's marks are
    /// known: the picks are shown and the copy asked for, as the rejects are before the
    /// Trash. A move is one undo step; a card's picks are only ever copied.
    func askToDeliverPicks(moving: Bool = false) {
        if moving, let refusal = moveRefusal() { return browser.showToast(Toast(refusal)) }
        // The album's own name, byte for byte.
        let name = album.folderPath.rawBytes.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? Array("album".utf8)
        let destination = FilePath(rawBytes: selectsFolder.rawBytes + [UInt8(ascii: "/")] + name)
        ask(showing: .picks, waiting: localized("Reading marks… the picks are shown once every photo's are read."),
            none: localized("No photo is picked: P picks the photo in hand."), again: { [unowned self] in askToDeliverPicks(moving: moving) },
            question: { picks in
                moving ? localizedPlural("Move this pick to {folder}?", "Move these {count} picks to {folder}?", count: picks.count,
                                         ["folder": PicksDelivery.shown(destination)])
                    : localizedPlural("Copy this pick to {folder}?", "Copy these {count} picks to {folder}?", count: picks.count,
                                      ["folder": PicksDelivery.shown(destination)])
            },
            confirmTitle: moving ? localized("Move") : localized("Copy")) { [unowned self] picks in
            browser.showToast(Toast(PicksDelivery.message(.progress(done: 0, of: picks.count, moving: moving))))
            picksDelivery.deliver(picks, to: destination, dataFolder: Sidecars.dataFolder(), moving: moving)
        }
    }

    /// Why the picks cannot be moved out of this album, if they cannot: a card is only
    /// ever read, and a folder Flick cannot write keeps its files.
    private func moveRefusal() -> String? {
        if CardFiles.cardRoot(of: album.folderPath) != nil {
            return localized("Picks on a card are copied, not moved: Flick never changes a card. Ctrl+Shift+E copies them.")
        }
        guard album.folderPath.withPlatformString({ access($0, W_OK) }) == 0 else {
            return localized("The picks cannot be moved out of {folder}: it cannot be written. Ctrl+Shift+E copies them.",
                             ["folder": PicksDelivery.shown(album.folderPath)])
        }
        return nil
    }

    /// What the picks' copy or move reports: toasts, and a move's photos leave the album
    /// as one step Ctrl+Z (or the toast's Undo) takes back.
    func takeDeliveryReports() {
        for report in picksDelivery.takeReports() {
            guard case let .finished(_, _, _, _, true, moved) = report, !moved.isEmpty else {
                browser.showToast(Toast(PicksDelivery.message(report)))
                continue
            }
            model.photosMovedAway(moved.map { ($0.photo, $0.files) })
            browser.showToast(Toast(PicksDelivery.message(report), action: (title: localized("Undo"), perform: { [unowned browser] in browser.undo() })))
        }
    }

    /// Blocks until the picks asked to be copied are (tests).
    public func waitForCopies() { picksDelivery.waitUntilIdle() }

    /// Quitting: the photo being copied is finished, the rest of the picks left.
    public func stopCopying() { picksDelivery.stop() }

    /// Shows every rejected photo in the grid (the contact sheet of what will go), asks,
    /// then moves them all to the Trash as one step; either way the album is shown as it
    /// was before. While marks are still being read, it waits for them, and says so: the
    /// rejects read so far are not all of them.
    func askToTrashRejects() {
        ask(showing: .rejects, waiting: localized("Reading marks… the rejects are shown once every photo's are read."),
            none: localized("No photo is rejected: X rejects the photo in hand."), again: { [unowned self] in askToTrashRejects() },
            question: { rejects in
                localizedPlural("Move this rejected photo to the Trash?", "Move these {count} rejected photos to the Trash?", count: rejects.count)
            },
            confirmTitle: localized("Move to Trash")) { [unowned self] rejects in
            moveToTrashSayingHow(rejects.map(\.path))
        }
    }
}
