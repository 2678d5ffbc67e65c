// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Components
import Foundation
import Localization
import Marks
import PhotoLibrary

/// Fixing dates taken (the date bar): the photos' dates are read first — their EXIF and
/// their sidecars' — so a shift moves each from the date it has, not a guess; then written
/// into their sidecars as one step Ctrl+Z takes back.
extension AlbumSession {
    /// Fixes the dates taken of the photos at `indices` (and their pairs') as `fix` asks.
    public func redateChosen(_ indices: [Int], _ fix: DateFix) {
        let photos = indices.filter { $0 < model.count }.map { model.photos[$0] }
        guard !photos.isEmpty else { return }
        guard datesAreKnown(of: photos) else {
            dateFixWaiting = (photos, fix)
            takenDates?.read(photos.map(\.path))
            return browser.showToast(Toast(localized("Reading the photos’ dates…")))
        }
        redate(photos, fix)
    }

    /// A date fix waiting for its photos' dates (and marks: a sidecar's date) is made once
    /// they are known.
    func takeDateFixWaiting() {
        guard let (photos, fix) = dateFixWaiting, datesAreKnown(of: photos) else { return }
        dateFixWaiting = nil
        redate(photos.filter { model.index(of: $0.path) != nil }, fix)
    }

    /// The date taken `photo`'s sidecar records (fixed by the user), for its shared copies.
    func fixedDate(of photo: Photo) -> String? { model.fixedDateText(of: photo) }

    /// What `fix` makes of the earliest of the photos at `indices`, as the user reads dates.
    func datePreview(_ fix: DateFix, _ indices: [Int]) -> (before: String, after: String)? {
        let photos = indices.filter { $0 < model.count }.map { model.photos[$0] }
        // Their own dates, for this preview and the fix to come (each read once).
        takenDates?.read(photos.map(\.path))
        let moments = photos.compactMap { TakenMoment(exif: model.dateTakenText(of: $0)) }
        guard let earliest = moments.min() else { return nil }
        guard let moved = earliest.shifted(by: fix.shift(from: earliest)) else { return (earliest.readable, localized("out of the calendar")) }
        return (earliest.readable, moved.readable)
    }

    private func datesAreKnown(of photos: [Photo]) -> Bool {
        guard takenDates != nil else { return marksAreKnown }
        return marksAreKnown && photos.allSatisfy(model.isDateTakenRead)
    }

    private func redate(_ photos: [Photo], _ fix: DateFix) {
        guard let outcome = model.redate(photos, fix) else { return }
        browser.reloadData()
        var message: String
        if outcome.moved.count == 1 {
            let date = TakenMoment(exif: model.dateTakenText(of: outcome.moved[0]))?.readable ?? ""
            message = localized("{name} is dated {date}", ["name": outcome.moved[0].displayName, "date": date])
        } else {
            message = localizedPlural("{count} photo dated anew", "{count} photos dated anew", count: outcome.moved.count)
        }
        if !outcome.refused.isEmpty {
            let failure = localizedPlural("{count} was not: the date would leave the calendar", "{count} were not: the date would leave the calendar",
                                          count: outcome.refused.count)
            message = outcome.moved.isEmpty ? failure : localized("{moved}; {failed}", ["moved": message, "failed": failure])
        }
        browser.showToast(Toast(message, action: outcome.moved.isEmpty ? nil : (title: localized("Undo"), perform: { [unowned browser] in browser.undo() })))
    }
}
