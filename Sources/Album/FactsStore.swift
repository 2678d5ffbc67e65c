// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// Facts for the photos views ask about (the back of a card), read off the UI thread: a
/// worker asks a decode helper, and the answers wait in an inbox until the UI thread
/// drains it. Asking again for a photo whose facts are on their way costs nothing.
public final class FactsStore: Sendable {
    /// Facts kept for this many photos; the oldest asked-for go first.
    public static let capacity = 512

    private struct Inbox {
        var arrived: [(FilePath, PhotoFacts?)] = []
    }

    private let decoder: IsolatedDecoder
    private let wake: @Sendable () -> Void
    private let queue = DispatchQueue(label: "flick.facts", qos: .userInitiated)
    private let inbox = Mutex(Inbox())
    /// What is known, what is on its way, and the order facts arrived in.
    private let state = Mutex(State())

    private struct State {
        var known: [FilePath: PhotoFacts] = [:]
        var unreadable: Set<FilePath> = []
        var pending: Set<FilePath> = []
        var order: [FilePath] = []
    }

    /// True while reads wait (`hold`); the queue is suspended exactly while it is true.
    private let isHeld = Mutex(false)

    /// `wake` runs on the worker when facts arrive: it should only wake the UI thread.
    public init(decoder: IsolatedDecoder, wake: @escaping @Sendable () -> Void = {}) {
        self.decoder = decoder
        self.wake = wake
    }

    deinit {
        // libdispatch traps on releasing a suspended queue.
        release()
    }

    /// Reads asked for from now on wait until `release`, or `seconds` at most. Their helper
    /// starts with the first read and spends tens of milliseconds of a processor loading
    /// itself: beside the decode of the photo Flick was opened on, that is time the person
    /// waits for it.
    public func hold(atMost seconds: Double) {
        let suspended = isHeld.withLock { held -> Bool in
            guard !held else { return false }
            held = true
            return true
        }
        guard suspended else { return }
        queue.suspend()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in self?.release() }
    }

    /// Reads go ahead (again).
    public func release() {
        let resumed = isHeld.withLock { held -> Bool in
            defer { held = false }
            return held
        }
        if resumed { queue.resume() }
    }

    /// The facts of `path` if known; otherwise nil, and they are read (once).
    /// The facts of `path` where they have been read; never starts a read (a badge on every
    /// cell of the grid asks: reading them all would hold back the thumbnails).
    public func knownFacts(of path: FilePath) -> PhotoFacts? { shown(state.withLock { $0.known[path] }, path) }

    public func facts(of path: FilePath) -> PhotoFacts? {
        let startReading: Bool = state.withLock { state in
            guard state.known[path] == nil, !state.pending.contains(path), !state.unreadable.contains(path) else { return false }
            state.pending.insert(path)
            return true
        }
        if startReading {
            queue.async { [self] in
                let facts = PhotoFacts.gather(path, decoder: decoder)
                inbox.withLock { $0.arrived.append((path, facts)) }
                wake()
            }
        }
        return shown(state.withLock { $0.known[path] }, path)
    }

    /// `facts` as the photo is shown: its size across where its sidecar turns it a quarter.
    private func shown(_ facts: PhotoFacts?, _ path: FilePath) -> PhotoFacts? {
        guard var facts, decoder.turns.turn(of: path).swapsDimensions else { return facts }
        facts.embedded.map { facts.embedded?.pixelWidth = $0.pixelHeight; facts.embedded?.pixelHeight = $0.pixelWidth }
        return facts
    }

    /// Takes in what arrived; returns the photos whose facts are now known (or known to be
    /// missing: the file is gone), so their views can show them.
    public func drain() -> [FilePath] {
        let arrived = inbox.withLock { inbox in
            defer { inbox.arrived = [] }
            return inbox.arrived
        }
        return state.withLock { state in
            for (path, facts) in arrived {
                state.pending.remove(path)
                if let facts {
                    state.known[path] = facts
                    state.order.append(path)
                } else {
                    state.unreadable.insert(path)
                }
            }
            while state.order.count > Self.capacity {
                state.known[state.order.removeFirst()] = nil
            }
            return arrived.map(\.0)
        }
    }

    /// Every photo whose facts are known or asked for.
    public var knownPaths: [FilePath] {
        state.withLock { state in Array(state.known.keys) + state.unreadable + state.pending }
    }

    /// The photo changed (rewritten) or came back: read it again when next asked.
    public func forget(_ path: FilePath) {
        state.withLock { state in
            state.known[path] = nil
            state.unreadable.remove(path)
            state.order.removeAll { $0 == path }
        }
    }
}
