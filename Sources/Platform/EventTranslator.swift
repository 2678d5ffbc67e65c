// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSDL2
import Foundation
import Geometry
import Gestures
import Motion

/// Turns SDL events into Flick's value events, in points, stamped with when the user acted.
///
/// Under X, SDL hands over each raw X input event (a window-manager event) just before the
/// events it makes of it; its server time, mapped onto the loop clock, stamps them. Where
/// no server time exists (another video driver) the stamp is taken on receipt with the
/// performance counter: precise, but late when the loop is busy. SDL's own stamps are
/// neither: whole milliseconds taken when SDL pumps its queue, shared by a burst.
struct EventTranslator {
    var scale: Double
    let counterFrequency = Double(SDL_GetPerformanceFrequency())
    private(set) var heldButtons: Set<PointerButton> = []
    private var inputClock = InputClock()
    /// The time of the X event whose SDL events come next, on the loop clock.
    private var pendingServerStamp: UInt64?
    /// The modifier keys held as the X pointer event whose SDL events come next happened.
    private var pendingPointerModifiers: KeyModifiers?
    /// Keys held down elsewhere, as X reported when the window gained the pointer or the
    /// focus (X keycodes), until each is let go.
    private var heldOnArrival: Set<UInt8> = []
    /// The X key press whose SDL events come next.
    private var pressedKeycode: UInt8?
    /// Keys pressed in another window and still held (SDL scancodes): neither their
    /// auto-repeats nor their release are Flick's.
    private var keysHeldFromElsewhere: Set<UInt32> = []

    init(scale: Double) {
        self.scale = scale
    }

    func nowNanoseconds() -> UInt64 {
        UInt64(Double(SDL_GetPerformanceCounter()) / counterFrequency * 1e9)
    }

    mutating func translate(_ event: SDL_Event) -> PlatformEvent? {
        // Every X event comes through here before the SDL events made of it, so the latest
        // one's time is theirs; an X event without a time (an expose) clears it.
        if event.type == SDL_SYSWMEVENT.rawValue {
            noteKeys(in: event)
            pendingPointerModifiers = withUnsafePointer(to: event) { Self.modifiers(ofX11State: flick_sdl_x11_pointer_modifiers($0)) }
            var event = event, serverMilliseconds: UInt32 = 0
            pendingServerStamp = flick_sdl_x11_input_time(&event, &serverMilliseconds) == 0 ? nil
                : UInt64((inputClock.time(ofServerStamp: serverMilliseconds, receivedAt: Seconds(nanoseconds: nowNanoseconds()),
                                          monotonicMilliseconds: Self.monotonicMilliseconds()) * 1e9).rounded())
            return nil
        }
        let stamp = pendingServerStamp ?? nowNanoseconds()
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return .closeRequested
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_CLOSE: return .closeRequested
            case SDL_WINDOWEVENT_SIZE_CHANGED: return .resized(Size(width: Double(event.window.data1) / scale, height: Double(event.window.data2) / scale))
            // The window's pixels may be lost: it was uncovered, shown again or restored.
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MAXIMIZED: return .redraw
            default: return nil
            }
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard let button = Self.button(event.button.button) else { return nil }
            let down = event.type == SDL_MOUSEBUTTONDOWN.rawValue
            if down { heldButtons.insert(button) } else { heldButtons.remove(button) }
            return .input(.pointer(PointerEvent(phase: down ? .down : .up, button: button, clickCount: Int(event.button.clicks),
                                                locationInWindow: point(event.button.x, event.button.y),
                                                timestampNanoseconds: stamp, modifiers: pointerModifiers)))
        case SDL_MOUSEMOTION:
            let location = point(event.motion.x, event.motion.y)
            guard let button = heldButtons.first else { return .hover(location) }
            return .input(.pointer(PointerEvent(phase: .moved, button: button, locationInWindow: location,
                                                timestampNanoseconds: stamp, modifiers: pointerModifiers)))
        case SDL_MOUSEWHEEL:
            // SDL's y is positive for the wheel turned away from the user (content down);
            // Flick's delta is how far the content scrolls, so the sign flips.
            var dy = Double(event.wheel.preciseY), dx = Double(event.wheel.preciseX)
            if event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dx = -dx; dy = -dy }
            return .input(.wheel(WheelEvent(deltaInPoints: Point(x: dx * Self.pointsPerWheelNotch, y: -dy * Self.pointsPerWheelNotch),
                                            locationInWindow: point(event.wheel.mouseX, event.wheel.mouseY),
                                            timestampNanoseconds: stamp, modifiers: pointerModifiers)))
        case SDL_KEYDOWN, SDL_KEYUP:
            guard isPressedInFlick(event.key) else { return nil }
            let modifiers = Self.modifiers(SDL_Keymod(rawValue: UInt32(event.key.keysym.mod)))
            let typed = event.type == SDL_KEYDOWN.rawValue ? Self.typedSymbol() : nil
            guard let key = typed ?? Self.key(event.key.keysym.sym, shifted: modifiers.contains(.shift)) else { return nil }
            return .input(.key(KeyEvent(key: key, isDown: event.type == SDL_KEYDOWN.rawValue, isRepeat: event.key.repeat != 0,
                                        modifiers: modifiers, timestampNanoseconds: stamp)))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return text.isEmpty ? nil : .text(text)
        case SDL_DROPFILE:
            guard let file = event.drop.file else { return nil }
            defer { SDL_free(file) }
            return .dropped(path: Array(UnsafeBufferPointer(start: file, count: strlen(file))).map { UInt8(bitPattern: $0) })
        default:
            return nil
        }
    }

    /// Keeps track of the keys X reports held on arrival, and of the key a press is of.
    private mutating func noteKeys(in event: SDL_Event) {
        var keycode: UInt8 = 0
        var held = [CChar](repeating: 0, count: 32)
        pressedKeycode = nil
        switch Int(withUnsafePointer(to: event, { flick_sdl_x11_keys($0, &keycode, &held) })) {
        case Int(FLICK_X11_KEY_PRESS): pressedKeycode = keycode
        case Int(FLICK_X11_KEY_RELEASE): heldOnArrival.remove(keycode)
        case Int(FLICK_X11_KEYS_HELD):
            heldOnArrival = []
            for code in 8..<256 where UInt8(bitPattern: held[code / 8]) >> UInt8(code % 8) & 1 != 0 { heldOnArrival.insert(UInt8(code)) }
        default: break
        }
    }

    /// False for a key that was pressed in another window and is still held: its first
    /// auto-repeat reaches Flick as a fresh press (Ctrl+W held to close a browser tab whose
    /// window then hands Flick the focus, Enter held in a launcher), then as repeats, then
    /// its release. None of these may act in Flick.
    private mutating func isPressedInFlick(_ key: SDL_KeyboardEvent) -> Bool {
        let scancode = key.keysym.scancode.rawValue
        if key.type == SDL_KEYUP.rawValue { return keysHeldFromElsewhere.remove(scancode) == nil }
        if keysHeldFromElsewhere.contains(scancode) { return false }
        // A press SDL knew nothing of (not a repeat) of a key held before Flick had it.
        guard key.`repeat` == 0, let pressedKeycode, heldOnArrival.contains(pressedKeycode) else { return true }
        keysHeldFromElsewhere.insert(scancode)
        return false
    }

    /// The machine's monotonic clock, which a local X server stamps its events with, in
    /// milliseconds (wrapping as the server's do).
    private static func monotonicMilliseconds() -> UInt32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt32(truncatingIfNeeded: Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000)
    }

    /// How far one notch of a wheel scrolls, in points. Larger = faster wheel scrolling.
    static let pointsPerWheelNotch = 60.0

    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x) / scale, y: Double(y) / scale)
    }

    private static func button(_ sdlButton: UInt8) -> PointerButton? {
        switch Int32(sdlButton) {
        case SDL_BUTTON_LEFT: .primary
        case SDL_BUTTON_MIDDLE: .middle
        case SDL_BUTTON_RIGHT: .secondary
        default: nil
        }
    }

    /// A click's or a drag's modifiers: as X reported them with the pointer event (a click
    /// handled late, its Ctrl already let go, is still a Ctrl+click), else SDL's state now.
    private var pointerModifiers: KeyModifiers { pendingPointerModifiers ?? Self.modifiers() }

    /// X's modifier mask (`flick_sdl_x11_pointer_modifiers`); nil for -1, an event with none.
    static func modifiers(ofX11State state: Int32) -> KeyModifiers? {
        guard state >= 0 else { return nil }
        var result: KeyModifiers = []
        if state & 1 != 0 { result.insert(.shift) }
        if state & 4 != 0 { result.insert(.control) }
        if state & 8 != 0 { result.insert(.alt) }
        if state & 64 != 0 { result.insert(.command) }
        return result
    }

    private static func modifiers(_ mod: SDL_Keymod = SDL_GetModState()) -> KeyModifiers {
        var result: KeyModifiers = []
        if mod.rawValue & KMOD_SHIFT.rawValue != 0 { result.insert(.shift) }
        if mod.rawValue & KMOD_CTRL.rawValue != 0 { result.insert(.control) }
        if mod.rawValue & KMOD_ALT.rawValue != 0 { result.insert(.alt) }
        if mod.rawValue & KMOD_GUI.rawValue != 0 { result.insert(.command) }
        return result
    }

    /// The symbol a key press typed, where the key's own code does not say it: a shifted
    /// one ("?" is Shift+/ on a US keyboard, Shift+ß on a German one, Shift+, on a French
    /// one) or one on a key beyond ASCII. SDL queues the text a press types right behind
    /// it, both made of one X event. Letters and digits keep their key codes, which follow
    /// the layout and ignore Shift.
    private static func typedSymbol() -> Key? {
        var next = SDL_Event()
        guard SDL_PeepEvents(&next, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1,
              next.type == SDL_TEXTINPUT.rawValue else { return nil }
        let text = withUnsafeBytes(of: next.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first,
              (33...126).contains(scalar.value), !CharacterSet.alphanumerics.contains(scalar) else { return nil }
        return .character(Character(scalar))
    }

    private static func key(_ code: SDL_Keycode, shifted: Bool) -> Key? {
        switch Int(code) {
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_DELETE.rawValue): return .delete
        case Int(SDLK_TAB.rawValue): return .tab
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_APPLICATION.rawValue), Int(SDLK_MENU.rawValue): return .menu
        case Int(SDLK_KP_PLUS.rawValue): return .character("+")
        case Int(SDLK_KP_MINUS.rawValue): return .character("-")
        case Int(SDLK_EQUALS.rawValue) where shifted: return .character("+")
        case Int(SDLK_SLASH.rawValue) where shifted: return .character("?")
        case Int(SDLK_F1.rawValue)...Int(SDLK_F12.rawValue): return .function(Int(code) - Int(SDLK_F1.rawValue) + 1)
        case 33...126: return .character(Character(Unicode.Scalar(UInt8(code))))
        default: return nil
        }
    }
}
