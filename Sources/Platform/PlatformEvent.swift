// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures

/// What the window reports to the app.
public enum PlatformEvent: Sendable {
    case input(InputEvent)
    /// The window's drawable size changed; the new size in points.
    case resized(Size)
    /// The close button, or the desktop asked the app to quit.
    case closeRequested
    /// A file or folder dragged onto the window: its path's bytes (a name need not be UTF-8).
    case dropped(path: [UInt8])
    /// The pointer moved without a button held (hover), in window points.
    case hover(Point)
    /// Something the app cannot see changed (exposure, focus): draw again.
    case redraw
    /// Text a key press (or an input method) typed, after its key event.
    case text(String)
}
