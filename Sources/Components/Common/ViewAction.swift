// SPDX-License-Identifier: GPL-3.0-or-later
import Gestures

/// What a key can ask of an album view or of the full-screen pager. Which key asks what,
/// in which view, is the browser's command table: a view only does what it is asked.
public enum ViewAction: Hashable, Sendable {
    /// The next (1) or previous (−1) photo.
    case step(Int)
    /// A row down (1) or up (−1): the grid.
    case stepRow(Int)
    /// A screenful down (1) or up (−1): the grid.
    case stepPage(Int)
    case first
    case last
    /// The photo in hand full screen.
    case open
    /// The burst in hand fanned out, or folded again: the grid.
    case toggleBurst
    /// Larger (1) or smaller (−1) photos: the grid.
    case resize(Int)
    /// The deck's front card thrown to the right (true) or the left.
    case throwCard(toTheRight: Bool)
    /// The deck's front card turned over to the photo's facts, or back.
    case turnOver
    /// The stack dealt out, or gathered again.
    case toggleSpread
    /// The previous (−1) or next (1) candidate of Compare chosen.
    case chooseCandidate(Int)
    /// One more photo compared (up to four).
    case addCandidate
    case zoomIn
    case zoomOut
    case zoomToFit
    /// 100 % at the pointer, or back to fit.
    case toggleOneToOne
    /// Back from the zoom, or out of the pager.
    case close
    /// The photo in hand chosen too, or no longer (the grid's choice of several).
    case toggleChosen
    /// Every photo shown chosen.
    case chooseAll
    /// No photo chosen any more; false when none was.
    case clearChoice
    /// Moves as the action says, choosing every photo passed over (Shift+arrows).
    indirect case extendChoice(ViewAction)
}

/// Something that does what its keys ask: the album's views and the pager.
public protocol ViewActionPerformer: AnyObject {
    /// Does `action`, asked by `key` where a key asked (a held key's repeat, and when,
    /// matter to paging); false where it cannot now (no photo), so the key goes on.
    func perform(_ action: ViewAction, key: KeyEvent?) -> Bool
}
