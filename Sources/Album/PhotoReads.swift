// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// Something read from each of many photos in the background (through a helper, like every
/// read of a photo's contents), asked for only when it is needed (a sort, Compare's bursts)
/// and delivered in batches as it is read; each photo is read once.
public final class PhotoReads<Value: Sendable>: Sendable {
    private let reading: @Sendable (FilePath) -> Value
    private let kept: (@Sendable (FilePath) -> Value?)?
    private let wake: @Sendable () -> Void
    private let queue: DispatchQueue
    private let state = Mutex(State())

    private struct State {
        var arrived: [FilePath: Value] = [:]
        /// Asked for, read or not.
        var asked: Set<FilePath> = []
        /// Asked for and not delivered yet.
        var unread = 0
        /// Taken by `drainGrowing` so far.
        var drained = 0
    }

    /// How many values are delivered at once.
    static var batch: Int { 256 }
    /// How many kept values are looked up at once.
    static var keptLanes: Int { 4 }
    /// A lane a core, at most three (each holds a helper): dates, small reads. Looks, read by
    /// decoding, keep to one lane beside the pictures on screen.
    public static var laneACore: Int { max(1, min(3, ProcessInfo.processInfo.activeProcessorCount)) }
    /// How many values are read at once.
    private let lanes: Int

    /// `wake` runs on the reading thread when a batch has arrived: it should only wake the
    /// UI thread. `kept` finds a value kept from before (a cache: small reads, made several
    /// at once); `reading` reads what it did not find.
    public init(label: String, lanes: Int = 1, wake: @escaping @Sendable () -> Void = {}, kept: (@Sendable (FilePath) -> Value?)? = nil,
                reading: @escaping @Sendable (FilePath) -> Value) {
        self.lanes = max(1, lanes)
        self.reading = reading
        self.kept = kept
        self.wake = wake
        queue = DispatchQueue(label: label, qos: .utility)
    }

    /// Reads those of `paths` not asked for before, in the order given.
    public func read(_ paths: [FilePath]) {
        let fresh = state.withLock { state in
            let fresh = paths.filter { state.asked.insert($0).inserted }
            state.unread += fresh.count
            return fresh
        }
        guard !fresh.isEmpty else { return }
        queue.async { [self] in
            var unread = fresh
            if let kept {
                // A library searched again finds tens of thousands of values kept: looked up
                // several at once, and delivered at once (each delivery costs the UI thread
                // a regrouping of the album).
                let found = Mutex<[FilePath: Value]>([:])
                DispatchQueue.concurrentPerform(iterations: Self.keptLanes) { lane in
                    var mine: [FilePath: Value] = [:]
                    for index in stride(from: lane, to: fresh.count, by: Self.keptLanes) {
                        if let value = kept(fresh[index]) { mine[fresh[index]] = value }
                    }
                    found.withLock { $0.merge(mine) { $1 } }
                }
                let batch = found.withLock { $0 }
                if !batch.isEmpty {
                    unread.removeAll { batch[$0] != nil }
                    deliver(batch)
                }
            }
            // Each batch read in `lanes`, a helper each (the decoder's pool lends one per
            // lane): a date's read is mostly its conversation with a helper, and one lane
            // left the other cores idle while a tree's 100,000 dates were read.
            for start in stride(from: 0, to: unread.count, by: Self.batch) {
                let part = unread[start..<min(start + Self.batch, unread.count)]
                let read = Mutex<[FilePath: Value]>([:])
                DispatchQueue.concurrentPerform(iterations: min(lanes, part.count)) { lane in
                    var mine: [FilePath: Value] = [:]
                    for index in stride(from: part.startIndex + lane, to: part.endIndex, by: lanes) { mine[part[index]] = reading(part[index]) }
                    read.withLock { $0.merge(mine) { $1 } }
                }
                deliver(read.withLock { $0 })
            }
        }
    }

    private func deliver(_ batch: [FilePath: Value]) {
        state.withLock { state in
            state.arrived.merge(batch) { $1 }
            state.unread -= batch.count
        }
        wake()
    }

    /// The values read since the last call, in growing steps: each at least as many as all
    /// taken before it (or whatever is left once everything asked is read). A tree's
    /// 100,000 dates then rearrange its album a dozen times as they arrive, not 400.
    public func drainGrowing() -> [FilePath: Value] {
        state.withLock { state in
            guard state.arrived.count >= max(Self.batch, state.drained) || state.unread == 0 else { return [:] }
            defer { state.arrived = [:] }
            state.drained += state.arrived.count
            return state.arrived
        }
    }

    /// The values read since the last call.
    public func drain() -> [FilePath: Value] {
        state.withLock { state in
            defer { state.arrived = [:] }
            return state.arrived
        }
    }

    /// Blocks until everything asked for so far is read (tests).
    public func waitUntilIdle() { queue.sync {} }
}

/// When photos were taken, from their EXIF ("2024-05-01 14:03:22.35"; "" where a photo has
/// no date or cannot be read, which then sorts by its file's time), and from the same read
/// what a search finds them by: camera, lens, where.
public typealias TakenDates = PhotoReads<PhotoTraits>

extension PhotoReads where Value == PhotoTraits {
    public convenience init(decoder: IsolatedDecoder, wake: @escaping @Sendable () -> Void = {}) {
        self.init(label: "flick.dates", lanes: Self.laneACore, wake: wake) { path in
            switch decoder.facts(path) {
            case let .success(facts): return PhotoTraits(facts)
            case .failure(.decoderFailed):
                // Its reader hung or crashed (twice): no date this run, asked again the next.
                var traits = PhotoTraits(nil)
                traits.readFailed = true
                return traits
            case .failure: return PhotoTraits(nil)
            }
        }
    }
}

/// What is read of every photo of an album (and kept in the index): when it was taken, and
/// what a search finds it by besides its name.
public struct PhotoTraits: Sendable, Equatable {
    /// As EXIF writes it; "" where the photo has none.
    public var dateTaken: String
    /// "Canon EOS R5": make and model, the make once.
    public var camera: String?
    public var lens: String?
    public var latitude: Double?
    public var longitude: Double?
    /// A Live Photo's still and video share it (`EmbeddedFacts.contentIdentifier`).
    public var contentIdentifier: String?
    /// The photo could not be read (its reader hung or crashed): nothing is known of it
    /// this run, and nothing is kept of it in the index, so the next run asks again.
    public var readFailed = false

    public init(dateTaken: String, camera: String? = nil, lens: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
                contentIdentifier: String? = nil) {
        self.dateTaken = dateTaken
        self.camera = camera
        self.lens = lens
        self.latitude = latitude
        self.longitude = longitude
        self.contentIdentifier = contentIdentifier
    }

    init(_ facts: EmbeddedFacts?) {
        self.init(dateTaken: facts?.dateTaken ?? "", camera: facts?.cameraText, lens: facts?.lens,
                  latitude: facts?.latitude, longitude: facts?.longitude, contentIdentifier: facts?.contentIdentifier)
    }

    /// Only a date: the index of an older Flick, a test.
    public static func date(_ date: String) -> PhotoTraits { PhotoTraits(dateTaken: date) }
}

/// How sharp each photo is and what it looks like (nil where it cannot be read), for
/// bursts and their sharpest frame: kept in `cache` once measured, so a folder opened again
/// is grouped and sorted at once. A photo without a thumbnail yet gets one from the same
/// decode, into the shared cache (`thumbnails`).
public typealias Likenesses = PhotoReads<PhotoLikeness?>

extension PhotoReads where Value == PhotoLikeness? {
    public convenience init(decoder: IsolatedDecoder, cache: LikenessCache? = nil, thumbnails: ThumbnailsAlongside? = nil,
                            wake: @escaping @Sendable () -> Void = {}) {
        var kept: (@Sendable (FilePath) -> PhotoLikeness??)?
        if let cache {
            kept = { path -> PhotoLikeness?? in
                guard let likeness = cache.likeness(of: path) else { return nil }
                return .some(.some(likeness))
            }
        }
        self.init(label: "flick.likeness", wake: wake, kept: kept) { path in
            let stamp = LikenessCache.Stamp(of: path)
            guard let measured = Self.measure(path, decoder: decoder, thumbnails: thumbnails) else { return nil }
            if let cache, let stamp { cache.store(measured, for: path, measuredAt: stamp) }
            return measured
        }
    }

    private static func measure(_ path: FilePath, decoder: IsolatedDecoder, thumbnails: ThumbnailsAlongside?) -> PhotoLikeness? {
        guard let thumbnails, let photo = FolderScanner.photo(at: path), let flavor = thumbnails.flavorWanted(for: photo) else {
            return try? decoder.likeness(path).get()
        }
        guard case let .success(measured) = decoder.likeness(path, withThumbnail: flavor.pixelSize) else { return nil }
        if let thumbnail = measured.thumbnail { thumbnails.store(thumbnail, of: photo, flavor: flavor) }
        return measured.likeness
    }
}
