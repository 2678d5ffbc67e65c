// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import Gestures
import Motion
import ViewTree

/// Opening and closing: the photo flies from where the collection showed it and back.
extension FullScreenPager {
    /// Shows photo `index`, flying it from `placement` (window coordinates) to fit the
    /// window while the backdrop fades to black; without a placement it fades in.
    public func open(at index: Int, from placement: PhotoPlacement?) {
        guard photoCount > 0 else { return }
        // With less motion asked for, the photo fades in where it will rest: no flight.
        let placement = context.animator.reducesMotion ? nil : placement
        let index = min(max(index, 0), photoCount - 1)
        if phase == .closing && index == currentIndex, let page = currentPage {
            // Opened again mid-flight: turn round from where the photo is.
            phase = .opening
            isUserInteractionEnabled = true
            flyPhoto(of: page, toFitFrom: nil)
            return
        }
        place(at: index, phase: .opening)
        guard let page = currentPage else { return }
        backdrop.opacity = 0
        captionBar.opacity = 0
        if let placement {
            flyPhoto(of: page, toFitFrom: placement)
        } else {
            page.photo.opacity = 0
            context.animator.animate(page.photo, \.animatedOpacity, to: 1, timing: Self.backdropFade)
            flyPhoto(of: page, toFitFrom: nil)
        }
        showHUD()
    }

    /// Shows photo `index` open and fitted, without a transition.
    public func show(at index: Int) {
        guard photoCount > 0 else { return }
        place(at: min(max(index, 0), photoCount - 1), phase: .open)
        backdrop.opacity = 1
        currentPage?.reset()
        // Shown, not faded in: nothing moves (and no frame is drawn) while the photo decodes.
        captionBar.opacity = 1
        showHUD()
    }

    /// The pager, visible and taking input, on page `index`, laid out.
    private func place(at index: Int, phase: Phase) {
        self.phase = phase
        isUserInteractionEnabled = true
        opacity = 1
        setStripOffset(Double(index) * pageWidth)
        setCurrentIndex(index, notify: false)
        layoutIfNeeded()
    }

    func flyPhoto(of page: PagerPage, toFitFrom placement: PhotoPlacement?) {
        let flight = page.photo.hold()
        if let placement, let start = page.convert(placement.frame, from: nil, .model) {
            page.photo.frame = start
            page.photo.transform = .rotation(radians: placement.rotation, x: 0, y: 0, z: 1)
        }
        context.animator.group(completion: { [weak self] outcome in
            flight.release()
            guard outcome == .finished, let self else { return }
            if self.phase == .opening { self.phase = .open }
            // The picture, and with it the photo's real shape, may have come during the
            // flight, which was aimed at the shape known when it left: settle at fit now.
            if page.photo.frame != page.fittedFrame {
                self.context.animator.animateFrame(page.photo, to: page.fittedFrame, timing: .spring(Self.transitionSpring))
            }
        }) {
            context.animator.animateFrame(page.photo, to: page.fittedFrame, timing: .spring(Self.transitionSpring))
            context.animator.animate(page.photo, \.animatedTransform, to: .identity, timing: .spring(Self.transitionSpring))
        }
        context.animator.animate(backdrop, \.animatedOpacity, to: 1, timing: Self.backdropFade)
    }

    /// Flies the current photo to `placement` (window coordinates) as the backdrop fades,
    /// then reports `onClosed`. Called again while closing, it re-aims from where the photo
    /// is. Without a placement the pager fades out.
    public func close(to placement: PhotoPlacement?) {
        guard phase != .closed, let page = currentPage else { return }
        let placement = context.animator.reducesMotion ? nil : placement
        phase = .closing
        // Clicks fall through to the view underneath, which may open another photo.
        isUserInteractionEnabled = false
        dragMode = nil
        settleStripKeepingPhotoInPlace(page)
        let flight = page.photo.hold()
        hideHUD()
        let finish: (AnimationOutcome) -> Void = { [weak self] outcome in
            flight.release()
            guard outcome == .finished, let self, self.phase == .closing else { return }
            self.finishClosing()
        }
        context.animator.animate(backdrop, \.animatedOpacity, to: 0, timing: Self.backdropFade)
        guard let placement, let target = page.convert(placement.frame, from: nil, .model) else {
            context.animator.animate(page.photo, \.animatedOpacity, to: 0, timing: Self.backdropFade, completion: finish)
            return
        }
        context.animator.group(completion: finish) {
            context.animator.animateFrame(page.photo, to: target, timing: .spring(Self.transitionSpring))
            context.animator.animate(page.photo, \.animatedTransform, to: .rotation(radians: placement.rotation, x: 0, y: 0, z: 1),
                                     timing: .spring(Self.transitionSpring))
        }
    }

    /// Ends a close at once (another photo is being opened while this one flies home).
    public func finishClosing() {
        guard phase == .closing else { return }
        phase = .closed
        for page in pages.values { page.reset() }
        backdrop.opacity = 0
        pictures.release()
        onClosed?()
    }

    /// The strip may still be gliding between pages: stop it on the current page and move
    /// the photo so that it stays exactly where it is on screen.
    func settleStripKeepingPhotoInPlace(_ page: PagerPage) {
        let target = Double(currentIndex) * pageWidth
        guard abs(presentedOffset - target) > 0.01 || strip.animatedBounds.isAnimating else { return }
        let shownInPage = page.photo.presentation.frame
        let shift = Double(currentIndex) * pageWidth - presentedOffset
        setStripOffset(target)
        page.photo.frame = shownInPage.offsetBy(dx: shift, dy: 0)
    }
}
