// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import SystemPackage

/// A photo of an album with what orders it, prepared once (parsing names is the costly part
/// of keeping 100,000 photos in order).
struct ListingEntry: Sendable {
    var photo: Photo
    /// The folders between the album's own and the photo's ("2019", "Trip"), in natural
    /// order's form: none in an album of one folder.
    var folders: [NaturalOrder.Key]
    var key: NaturalOrder.Key
}

/// The order an album keeps its files in: a folder's photos by name in natural order, and
/// in an album of every folder below one, folder by folder as `TreeWalker` walks them (a
/// folder's own photos before its subfolders', those in natural order). A RAW and its JPEG
/// are neighbours either way, and a walk's batches arrive in this order.
struct ListingOrder {
    /// The album's folder, byte for byte.
    private let root: [UInt8]

    init(root: FilePath) {
        var bytes = root.rawBytes
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        self.root = bytes
    }

    func entries(_ photos: some Sequence<Photo>) -> [ListingEntry] {
        var folderKeys: [ArraySlice<UInt8>: [NaturalOrder.Key]] = [:]
        return photos.map { photo in
            let bytes = photo.path.rawBytes
            let parent = bytes[..<(bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0)]
            let keys: [NaturalOrder.Key]
            if let known = folderKeys[parent] {
                keys = known
            } else {
                keys = folders(of: parent)
                folderKeys[parent] = keys
            }
            return ListingEntry(photo: photo, folders: keys, key: NaturalOrder.Key(photo.fileName))
        }
    }

    /// The names of the folders from the album's down to `parent`.
    private func folders(of parent: ArraySlice<UInt8>) -> [NaturalOrder.Key] {
        guard parent.count > root.count, parent.starts(with: root), parent[parent.startIndex + root.count] == UInt8(ascii: "/") || root == [UInt8(ascii: "/")]
        else { return [] }
        return parent.dropFirst(root.count).split(separator: UInt8(ascii: "/")).map { NaturalOrder.Key(String(decoding: $0, as: UTF8.self)) }
    }

    /// Folder by folder (a folder's own photos first), then by name in natural order; names
    /// that read the same (bytes that are not UTF-8) by path, so the order is total and a
    /// rescan never reports false moves.
    static func precedes(_ a: ListingEntry, _ b: ListingEntry) -> Bool {
        for (x, y) in zip(a.folders, b.folders) {
            if NaturalOrder.areInIncreasingOrder(x, y) { return true }
            if NaturalOrder.areInIncreasingOrder(y, x) { return false }
        }
        if a.folders.count != b.folders.count { return a.folders.count < b.folders.count }
        if NaturalOrder.areInIncreasingOrder(a.key, b.key) { return true }
        if NaturalOrder.areInIncreasingOrder(b.key, a.key) { return false }
        return a.photo.path.rawBytes.lexicographicallyPrecedes(b.photo.path.rawBytes)
    }

    /// `listing` (in order) and `more` (which win for a path both have), in order: merged,
    /// not sorted again, so a tree's batches cost their own size, not the album's. Paths met
    /// in both are found by the order itself (neither precedes the other only for one
    /// path), not by a table: hashing 100,000 paths byte by byte cost more than the merge.
    static func union(_ listing: [ListingEntry], adding more: [ListingEntry]) -> [ListingEntry] {
        // A batch arrives sorted (a walk's, the index's): checked in one pass, not sorted again.
        var sorted = more
        if !zip(more, more.dropFirst()).allSatisfy({ !precedes($1, $0) }) { sorted.sort(by: precedes) }
        // One path twice in `more`: the last one (the sort is stable).
        var adding: [ListingEntry] = []
        adding.reserveCapacity(sorted.count)
        for (index, entry) in sorted.enumerated() where index + 1 == sorted.count || sorted[index + 1].photo.path != entry.photo.path {
            adding.append(entry)
        }
        var merged: [ListingEntry] = []
        merged.reserveCapacity(listing.count + adding.count)
        var next = 0
        for entry in listing {
            while next < adding.count, precedes(adding[next], entry) {
                merged.append(adding[next])
                next += 1
            }
            // The same path: the one added replaces it.
            if next < adding.count, !precedes(entry, adding[next]) { continue }
            merged.append(entry)
        }
        merged += adding[next...]
        return merged
    }
}

/// Photos listed, in the album's order, with what orders them read once, on the listing's
/// thread: the frame loop only merges them.
public struct ListedBatch: Sendable {
    private(set) var entries: [ListingEntry]

    init(_ entries: [ListingEntry]) {
        self.entries = entries
    }

    public init() {
        entries = []
    }

    public var photos: [Photo] { entries.map(\.photo) }
    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// One batch after the other (a rescan's, gathered until it ends), appended in place.
    public static func += (gathered: inout ListedBatch, more: ListedBatch) {
        gathered.entries += more.entries
    }
}
