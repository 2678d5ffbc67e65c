// SPDX-License-Identifier: GPL-3.0-or-later
import Localization

/// A view whose photo in hand can be sent to the Trash and brought back (the culling pager,
/// Compare): the app does the trashing, the browser the undo.
public protocol TrashingView: AnyObject {
    /// Moves photo `index` to the Trash; a problem to tell the user, or nil when it went.
    var trashPhoto: ((Int) -> String?)? { get set }
    /// The toast's Undo.
    var requestUndo: (() -> Void)? { get set }
    /// Photo `index` came back from the Trash, to this view's photo in hand.
    func photoCameBack(_ index: Int)
    /// Sends the photo in hand to the Trash the view's own way (Del, the menu): the culling
    /// pager throws its card up, Compare lets its pane go.
    func trashPhotoInHand()
}

/// One way every view says what became of a photo sent to the Trash.
public enum Trashing {
    /// Asks `trash` to take photo `index` (called `name`): whether it went, and the toast
    /// to show, "moved to the Trash" with Undo, or why it stayed.
    public static func attempt(_ index: Int, named name: String, trash: ((Int) -> String?)?, undo: @escaping () -> Void) -> (went: Bool, toast: Toast) {
        if let problem = trash?(index) ?? (trash == nil ? localized("{name} cannot go to the Trash here.", ["name": name]) : nil) {
            return (false, Toast(problem))
        }
        return (true, Toast(localized("{name} moved to the Trash", ["name": name]), action: (title: localized("Undo"), perform: undo)))
    }
}
