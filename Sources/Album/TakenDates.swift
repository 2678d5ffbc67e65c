// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// When photos were taken, read from their EXIF in the background (through a helper, like
/// every read of a photo's contents) for sorting by date: asked for only when the album is
/// sorted so, delivered in batches as they are read.
public final class TakenDates: Sendable {
    private let decoder: IsolatedDecoder
    private let wake: @Sendable () -> Void
    private let queue = DispatchQueue(label: "flick.dates", qos: .utility)
    private let state = Mutex(State())

    private struct State {
        var arrived: [FilePath: String] = [:]
        /// Asked for, read or not: each photo is read once.
        var asked: Set<FilePath> = []
    }

    /// How many dates are delivered at once.
    static let batch = 256

    public init(decoder: IsolatedDecoder, wake: @escaping @Sendable () -> Void = {}) {
        self.decoder = decoder
        self.wake = wake
    }

    /// Reads the dates of those of `paths` not asked for before. A photo without one (or
    /// that cannot be read) arrives as "" and sorts by its file's time.
    public func read(_ paths: [FilePath]) {
        let fresh = state.withLock { state in paths.filter { state.asked.insert($0).inserted } }
        guard !fresh.isEmpty else { return }
        queue.async { [self] in
            var found: [FilePath: String] = [:]
            for (number, path) in fresh.enumerated() {
                found[path] = (try? decoder.facts(path).get())?.dateTaken ?? ""
                if found.count >= Self.batch || number == fresh.count - 1 {
                    let batch = found
                    found = [:]
                    state.withLock { $0.arrived.merge(batch) { $1 } }
                    wake()
                }
            }
        }
    }

    /// The dates read since the last call ("" where a photo has none).
    public func drain() -> [FilePath: String] {
        state.withLock { state in
            defer { state.arrived = [:] }
            return state.arrived
        }
    }

    /// Blocks until every date asked for so far is read (tests).
    public func waitUntilIdle() { queue.sync {} }
}
