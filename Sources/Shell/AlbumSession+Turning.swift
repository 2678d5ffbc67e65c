// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import PhotoLibrary

extension AlbumSession {
    /// Turns `photo` a quarter in its file, as one step of the album's undo history; the
    /// problem where it was not turned.
    public func turn(_ photo: Photo, _ turn: QuarterTurn) -> (Photo, RotationError)? {
        model.turn([photo], turn).first.map { ($0.photo, $0.problem) }
    }
}
