// SPDX-License-Identifier: GPL-3.0-or-later
internal import CX11
import Foundation
import Glibc
import Synchronization

/// The desktop's clipboard (the CLIPBOARD selection) served in several forms at once — a
/// photo as PNG, as a file for file managers, as its path — which SDL's text-only
/// clipboard cannot. A form that takes time to make (a photo's PNG) is promised: the
/// clipboard is Flick's at once, as the user pressed Ctrl+C, and a program that pastes
/// it before it is made waits for it (`fulfil`), as eog's does. A connection and an unmapped window of its own, on a thread of its
/// own for as long as Flick runs: it answers each program that pastes (ICCM), large
/// contents in pieces (the INCR protocol), until another program takes the clipboard.
/// When Flick quits, what it offers is handed to the desktop's clipboard manager where
/// there is one (freedesktop's CLIPBOARD_MANAGER, SAVE_TARGETS), so it still pastes.
public final class X11Clipboard: Sendable {
    /// Contents larger than this go in pieces of this size.
    static let pieceSize = 256 << 10

    private let connection: Connection
    private let state = Mutex(State())
    /// Written to wake the thread when there is something new to offer.
    private let wakeWrite: Int32

    private struct State {
        /// Target name → bytes; nil when nothing is offered.
        var offered: [String: [UInt8]]?
        /// Targets listed but not made yet (`fulfil` makes or withdraws each).
        var promised: Set<String> = []
        /// Which offer this is, for `fulfil`.
        var offerNumber = 0
        var needsOwnership = false
        /// A promise was kept or withdrawn since the serving thread last looked.
        var promisesChanged = false
        /// Flick is quitting: hand the clipboard to the manager, then say so on `handedOver`.
        var handingOver = false
        /// The manager answered that it saved the clipboard.
        var managerSaved = false
        /// When the manager last asked for a form or a piece of one, while handing over.
        var lastAsked = DispatchTime.now()
    }

    /// Signalled once the manager has what Flick offered (or there was nothing to hand).
    private let handedOver = DispatchSemaphore(value: 0)

    /// The clipboard on the default X display; nil where there is none.
    public static func start() -> X11Clipboard? {
        guard let display = XOpenDisplay(nil) else { return nil }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            XCloseDisplay(display)
            return nil
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        return X11Clipboard(display: display, wakeRead: fds[0], wakeWrite: fds[1])
    }

    private init(display: OpaquePointer, wakeRead: Int32, wakeWrite: Int32) {
        quietDisplay = display
        previousErrorHandler = XSetErrorHandler(ignoringQuietDisplay)
        let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        connection = Connection(display: display, window: window)
        self.wakeWrite = wakeWrite
        // The thread keeps the clipboard: it serves for as long as Flick runs.
        let thread = Thread { self.serve(wakeRead: wakeRead) }
        thread.name = "flick-clipboard"
        thread.start()
    }

    /// Offers `contents` (a target such as "image/png" or "text/uri-list" → its bytes) in
    /// place of whatever the clipboard held, and `promised` targets, made later
    /// (`fulfil`). Returns the offer's number.
    @discardableResult
    public func offer(_ contents: [String: [UInt8]], promising promised: Set<String> = []) -> Int {
        let number = state.withLock { state in
            state.offered = contents
            state.promised = promised.subtracting(contents.keys)
            state.offerNumber += 1
            state.needsOwnership = true
            return state.offerNumber
        }
        wakeServer()
        return number
    }

    /// Keeps offer `number`'s promise of `target`: its bytes, or nil when it cannot be
    /// made (a program waiting for it is refused). Nothing happens if another offer (or
    /// another program) has taken the clipboard since.
    public func fulfil(_ number: Int, _ target: String, with bytes: [UInt8]?) {
        let kept = state.withLock { state -> Bool in
            guard state.offerNumber == number, state.offered != nil, state.promised.remove(target) != nil else { return false }
            state.offered?[target] = bytes
            state.promisesChanged = true
            return true
        }
        if kept { wakeServer() }
    }

    private func wakeServer() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Flick is quitting: the desktop's clipboard manager, where one runs, takes a copy of
    /// what Flick offers, so it pastes after Flick is gone. Waits while the manager is
    /// busy taking it: up to `patience` after it last asked for something (a busy machine
    /// slows it, a manager that hangs is given up on), `limit` in all. True if it took it.
    @discardableResult
    public func handOver(patience: Double, limit: Double) -> Bool {
        let start = DispatchTime.now()
        state.withLock {
            $0.handingOver = true
            $0.lastAsked = start
        }
        wakeServer()
        while handedOver.wait(timeout: .now() + min(patience, 0.25)) == .timedOut {
            let now = DispatchTime.now(), lastAsked = state.withLock { $0.lastAsked }
            if Self.seconds(from: lastAsked, to: now) > patience || Self.seconds(from: start, to: now) > limit { return false }
        }
        return state.withLock { $0.managerSaved }
    }

    private static func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds &- start.uptimeNanoseconds) / 1e9
    }

    /// The manager asked for something while Flick hands over: it is still at work.
    private func noteAsked() {
        state.withLock { if $0.handingOver { $0.lastAsked = .now() } }
    }

    /// The forms a piece of text is asked for in (modern, MIME, and the old Latin-1 ones).
    public static func textTargets(_ text: String) -> [String: [UInt8]] {
        let bytes = Array(text.utf8)
        return ["UTF8_STRING": bytes, "text/plain;charset=utf-8": bytes, "text/plain": bytes, "STRING": bytes, "TEXT": bytes]
    }

    /// A file as file managers and chats paste it: a URI list, GNOME's copied-files form.
    public static func fileTargets(uri: String) -> [String: [UInt8]] {
        ["text/uri-list": Array("\(uri)\r\n".utf8), "x-special/gnome-copied-files": Array("copy\n\(uri)".utf8)]
    }

    // MARK: The serving thread

    private final class Connection: @unchecked Sendable {
        let display: OpaquePointer
        let window: Window
        init(display: OpaquePointer, window: Window) {
            self.display = display
            self.window = window
        }
    }

    /// A large answer under way, piece by piece, as its requestor deletes each.
    private struct Transfer {
        let requestor: Window
        let property: Atom
        let type: Atom
        let bytes: [UInt8]
        var sent: Int
    }

    private func serve(wakeRead: Int32) {
        let display = connection.display, window = connection.window
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        let clipboard = atom("CLIPBOARD"), targets = atom("TARGETS"), incr = atom("INCR")
        let timestamp = atom("TIMESTAMP"), multiple = atom("MULTIPLE"), stamp = atom("_FLICK_CLIPBOARD_TIME")
        let manager = atom("CLIPBOARD_MANAGER"), saveTargets = atom("SAVE_TARGETS"), saveList = atom("_FLICK_SAVE_TARGETS")
        var handOverAsked = false
        XSelectInput(display, window, PropertyChangeMask)
        var owned: [String: [UInt8]] = [:]
        /// Targets listed but not made yet, and the requests that wait for them.
        var promised: Set<String> = []
        var waiting: [XSelectionRequestEvent] = []
        var ownedSince: Time = 0
        var transfers: [Transfer] = []
        var event = XEvent()
        var descriptors = [pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]

        func answer(_ request: XSelectionRequestEvent) {
            noteAsked()
            let property = request.property == 0 ? request.target : request.property
            var answered = true
            if request.target == targets {
                var list: [Atom] = [targets, timestamp] + owned.keys.map(atom) + promised.map(atom)
                XChangeProperty(display, request.requestor, property, flick_xa_atom, 32, PropModeReplace, &list, Int32(list.count))
            } else if request.target == timestamp {
                var time = [ownedSince]
                XChangeProperty(display, request.requestor, property, flick_xa_integer, 32, PropModeReplace, &time, 1)
            } else if request.target != multiple, let name = Self.atomName(display, request.target), promised.contains(name) {
                // Answered once it is made (or refused if it cannot be).
                waiting.append(request)
                return
            } else if request.target != multiple, let name = Self.atomName(display, request.target), let bytes = owned[name] {
                if bytes.count <= Self.pieceSize {
                    bytes.withUnsafeBufferPointer {
                        _ = XChangeProperty(display, request.requestor, property, request.target, 8, PropModeReplace, $0.baseAddress, Int32(bytes.count))
                    }
                } else {
                    // The requestor deletes the property to ask for each next piece.
                    XSelectInput(display, request.requestor, PropertyChangeMask)
                    var size = [CLong(bytes.count)]
                    XChangeProperty(display, request.requestor, property, incr, 32, PropModeReplace, &size, 1)
                    transfers.removeAll { $0.requestor == request.requestor && $0.property == property }
                    transfers.append(Transfer(requestor: request.requestor, property: property, type: request.target, bytes: bytes, sent: 0))
                }
            } else {
                answered = false
            }
            var reply = XEvent()
            reply.xselection.type = SelectionNotify
            reply.xselection.display = display
            reply.xselection.requestor = request.requestor
            reply.xselection.selection = request.selection
            reply.xselection.target = request.target
            reply.xselection.property = answered ? property : 0
            reply.xselection.time = request.time
            XSendEvent(display, request.requestor, 0, 0, &reply)
        }

        func sendNextPiece(to window: Window, property: Atom) {
            guard let index = transfers.firstIndex(where: { $0.requestor == window && $0.property == property }) else { return }
            noteAsked()
            let transfer = transfers[index]
            let count = min(Self.pieceSize, transfer.bytes.count - transfer.sent)
            transfer.bytes.withUnsafeBufferPointer {
                // A piece of nothing says the transfer is over.
                _ = XChangeProperty(display, window, property, transfer.type, 8, PropModeReplace, $0.baseAddress! + transfer.sent, Int32(count))
            }
            if count == 0 {
                transfers.remove(at: index)
                if !transfers.contains(where: { $0.requestor == window }) { XSelectInput(display, window, NoEventMask) }
            } else {
                transfers[index].sent += count
            }
        }

        /// Requests for a promise of an offer that is no longer Flick's are refused.
        func refuseWaiting() {
            let refused = waiting
            waiting = []
            for request in refused { answer(request) }
        }

        /// Asks the manager to save what is owned: it converts each target listed on our
        /// window, as any requestor, then answers with a SelectionNotify. Nothing owned, or
        /// no manager: nothing to wait for.
        func askManagerToSave() {
            guard !owned.isEmpty, XGetSelectionOwner(display, clipboard) == window, XGetSelectionOwner(display, manager) != 0 else {
                handedOver.signal()
                return
            }
            // A promised form too: the manager asks for it like any requestor, and waits.
            var list: [Atom] = owned.keys.map(atom) + promised.map(atom)
            XChangeProperty(display, window, saveList, flick_xa_atom, 32, PropModeReplace, &list, Int32(list.count))
            XConvertSelection(display, manager, saveTargets, saveList, window, ownedSince)
        }

        while true {
            let (offered, promises, take, promisesChanged, handingOver) = state.withLock { state in
                defer {
                    state.needsOwnership = false
                    state.promisesChanged = false
                }
                return (state.offered, state.promised, state.needsOwnership, state.promisesChanged, state.handingOver)
            }
            if promisesChanged && !take, let offered {
                // A promise kept or withdrawn: those waiting for it have their answer.
                owned = offered
                promised = promises
                let answerable = waiting.filter { request in Self.atomName(display, request.target).map { !promised.contains($0) } ?? true }
                waiting.removeAll { request in answerable.contains { $0.requestor == request.requestor && $0.property == request.property } }
                for request in answerable { answer(request) }
            }
            if take, let offered {
                // Owning needs the server's time (ICCCM): a property changed on our
                // window brings it back in a PropertyNotify.
                owned = offered
                promised = promises
                refuseWaiting()
                var nothing: UInt8 = 0
                XChangeProperty(display, window, stamp, flick_xa_integer, 8, PropModeAppend, &nothing, 0)
            }
            // After the offer and its promises are taken in: the manager is told of them all.
            if handingOver && !handOverAsked {
                handOverAsked = true
                askManagerToSave()
            }
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                switch event.type {
                case SelectionRequest where event.xselectionrequest.selection == clipboard:
                    answer(event.xselectionrequest)
                case SelectionNotify where event.xselection.selection == manager:
                    let saved = event.xselection.property != 0
                    state.withLock { $0.managerSaved = saved }
                    handedOver.signal()
                case SelectionClear where event.xselectionclear.selection == clipboard:
                    owned = [:]
                    promised = []
                    refuseWaiting()
                    state.withLock { if !$0.needsOwnership { $0.offered = nil } }
                case PropertyNotify where event.xproperty.window == window && event.xproperty.atom == stamp:
                    ownedSince = event.xproperty.time
                    XSetSelectionOwner(display, clipboard, window, ownedSince)
                case PropertyNotify where event.xproperty.state == PropertyDelete:
                    sendNextPiece(to: event.xproperty.window, property: event.xproperty.atom)
                default:
                    break
                }
            }
            XFlush(display)
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            // Sleeps until the X server or Flick has something.
            _ = poll(&descriptors, 2, -1)
            if descriptors[1].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &drained, drained.count) > 0 {}
            }
        }
    }

    private static func atomName(_ display: OpaquePointer, _ atom: Atom) -> String? {
        guard let name = XGetAtomName(display, atom) else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }
}

// Xlib's default error handler ends the process. The clipboard's connection meets ordinary
// errors (a requestor's window gone mid-transfer): those are ignored, and any other
// connection's are handed to the handler that was there before (SDL's or Xlib's). Set once,
// before the clipboard's thread starts.
nonisolated(unsafe) private var quietDisplay: OpaquePointer?
nonisolated(unsafe) private var previousErrorHandler: XErrorHandler?
private let ignoringQuietDisplay: XErrorHandler = { display, event in
    if display == quietDisplay { return 0 }
    return previousErrorHandler?(display, event) ?? 0
}
