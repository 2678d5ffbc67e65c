// SPDX-License-Identifier: GPL-3.0-or-later

/// What became of Ctrl+Z (or a toast's Undo): the album's one history of trashing and
/// marking, taken back a step.
public enum UndoOutcome: Equatable, Sendable {
    /// There was nothing to undo.
    case nothing
    /// A trashed photo is back, at this index.
    case restored(Int)
    /// Marks are as they were on the photo at this index (nil: it is not in the album).
    case marked(Int?)
    /// The photo at this index is turned back as it was.
    case turned(Int?)
    /// Dates taken are as they were (the photo at this index among them).
    case redated(Int?)
    /// Nothing changed; the message says why (a photo that stays in the Trash).
    case failed(String)
    /// Something outside the album was taken back; the message says what (shared copies
    /// moved to the Trash).
    case said(String)
}
