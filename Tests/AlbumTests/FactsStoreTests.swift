// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport
import Album
import PhotoLibrary
import Synchronization
import SystemPackage

@Suite struct FactsStoreTests {
    /// The misbehaving test helper, built beside the tests; it reads facts like the real one.
    static var helper: String { builtExecutable(named: "fake-decode-helper") }

    /// Drains until `path` arrives, for at most 30 s (a bound, not a timing assertion).
    func waitFor(_ path: FilePath, in store: FactsStore) -> Bool {
        waitUntil(seconds: 30, pollingEvery: 5_000) { store.drain().contains(path) }
    }

    @Test func factsAreReadOffTheCallersThreadOnceAndKeptThenForgottenOnRequest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-facts-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A 2×1 PNG written by hand: the facts' size comes from its header.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let path = FilePath(folder.appendingPathComponent("tiny.png").path)
        try Data(png).write(to: URL(fileURLWithPath: path.string))

        let woken = Mutex(0)
        let store = FactsStore(decoder: IsolatedDecoder(command: [Self.helper])) { woken.withLock { $0 += 1 } }
        #expect(store.facts(of: path) == nil, "not known yet: asked for")
        #expect(store.facts(of: path) == nil, "asking again while on its way reads nothing more")
        #expect(waitFor(path, in: store))
        let facts = try #require(store.facts(of: path))
        #expect(facts.fileName == "tiny.png" && facts.byteCount == png.count)
        #expect(facts.embedded?.pixelWidth == 2 && facts.embedded?.pixelHeight == 1)
        #expect(woken.withLock { $0 } == 1, "read once, and the UI thread was woken for it")

        store.forget(path)
        #expect(store.facts(of: path) == nil)
        #expect(waitFor(path, in: store) && store.facts(of: path) != nil)
    }

    /// While the photo Flick opened on is decoded, facts wait: a store not held answers
    /// the same question meanwhile, so the held one had every chance to, and did not.
    @Test func heldReadsWaitUntilReleasedOrUntilTheHoldRunsOut() {
        let gone = FilePath("/nonexistent/flick/held.jpg")
        let held = FactsStore(decoder: IsolatedDecoder(command: [Self.helper]))
        held.hold(atMost: 600)
        #expect(held.facts(of: gone) == nil)
        let free = FactsStore(decoder: IsolatedDecoder(command: [Self.helper]))
        _ = free.facts(of: gone)
        #expect(waitFor(gone, in: free))
        #expect(held.drain().isEmpty, "held: not read")
        held.release()
        #expect(waitFor(gone, in: held))

        let forgotten = FactsStore(decoder: IsolatedDecoder(command: [Self.helper]))
        forgotten.hold(atMost: 0.05)
        _ = forgotten.facts(of: gone)
        #expect(waitFor(gone, in: forgotten), "a hold nobody releases ends by itself")
    }

    @Test func aPhotoThatIsGoneIsReportedAndHasNoFacts() {
        let store = FactsStore(decoder: IsolatedDecoder(command: [Self.helper]))
        let gone = FilePath("/nonexistent/flick/photo.jpg")
        #expect(store.facts(of: gone) == nil)
        #expect(waitFor(gone, in: store))
        #expect(store.facts(of: gone) == nil)
    }
}
