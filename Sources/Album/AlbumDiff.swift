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
        if Self.isOrderedSubset(new, of: old) {
            self.init(narrowing: old, to: new)
            return
        }
        if Self.isOrderedSubset(old, of: new) {
            self.init(widening: old, to: new)
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

    /// Whether `part`'s paths are `whole`'s with some left out, in the same order.
    private static func isOrderedSubset(_ part: [Photo], of whole: [Photo]) -> Bool {
        guard part.count <= whole.count else { return false }
        var next = 0
        for photo in whole where next < part.count && part[next].key == photo.key { next += 1 }
        return next == part.count
    }

    /// `new` is `old` with photos left out.
    private init(narrowing old: [Photo], to new: [Photo]) {
        var newIndexOfOld = [Int](repeating: -1, count: old.count)
        var next = 0
        for (oldIndex, photo) in old.enumerated() {
            guard next < new.count, new[next].key == photo.key else {
                removed.append(oldIndex)
                continue
            }
            if !new[next].isUnchanged(from: photo) { changed.append(next) }
            newIndexOfOld[oldIndex] = next
            next += 1
        }
        self.newIndexOfOld = newIndexOfOld
        oldCount = old.count
    }

    /// `old` is `new` with photos left out.
    private init(widening old: [Photo], to new: [Photo]) {
        var newIndexOfOld = [Int](repeating: -1, count: old.count)
        var next = 0
        for (newIndex, photo) in new.enumerated() {
            guard next < old.count, old[next].key == photo.key else {
                inserted.append(newIndex)
                continue
            }
            if !photo.isUnchanged(from: old[next]) { changed.append(newIndex) }
            newIndexOfOld[next] = newIndex
            next += 1
        }
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
