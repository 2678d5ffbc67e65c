// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import SystemPackage

/// How an album's photo list changed, by identity (path): what views animate, and how a
/// selection finds its photo again. Indices of `removed` are in the old list; those of
/// `inserted` and `changed` in the new one; `moved` pairs an old index with a new one.
public struct AlbumDiff: Sendable, Equatable {
    public var removed: [Int] = []
    public var inserted: [Int] = []
    public var moved: [(from: Int, to: Int)] = []
    /// Same path, new content (rewritten: size or time differ).
    public var changed: [Int] = []
    /// Old index → new index (-1: it left), for every photo of the old list; nil when no
    /// photo moved or left (only added at the end), so a listing of 100,000 photos in batches
    /// costs no table each.
    private var newIndexOfOld: [Int]?
    private var oldCount = 0

    public init() {}

    /// Photos `oldCount..<newCount` were added after all the others.
    public static func appended(oldCount: Int, newCount: Int) -> AlbumDiff {
        var diff = AlbumDiff()
        diff.inserted = Array(oldCount..<newCount)
        diff.oldCount = oldCount
        return diff
    }

    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && moved.isEmpty && changed.isEmpty }

    /// Where photo `oldIndex` is now; nil if it left.
    public func newIndex(ofOld oldIndex: Int) -> Int? {
        guard let newIndexOfOld else { return oldIndex < oldCount ? oldIndex : nil }
        guard newIndexOfOld.indices.contains(oldIndex), newIndexOfOld[oldIndex] >= 0 else { return nil }
        return newIndexOfOld[oldIndex]
    }

    public static func == (lhs: AlbumDiff, rhs: AlbumDiff) -> Bool {
        lhs.removed == rhs.removed && lhs.inserted == rhs.inserted && lhs.changed == rhs.changed
            && lhs.moved.elementsEqual(rhs.moved, by: { $0 == $1 })
    }

    /// The difference from `old` to `new`, matched by path.
    public init(from old: [Photo], to new: [Photo]) {
        // A search or a filter narrowing or widening the album keeps its order: one list is
        // the other with photos left out, found in one pass without a table of paths (whose
        // hashing, byte by byte, was most of a keystroke's time among 100,000 photos).
        if let placeInNew = Self.places(of: old, within: new) {
            self.init(old, new, newIndexOfOld: placeInNew)
            return
        }
        if let placeInOld = Self.places(of: new, within: old) {
            var newIndexOfOld = [Int](repeating: -1, count: old.count)
            for (newIndex, oldIndex) in placeInOld.enumerated() { newIndexOfOld[oldIndex] = newIndex }
            self.init(old, new, newIndexOfOld: newIndexOfOld)
            return
        }
        self.init()
        var oldIndexByPath: [FilePath: Int] = [:]
        for (index, photo) in old.enumerated() { oldIndexByPath[photo.path] = index }
        var newIndexOfOld = [Int](repeating: -1, count: old.count)
        // Photos in both, in their new order, with their old positions.
        var common: [(old: Int, new: Int)] = []
        for (newIndex, photo) in new.enumerated() {
            guard let oldIndex = oldIndexByPath[photo.path] else {
                inserted.append(newIndex)
                continue
            }
            common.append((oldIndex, newIndex))
            newIndexOfOld[oldIndex] = newIndex
            let before = old[oldIndex]
            if !photo.isUnchanged(from: before) { changed.append(newIndex) }
        }
        self.newIndexOfOld = newIndexOfOld
        oldCount = old.count
        removed = old.indices.filter { newIndexOfOld[$0] < 0 }
        // The longest run that kept its order stays; the rest moved.
        let staying = Set(Self.longestIncreasingRun(common.map(\.old)))
        moved = common.filter { !staying.contains($0.old) }.map { (from: $0.old, to: $0.new) }
    }

    /// Where each of `part`'s photos is in `whole`, when `part` is `whole` with some left out,
    /// in the same order; nil otherwise.
    private static func places(of part: [Photo], within whole: [Photo]) -> [Int]? {
        guard part.count <= whole.count else { return nil }
        var places: [Int] = []
        places.reserveCapacity(part.count)
        for (index, photo) in whole.enumerated() where places.count < part.count && part[places.count].key == photo.key {
            places.append(index)
        }
        return places.count == part.count ? places : nil
    }

    /// A diff with no moves: photos only left out or added, `newIndexOfOld` saying where.
    private init(_ old: [Photo], _ new: [Photo], newIndexOfOld: [Int]) {
        var kept = [Bool](repeating: false, count: new.count)
        for (oldIndex, newIndex) in newIndexOfOld.enumerated() {
            guard newIndex >= 0 else {
                removed.append(oldIndex)
                continue
            }
            kept[newIndex] = true
            if !new[newIndex].isUnchanged(from: old[oldIndex]) { changed.append(newIndex) }
        }
        inserted = kept.indices.filter { !kept[$0] }
        self.newIndexOfOld = newIndexOfOld
        oldCount = old.count
    }

    /// The values of a longest strictly increasing subsequence (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []          // index into values of the smallest tail per length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var run: [Int] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.append(values[cursor])
            cursor = previous[cursor]
        }
        return run.reversed()
    }
}
