// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import Gestures
import Motion
import ViewTree

/// Clicks and drags: a drag pages, closes (down) or pans a zoomed photo.
extension FullScreenPager {
    func handleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, phase == .open else { return }
        onRequestClose?()
    }

    /// A press held on a Live Photo or a Motion Photo plays its moment until it is let go.
    func handleHold(_ press: LongPressGestureRecognizer) {
        switch press.state {
        case .began:
            guard phase == .open, let source, source.motion(at: currentIndex).map({ $0 == .live || $0 == .motionPhoto }) == true,
                  source.showMoment(true, at: currentIndex) else { return }
            momentHeld = currentIndex
        case .ended, .cancelled, .failed:
            guard let index = momentHeld else { return }
            momentHeld = nil
            source?.showMoment(false, at: index)
        default:
            break
        }
    }

    func handleDoubleClick(_ tap: TapGestureRecognizer) {
        guard tap.state == .recognized, phase == .open, let page = currentPage else { return }
        if page.isZoomed {
            zoomToFit()
        } else {
            zoom(by: Self.doubleClickZoom, about: tap.location(in: nil), animated: true)
        }
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            if phase == .opening { phase = .open }
            guard phase == .open, let page = currentPage else { return }
            dragMode = chooseDragMode(for: pan.translationInWindow, page: page)
            if case .dismissing = dragMode { hideHUD() }
            fallthrough
        case .changed:
            guard phase == .open else { return }
            drag(to: pan.translationInWindow)
        case .ended, .cancelled:
            guard phase == .open, dragMode != nil else { dragMode = nil; return }
            release(velocity: pan.state == .ended ? pan.velocityInWindow : .zero, translation: pan.translationInWindow)
            dragMode = nil
        default:
            break
        }
    }

    /// Mostly sideways drags page; mostly vertical ones close, unless the photo is zoomed,
    /// in which case a drag pans it, and pages only when the photo is already at its edge
    /// in the direction of the drag.
    func chooseDragMode(for translation: Point, page: PagerPage) -> DragMode {
        let horizontal = abs(translation.x) >= abs(translation.y)
        if page.isZoomed {
            let frame = page.photo.presentation.frame
            let atEdge = translation.x < 0 ? frame.maxX <= page.bounds.width + 0.5 : frame.minX >= -0.5
            if horizontal && atEdge { return startPaging() }
            // Caught where it is shown, mid-glide or mid-zoom; the page keeps its zoom.
            page.photo.stopGeometryWhereShown()
            return .panningPhoto(start: page.photo.frame)
        }
        if horizontal { return startPaging() }
        // The hold catches it where it is shown.
        let hold = page.photo.hold()
        return .dismissing(start: page.photo.frame, hold: hold)
    }

    func startPaging() -> DragMode {
        swipe.begin()
        return .paging
    }

    func drag(to translation: Point) {
        guard let page = currentPage else { return }
        switch dragMode {
        case .paging:
            swipe.follow(translation: translation.x)
        case let .dismissing(start, _):
            let progress = min(max(translation.y, 0) / max(bounds.height, 1), 1)
            let scale = 1 - (1 - Self.dismissMinimumScale) * progress
            let center = Point(x: start.midX + translation.x, y: start.midY + translation.y)
            page.photo.frame = Rect(center: center, size: Size(width: start.width * scale, height: start.height * scale))
            backdrop.opacity = 1 - min(progress * 2, 1)
        case let .panningPhoto(start):
            let size = page.bounds.size
            let xRange = PhotoZoom.originRange(length: start.width, pageLength: size.width)
            let yRange = PhotoZoom.originRange(length: start.height, pageLength: size.height)
            let x = RubberBand.clamp(start.minX + translation.x, to: xRange, dimension: size.width)
            let y = RubberBand.clamp(start.minY + translation.y, to: yRange, dimension: size.height)
            page.photo.frame = Rect(origin: Point(x: x, y: y), size: start.size)
            requestImages()
        case nil:
            break
        }
    }

    func release(velocity: Point, translation: Point) {
        guard let page = currentPage else { return }
        switch dragMode {
        case .paging:
            swipe.end(pointerVelocity: velocity.x)
        case let .dismissing(_, hold):
            let pastThreshold = translation.y > Self.dismissDistance && velocity.y > -Self.dismissSpeed
            if pastThreshold || velocity.y > Self.dismissSpeed {
                onRequestClose?()
            } else {
                // Held until it is back, then layout has it again.
                context.animator.animateFrame(page.photo, to: page.fittedFrame, timing: .spring(Self.transitionSpring)) { _ in
                    hold.release()
                }
                context.animator.animate(backdrop, \.animatedOpacity, to: 1, timing: Self.backdropFade)
            }
        case let .panningPhoto(start):
            let size = page.bounds.size
            let frame = page.photo.frame
            let glide = Point(x: Decay.scrolling.restingValue(from: frame.minX, velocity: velocity.x),
                              y: Decay.scrolling.restingValue(from: frame.minY, velocity: velocity.y))
            let target = PhotoZoom.clamped(Rect(origin: glide, size: start.size), in: size)
            context.animator.animateFrame(page.photo, to: target, timing: Self.panGlideTiming)
            requestImages()
        case nil:
            break
        }
    }
}

/// Paging by drag: the strip's scroll is the swipe's content, a page a snap unit.
extension FullScreenPager: Swipeable {
    public var swipeUnit: Double { pageWidth }
    public var swipeSteps: ClosedRange<Int> { 0...max(photoCount - 1, 0) }
    public var swipeRestingStep: Int { currentIndex }
    public var swipeOffsetShown: Double { presentedOffset }
    public var swipeRubberBandLength: Double { bounds.width }

    public func showSwipe(offset: Double) {
        if let stripAnimation { context.animator.cancel(stripAnimation) }
        setStripOffset(offset)
    }

    public func swipeDidEnd(_ landing: SwipeLanding) {
        if landing.step != currentIndex { currentPage?.refit(resetZoom: true) }
        animateStrip(to: landing.offset, velocity: landing.velocityPointsPerSecond, spring: landing.spring)
        setCurrentIndex(landing.step, notify: true)
    }
}
