// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import Gestures
import Motion
import ViewTree

/// The caption: shown while the pointer moves, faded when it rests.
extension FullScreenPager {
    func updateHUDText() {
        guard let source, currentIndex < source.photoCount else { return }
        // Only a photo with a moment takes a held press (a drag after a pause still pages).
        hold.isEnabled = source.motion(at: currentIndex).map { $0 == .live || $0 == .motionPhoto } ?? false
        hud.show(name: source.fileName(at: currentIndex), position: currentIndex, count: source.photoCount, marks: source.marks(at: currentIndex),
                 pair: source.badgeNote(at: currentIndex),
                 maximumWidth: bounds.width - 2 * PagerHUD.margin - detailsButtonRoom, labels: context.labels)
        detailsButton.update(labels: context.labels)
        detailsButton.isHidden = hud.isHidden || !detailsButton.hasTitle
        detailsButton.frame = Rect(origin: Point(x: (hud.frame.maxX + Self.captionGap).rounded(), y: (hud.frame.midY - detailsButton.bounds.height / 2).rounded()),
                                   size: detailsButton.bounds.size)
    }

    /// Between the caption and its Details button.
    static var captionGap: Double { 8 }

    private var detailsButtonRoom: Double { detailsButton.bounds.width + Self.captionGap }

    /// The pointer moved: show the caption for a while.
    public func pointerMoved() { showCaptionForAWhile() }

    /// Shows the caption, then fades it when nothing happens (a mark key: its badge is seen).
    public func showCaptionForAWhile() {
        guard phase == .open || phase == .opening else { return }
        showHUD()
    }

    func showHUD() {
        if captionBar.animatedOpacity.model < 1 { context.animator.animate(captionBar, \.animatedOpacity, to: 1, timing: Self.hudFade) }
        hudHiding.reschedule(after: Self.hudDelay)
    }

    func hideHUD() {
        hudHiding.cancel()
        context.animator.animate(captionBar, \.animatedOpacity, to: 0, timing: Self.hudFade)
    }
}
