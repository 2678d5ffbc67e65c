// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import SystemPackage

/// The photos whose sidecars turn them (`XMPOrientation`), and by how much more than the
/// files say of themselves: every picture of such a photo is decoded turned so
/// (`IsolatedDecoder`), and the shared thumbnail cache, which holds the files as they are
/// for every program, is not used for them. Set by the marks' reader as sidecars are read
/// and written; read by whichever thread decodes.
public final class PhotoTurns: Sendable {
    private let turns = Mutex<[FilePath: Orientation]>([:])

    public init() {}

    /// How much more the photo at `path` is turned than its file says (`.up`: not at all).
    public func turn(of path: FilePath) -> Orientation {
        turns.withLock { $0[path] } ?? .up
    }

    /// Sets it; returns whether it changed (its pictures are then to be made again).
    @discardableResult
    public func set(_ turn: Orientation, for path: FilePath) -> Bool {
        turns.withLock { turns in
            let before = turns[path] ?? .up
            turns[path] = turn == .up ? nil : turn
            return before != turn
        }
    }
}
