// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import ViewTree

/// Tab gives the keys to the album strip, the arrangement control and the switcher in
/// turn, ringed while each has them.
extension PhotoBrowser {
    /// The places Tab goes through, in order.
    private var focusOrder: [KeyboardFocus] {
        [.view] + (isAlbumStripShown ? [.albums] : []) + (arrangement.isHidden ? [] : [.arrangement])
            + (switcher.isHidden ? [] : AlbumViewKind.allCases.map(KeyboardFocus.switcher))
    }

    func moveFocus(backwards: Bool) {
        let order = focusOrder
        let here = order.firstIndex(of: focus) ?? 0
        focus = order[(here + (backwards ? order.count - 1 : 1)) % order.count]
        setNeedsLayout()
    }

    /// Keys for the control that has the focus; false for keys it leaves to the view.
    func handleFocusedKey(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isEmpty || key.modifiers == [.shift] else { return false }
        switch (focus, key.key) {
        case (_, .escape):
            focus = .view
        case (.albums, .left), (.albums, .up): stepAlbum(by: -1)
        case (.albums, .right), (.albums, .down): stepAlbum(by: 1)
        case (.albums, .home): stepAlbum(by: -albumStrip.selectedIndex)
        case (.albums, .end): stepAlbum(by: (albumSource?.albumCount ?? 1) - 1 - albumStrip.selectedIndex)
        case (.arrangement, .enter), (.arrangement, .space), (.arrangement, .down): toggleArrangementMenu()
        case let (.switcher(kind), .left), let (.switcher(kind), .right):
            let kinds = AlbumViewKind.allCases, index = kinds.firstIndex(of: kind)!
            focus = .switcher(kinds[(index + (key.key == .left ? kinds.count - 1 : 1)) % kinds.count])
        case let (.switcher(kind), .enter), let (.switcher(kind), .space): show(kind)
        default: return false
        }
        setNeedsLayout()
        return true
    }

    /// The ring round what has the keys (nothing while they are the view's).
    func layoutFocusRing() {
        let ringed: Rect? = switch focus {
        case .view: nil
        case .albums: isAlbumStripShown ? albumStrip.frame : nil
        case .arrangement: arrangement.frame
        case let .switcher(kind): switcher.segmentFrame(of: kind).flatMap { switcher.convert($0, to: self) }
        }
        focusRing.isHidden = ringed == nil || isPagerOpen
        guard let ringed else { return }
        // Round a control; inside the strip, which spans the window.
        let outset = focus == .albums ? -Self.focusWidth : Self.focusWidth + 1
        focusRing.frame = ringed.insetBy(dx: -outset, dy: -outset)
        bringSubviewToFront(focusRing)
    }
}
