// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
import PhotoLibrary
import SystemPackage

extension AlbumModel {
    /// The listing as shown: filtered, then sorted (a stable sort over natural order, so
    /// photos that tie stay by name), then searched — which keeps that order, so a key
    /// typed only narrows the album as arranged without the search (kept: `unsearched`).
    func arranged(_ listing: [ListingEntry], searchOnly: Bool) -> [Photo] {
        if searchOnly, spotlight == nil, let unsearched { return gatheringBursts(searched(unsearched)) }
        (unsearched, searchRecords) = (nil, nil)
        var shown = FilePairs.folded(listing.map(\.photo), identifiers: contentIdentifiers)
        if let spotlight {
            let byPath = Dictionary(shown.map { ($0.key, $0) }) { first, _ in first }
            return spotlight.compactMap { byPath[PathKey($0)] }
        }
        if filter != .all {
            shown.removeAll { !filter.admits(marks(of: $0)) }
        }
        switch order.key {
        case .name: break
        case .dateModified: Self.stableSort(&shown) { $0.modificationDate < $1.modificationDate }
        case .size: Self.stableSort(&shown) { $0.byteCount < $1.byteCount }
        case .dateTaken:
            // Each photo's date read once, as a number: 100,000 photos sort in a frame's time;
            // those whose dates are still being read at the end (`holdsUnreadDatesLast`).
            let unread: UInt64 = order.reversed ? 0 : .max
            let keys = shown.map { photo in
                let key = Self.sortKey(dateTaken(of: photo))
                return holdsUnreadDatesLast && !isDateKnown(photo) ? unread : key
            }
            shown = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }.map { shown[$0] }
        case .sharpness:
            // The blurriest first, as the other orders go smallest first; reversed, the
            // sharpest first. Photos not yet measured stay at the end.
            let keys = shown.map { likeness(of: $0.key)?.sharpness ?? .infinity }
            shown = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }.map { shown[$0] }
        }
        if order.reversed { shown.reverse() }
        unsearched = shown
        return gatheringBursts(searched(shown))
    }

    private func gatheringBursts(_ shown: [Photo]) -> [Photo] {
        groupsBursts && !bursts.isEmpty ? Self.gatheringBursts(shown, bursts) : shown
    }

    /// `shown` (the album as arranged without its search: `unsearched`) as the search finds it.
    private func searched(_ shown: [Photo]) -> [Photo] {
        guard let search else { return shown }
        let records = searchRecords ?? searchRecords(of: shown)
        searchRecords = records
        var found: [Photo] = []
        records.withUnsafeBufferPointer { records in
            for index in records.indices where search.matches(records[index]) { found.append(shown[index]) }
        }
        return found
    }

    /// What a search reads of each of `photos`: read once, as the first key is typed.
    private func searchRecords(of photos: [Photo]) -> [PhotoSearch.Record] {
        let root = PhotoSearch.rootBytes(of: folder)
        return photos.map { photo in
            let traits = traits[photo.key]
            var place: String?
            if let latitude = traits?.latitude, let longitude = traits?.longitude, case let .some(.some(name)) = placeNames?.name(latitude: latitude, longitude: longitude) {
                place = name
            }
            return PhotoSearch.Record(photo, below: root, taken: CalendarDay(exif: dateTaken(of: photo)), marks: marks(of: photo), traits: traits, place: place)
        }
    }

    /// Made ahead of the first key typed into a search (Ctrl+F), so that key narrows at once.
    public func prepareSearch() {
        guard searchRecords == nil, let unsearched else { return }
        searchRecords = searchRecords(of: unsearched)
    }
}
