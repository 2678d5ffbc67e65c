// SPDX-License-Identifier: GPL-3.0-or-later
// A desktop's clipboard manager, as small as the end-to-end tests need: it owns
// CLIPBOARD_MANAGER; asked to SAVE_TARGETS, it reads each text and image target from the
// clipboard's owner (in pieces where they come so), answers, and from then on serves what
// it saved as the clipboard's owner, as GNOME's and KDE's do when a program quits.
// Prints "ready" once it manages, "saved TARGET…" once it has saved.
import CX11
import Foundation
import Glibc

guard let display = XOpenDisplay(nil) else {
    FileHandle.standardError.write(Data("no display\n".utf8))
    exit(1)
}
/// A line on standard output, at once (the test waits for it).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
func name(of atom: Atom) -> String {
    guard let name = XGetAtomName(display, atom) else { return "" }
    defer { XFree(name) }
    return String(cString: name)
}
let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
XSelectInput(display, window, PropertyChangeMask)
let clipboard = atom("CLIPBOARD"), manager = atom("CLIPBOARD_MANAGER"), saveTargets = atom("SAVE_TARGETS")
let targets = atom("TARGETS"), incr = atom("INCR"), data = atom("_FAKE_MANAGER_DATA")
let wanted: Set<String> = ["image/png", "text/uri-list", "UTF8_STRING"]
var saved: [Atom: (type: Atom, bytes: [UInt8])] = [:]

XSetSelectionOwner(display, manager, window, Time(CurrentTime))
guard XGetSelectionOwner(display, manager) == window else { exit(2) }
say("ready")

/// The property `property` of `owner`, deleted once read; its type and bytes.
func take(_ property: Atom, of owner: Window) -> (type: Atom, bytes: [UInt8]) {
    var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
    var value: UnsafeMutablePointer<UInt8>?
    XGetWindowProperty(display, owner, property, 0, 1 << 26, 1, 0, &type, &format, &count, &after, &value)
    defer { if let value { XFree(value) } }
    let size = format == 32 ? MemoryLayout<CLong>.size : Int(format) / 8
    return (type, value.map { Array(UnsafeBufferPointer(start: $0, count: Int(count) * size)) } ?? [])
}

/// The next event of `type` that `matches`, serving nothing else meanwhile (within 10 s).
func next(_ type: Int32, _ matches: (XEvent) -> Bool) -> XEvent? {
    let deadline = Date().addingTimeInterval(10)
    var event = XEvent()
    while Date() < deadline {
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            if event.type == type && matches(event) { return event }
        }
        usleep(2_000)
    }
    return nil
}

/// Target `target` of the clipboard, asked of its owner as a requestor does (INCR too).
func convert(_ target: Atom, time: Time) -> (type: Atom, bytes: [UInt8])? {
    XConvertSelection(display, clipboard, target, data, window, time)
    guard let notify = next(SelectionNotify, { $0.xselection.target == target }), notify.xselection.property != 0 else { return nil }
    let first = take(data, of: window)
    guard first.type == incr else { return first }
    var bytes: [UInt8] = [], type: Atom = 0
    while true {
        guard next(PropertyNotify, { $0.xproperty.atom == data && $0.xproperty.state == PropertyNewValue }) != nil else { return nil }
        let piece = take(data, of: window)
        if piece.bytes.isEmpty { return (type, bytes) }
        type = piece.type
        bytes += piece.bytes
    }
}

func reply(to request: XSelectionRequestEvent, property: Atom) {
    var reply = XEvent()
    reply.xselection.type = SelectionNotify
    reply.xselection.display = display
    reply.xselection.requestor = request.requestor
    reply.xselection.selection = request.selection
    reply.xselection.target = request.target
    reply.xselection.property = property
    reply.xselection.time = request.time
    XSendEvent(display, request.requestor, 0, 0, &reply)
    XFlush(display)
}

var event = XEvent()
let lifetime = Date().addingTimeInterval(120)
while Date() < lifetime {
    guard XPending(display) > 0 else {
        usleep(5_000)
        continue
    }
    XNextEvent(display, &event)
    guard event.type == SelectionRequest else { continue }
    let request = event.xselectionrequest
    if request.selection == manager && request.target == saveTargets {
        // The owner lists what to save in the request's property (atoms).
        let listed = take(request.property, of: request.requestor)
        let atoms = listed.bytes.withUnsafeBytes { Array($0.bindMemory(to: CLong.self)) }.map { Atom(UInt($0)) }
        for target in atoms where wanted.contains(name(of: target)) {
            if let value = convert(target, time: request.time) { saved[target] = value }
        }
        reply(to: request, property: request.property)
        say("saved " + saved.keys.map(name(of:)).sorted().joined(separator: " "))
        XSetSelectionOwner(display, clipboard, window, Time(CurrentTime))
    } else if request.selection == clipboard {
        let property = request.property == 0 ? request.target : request.property
        if request.target == targets {
            var list = [targets] + Array(saved.keys)
            XChangeProperty(display, request.requestor, property, flick_xa_atom, 32, PropModeReplace, &list, Int32(list.count))
            reply(to: request, property: property)
        } else if let value = saved[request.target] {
            value.bytes.withUnsafeBufferPointer {
                _ = XChangeProperty(display, request.requestor, property, value.type, 8, PropModeReplace, $0.baseAddress, Int32(value.bytes.count))
            }
            reply(to: request, property: property)
        } else {
            reply(to: request, property: 0)
        }
    } else {
        reply(to: request, property: 0)
    }
}
