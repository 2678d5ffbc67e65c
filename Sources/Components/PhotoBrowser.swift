import Geometry
import Gestures
import Motion
import ViewTree

/// The ways to look at an album (keys 1, 2, …).
public enum AlbumViewKind: String, CaseIterable, Sendable {
    case grid, stack
}

/// What fills the window: the album's view (the grid or the stack) and, over it, the
/// full-screen pager it opens. It runs the zoom transitions between them: open from the
/// photo's place in the view, close back to wherever the pager's current photo sits there
/// now.
public final class PhotoBrowser: View {
    public let context: ComponentContext
    public let grid: GridView
    public let stack: PhotoStackView
    public let pager: FullScreenPager
    public weak var source: PhotoSource? {
        didSet {
            grid.source = source
            stack.source = source
            pager.source = source
        }
    }
    /// The pager opened or closed (the app updates the window title, say).
    public var onPagerChange: ((Bool) -> Void)?
    public private(set) var viewKind = AlbumViewKind.grid

    private var collection: PhotoCollectionView & View {
        switch viewKind {
        case .grid: grid
        case .stack: stack
        }
    }

    public init(context: ComponentContext) {
        self.context = context
        grid = GridView(context: context)
        stack = PhotoStackView(context: context)
        pager = FullScreenPager(context: context)
        super.init()
        name = "browser"
        addSubview(grid)
        grid.onOpenPhoto = { [unowned self] index in openPhoto(index) }
        stack.onOpenPhoto = { [unowned self] index in openPhoto(index) }
        pager.onRequestClose = { [unowned self] in closePager() }
        pager.onCloseTargetMoved = { [unowned self] in closePager() }
        pager.onPageChange = { [unowned self] index in collection.followPager(to: index) }
        pager.onClosed = { [unowned self] in pagerDidClose() }
    }

    public var isPagerOpen: Bool { pager.phase == .opening || pager.phase == .open }

    /// Shows the album as `kind`, keeping the photo in hand: the grid's selection becomes
    /// the stack's top photo and back.
    public func show(_ kind: AlbumViewKind) {
        guard kind != viewKind else { return }
        let current: Int? = viewKind == .grid ? grid.selectedIndex : stack.topIndex
        collection.removeFromSuperview()
        viewKind = kind
        insertSubview(collection, at: 0)
        collection.frame = bounds
        if let current {
            switch kind {
            case .grid: grid.select(current)
            case .stack: stack.goTo(current)
            }
        }
        collection.reloadData()
    }

    /// Opens the pager at photo `index`, zooming it out of its place in the album view.
    public func openPhoto(_ index: Int) {
        guard let source, index >= 0, index < source.photoCount else { return }
        if pager.phase == .closing && pager.currentIndex != index {
            // Another photo was asked for while one flies home: land that one now.
            pager.finishClosing()
        }
        let reopening = pager.phase == .closing
        if pager.superview == nil {
            pager.frame = bounds
            addSubview(pager)
        }
        let placement = reopening ? nil : collection.revealPhoto(index)
        collection.setPhotoHiddenForTransition(index)
        pager.open(at: index, from: placement)
        onPagerChange?(true)
    }

    /// Closes the pager onto the current photo's place in the album view, scrolling the
    /// view first (without animation) if that place is off screen.
    public func closePager() {
        guard pager.phase != .closed else { return }
        let index = pager.currentIndex
        let placement = collection.revealPhoto(index)
        collection.setPhotoHiddenForTransition(index)
        pager.close(to: placement)
        onPagerChange?(false)
    }

    private func pagerDidClose() {
        collection.setPhotoHiddenForTransition(nil)
        pager.removeFromSuperview()
        collection.pagerDidClose()
    }

    /// Photos arrived or the album changed.
    public func reloadData() {
        collection.reloadData()
        pager.reloadData()
    }

    /// Keys go to the pager while it is up, else to the album's view; 1 and 2 switch
    /// views. Returns false for keys nobody uses (Esc on the grid, for one: the app quits).
    public func handleKey(_ key: KeyEvent) -> Bool {
        if pager.phase == .open || pager.phase == .opening { return pager.handleKey(key) }
        switch key.key {
        case .character("1"): show(.grid)
        case .character("2"): show(.stack)
        default: return collection.handleKey(key)
        }
        return true
    }

    public func handleWheel(_ wheel: WheelEvent) {
        if pager.phase == .open || pager.phase == .opening {
            pager.handleWheel(wheel)
        } else {
            collection.handleWheel(wheel)
        }
    }

    public func pointerMoved() { pager.pointerMoved() }

    public var nextDeadline: Seconds? { pager.phase == .closed ? nil : pager.nextDeadline }

    public func advance(to now: Seconds) { pager.advance(to: now) }

    public override func layoutSubviews() {
        collection.frame = bounds
        if pager.superview != nil { pager.frame = bounds }
    }
}
