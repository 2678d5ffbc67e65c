// SPDX-License-Identifier: GPL-3.0-or-later
/// How an animation moves from where the value is to its target.
public enum Timing: Sendable {
    /// A fixed duration along a curve; it starts at rest (an inherited velocity is dropped).
    case curve(TimingCurve, duration: Seconds)
    /// A spring; it starts with the property's current velocity unless one is given, so a
    /// retarget mid-flight carries on without a kink. Ends when settled.
    case spring(Spring)

    public static func easeOut(_ duration: Seconds) -> Timing { .curve(.easeOut, duration: duration) }
    public static func easeInOut(_ duration: Seconds) -> Timing { .curve(.easeInOut, duration: duration) }
    public static func linear(_ duration: Seconds) -> Timing { .curve(.linear, duration: duration) }
    /// The "duration + damping" spring the card deck's numbers are given in (UIKit's form).
    public static func spring(duration: Seconds, dampingRatio: Double) -> Timing {
        .spring(Spring(duration: duration, dampingRatio: dampingRatio))
    }
}

/// How an animation ended.
public enum AnimationOutcome: Sendable, Equatable {
    /// It reached its target.
    case finished
    /// It was stopped, replaced by a newer animation of the same property, or its value was
    /// set without animation.
    case cancelled
}

/// Runs animations of `Animated` properties of any objects, advanced only by `advance(to:)`:
/// the frame driver (or a test's manual clock) decides what time it is.
///
/// Animations start at the animator's current time plus their delay. Starting one on a
/// property that is already animating replaces the old one, starting from the current
/// presentation value (and, for springs, velocity), so interruptions never jump.
/// Completions run inside `advance(to:)`, after every animation has stepped.
public final class Animator {
    public private(set) var currentTime: Seconds
    /// Timed work on the same clock, run at the start of each `advance(to:)`.
    public let scheduler: Scheduler
    private var running: [any RunningAnimation] = []
    private var pendingCompletions: [() -> Void] = []
    private var nextID: UInt64 = 1
    /// Groups being gathered, innermost last; an animation belongs to all of them.
    private var openGroups: [AnimationGroup] = []

    public init(startTime: Seconds = 0) {
        currentTime = startTime
        scheduler = Scheduler(startTime: startTime)
    }

    /// Reduced motion (the desktop's "reduce animation" switch, or Flick's setting): every
    /// spring, and every curve longer than `reducedDuration`, becomes a short ease-out of
    /// that length — nothing overshoots, wobbles or drifts. Glides after a fling and the
    /// pointer's own drags are the user's motion and stay.
    public var reducesMotion = false
    public static let reducedDuration: Seconds = 0.15

    /// True while any animation is running or waiting out its delay: what settling waits for.
    public var isAnimating: Bool { !running.isEmpty || !pendingCompletions.isEmpty }

    /// True while an animation is in motion (or its completion is due): the frame loop
    /// draws at the display's rate until this turns false. One still waiting out its delay
    /// changes nothing on screen; the loop sleeps until `nextStart` instead of ticking.
    public var isMoving: Bool {
        !pendingCompletions.isEmpty || running.contains { $0.begin <= currentTime }
    }

    /// When the first animation still waiting out its delay begins to move.
    public var nextStart: Seconds? {
        running.lazy.map(\.begin).filter { $0 > self.currentTime }.min()
    }

    /// Animates `property` of `object` to `target`. The model value becomes `target` at once.
    @discardableResult
    public func animate<Object: AnyObject, Value: Animatable>(
        _ object: Object, _ property: ReferenceWritableKeyPath<Object, Animated<Value>>,
        to target: Value, timing: Timing, delay: Seconds = 0,
        initialVelocity: Value.AnimatableData? = nil,
        completion: ((AnimationOutcome) -> Void)? = nil
    ) -> AnimationID {
        start(object, property, to: target, timing: timing, delay: delay, initialVelocity: initialVelocity,
              handlers: completion.map { [$0] } ?? []).id
    }

    /// Moves `property`'s target to `target` the way a layout proposes it: nothing if that
    /// is already the target; set at once if the property is still; and if it is animating,
    /// the animation carries on toward the new target from its presentation value and
    /// velocity (a spring stays that spring; a curve becomes a critically damped spring as
    /// long as the curve, a glide a short one), keeping its completion. A layout pass that
    /// moves a view mid-flight never makes it jump or stop.
    public func retarget<Object: AnyObject, Value: Animatable>(
        _ object: Object, _ property: ReferenceWritableKeyPath<Object, Animated<Value>>, to target: Value
    ) {
        let state = object[keyPath: property]
        guard state.model != target else { return }
        guard let id = state.animationID,
              let animation = running.first(where: { $0.id == id }) as? PropertyAnimation<Object, Value> else {
            object[keyPath: property].set(target)
            return
        }
        if animation.begin > currentTime {
            // Not started yet: it simply aims elsewhere.
            animation.to = Value.nearestEquivalent(of: target.animatableData, to: animation.from)
            object[keyPath: property].setModel(target)
            return
        }
        // Whoever waits for the old animation (a completion, a group) now waits for this one.
        let handlers = animation.onComplete
        animation.onComplete = []
        start(object, property, to: target, timing: .spring(animation.continuingSpring(at: currentTime)),
              delay: 0, initialVelocity: nil, handlers: handlers)
    }

    /// Lets `property` glide on from its presentation value with `velocity` (units per
    /// second), slowing by `decay`, as a flung scroll view does. The model value becomes
    /// where it will come to rest.
    @discardableResult
    public func fling<Object: AnyObject, Value: Animatable>(
        _ object: Object, _ property: ReferenceWritableKeyPath<Object, Animated<Value>>,
        velocity: Value.AnimatableData, decay: Decay,
        completion: ((AnimationOutcome) -> Void)? = nil
    ) -> AnimationID {
        let id = makeID()
        var state = object[keyPath: property]
        let from = state.presentation.animatableData
        let rest = from + velocity.scaled(by: decay.restingValue(from: 0, velocity: 1))
        supersede(state.animationID)
        state.setModel(Value(animatableData: rest))
        state.animationID = id
        object[keyPath: property] = state
        register(PropertyAnimation(id: id, object: object, property: property, from: from, to: rest,
                                   motion: .decay(decay, initialVelocity: velocity), begin: currentTime,
                                   handlers: completion.map { [$0] } ?? []))
        return id
    }

    /// Stops an animation where it is: the property's model value becomes its current
    /// presentation value, so nothing jumps. Its completion reports `.cancelled`.
    public func cancel(_ id: AnimationID) {
        guard let index = running.firstIndex(where: { $0.id == id }) else { return }
        let animation = running.remove(at: index)
        animation.freezeAtPresentation()
        pendingCompletions.append { animation.complete(.cancelled) }
    }

    /// Steps every animation to `now` and then runs the completions that became due.
    public func advance(to now: Seconds) {
        currentTime = max(currentTime, now)
        scheduler.advance(to: currentTime)
        var stillRunning: [any RunningAnimation] = []
        var ended: [(any RunningAnimation, AnimationOutcome)] = []
        for animation in running {
            switch animation.step(to: currentTime) {
            case .running: stillRunning.append(animation)
            case .finished: ended.append((animation, .finished))
            case .superseded: ended.append((animation, .cancelled))
            }
        }
        running = stillRunning
        let completions = pendingCompletions
        pendingCompletions = []
        for completion in completions { completion() }
        for (animation, outcome) in ended { animation.complete(outcome) }
    }

    /// Runs `body`, gathering every animation it starts into one group whose `completion`
    /// runs once all of them have ended: `.finished` if all finished. With a `Stagger`,
    /// the body gets each item's delay.
    public func group(completion: @escaping (AnimationOutcome) -> Void, _ body: () -> Void) {
        let group = AnimationGroup(completion: completion)
        openGroups.append(group)
        body()
        openGroups.removeLast()
        group.seal { [weak self] in self?.pendingCompletions.append($0) }
    }

    @discardableResult
    private func start<Object: AnyObject, Value: Animatable>(
        _ object: Object, _ property: ReferenceWritableKeyPath<Object, Animated<Value>>, to target: Value,
        timing: Timing, delay: Seconds, initialVelocity: Value.AnimatableData?, handlers: [(AnimationOutcome) -> Void]
    ) -> PropertyAnimation<Object, Value> {
        let id = makeID()
        var state = object[keyPath: property]
        let from = state.presentation.animatableData
        let to = Value.nearestEquivalent(of: target.animatableData, to: from)
        let motion: PropertyAnimation<Object, Value>.Motion
        switch timing {
        case let .curve(curve, duration):
            motion = .curve(curve, duration: min(max(duration, 0), reducesMotion ? Self.reducedDuration : .infinity))
        case .spring where reducesMotion:
            motion = .curve(.easeOut, duration: Self.reducedDuration)
        case let .spring(spring):
            motion = .spring(spring, initialVelocity: initialVelocity ?? state.velocity)
        }
        supersede(state.animationID)
        state.setModel(target)
        state.animationID = id
        object[keyPath: property] = state
        let animation = PropertyAnimation(id: id, object: object, property: property, from: from, to: to, motion: motion,
                                          begin: currentTime + max(delay, 0), handlers: handlers)
        register(animation)
        return animation
    }

    private func makeID() -> AnimationID {
        defer { nextID += 1 }
        return AnimationID(rawValue: nextID)
    }

    private func register(_ animation: any RunningAnimation) {
        for group in openGroups { group.add(animation) }
        running.append(animation)
    }

    /// An animation replaced by a newer one on the same property ends as cancelled.
    private func supersede(_ id: AnimationID?) {
        guard let id, let index = running.firstIndex(where: { $0.id == id }) else { return }
        let animation = running.remove(at: index)
        pendingCompletions.append { animation.complete(.cancelled) }
    }
}

/// Delays for a staggered group: item i starts `delayPerItem·i` later, with the step
/// shrunk when needed so the last item starts no later than `maximumTotalDelay`.
public struct Stagger: Sendable, Equatable {
    public var delayPerItem: Seconds
    public var maximumTotalDelay: Seconds?

    public init(delayPerItem: Seconds, maximumTotalDelay: Seconds? = nil) {
        self.delayPerItem = delayPerItem
        self.maximumTotalDelay = maximumTotalDelay
    }

    public func delay(forItem index: Int, of count: Int) -> Seconds {
        var step = delayPerItem
        if let cap = maximumTotalDelay, count > 1 { step = min(step, cap / Double(count - 1)) }
        return step * Double(index)
    }
}

// MARK: - Running animations

enum StepResult {
    case running, finished, superseded
}

protocol RunningAnimation: AnyObject {
    var id: AnimationID { get }
    /// When it starts moving: its delay after it was started.
    var begin: Seconds { get }
    func step(to now: Seconds) -> StepResult
    func freezeAtPresentation()
    func complete(_ outcome: AnimationOutcome)
    var onComplete: [(AnimationOutcome) -> Void] { get set }
}

final class PropertyAnimation<Object: AnyObject, Value: Animatable>: RunningAnimation {
    typealias Data = Value.AnimatableData

    enum Motion {
        case curve(TimingCurve, duration: Seconds)
        case spring(Spring, initialVelocity: Data)
        case decay(Decay, initialVelocity: Data)
    }

    let id: AnimationID
    weak var object: Object?
    let property: ReferenceWritableKeyPath<Object, Animated<Value>>
    let from: Data
    var to: Data
    let motion: Motion
    let begin: Seconds
    var onComplete: [(AnimationOutcome) -> Void]

    init(id: AnimationID, object: Object, property: ReferenceWritableKeyPath<Object, Animated<Value>>,
         from: Data, to: Data, motion: Motion, begin: Seconds, handlers: [(AnimationOutcome) -> Void]) {
        self.id = id
        self.object = object
        self.property = property
        self.from = from
        self.to = to
        self.motion = motion
        self.begin = begin
        self.onComplete = handlers
    }

    func step(to now: Seconds) -> StepResult {
        guard let object, object[keyPath: property].animationID == id else { return .superseded }
        let t = now - begin
        guard t >= 0 else { return .running }
        let tolerance = Value.settlingTolerance
        let value: Data, velocity: Data, done: Bool
        switch motion {
        case let .curve(curve, duration):
            let fraction = duration > 0 ? t / duration : 1
            done = fraction >= 1
            value = from + (to - from).scaled(by: curve.progress(at: fraction))
            velocity = done ? .zero : (to - from).scaled(by: curve.slope(at: fraction) / duration)
        case let .spring(spring, v0):
            let k = spring.coefficients(at: t)
            let d0 = from - to
            let displacement = d0.scaled(by: k.displacementFromDisplacement) + v0.scaled(by: k.displacementFromVelocity)
            velocity = d0.scaled(by: k.velocityFromDisplacement) + v0.scaled(by: k.velocityFromVelocity)
            value = to + displacement
            done = displacement.maximumMagnitude < tolerance && velocity.maximumMagnitude * spring.response < tolerance
        case let .decay(decay, v0):
            let unit = decay.state(at: t, from: 0, velocity: 1)
            value = from + v0.scaled(by: unit.value)
            velocity = v0.scaled(by: unit.velocity)
            // Stop once what is left to travel is below what anyone could see.
            done = velocity.scaled(by: decay.restingValue(from: 0, velocity: 1)).maximumMagnitude.magnitude < tolerance
        }
        if done {
            object[keyPath: property].presentation = Value(animatableData: to)
            object[keyPath: property].velocity = .zero
            object[keyPath: property].animationID = nil
            return .finished
        }
        object[keyPath: property].presentation = Value(animatableData: value)
        object[keyPath: property].velocity = velocity
        return .running
    }

    /// The spring that carries this motion on toward a new target from `now`.
    func continuingSpring(at now: Seconds) -> Spring {
        switch motion {
        case let .spring(spring, _):
            return spring
        case let .curve(_, duration):
            // The whole duration, not what was left: the new target is a new journey, and a
            // spring stiff enough to finish in the last few frames would lurch.
            return Spring(duration: max(duration, Self.shortestContinuation), dampingRatio: 1)
        case .decay:
            return Spring(dampingRatio: 1, response: Self.shortestContinuation * 3)
        }
    }

    /// A retargeted motion takes at least this long, so it never snaps.
    static var shortestContinuation: Seconds { 0.1 }

    func freezeAtPresentation() {
        guard let object, object[keyPath: property].animationID == id else { return }
        object[keyPath: property].set(object[keyPath: property].presentation)
    }

    func complete(_ outcome: AnimationOutcome) {
        let handlers = onComplete
        onComplete = []
        for handler in handlers { handler(outcome) }
    }
}

/// Counts the members of a group down to zero, then reports once.
final class AnimationGroup {
    private var remaining = 0
    private var allFinished = true
    private var sealed = false
    private let completion: (AnimationOutcome) -> Void

    init(completion: @escaping (AnimationOutcome) -> Void) {
        self.completion = completion
    }

    func add(_ animation: any RunningAnimation) {
        remaining += 1
        animation.onComplete.append { [self] outcome in
            if outcome == .cancelled { allFinished = false }
            remaining -= 1
            if sealed && remaining == 0 { completion(allFinished ? .finished : .cancelled) }
        }
    }

    /// Called once the group's body has run; an empty group completes on the next frame.
    func seal(deferEmpty: (@escaping () -> Void) -> Void) {
        sealed = true
        if remaining == 0 {
            let completion = completion
            deferEmpty { completion(.finished) }
        }
    }
}
