// SPDX-License-Identifier: GPL-3.0-or-later
/// Plays a feed's frames on a clock the caller keeps. Each frame is made into what it is
/// shown as (a texture) as soon as the one before it is on show, so it is ready by its
/// time; a frame not ready when due waits, and the one on show stays.
public final class AnimationPlayer<Picture> {
    public let feed: AnimationFeed
    private let prepare: (AnimationFrame) -> Picture
    private let discard: (Picture) -> Void
    private var timeline = AnimationTimeline()
    /// The frame on show, as prepared.
    public private(set) var shown: Picture?
    private var upcoming: (picture: Picture, delay: Double)?

    public init(feed: AnimationFeed, prepare: @escaping (AnimationFrame) -> Picture, discard: @escaping (Picture) -> Void) {
        self.feed = feed
        self.prepare = prepare
        self.discard = discard
    }

    /// Shows the next frame if it is due and ready. Returns true when the picture changed.
    public func advance(to now: Double, isReady: (Picture) -> Bool = { _ in true }) -> Bool {
        prepareNext()
        guard let next = upcoming, timeline.isDue(at: now), isReady(next.picture) else { return false }
        if let shown { discard(shown) }
        shown = next.picture
        timeline.show(delay: next.delay, at: now)
        upcoming = nil
        prepareNext()
        return true
    }

    /// When `advance` has something to do: the next frame's time (perhaps already past,
    /// while it is made ready). Nil while the feed has no frame (it wakes the caller when
    /// one comes) and once the animation is over.
    public var nextChange: Double? {
        guard upcoming != nil else { return nil }
        return timeline.dueTime ?? -.infinity
    }

    /// True once the last frame is on show for good.
    public var isOver: Bool { upcoming == nil && feed.isExhausted }

    /// Stops the feed and lets every prepared picture go.
    public func stop() {
        feed.stop()
        if let shown { discard(shown) }
        if let upcoming { discard(upcoming.picture) }
        shown = nil
        upcoming = nil
    }

    private func prepareNext() {
        guard upcoming == nil, let frame = feed.takeFrame() else { return }
        upcoming = (prepare(frame), frame.delay)
    }
}
