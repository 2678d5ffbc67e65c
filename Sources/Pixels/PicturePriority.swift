// SPDX-License-Identifier: GPL-3.0-or-later
/// How soon a picture is needed: one vocabulary from a view's request, through the broker
/// that serves every view, down to the decode queue that orders the work.
public enum PicturePriority: Int, Comparable, Sendable {
    /// Not shown yet: fetched ahead in idle time.
    case ahead = 0
    /// Next to what is shown: needed on the next scroll or page.
    case nearby = 1
    /// On screen now.
    case visible = 2
    /// A near-instant stand-in for something on screen (a camera's embedded preview): worth
    /// doing before any full decode, so the screen fills at once. The pipeline's own; views
    /// ask for `visible`.
    case instant = 3

    public static func < (lhs: PicturePriority, rhs: PicturePriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
