// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Browser
import Components
import Localization
import Marks
import PhotoLibrary
import SystemPackage

/// What is done to one photo, or to several chosen together in the grid: each is one step
/// of the album's undo history.
extension AlbumSession {
    /// Turns `photos` a quarter in their files, as one step; what was not turned, and why.
    public func turn(_ photos: [Photo], _ turn: QuarterTurn) -> [(photo: Photo, problem: RotationError)] {
        model.turn(photos, turn)
    }

    /// Shared copies were made: one step, which Ctrl+Z takes back by trashing them.
    func rememberShared(_ copies: [FilePath]) { model.rememberShared(copies) }

    /// Turns `photo` a quarter in its file; the problem where it was not turned.
    public func turn(_ photo: Photo, _ turn: QuarterTurn) -> (Photo, RotationError)? {
        self.turn([photo], turn).first.map { ($0.photo, $0.problem) }
    }

    /// Marks the photos at `indices` (and their pairs) alike, as one step. A label's key
    /// puts the label on all of them, or takes it off where all of them have it.
    func markChosen(_ indices: [Int], _ change: MarkChange) {
        var photos = indices.filter { $0 < model.count }.map { model.photos[$0] }
        if case let .toggleLabel(label) = change, !photos.allSatisfy({ model.marks(of: $0).label == label }) {
            photos = photos.filter { model.marks(of: $0).label != label }
        }
        model.mark(photos.flatMap(\.allPaths), change)
    }

    /// Moves the photos at `indices` to the Trash, as one step; says how it went.
    func trashChosen(_ indices: [Int]) {
        moveToTrashSayingHow(indices.filter { $0 < model.count }.map { model.photos[$0].path })
    }

    /// Moves the photos at `paths` to the Trash together, one undo step, and says how many
    /// went (with Undo) and why any could not.
    func moveToTrashSayingHow(_ paths: [FilePath]) {
        let (movedFiles, failed) = model.moveToTrash(together: paths)
        let moved = movedFiles.filter { !$0.isCompanion }
        var message = moved.count == 1 ? localized("{name} moved to the Trash", ["name": moved[0].photo.displayName])
            : localizedPlural("{count} photo moved to the Trash", "{count} photos moved to the Trash", count: moved.count)
        if let first = failed.first {
            let failure = localizedPlural("{count} could not go: {reason}", "{count} could not go: {reason}", count: failed.count, ["reason": first.error.reason])
            message = moved.isEmpty ? failure : localized("{moved}; {failed}", ["moved": message, "failed": failure])
        }
        browser.showToast(Toast(message, action: moved.isEmpty ? nil : (title: localized("Undo"), perform: { [unowned browser] in browser.undo() })))
    }

    /// Ctrl+Z: the album's last step taken back, and what the browser should show of it.
    func undoLastStep() -> UndoOutcome {
        let name = model.nextUndoTrashedName ?? ""
        do throws(TrashError) {
            switch try model.undo() {
            case nil: return .nothing
            case let .restored(records)?: return records.lazy.compactMap { self.model.index(of: $0.photo.path) }.first.map { .restored($0) } ?? .nothing
            case let .marks(paths)?: return .marked(paths.first.flatMap(model.index(of:)))
            case let .redated(paths)?:
                browser.reloadData()
                return .redated(paths.lazy.compactMap(model.index(of:)).first)
            case let .movedBack(photos, failures)?:
                if let failure = failures.first { return .failed(localized("{what} could not come back; it stays where it was moved to.", ["what": failure])) }
                return photos.lazy.compactMap { self.model.index(of: $0.path) }.first.map { .restored($0) } ?? .nothing
            case let .unshared(moved, failures)?:
                var message = localizedPlural("{count} shared copy moved to the Trash", "{count} shared copies moved to the Trash", count: moved)
                if let first = failures.first { message = localized("{moved}; {failed}", ["moved": message, "failed": first]) }
                return .said(message)
            case let .turned(paths, failures)?:
                onPhotosTurned?(paths.filter { failures[$0] == nil })
                guard let (path, problem) = failures.first else { return .turned(paths.first.flatMap(model.index(of:))) }
                return .failed(localized("{name} was not turned back: {reason}.", ["name": path.lastComponent?.string ?? "", "reason": problem.reason]))
            }
        } catch {
            return .failed(localized("{name} stays in the Trash: {reason}.", ["name": name, "reason": error.reason]))
        }
    }
}
