// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import PhotoLibrary
import Pixels

/// A size a picture is cut at, as far as serving wants goes.
public protocol PictureSizing: Hashable {
    /// True if a picture cut at this size can be shown where `wanted` was asked for, as
    /// well as one cut at `wanted` itself (a larger fit for a smaller one, say).
    func covers(_ wanted: Self) -> Bool
    /// How much detail a picture of this size has: the sharpest stands in while the wanted
    /// one is on its way.
    var sharpness: Int { get }
    /// False for a cut that shows only a part of the photo: it never stands in for another,
    /// and no other stands in for it.
    var standsIn: Bool { get }
}

extension PictureSizing {
    public var standsIn: Bool { true }
}

/// Many views' standing orders for pictures, served as one. Each view holds a `Demand`
/// (which photos, at which size, how urgently) and replaces it as it scrolls or pages; the
/// broker keeps the union — per photo and size, the highest priority any demand gives it —
/// and tells the pipeline what to fetch, what to stop fetching, and which pictures to keep
/// (`pin`) or let go to the byte-bounded store. Two demands for one photo at different
/// sizes each get their own picture; releasing a demand lets go of exactly what no other
/// demand still wants. Pure bookkeeping on the UI thread: decoding and textures are the
/// caller's, so it tests without either.
public final class PictureBroker<Photo: Hashable, Size: PictureSizing, Picture> {
    public typealias Priority = PicturePriority

    /// One picture a demand wants.
    public struct Want: Hashable {
        public var photo: Photo
        public var size: Size
        public var priority: Priority

        public init(photo: Photo, size: Size, priority: Priority) {
            self.photo = photo
            self.size = size
            self.priority = priority
        }
    }

    /// One view's wants, until it is dropped (or wants nothing).
    public final class Demand {
        private weak var broker: PictureBroker?
        fileprivate let id: Int

        fileprivate init(broker: PictureBroker, id: Int) {
            self.broker = broker
            self.id = id
        }

        /// Replaces what this demand wants, most wanted first (the order decodes start in
        /// within a priority).
        public func want(_ wants: [Want]) { broker?.update(id, wants: wants) }

        deinit { broker?.update(id, wants: []) }
    }

    private struct Held {
        var picture: Picture
        var isPinned: Bool
    }

    private let fetch: (Photo, Size, Priority) -> Void
    private let cancel: (Photo, Size) -> Void
    private let pin: (Picture, Bool) -> Void
    private var nextDemandID = 0
    private var demands: [Int: [Photo: [Size: Priority]]] = [:]
    /// Every demand's wants together: per photo and size, the highest priority.
    private var union: [Photo: [Size: Priority]] = [:]
    private var held: [Photo: [Size: Held]] = [:]
    /// Fetches asked of the pipeline and not yet delivered, at the priority last asked.
    private var fetching: [Photo: [Size: Priority]] = [:]

    /// `fetch` starts (or re-prioritises) a decode, `cancel` drops one nobody wants any
    /// more, `pin` keeps a wanted picture or lets a released one be evicted.
    public init(fetch: @escaping (Photo, Size, Priority) -> Void, cancel: @escaping (Photo, Size) -> Void,
                pin: @escaping (Picture, Bool) -> Void) {
        self.fetch = fetch
        self.cancel = cancel
        self.pin = pin
    }

    public func makeDemand() -> Demand {
        nextDemandID += 1
        return Demand(broker: self, id: nextDemandID)
    }

    /// What all demands want of `photo` now: size → priority.
    public func wants(of photo: Photo) -> [Size: Priority] { union[photo] ?? [:] }

    /// True while a fetch of `photo` at `size` is asked for and not delivered.
    public func isFetching(_ photo: Photo, _ size: Size) -> Bool { fetching[photo]?[size] != nil }

    /// The picture to show for `photo` where `size` is wanted: the least detailed one that
    /// covers it, else the most detailed there is (a stand-in; none for a part, nor a part),
    /// else nil.
    public func picture(of photo: Photo, for size: Size) -> Picture? {
        guard let pictures = held[photo] else { return nil }
        if let covering = pictures.filter({ $0.key.covers(size) }).min(by: { $0.key.sharpness < $1.key.sharpness }) {
            return covering.value.picture
        }
        guard size.standsIn else { return nil }
        return pictures.filter(\.key.standsIn).max { $0.key.sharpness < $1.key.sharpness }?.value.picture
    }

    /// Every picture held of `photo`, by size.
    public func pictures(of photo: Photo) -> [Size: Picture] { (held[photo] ?? [:]).mapValues(\.picture) }

    /// A fetch finished. The picture is kept while wanted, else left to the store; returns
    /// the picture it replaces, for the caller to dispose of.
    @discardableResult
    public func deliver(_ picture: Picture, of photo: Photo, size: Size) -> Picture? {
        let replaced = held[photo]?[size]?.picture
        held[photo, default: [:]][size] = Held(picture: picture, isPinned: false)
        fetching[photo]?[size] = nil
        settle(photo)
        return replaced
    }

    /// The store let go of a released picture; a wanted one is fetched again.
    public func evicted(_ photo: Photo, size: Size) {
        guard held[photo]?.removeValue(forKey: size) != nil else { return }
        settle(photo)
    }

    /// The photo's file changed or went: its pictures are returned for disposal, and what
    /// is still wanted of it is fetched afresh.
    /// Every photo something is held or on its way for.
    public var photosHeld: [Photo] { Array(held.keys) + fetching.keys.filter { held[$0] == nil } }

    @discardableResult
    public func forget(_ photo: Photo) -> [Picture] {
        let pictures = held.removeValue(forKey: photo)?.values.map(\.picture) ?? []
        // Whatever was on its way is of the old file.
        for size in (fetching.removeValue(forKey: photo) ?? [:]).keys { cancel(photo, size) }
        settle(photo)
        return pictures
    }

    private func update(_ id: Int, wants: [Want]) {
        var mine: [Photo: [Size: Priority]] = [:]
        var order: [Photo] = []
        for want in wants {
            if mine[want.photo] == nil { order.append(want.photo) }
            mine[want.photo, default: [:]][want.size] = max(mine[want.photo]?[want.size] ?? .ahead, want.priority)
        }
        let before = demands[id] ?? [:]
        if mine.isEmpty { demands[id] = nil } else { demands[id] = mine }
        // In the demand's order, so decodes start as the view ranked them; then what it dropped.
        let dropped = before.keys.filter { mine[$0] == nil }
        for photo in order + dropped {
            guard before[photo] != mine[photo] else { continue }
            var merged: [Size: Priority] = [:]
            for wants in demands.values {
                for (size, priority) in wants[photo] ?? [:] { merged[size] = max(merged[size] ?? priority, priority) }
            }
            union[photo] = merged.isEmpty ? nil : merged
            settle(photo)
        }
    }

    /// Brings `photo`'s pins and fetches in line with what is wanted of it: each wanted size
    /// is served by the least detailed held picture covering it (kept), or fetched.
    private func settle(_ photo: Photo) {
        let wanted = union[photo] ?? [:]
        var keep = Set<Size>()
        var needed: [Size: Priority] = [:]
        let heldSizes = Array((held[photo] ?? [:]).keys)
        for (size, priority) in wanted.sorted(by: { $0.value > $1.value }) {
            if let covering = heldSizes.filter({ $0.covers(size) }).min(by: { $0.sharpness < $1.sharpness }) {
                keep.insert(covering)
            } else {
                needed[size] = priority
            }
        }
        for size in heldSizes {
            guard let entry = held[photo]?[size], entry.isPinned != keep.contains(size) else { continue }
            held[photo]?[size]?.isPinned.toggle()
            pin(entry.picture, !entry.isPinned)
        }
        for (size, _) in fetching[photo] ?? [:] where needed[size] == nil {
            fetching[photo]?[size] = nil
            cancel(photo, size)
        }
        for (size, priority) in needed.sorted(by: { $0.value > $1.value }) where fetching[photo]?[size] != priority {
            fetching[photo, default: [:]][size] = priority
            fetch(photo, size, priority)
        }
        if held[photo]?.isEmpty == true { held[photo] = nil }
        if fetching[photo]?.isEmpty == true { fetching[photo] = nil }
    }
}
