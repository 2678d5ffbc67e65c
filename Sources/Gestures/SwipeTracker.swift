// SPDX-License-Identifier: GPL-3.0-or-later
import Motion

/// Follows a drag across snap points (pages, cards) and decides where its release lands:
/// one tracker for everything that is paged or thrown, with the snap rule chosen per use.
///
/// Progress is measured in snap units (one page, one card) and grows as the pointer moves
/// against the axis, the way content follows a finger: dragging left brings the next page.
/// A release hands over to a spring that starts at the release velocity, so the motion
/// carries on instead of starting from rest.
public struct SwipeTracker: Sendable {
    public enum SnapPolicy: Sendable {
        /// The release velocity projected with `decay` picks the snap point, and a flick
        /// faster than `flickSpeed` (points per second) goes at least one step its way
        /// (the full-screen pager).
        case projected(decay: Decay, flickSpeed: Double)
        /// Moved at least this many points: one step by the release velocity's sign (by the
        /// way it moved when released still); less: back (the culling pager).
        case minimumDistance(Double)
        /// Moved past one snap unit (the throw distance), or flicked faster than `flickSpeed`
        /// (points per second): one step away (thrown); otherwise back (the card deck).
        case throwing(flickSpeed: Double)
    }

    /// Where a release lands and how the spring starts.
    public struct Release: Equatable, Sendable {
        /// The snap point to settle at.
        public var step: Int
        /// Progress velocity at the release, in units per second: the spring's start.
        public var velocity: Double

        public init(step: Int, velocity: Double) {
            self.step = step
            self.velocity = velocity
        }
    }

    public var policy: SnapPolicy
    /// Points per snap unit (a page's width).
    public var unit: Double
    /// The snap points a release may land on.
    public var steps: ClosedRange<Int>
    /// The hand-off: how the content settles after a release.
    public var spring: Spring

    /// The snap point shown (or headed for) when the drag began.
    public private(set) var startStep = 0
    /// The progress where the drag caught the content.
    public private(set) var caughtAt = 0.0

    public init(policy: SnapPolicy, unit: Double, steps: ClosedRange<Int>, spring: Spring) {
        self.policy = policy
        self.unit = unit
        self.steps = steps
        self.spring = spring
    }

    /// A drag catches the content at `progress` (units; it may be between snap points,
    /// still moving), headed for or resting at `step`.
    public mutating func begin(at progress: Double, step: Int) {
        caughtAt = progress
        startStep = step
    }

    /// The progress a drag by `translation` points along the axis shows. Past the first or
    /// last snap point it resists, as a scroll view's edge does, over `dimension` points.
    public func progress(forTranslation translation: Double, dimension: Double) -> Double {
        let points = caughtAt * unit - translation
        let range = Double(steps.lowerBound) * unit...Double(steps.upperBound) * unit
        return RubberBand.clamp(points, to: range, dimension: dimension) / unit
    }

    /// Where a release at `progress` (units) lands, the pointer moving at `pointerVelocity`
    /// points per second along the axis.
    public func release(at progress: Double, pointerVelocity: Double) -> Release {
        guard unit > 0 else { return Release(step: startStep, velocity: 0) }
        let velocity = -pointerVelocity / unit
        let moved = (progress - caughtAt) * unit
        let step: Int
        switch policy {
        case let .projected(decay, flickSpeed):
            step = projectedStep(at: progress, velocity: velocity, decay: decay, flickSpeed: flickSpeed)
        case let .minimumDistance(distance):
            let way = velocity != 0 ? velocity : moved
            step = abs(moved) >= distance ? startStep + (way > 0 ? 1 : -1) : startStep
        case let .throwing(flickSpeed):
            if abs(pointerVelocity) > flickSpeed {
                step = startStep + (velocity > 0 ? 1 : -1)
            } else if abs(moved) > unit {
                step = startStep + (moved > 0 ? 1 : -1)
            } else {
                step = startStep
            }
        }
        return Release(step: min(max(step, steps.lowerBound), steps.upperBound), velocity: velocity)
    }

    /// The projection rounded to a snap point; a flick goes at least to the next point its
    /// way, and a flick that continues a step still sliding in (the drag caught the content
    /// short of `startStep`) goes one beyond it, as a quick second swipe should. At most
    /// one step from `startStep`.
    private func projectedStep(at progress: Double, velocity: Double, decay: Decay, flickSpeed: Double) -> Int {
        let projected = decay.restingValue(from: progress * unit, velocity: velocity * unit) / unit
        var step = Int(projected.rounded())
        let tolerance = 0.001
        let flick = flickSpeed / unit
        if velocity > flick {
            let next = caughtAt < Double(startStep) - tolerance ? startStep + 1 : Int((progress + tolerance).rounded(.down)) + 1
            step = max(step, next)
        } else if velocity < -flick {
            let previous = caughtAt > Double(startStep) + tolerance ? startStep - 1 : Int((progress - tolerance).rounded(.up)) - 1
            step = min(step, previous)
        }
        return min(max(step, startStep - 1), startStep + 1)
    }
}
