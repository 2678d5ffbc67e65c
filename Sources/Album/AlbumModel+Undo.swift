// SPDX-License-Identifier: GPL-3.0-or-later
import Localization
import Marks
import PhotoLibrary
import SystemPackage

/// Ctrl+Z: the album's one history of trashing, marking and turning, taken back a step.
extension AlbumModel {
    /// Takes back the last step: a trashed photo comes back to its path and its place, or
    /// marks are as they were. On failure (its name taken meanwhile, its folder gone) a
    /// photo stays in the Trash and the step in the history.
    @discardableResult
    public func undo() throws(TrashError) -> Undone? {
        guard let step = history.last else { return nil }
        switch step {
        case let .trashed(records):
            // Last in, first out; one that cannot come back stops the rest, which stay
            // undoable.
            var restored: [TrashedPhoto] = []
            var failure: TrashError?
            for record in records.reversed() {
                do throws(TrashError) {
                    try trash.restore(record.file)
                    // A sidecar whose name was taken meanwhile stays in the Trash: the one
                    // in the folder is newer.
                    for sidecar in record.sidecars { try? trash.restore(sidecar) }
                    restored.append(record)
                    expected[record.photo.path] = true
                } catch {
                    failure = error
                    break
                }
            }
            let remaining = Array(records.dropLast(restored.count))
            history.removeLast()
            if !remaining.isEmpty { history.append(.trashed(remaining)) }
            trashedCount -= restored.count { !$0.isCompanion }
            if !restored.isEmpty { commit(ListingOrder.union(listing, adding: listingOrder.entries(restored.map(\.photo)))) }
            if let failure { throw failure }
            return .restored(restored.reversed())
        case let .turned(records, inSidecars):
            history.removeLast()
            var failures: [FilePath: RotationError] = [:]
            for record in records.reversed() {
                do throws(RotationError) {
                    _ = try OrientationWriter.undo(record)
                } catch {
                    failures[record.path] = error
                }
            }
            for record in inSidecars.reversed() { markBook?.undo(record) }
            return .turned(records.map(\.path) + inSidecars.map(\.path), failures: failures)
        case let .movedAway(records):
            history.removeLast()
            return moveBack(records)
        case let .together(steps):
            // Each undone as itself, the last first; what the first taken back says is said.
            history.removeLast()
            history.append(contentsOf: steps)
            var said: Undone?
            for _ in steps {
                let undone = try undo()
                if case .restored = undone { said = undone } else if said == nil { said = undone }
            }
            return said
        case let .redated(before):
            history.removeLast()
            for (path, date) in before { markBook?.setDateTaken(date, for: path) }
            datesChanged()
            return .redated(before.keys.sorted { $0.rawBytes.lexicographicallyPrecedes($1.rawBytes) })
        case let .shared(copies):
            history.removeLast()
            var moved = 0, failures: [String] = []
            for copy in copies {
                do throws(TrashError) {
                    _ = try trash.trash(copy)
                    moved += 1
                } catch {
                    failures.append("\(copy.lastComponent?.string ?? ""): \(error.reason)")
                }
            }
            return .unshared(moved: moved, failures: failures)
        case let .marked(before):
            history.removeLast()
            for (path, marks) in before { markBook?.set(marks, for: path) }
            notifyMarks(Array(before.keys))
            if filter != .all || search != nil { commit(listing) }
            return .marks(before.keys.sorted { $0.rawBytes.lexicographicallyPrecedes($1.rawBytes) })
        }
    }

    /// What the next undo would bring back from the Trash, in words ("IMG_2.jpg", "7
    /// photos"), if it is trashing.
    public var nextUndoTrashedName: String? {
        guard case let .trashed(records) = history.last else { return nil }
        let photos = records.filter { !$0.isCompanion }
        return photos.count == 1 ? photos[0].photo.displayName : localizedPlural("{count} photo", "{count} photos", count: photos.count)

    }

    func remember(_ step: Step) {
        history.append(step)
        if history.count > Self.undoDepth { history.removeFirst() }
    }

    /// Shared copies were made (new files in a folder of their own): Ctrl+Z moves them to
    /// the Trash, from where they can come back.
    public func rememberShared(_ copies: [FilePath]) {
        if !copies.isEmpty { remember(.shared(copies)) }
    }

    /// Turns `photos` a quarter, as one step Ctrl+Z takes back: a JPEG in its file (its
    /// orientation tag, every other byte kept), any other photo (and a JPEG without a tag,
    /// or one whose sidecar already turns it) in its sidecar. A Live Photo's movie turns
    /// with its still, in the movie's sidecar, so its moment plays as the still stands. A
    /// JPEG whose file is no longer as it was listed (another program changed it) is
    /// refused. What could not be turned, and why.
    public func turn(_ photos: [Photo], _ turn: QuarterTurn) -> [(photo: Photo, problem: RotationError)] {
        var turned: [OrientationWriter.Turned] = [], inSidecars: [MarkBook.SidecarTurn] = []
        var failed: [(photo: Photo, problem: RotationError)] = []
        for photo in photos {
            if let markBook, markBook.orientation(of: photo.path) != nil {
                inSidecars.append(markBook.turn(photo.path, turn))
            } else if let stamp = FileStamp(of: photo.path), stamp.matches(size: photo.byteCount, modified: photo.modificationDate) {
                do throws(RotationError) {
                    turned.append(try OrientationWriter.turn(photo.path, turn, expecting: stamp))
                } catch .noTag where markBook != nil {
                    inSidecars.append(markBook!.turn(photo.path, turn))
                } catch {
                    failed.append((photo, error))
                    continue
                }
            } else {
                failed.append((photo, .changed))
                continue
            }
            if let markBook, let movie = photo.liveVideo { inSidecars.append(markBook.turn(movie.path, turn)) }
        }
        if !turned.isEmpty || !inSidecars.isEmpty { remember(.turned(turned, inSidecars: inSidecars)) }
        return failed
    }
}
