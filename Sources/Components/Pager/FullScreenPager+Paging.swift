// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import Gestures
import Motion
import Pixels
import ViewTree

/// Turning pages: animated jumps, the keys and the wheel.
extension FullScreenPager {
    /// Pages to photo `index`. Far jumps (Home, End) start one page away so the motion
    /// is one page long, not a blur of hundreds.
    public func goTo(_ index: Int, animated: Bool = true) {
        guard photoCount > 0, phase == .open || phase == .opening else { return }
        // Paging on during the opening flight: the pager is open from here (the flight may
        // end cancelled when its page is recycled, and must not leave it half-open).
        phase = .open
        let index = min(max(index, 0), photoCount - 1)
        let target = Double(index) * pageWidth
        currentPage?.refit(resetZoom: true)
        if !animated {
            setStripOffset(target)
        } else {
            let shownPage = presentedOffset / pageWidth
            if abs(Double(index) - shownPage) > 1.5 {
                let before = Double(index) + (Double(index) > shownPage ? -1 : 1)
                setStripOffset(before * pageWidth)
            }
            animateStrip(to: target, velocity: nil)
        }
        setCurrentIndex(index, notify: true)
    }

    public func next() { goTo(currentIndex + 1) }
    public func previous() { goTo(currentIndex - 1) }

    func animateStrip(to offset: Double, velocity: Double?, spring: Spring = FullScreenPager.pagingSpring) {
        let target = Rect(origin: Point(x: offset, y: 0), size: strip.bounds.size)
        let initial = velocity.map { SIMD4($0, 0, 0, 0) }
        stripAnimation = context.animator.animate(strip, \.animatedBounds, to: target, timing: .spring(spring),
                                                  initialVelocity: initial)
        strip.setNeedsLayout()
    }

    /// The album changed under the pager: it stays on its photo, now at `index`, without
    /// moving on screen.
    public func follow(to index: Int) {
        guard index != currentIndex else { return }
        setStripOffset(presentedOffset + Double(index - currentIndex) * pageWidth)
        setCurrentIndex(index, notify: true)
    }

    func setStripOffset(_ offset: Double) {
        strip.bounds = Rect(origin: Point(x: offset, y: 0), size: strip.bounds.size)
        stripAnimation = nil
        strip.setNeedsLayout()
    }

    func setCurrentIndex(_ index: Int, notify: Bool) {
        let changed = index != currentIndex
        currentIndex = index
        strip.setNeedsLayout()
        updateHUDText()
        updateHistogram()
        requestImages()
        if changed && notify { onPageChange?(index) }
    }

    /// How a paging drag lands: the release velocity projected onto the pages, a flick
    /// turning at least one page its way, at most one page per drag.
    public static let pagingPolicy = SwipeTracker.SnapPolicy.projected(decay: pagingProjection, flickSpeed: flickSpeed)

    // MARK: Keys and wheel

    /// Pages, zooms, asks to close; false while the pager is not up.
    public func perform(_ action: ViewAction, key: KeyEvent?) -> Bool {
        guard phase == .open || phase == .opening else { return false }
        switch action {
        case let .step(step):
            if let key { turn(by: step, on: key) } else { goTo(currentIndex + step) }
        case .first: goTo(0)
        case .last: goTo(photoCount - 1)
        case .close: onRequestClose?()
        case .zoomIn: zoom(by: Self.zoomStep, about: nil, animated: true)
        case .zoomOut: zoom(by: 1 / Self.zoomStep, about: nil, animated: true)
        case .zoomToFit: zoomToFit()
        case .toggleOneToOne: toggleOneToOne(about: pointerLocation)
        default: return false
        }
        return true
    }

    /// A press always turns the page, at once: the next photo stands in place as a desktop
    /// viewer's does (geeqie, eog), where a drag slides it; a photographer stepping through
    /// a card sees each frame as soon as it is decoded. A held key's repeat turns it once
    /// the photo in front is sharp. Paging by a held key so keeps pace with decoding (a camera's 12 MP photo
    /// may decode slower than keys repeat): every photo is seen sharp, and a repeat that
    /// comes too soon waits for the picture (`takeHeldTurn`) instead of being dropped,
    /// which would leave the paging idle until the next repeat. Up to
    /// `maximumWaitingTurns` wait, so paging that fell behind for a slow photo catches up
    /// with the key; none wait once the key is let go.
    func turn(by step: Int, on key: KeyEvent) {
        pagingKey = key.key
        let waiting = heldTurn?.step == step ? heldTurn?.count ?? 0 : 0
        heldTurn = nil
        if !key.isRepeat || isPictureInFrontSharp {
            goTo(currentIndex + step, animated: false)
            if waiting > 0 { heldTurn = HeldTurn(step: step, key: key.key, count: waiting, expires: key.time + Self.heldTurnPatience) }
        } else {
            heldTurn = HeldTurn(step: step, key: key.key, count: min(waiting + 1, Self.maximumWaitingTurns),
                                expires: key.time + Self.heldTurnPatience)
        }
    }

    /// A held key's waiting turn, now that pictures arrived: taken if the photo in front is
    /// sharp and the key was still repeating lately (a key let go whose release never came,
    /// focus having moved, stops here). One turn at a time: the next photo is seen sharp
    /// before another waiting turn leaves it.
    func takeHeldTurn() {
        guard var held = heldTurn, isPictureInFrontSharp else { return }
        guard context.animator.currentTime <= held.expires else {
            heldTurn = nil
            return
        }
        held.count -= 1
        heldTurn = held.count > 0 ? held : nil
        goTo(currentIndex + held.step, animated: false)
    }

    /// A key was let go: its waiting turn is dropped, so paging stops with the key.
    public func handleKeyUp(_ key: KeyEvent) {
        if heldTurn?.key == key.key { heldTurn = nil }
        if pagingKey == key.key { pagingKey = nil }
    }

    /// True for a repeat of the key held since its press turned the page: it pages on.
    public func isPaging(with key: KeyEvent) -> Bool { key.isRepeat && pagingKey == key.key }

    /// True when the photo in front shows the picture asked for it (or the photo whole, or
    /// why it cannot be shown), not a smaller stand-in.
    public var isPictureInFrontSharp: Bool { isPictureSharp(at: currentIndex) }

    /// True when photo `index` has the picture the pager asks for it.
    public func isPictureSharp(at index: Int) -> Bool {
        guard let source, index >= 0, index < photoCount else { return true }
        let size = pictureSize(of: index)
        switch source.picture(at: index, size: size) {
        case .failed: return true
        case .loading: return false
        case let .ready(picture), let .partial(picture):
            if picture.showsPixelsWhenEnlarged { return true }
            // A few percent short is sharp to the eye (`NearlySharp`: a RAW's preview).
            func covers(_ pixels: Double, _ side: Int) -> Bool { pixels >= Double(NearlySharp.fewestPixels(covering: side)) - 1 }
            switch size {
            case let .fitting(side): return covers(max(picture.pixelSize.width, picture.pixelSize.height), side)
            case let .within(width, height):
                return covers(picture.pixelSize.width, width) || covers(picture.pixelSize.height, height)
            case .filling, .region: return true
            }
        }
    }

    /// The wheel pages (one page per notch or swipe); with Ctrl it zooms about the pointer.
    public func handleWheel(_ wheel: WheelEvent) {
        guard phase == .open else { return }
        if wheel.modifiers.contains(.control) {
            let notches = -wheel.deltaInPoints.y / Self.wheelPageDistance
            zoom(by: pow(Self.zoomStep, notches), about: wheel.locationInWindow, animated: false)
            return
        }
        guard wheel.time >= wheelRestUntil else { return }
        let delta = abs(wheel.deltaInPoints.x) > abs(wheel.deltaInPoints.y) ? wheel.deltaInPoints.x : wheel.deltaInPoints.y
        wheelDistance += delta
        guard abs(wheelDistance) >= Self.wheelPageDistance else { return }
        wheelDistance > 0 ? next() : previous()
        wheelDistance = 0
        wheelRestUntil = wheel.time + Self.wheelPageCooldown
    }
}
