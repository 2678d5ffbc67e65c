// SPDX-License-Identifier: GPL-3.0-or-later
internal import CX11
import Foundation

/// A second X connection on a thread of its own that waits for events on windows it was
/// told to watch (the desktop's settings and profiles change while Flick runs) and reports
/// them. SDL keeps its own connection; libX11 1.8, Debian 12's, initialises its locking by
/// itself, and this connection is used by its thread alone once started.
enum XPropertyWatch {
    /// Opens the connection, lets `setUp` choose what to listen to, then calls `handle` on
    /// the watching thread for every event, for as long as Flick runs. False without an X
    /// display.
    static func start(named name: String, setUp: (OpaquePointer) -> Void,
                      handle: @escaping @Sendable (OpaquePointer, XEvent) -> Void) -> Bool {
        guard let display = XOpenDisplay(nil) else { return false }
        setUp(display)
        let connection = Connection(display)
        let thread = Thread {
            var event = XEvent()
            while true {
                // Blocks until the X server sends something; the thread ends with Flick.
                XNextEvent(connection.display, &event)
                handle(connection.display, event)
            }
        }
        thread.name = name
        thread.start()
        return true
    }

    /// The connection handed to the watching thread.
    private final class Connection: @unchecked Sendable {
        let display: OpaquePointer
        init(_ display: OpaquePointer) { self.display = display }
    }
}
