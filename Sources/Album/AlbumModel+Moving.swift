// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import SystemPackage

/// Photos moved out of the album's folder (the picks to the selects), as one step Ctrl+Z
/// takes back.
extension AlbumModel {
    /// A photo moved away, where it stood, and where each of its files went.
    public struct MovedPhoto: Sendable, Equatable {
        public var photo: Photo
        public var index: Int
        public var files: [PhotoDelivery.MovedFile]

        public init(photo: Photo, index: Int, files: [PhotoDelivery.MovedFile]) {
            (self.photo, self.index, self.files) = (photo, index, files)
        }
    }

    /// Photos whose files were moved away (`PhotoDelivery.deliver(_:moving:)`): they leave
    /// the album at once, and one undo brings them all back.
    public func photosMovedAway(_ moved: [(photo: Photo, files: [PhotoDelivery.MovedFile])]) {
        guard !moved.isEmpty else { return }
        let records = moved.map { MovedPhoto(photo: $0.photo, index: index(of: $0.photo.path) ?? count, files: $0.files) }
        remember(.movedAway(records))
        let gone = Set(moved.flatMap(\.photo.allPaths))
        for path in gone { expected[path] = false }
        commit(listing.filter { !gone.contains($0.photo.path) })
    }

    /// Undo of a move: each photo's files back where they were (never replacing what took
    /// a name meanwhile), the photo back in the album; one that cannot come back whole stays
    /// where it was moved to, and says why.
    func moveBack(_ records: [MovedPhoto]) -> Undone {
        var back: [Photo] = [], failures: [String] = []
        for record in records.reversed() {
            let failed = PhotoDelivery.moveBack(record.files)
            if let first = failed.first {
                failures.append("\(record.photo.displayName): \(first.reason)")
                continue
            }
            back.append(record.photo)
            for path in record.photo.allPaths { expected[path] = true }
        }
        if !back.isEmpty {
            let entries = back.flatMap { photo in [photo.with(companions: [])] + photo.companions }
            commit(ListingOrder.union(listing, adding: listingOrder.entries(entries)))
        }
        return .movedBack(back.reversed(), failures: failures)
    }
}
