// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Motion

/// Builds the pointer events a person would produce, at a given event rate.
public enum PointerScript {
    /// How the pointer moves along a drag.
    public enum SpeedProfile: Sendable {
        /// Steady speed from press to release.
        case constant
        /// From rest, speeding up evenly: the release speed is twice the average.
        case accelerating
        /// Fast, then slowing evenly to rest at the release point.
        case decelerating

        /// Fraction of the path covered at fraction `s` of the time.
        func distanceFraction(_ s: Double) -> Double {
            switch self {
            case .constant: s
            case .accelerating: s * s
            case .decelerating: 1 - (1 - s) * (1 - s)
            }
        }

        /// Speed at the release as a multiple of the average speed.
        public var releaseSpeedFactor: Double {
            switch self {
            case .constant: 1
            case .accelerating: 2
            case .decelerating: 0
            }
        }
    }

    /// Press at `start`, move to `end` over `duration` with an event every 1/`rateHz`
    /// seconds, optionally hold still, then release.
    public static func drag(from start: Point, to end: Point, duration: Seconds, rateHz: Double, startTime: Seconds,
                            profile: SpeedProfile = .constant, holdBeforeRelease: Seconds = 0,
                            button: PointerButton = .primary, modifiers: KeyModifiers = []) -> [PointerEvent] {
        var events = [PointerEvent(phase: .down, button: button, locationInWindow: start, timestampNanoseconds: startTime.nanosecondStamp,
                                   modifiers: modifiers)]
        let steps = max(1, Int((duration * rateHz).rounded()))
        for step in 1...steps {
            let s = Double(step) / Double(steps)
            let location = start.interpolated(to: end, fraction: profile.distanceFraction(s))
            events.append(PointerEvent(phase: .moved, button: button, locationInWindow: location,
                                       timestampNanoseconds: (startTime + duration * s).nanosecondStamp, modifiers: modifiers))
        }
        let releaseTime = startTime + duration + holdBeforeRelease
        events.append(PointerEvent(phase: .up, button: button, locationInWindow: end, timestampNanoseconds: releaseTime.nanosecondStamp,
                                   modifiers: modifiers))
        return events
    }

    /// `count` clicks at `location`, each press lasting `pressDuration`, `interval` apart.
    public static func clicks(at location: Point, count: Int = 1, startTime: Seconds, pressDuration: Seconds = 0.05,
                              interval: Seconds = 0.15, button: PointerButton = .primary, modifiers: KeyModifiers = []) -> [PointerEvent] {
        (0..<count).flatMap { index -> [PointerEvent] in
            let down = startTime + Double(index) * interval
            return [
                PointerEvent(phase: .down, button: button, clickCount: index + 1, locationInWindow: location,
                             timestampNanoseconds: down.nanosecondStamp, modifiers: modifiers),
                PointerEvent(phase: .up, button: button, clickCount: index + 1, locationInWindow: location,
                             timestampNanoseconds: (down + pressDuration).nanosecondStamp, modifiers: modifiers),
            ]
        }
    }
}
