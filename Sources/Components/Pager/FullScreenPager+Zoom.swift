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
                                      fitted: page.fittedFrame, maximumScale: zoomLimit, page: page.bounds.size)
        setPhotoFrame(of: page, to: target, animated: animated)
    }

    /// The current photo's zoom (relative to fit) at which one of its pixels is one device
    /// pixel: 100 %. Nil until its size is known (read from the file, on the way).
    var oneToOneScale: Double? {
        guard let page = currentPage, page.fittedFrame.width > 0, let pixels = source?.pixelSize(at: currentIndex) else { return nil }
        let fitted = PhotoZoom.fitted(imageSize: pixels, in: page.bounds.size)
        return pixels.width / (fitted.width * context.pixelScale)
    }

    /// As far as a photo zooms: its pixels four times over (400 %), or `maximumZoom` times
    /// fit while its size is not known.
    var zoomLimit: Double {
        oneToOneScale.map { max($0 * Self.pixelZoomLimit, 1) } ?? Self.maximumZoom
    }

    /// Z: the whole photo ↔ 100 % (one image pixel per device pixel) about a window point
    /// (the pointer's; the centre when nil), at once, as culling tools do: a photographer
    /// checking focus frame after frame waits for no animation. Asked before the photo's
    /// size is known, it is done once it is.
    public func toggleOneToOne(about anchorInWindow: Point?) {
        guard phase == .open, let page = currentPage else { return }
        guard let oneToOne = oneToOneScale else {
            pendingOneToOne = .some(anchorInWindow)
            return
        }
        pendingOneToOne = nil
        if page.isZoomed {
            setPhotoFrame(of: page, to: page.fittedFrame, animated: false)
        } else {
            zoom(by: oneToOne / page.zoomScale, about: anchorInWindow, animated: false)
        }
    }

    /// A Z waiting for the photo's size: done when it has come.
    func takePendingOneToOne() {
        guard let anchor = pendingOneToOne, oneToOneScale != nil else { return }
        toggleOneToOne(about: anchor)
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
