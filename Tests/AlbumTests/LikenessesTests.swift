// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport
import Album
import PhotoLibrary
import Synchronization
import SystemPackage

/// Likenesses read for bursts and the sharpness order are kept: a folder opened again is
/// grouped without measuring its photos again.
@Suite struct LikenessesTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/Samples")

    func read(_ path: FilePath, with likenesses: Likenesses) -> PhotoLikeness?? {
        likenesses.read([path])
        likenesses.waitUntilIdle()
        return likenesses.drain()[path]
    }

    /// A library opened again: what was kept from before arrives at once, in one delivery
    /// (each costs the album a regrouping), and only the rest is read, in batches.
    @Test func keptValuesArriveTogetherBeforeTheRestIsRead() {
        let deliveries = Mutex(0)
        let reads = PhotoReads<Int>(label: "test", wake: { deliveries.withLock { $0 += 1 } },
                                    kept: { path in path.string.hasSuffix("-kept.jpg") ? 1 : nil }, reading: { _ in 2 })
        let paths = (0..<1000).map { FilePath("/photos/\($0)\($0 % 2 == 0 ? "-kept" : "").jpg") }
        reads.read(paths)
        reads.waitUntilIdle()
        let values = reads.drain()
        #expect(values.count == 1000)
        #expect(paths.allSatisfy { values[$0] == ($0.string.hasSuffix("-kept.jpg") ? 1 : 2) })
        #expect(deliveries.withLock { $0 } == 1 + 2, "the kept ones at once, then 500 read in two batches")
    }

    /// Values taken as they arrive come in growing steps, each at least as many as all taken
    /// before: a tree's dates rearrange the album a dozen times, not once a batch.
    @Test func valuesArrivingAreTakenInGrowingSteps() {
        let gate = DispatchSemaphore(value: 0)
        let deliveries = Mutex(0)
        let reads = PhotoReads<Int>(label: "test", wake: { deliveries.withLock { $0 += 1 } }) { path in
            if Int(path.lastComponent!.stem)! % 256 == 0 { gate.wait() }
            return 1
        }
        reads.read((0..<1024).map { FilePath("/photos/\($0).jpg") })
        func letABatchThrough(_ count: Int) {
            gate.signal()
            #expect(waitUntil(seconds: 30, pollingEvery: 1_000) { deliveries.withLock { $0 } == count })
        }
        letABatchThrough(1)
        #expect(reads.drainGrowing().count == 256, "the first batch at once")
        letABatchThrough(2)
        #expect(reads.drainGrowing().count == 256)
        letABatchThrough(3)
        #expect(reads.drainGrowing().isEmpty, "256 more wait: 512 were taken before")
        letABatchThrough(4)
        #expect(reads.drainGrowing().count == 512, "everything asked is read: the rest")
        #expect(reads.drainGrowing().isEmpty)
    }

    /// A tree's dates are read on more than one core: two reads are under way together
    /// (each waits, at most ten seconds, until two have been), and every value arrives.
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "one core: one lane"))
    func valuesAreReadInLanesTogether() {
        let inFlight = Mutex(0), most = Mutex(0)
        let reads = PhotoReads<Int>(label: "test", lanes: PhotoReads<Int>.laneACore) { path in
            inFlight.withLock { $0 += 1 }
            defer { inFlight.withLock { $0 -= 1 } }
            _ = waitUntil(seconds: 10, pollingEvery: 1_000) {
                if inFlight.withLock({ $0 }) >= 2 { most.withLock { $0 = 2 } }
                return most.withLock { $0 } == 2
            }
            return path.string.count
        }
        let paths = (0..<8).map { FilePath("/photos/\($0).jpg") }
        reads.read(paths)
        reads.waitUntilIdle()
        #expect(reads.drain().count == 8)
        #expect(most.withLock { $0 } == 2, "two reads were under way at once")
    }

    @Test func aPhotoMeasuredOnceIsReadBackWithoutAHelperUntilItChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("likenesses-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("nuthatch.jpg")
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("Nuthatch on the trunk.jpg"), to: photo)
        let path = FilePath(photo.path)
        let cache = LikenessCache(root: FilePath(folder.appendingPathComponent("cache").path))

        let measured = try #require(read(path, with: Likenesses(decoder: IsolatedDecoder(command: [FactsStoreTests.helper]), cache: cache)) ?? nil)
        #expect(measured.sharpness > 0)
        // No helper can start now: what comes back was kept.
        let noHelper = IsolatedDecoder(command: [folder.appendingPathComponent("no-such-helper").path])
        #expect(read(path, with: Likenesses(decoder: noHelper, cache: cache)) == .some(measured))

        // The photo rewritten (an edit saved over it): measured again, and here that fails.
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("Dune.jpg"), to: photo)
        #expect(read(path, with: Likenesses(decoder: noHelper, cache: cache)) == .some(nil))
    }

    /// Read before its thumbnail is made, a photo's likeness brings the thumbnail into the
    /// shared cache, in the flavour the grid asks for; with no flavour asked yet, or the
    /// thumbnail there already, nothing is written.
    @Test func aLikenessReadFirstLeavesTheThumbnailInTheSharedCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("likenesses-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 3000 across: its 1/8 scale covers a large thumbnail, so one decode gives both.
        let photos = try (1...2).map { number in
            let url = folder.appendingPathComponent("dune-\(number).jpg")
            let made = try runExternalTool(["convert", Self.samples.appendingPathComponent("Dune.jpg").path, "-resize", "3000x", "-quality", "90", url.path])
            try #require(made.status == 0)
            return try #require(FolderScanner.photo(at: FilePath(url.path)))
        }
        let thumbnails = ThumbnailsAlongside(cache: ThumbnailCache(root: FilePath(folder.appendingPathComponent("thumbnails").path), application: "flick-test"))
        let decoder = IsolatedDecoder(command: [FactsStoreTests.helper])
        func entry(_ photo: Photo) -> ThumbnailCache.Entry {
            thumbnails.cache.entry(for: photo, flavor: .large)
        }

        let unasked = try #require(read(photos[0].path, with: Likenesses(decoder: decoder, thumbnails: thumbnails)) ?? nil)
        #expect(entry(photos[0]) == .missing)

        thumbnails.noteAsked(.large)
        let alongside = try #require(read(photos[0].path, with: Likenesses(decoder: decoder, thumbnails: thumbnails)) ?? nil)
        #expect(alongside == unasked)
        guard case let .valid(stored) = entry(photos[0]) else { Issue.record("no thumbnail: \(entry(photos[0]))"); return }
        let thumbnail = try ImageDecoder.decode(stored, maximumPixelSize: nil)
        #expect(max(thumbnail.width, thumbnail.height) == 256, "\(thumbnail.width)×\(thumbnail.height)")

        // Made already (by the grid, say): the likeness is read alone, the thumbnail kept.
        let made = try ImageDecoder.decode(photos[1].path, maximumPixelSize: 256)
        try thumbnails.cache.store(made, for: photos[1], flavor: .large)
        let before = try Data(contentsOf: URL(fileURLWithPath: thumbnails.cache.path(for: ThumbnailCache.uri(for: photos[1].path)!, flavor: .large).string))
        #expect(thumbnails.flavorWanted(for: photos[1]) == nil)
        _ = try #require(read(photos[1].path, with: Likenesses(decoder: decoder, thumbnails: thumbnails)) ?? nil)
        let after = try Data(contentsOf: URL(fileURLWithPath: thumbnails.cache.path(for: ThumbnailCache.uri(for: photos[1].path)!, flavor: .large).string))
        #expect(before == after)
    }
}
