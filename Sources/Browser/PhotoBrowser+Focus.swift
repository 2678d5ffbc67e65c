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

    /// What a key asks of the control Tab gave the keys to: the album strip steps through
    /// the albums, the arrangement opens its menu (Down too), the switcher moves between
    /// the views; Esc gives the keys back to the view.
    func performFocused(_ action: MenuAction) -> Bool {
        switch (focus, action) {
        case (.view, _): return false
        case (_, .close): focus = .view
        case let (.albums, .move(step)), let (.albums, .side(step)): stepAlbum(by: step)
        case (.albums, .first): stepAlbum(by: -albumStrip.selectedIndex)
        case (.albums, .last): stepAlbum(by: (albumSource?.albumCount ?? 1) - 1 - albumStrip.selectedIndex)
        case (.arrangement, .choose), (.arrangement, .move(1)): toggleArrangementMenu()
        case let (.switcher(kind), .side(step)):
            let kinds = AlbumViewKind.allCases, index = kinds.firstIndex(of: kind)!
            focus = .switcher(kinds[(index + step + kinds.count) % kinds.count])
        case let (.switcher(kind), .choose): show(kind)
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
