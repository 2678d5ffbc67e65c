// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import Gestures
import Motion
import ViewTree

/// Zooming the current photo.
extension FullScreenPager {
    /// Zooms the current photo by `factor` about a window point (the centre when nil).
    public func zoom(by factor: Double, about anchorInWindow: Point?, animated: Bool) {
        guard phase == .open, let page = currentPage else { return }
        let anchor = anchorInWindow.flatMap { page.convert($0, from: nil) } ?? Point(x: page.bounds.midX, y: page.bounds.midY)
        let target = PhotoZoom.zoomed(animated ? page.photo.frame : page.photo.presentation.frame, by: factor, about: anchor,
                                      fitted: page.fittedFrame, maximumScale: Self.maximumZoom, page: page.bounds.size)
        setPhotoFrame(of: page, to: target, animated: animated)
    }

    /// Back to the whole photo fitted in the window.
    public func zoomToFit() {
        guard phase == .open, let page = currentPage else { return }
        setPhotoFrame(of: page, to: page.fittedFrame, animated: true)
    }

    func setPhotoFrame(of page: PagerPage, to target: Rect, animated: Bool) {
        if animated {
            context.animator.animateFrame(page.photo, to: target, timing: Self.zoomTiming)
        } else {
            page.photo.frame = target
        }
        requestImages()
    }
}
