// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

/// Modifier keys held during an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    public static let command = KeyModifiers(rawValue: 1 << 3)
}

/// An event stamped when the platform received it.
public protocol TimestampedEvent {
    var timestampNanoseconds: UInt64 { get }
}

extension TimestampedEvent {
    public var time: Seconds { Seconds(nanoseconds: timestampNanoseconds) }
}

public enum PointerButton: Hashable, Sendable {
    case primary, middle, secondary
}

/// A pointer (mouse) event in window coordinates, stamped when it was received.
public struct PointerEvent: TimestampedEvent, Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case down, moved, up
        /// The sequence was taken away (the window lost the pointer grab, for example).
        case cancelled
    }

    public var phase: Phase
    public var button: PointerButton
    /// 1 for a single press, 2 for the second press of a double-click, as the platform counts.
    public var clickCount: Int
    public var locationInWindow: Point
    public var timestampNanoseconds: UInt64
    public var modifiers: KeyModifiers

    public init(phase: Phase, button: PointerButton = .primary, clickCount: Int = 1, locationInWindow: Point,
                timestampNanoseconds: UInt64, modifiers: KeyModifiers = []) {
        self.phase = phase
        self.button = button
        self.clickCount = clickCount
        self.locationInWindow = locationInWindow
        self.timestampNanoseconds = timestampNanoseconds
        self.modifiers = modifiers
    }

}

/// A scroll-wheel or touchpad scroll, in points (positive y scrolls content up: the wheel
/// turned toward the user).
public struct WheelEvent: TimestampedEvent, Hashable, Sendable {
    public var deltaInPoints: Point
    public var locationInWindow: Point
    public var timestampNanoseconds: UInt64
    public var modifiers: KeyModifiers

    public init(deltaInPoints: Point, locationInWindow: Point, timestampNanoseconds: UInt64, modifiers: KeyModifiers = []) {
        self.deltaInPoints = deltaInPoints
        self.locationInWindow = locationInWindow
        self.timestampNanoseconds = timestampNanoseconds
        self.modifiers = modifiers
    }

}

/// A key, by what it means rather than where it sits.
public enum Key: Hashable, Sendable {
    /// A printable key, lower-case as on the key cap ("s", "2", "+").
    case character(Character)
    case escape, enter, space, backspace, delete, tab
    case left, right, up, down, home, end, pageUp, pageDown
    /// F1…F24.
    case function(Int)
    /// The Menu (application) key: the context menu, as Shift+F10.
    case menu
}

public struct KeyEvent: TimestampedEvent, Hashable, Sendable {
    public var key: Key
    public var isDown: Bool
    /// True for the auto-repeats of a key held down.
    public var isRepeat: Bool
    public var modifiers: KeyModifiers
    public var timestampNanoseconds: UInt64

    public init(key: Key, isDown: Bool = true, isRepeat: Bool = false, modifiers: KeyModifiers = [], timestampNanoseconds: UInt64) {
        self.key = key
        self.isDown = isDown
        self.isRepeat = isRepeat
        self.modifiers = modifiers
        self.timestampNanoseconds = timestampNanoseconds
    }

}

/// Everything the platform delivers to the core.
public enum InputEvent: Hashable, Sendable {
    case pointer(PointerEvent)
    case wheel(WheelEvent)
    case key(KeyEvent)

    /// When the user acted.
    public var time: Seconds {
        switch self {
        case let .pointer(event): event.time
        case let .wheel(event): event.time
        case let .key(event): event.time
        }
    }
}
