// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Localization
import Marks

/// What can be done to several chosen photos at once, each one undo step.
public enum ChosenAction: Equatable, Sendable {
    case mark(MarkChange)
    case trash
    case turn(clockwise: Bool)
    /// Their dates taken moved or set (in their sidecars).
    case redate(DateFix)
    /// Copies made as JPEGs, into the folder for copies or for the mail program.
    case share(SharedCopy, mailing: Bool)
}

extension PhotoBrowser {
    /// The photos chosen together in the grid, in order; none while the pager is up or
    /// another view is shown (the keys then act on the photo in hand).
    public var chosenPhotos: [Int] {
        guard viewKind == .grid, !isPagerOpen, let grid = views[.grid] as? GridView else { return [] }
        return grid.chosen.sorted()
    }

    /// What the date bar shows of a fix before it is made (the earliest photo's date taken,
    /// before and after); the app knows the dates.
    public var onDatePreview: ((DateFix, [Int]) -> (before: String, after: String)?)? {
        get { dateBar.preview }
        set { dateBar.preview = newValue }
    }

    /// The choice bar's buttons act on the photos chosen, as their keys do; the date bar's
    /// fix goes to the app as a chosen action (one photo or several alike).
    func connectChoosing() {
        choiceBar.onClear = { [unowned self] in _ = grid.perform(.clearChoice, key: nil) }
        choiceBar.onAction = { [unowned self] action in
            if let first = chosenPhotos.first { perform(action, on: first) }
        }
        dateBar.onFix = { [unowned self] fix, photos in onChosenAction?(.redate(fix), photos) }
        shareBar.onShare = { [unowned self] copy, mailing, photos in onChosenAction?(.share(copy, mailing: mailing), photos) }
        // The days a Shift-drag of the timeline's scrubber went over are searched for.
        grid.onDays = { [unowned self] days in searchBar.search("\(days.lowerBound)..\(days.upperBound)") }
    }

    /// The date bar, for `photos`; the search (whose line it would share the keys with) is
    /// left as it is.
    func beginDateFix(_ photos: [Int]) {
        shareBar.close()
        dateBar.begin(photos)
        setNeedsLayout()
    }

    /// The share bar, for `photos`.
    func beginSharing(_ photos: [Int]) {
        dateBar.close()
        shareBar.begin(photos)
        setNeedsLayout()
    }

    /// Takes back the album's last step: a photo back from the Trash (the culling pager
    /// drops its card in), or marks or dates as they were.
    public func undo() {
        switch onUndo?() ?? .nothing {
        case .nothing, .marked, .turned, .redated:
            break
        case let .restored(index):
            if !isPagerOpen, let view = collection as? TrashingView { view.photoCameBack(index) }
        case let .failed(message), let .said(message):
            showToast(Toast(message))
        }
    }

    /// Marks changed (a key, an undo, a sidecar read): every badge shows them.
    public func marksChanged() {
        reloadData()
    }
}
