// SPDX-License-Identifier: GPL-3.0-or-later
import Motion
import ViewTree

/// When the frame loop updates and draws.
///
/// Frames come at most once per display interval, however many events arrive between: the
/// events are handled as they come, the update and the drawing wait for the frame's time.
/// A frame is drawn only when it would show something new (its draw list differs from the
/// last one drawn, uploads are waiting, or the window must be repainted), so a pointer
/// hovering over nothing that reacts costs no drawing at all.
struct FramePacer {
    let interval: Seconds
    /// The earliest time of the next update while frames are wanted.
    private(set) var nextFrame: Seconds
    /// Something happened since the last update (an event, a wake) that may change the frame.
    private(set) var hasNews = true
    private var mustRepaint = true
    private var lastDrawn: [DrawCommand]?

    init(interval: Seconds, now: Seconds) {
        self.interval = interval
        nextFrame = now
    }

    /// An event or a wake arrived; `repaint` when the window's pixels were lost or resized.
    mutating func noteNews(repaint: Bool = false) {
        hasNews = true
        if repaint { mustRepaint = true }
    }

    /// How long the loop may sleep waiting for events: until the next frame while anything
    /// is new or moving, else until the app's next deadline, else (nil) until an event.
    func sleep(at now: Seconds, moving: Bool, deadline: Seconds?) -> Seconds? {
        if hasNews || moving || mustRepaint { return max(0, nextFrame - now) }
        // A deadline before the next frame's time waits for it: the update would not run.
        return deadline.map { max(0, max($0, nextFrame) - now) }
    }

    /// Whether the update runs now: a frame paced at the display interval is due, or a
    /// deadline passed while nothing else happened.
    func isUpdateDue(at now: Seconds) -> Bool {
        // A millisecond's slack: the sleep is rounded to whole milliseconds.
        now >= nextFrame - 0.001
    }

    /// After an update at `now`: whether `commands` must be drawn. The next frame is paced
    /// from here when something was drawn or still moves.
    mutating func frameUpdated(at now: Seconds, commands: [DrawCommand], uploadsPending: Bool, moving: Bool) -> Bool {
        hasNews = false
        let draw = mustRepaint || uploadsPending || commands != lastDrawn
        if draw {
            mustRepaint = false
            lastDrawn = commands
        }
        if draw || moving { nextFrame = now + interval }
        return draw
    }
}
