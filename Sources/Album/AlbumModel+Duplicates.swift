// SPDX-License-Identifier: GPL-3.0-or-later
import Marks
import PhotoLibrary
import SystemPackage

/// Duplicates: shown together while the user looks at them (the spotlight), and their
/// copies moved to the Trash with what was said of them kept on the photo that stays.
extension AlbumModel {
    /// Whether photo `path`'s look was read (or found unreadable).
    public func isLikenessRead(_ path: FilePath) -> Bool { isLikenessRead(PathKey(path)) }

    /// The same, asked of 100,000 photos by their keys (every frame of a search for duplicates).
    public func isLikenessRead(_ key: PathKey) -> Bool { likenesses[key] != nil }

    /// Shows only `paths`, in this order (nil: the album as arranged again).
    public func setSpotlight(_ paths: [FilePath]?) {
        guard paths != spotlight else { return }
        spotlight = paths
        commit(listing)
    }

    /// Moves each group's copies to the Trash, their marks first merged into the photo kept
    /// (the most stars, a pick over nothing, a label where it has none; a reject only where
    /// nothing else is said), all of it one step Ctrl+Z takes back.
    public func trashCopies(_ groups: [(keep: Photo, copies: [Photo])]) -> (moved: [TrashedPhoto], failed: [(path: FilePath, error: TrashError)]) {
        var merged = false
        if let markBook {
            var before: [FilePath: PhotoMarks] = [:]
            for (keep, copies) in groups {
                let kept = marks(of: keep)
                let together = copies.map(marks(of:)).reduce(kept, Self.merging)
                guard together != kept else { continue }
                for path in keep.allPaths {
                    before[path] = markBook.marks(of: path)
                    markBook.set(together, for: path)
                }
            }
            if !before.isEmpty {
                remember(.marked(before))
                notifyMarks(Array(before.keys))
                merged = true
            }
        }
        let result = moveToTrash(together: groups.flatMap { $0.copies.map(\.path) })
        if merged {
            // Both steps as one: the marks merged and the copies trashed.
            let steps = result.moved.isEmpty ? 1 : 2
            let taken = Array(history.suffix(steps))
            history.removeLast(steps)
            remember(steps == 1 ? taken[0] : .together(taken))
        }
        return result
    }

    static func merging(_ kept: PhotoMarks, _ copy: PhotoMarks) -> PhotoMarks {
        var marks = kept
        marks.rating = max(kept.rating, copy.rating)
        if marks.flag == .none || (marks.flag == .reject && copy.flag == .pick) { marks.flag = copy.flag }
        marks.label = kept.label ?? copy.label
        return marks
    }
}
