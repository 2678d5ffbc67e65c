// SPDX-License-Identifier: GPL-3.0-or-later
import CX11
import Foundation
import Testing

/// The display's colour profile, as a colour daemon publishes it on the root window (the
/// "ICC Profiles in X" specification): what Flick draws follows it, and its removal.
@Suite struct ColourEndToEndTests {
    /// Sets (or, given nil, deletes) `_ICC_PROFILE` on the server's root window.
    func setDisplayProfile(_ icc: [UInt8]?, on server: XvfbServer) throws {
        guard let display = XOpenDisplay(server.display) else { throw HarnessError("cannot open \(server.display)") }
        defer { XCloseDisplay(display) }
        let atom = XInternAtom(display, "_ICC_PROFILE", 0)
        if let icc {
            _ = icc.withUnsafeBufferPointer {
                XChangeProperty(display, XDefaultRootWindow(display), atom, flick_xa_cardinal, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
            }
        } else {
            XDeleteProperty(display, XDefaultRootWindow(display), atom)
        }
        XSync(display, 0)
    }

    /// A display whose profile swaps red and green must be sent red as green: the photo on
    /// screen reads green. Once the profile is gone, the next photo is red again.
    @Test func whatIsDrawnFollowsTheDisplaysProfileAndItsRemoval() throws {
        let red = (red: 230, green: 30, blue: 30)
        // Enough photos that paging reaches ones not yet decoded (the pager decodes its
        // neighbours ahead).
        let folder = try makeSolidColourFolder(Array(repeating: red, count: 10), size: "400x300")
        defer { try? FileManager.default.removeItem(at: folder) }
        let swapping = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/colord/SwappedRedAndGreen.icc")))
        let flick = try FlickSession(arguments: [folder.appendingPathComponent("photo_1.png").path]) { server in
            try setDisplayProfile(swapping, on: server)
        }
        let window = try flick.geometry()
        let (x, y) = (Int(window.midX), Int(window.midY))
        let (shot, swapped) = try flick.waitForScreen { $0.matches(x: x, y: y, (30, 230, 30), tolerance: 20) }
        #expect(swapped, "drawn for the swapping display: \(shot.color(x: x, y: y))")

        try setDisplayProfile(nil, on: flick.server)
        // The daemon's change reaches Flick as a property event; the next photo is decoded
        // for the plain display. Paged until it is (each page is a fresh decode).
        let (after, plain) = try flick.waitForScreen(timeout: 20) { shot in
            if shot.matches(x: x, y: y, red, tolerance: 20) { return true }
            _ = try? flick.server.xdotool("key", "--window", String(flick.windowID), "Right")
            return false
        }
        #expect(plain, "after the profile was removed: \(after.color(x: x, y: y))")
    }
}
