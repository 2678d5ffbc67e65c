// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PhotoSources
import Gestures

/// A view of the album (the grid, the stack, the culling pager) that the full-screen pager
/// opens from and closes back onto.
public protocol PhotoCollectionView: ViewActionPerformer {
    /// Where its photos come from.
    var source: PhotoSource? { get set }
    /// Asks to open the pager at a photo (a double-click, or Enter).
    var onOpenPhoto: ((Int) -> Void)? { get set }
    /// Something to tell the user (a photo went to the Trash, with Undo).
    var onToast: ((Toast) -> Void)? { get set }
    /// Another album is shown: back to its start.
    func startOver()
    /// The photo this view has in hand (the grid's selection, the stack's top, the current
    /// card), nil if none.
    var photoInHand: Int? { get }
    /// Makes photo `index` the one in hand, without animation (the view is being switched to).
    func takePhotoInHand(_ index: Int)
    /// The album's photos changed places: `newIndex` maps an old index to the photo's new
    /// one (nil: it left). The view keeps its photo in hand by identity (or the one that
    /// took its place) and may animate the change.
    func photosMoved(_ newIndex: (Int) -> Int?)
    /// Where photo `index` is shown, making it visible first (without animation) if it is
    /// not; nil if this view cannot show it.
    func revealPhoto(_ index: Int) -> PhotoPlacement?
    /// Hides photo `index`'s own picture while its copy flies (nil shows all again).
    func setPhotoHiddenForTransition(_ index: Int?)
    /// The pager moved to photo `index`: follow it (select it, put it on top).
    func followPager(to index: Int)
    /// The full-screen pager covers this view, or no longer does: while covered, its
    /// pictures wait for the pager's (they share the machine's cores).
    func setCovered(_ covered: Bool)
    /// Pictures arrived or the album changed.
    func reloadData()
    /// The photo shown at `point` (this view's coordinates), for a right-click; nil where
    /// there is none (between cells).
    func photo(at point: Point) -> Int?
    /// A menu opened on photo `index`: the view shows which (the grid's ring).
    func pointAtPhoto(_ index: Int)
    func handleWheel(_ wheel: WheelEvent)
    /// The pointer hovers at `location` in the window (the grid shows its scroll thumb near
    /// the edge).
    func pointerMoved(to location: Point)
}

extension PhotoCollectionView {
    /// A view that shows one photo at a time shows the one in hand wherever it is clicked.
    public func photo(at point: Point) -> Int? { photoInHand }
    public func pointAtPhoto(_ index: Int) {}
    public func pointerMoved(to location: Point) {}

    /// Most views have nothing to tell.
    public var onToast: ((Toast) -> Void)? {
        get { nil }
        set {}
    }
}
