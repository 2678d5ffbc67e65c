// SPDX-License-Identifier: GPL-3.0-or-later

/// A view whose photo in hand can be sent to the Trash and brought back (the culling pager,
/// Compare): the app does the trashing, the browser the undo.
public protocol TrashingView: AnyObject {
    /// Moves photo `index` to the Trash; a problem to tell the user, or nil when it went.
    var trashPhoto: ((Int) -> String?)? { get set }
    /// The toast's Undo.
    var requestUndo: (() -> Void)? { get set }
    /// Photo `index` came back from the Trash, to this view's photo in hand.
    func photoCameBack(_ index: Int)
}
