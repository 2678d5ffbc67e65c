// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Pixels
import Synchronization
import SystemPackage
import ViewTree

/// The looks a photographer turns on (histogram, clipping, focus peaking), worked out from
/// the pixels each photo was decoded with for the screen. While none is wanted nothing is
/// kept for them: a page turn costs what it did.
final class LookShelf {
    /// The screen pictures kept at most (the photo in front and the ones either side).
    static let keptPictures = 4
    /// The photos whose looks are kept drawn at most: the pager's photo in front and two
    /// either side, drawn before their pages are turned to (a 1620 × 1080 picture with its
    /// looks painted in is 7 MB, and so is each layer where one is shown); Compare's four.
    static let keptDrawn = 5

    var wanted: Set<PictureLook> = []
    /// The latest picture for the screen of each photo, newest last.
    var pixels: [(path: FilePath, pixels: PixelBuffer)] = []
    /// What has been drawn, as textures (pinned: a texture store short of room would take
    /// the neighbours' first, never yet drawn on screen); the photos' order of last use.
    var drawn: [FilePath: [PictureLook: ImageContent]] = [:]
    /// Each photo's picture with the looks laid over it painted in (which ones said), drawn
    /// at fit in place of the picture and its layers (pinned too).
    var overlaid: [FilePath: (looks: Set<PictureLook>, picture: ImageContent)] = [:]
    var drawnOrder = RecentlyUsed<FilePath>(keeping: keptDrawn)
    /// What is being worked out (or was asked again by decoding the photo anew).
    var asked: [FilePath: Set<PictureLook>] = [:]
    var askedOverlaid: Set<FilePath> = []
    /// The latest parts at full scale (of a zoomed page, Compare's zoomed panes, the
    /// loupe), their pixels and each part with the looks painted in, worked out from those
    /// pixels: peaking at 100 % is of the photo's own pixels, not of its fitted picture
    /// enlarged. Newest last.
    var partPixels: [(part: PartOf, pixels: PixelBuffer)] = []
    var overlaidParts: [PartOf: (looks: Set<PictureLook>, picture: ImageContent)] = [:]
    var overlaidPartsOrder = RecentlyUsed<PartOf>(keeping: keptParts)
    var askedParts: Set<PartOf> = []
    var redecodedParts: Set<PartOf> = []
    /// The parts kept at most, their pixels and painted: the most shown at once, Compare's
    /// four zoomed panes and the loupe over one of them (fewer, and each layout would let go
    /// of one it then asks again, painting without end). A page's part is a screen and its
    /// margins at full scale, about 11 MB at 1080p; a pane's, a quarter of that; the
    /// loupe's, 1 MB.
    static let keptParts = 5
    /// The most pixels a picture the looks are drawn from has: a 4K screen's fit.
    static let largestPicture = 3840 * 2400
    /// How often each photo's file was rewritten while looks were on.
    var rewrites: [FilePath: Int] = [:]
    var redecoded: Set<FilePath> = []
    /// RAWs whose sensor LibRaw could not give: their histogram is their pixels'.
    var withoutSensor: Set<FilePath> = []
    /// Drawn off the UI thread, taken in by `drainResults`.
    let inbox = LookInbox()
    let work = DispatchQueue(label: "flick.looks", qos: .userInitiated)
    /// A RAW's sensor read in a helper (most of a second): the other looks do not wait for it.
    let sensorWork = DispatchQueue(label: "flick.looks.sensor", qos: .userInitiated)
    var textures: [TextureHandle: FilePath] = [:]

    func keep(_ picture: PixelBuffer, of path: FilePath) {
        pixels.removeAll { $0.path == path }
        pixels.append((path, picture))
        if pixels.count > Self.keptPictures { pixels.removeFirst(pixels.count - Self.keptPictures) }
    }

    func pixels(of path: FilePath) -> PixelBuffer? { pixels.last { $0.path == path }?.pixels }

    func keepPart(_ pixels: PixelBuffer, _ part: PartOf) {
        partPixels.removeAll { $0.part == part }
        partPixels.append((part, pixels))
        if partPixels.count > Self.keptParts { partPixels.removeFirst(partPixels.count - Self.keptParts) }
    }

    func partPixels(of part: PartOf) -> PixelBuffer? { partPixels.last { $0.part == part }?.pixels }

    /// Lets go of the painted parts least recently used past `keptParts`; returns them, for
    /// their textures to be removed.
    func letGoOfPartsPastKept() -> [ImageContent] {
        overlaidPartsOrder.letGoPastKept().compactMap { overlaidParts.removeValue(forKey: $0)?.picture }
    }

    /// Takes out every part of `path`'s; returns the painted ones, for their textures.
    func forgetParts(of path: FilePath) -> [ImageContent] {
        partPixels.removeAll { $0.part.path == path }
        askedParts = askedParts.filter { $0.path != path }
        redecodedParts = redecodedParts.filter { $0.path != path }
        overlaidPartsOrder.remove { $0.path == path }
        let gone = overlaidParts.filter { $0.key.path == path }
        for part in gone.keys { overlaidParts[part] = nil }
        return gone.values.map(\.picture)
    }

    /// The looks wanted that are laid over a whole photo (and painted into its overlaid
    /// picture), in the order they are painted.
    var laidOver: [PictureLook] { PictureLook.laidOver.filter(wanted.contains) }

    func subject(_ path: FilePath) -> LookSubject { LookSubject(path: path, rewrites: rewrites[path, default: 0]) }

    /// Whether what was drawn for `subject` is of the photo's file as it is.
    func isCurrent(_ subject: LookSubject) -> Bool { subject.rewrites == rewrites[subject.path, default: 0] }

}

/// A part at full scale of a photo, in its pixels (upright).
struct PartOf: Hashable, Sendable {
    let path: FilePath
    let rect: PixelRect
}

/// The photo a look is drawn for, as its file was when asked: a look of a file since
/// rewritten (turned, say) is of the old picture, and let go as it arrives.
struct LookSubject: Hashable, Sendable {
    let path: FilePath
    let rewrites: Int
}

/// What the looks' worker has drawn, waiting for the UI thread.
final class LookInbox: Sendable {
    private let drawn = Mutex<[(of: LookSubject, look: PictureLook, picture: PixelBuffer)]>([])
    private let overlaid = Mutex<[(of: LookSubject, looks: Set<PictureLook>, picture: PixelBuffer)]>([])
    private let overlaidParts = Mutex<[(of: LookSubject, rect: PixelRect, looks: Set<PictureLook>, picture: PixelBuffer)]>([])
    private let withoutSensor = Mutex<[LookSubject]>([])

    func add(_ picture: PixelBuffer, _ look: PictureLook, of subject: LookSubject) { drawn.withLock { $0.append((subject, look, picture)) } }

    func addOverlaid(_ picture: PixelBuffer, _ looks: Set<PictureLook>, of subject: LookSubject) {
        overlaid.withLock { $0.append((subject, looks, picture)) }
    }

    func takeOverlaid() -> [(of: LookSubject, looks: Set<PictureLook>, picture: PixelBuffer)] {
        overlaid.withLock { overlaid in defer { overlaid = [] }; return overlaid }
    }

    func addOverlaidPart(_ picture: PixelBuffer, _ rect: PixelRect, _ looks: Set<PictureLook>, of subject: LookSubject) {
        overlaidParts.withLock { $0.append((subject, rect, looks, picture)) }
    }

    func takeOverlaidParts() -> [(of: LookSubject, rect: PixelRect, looks: Set<PictureLook>, picture: PixelBuffer)] {
        overlaidParts.withLock { parts in defer { parts = [] }; return parts }
    }

    /// A RAW whose sensor could not be read.
    func addWithoutSensor(_ subject: LookSubject) { withoutSensor.withLock { $0.append(subject) } }

    func takeWithoutSensor() -> [LookSubject] { withoutSensor.withLock { subjects in defer { subjects = [] }; return subjects } }

    func take() -> [(of: LookSubject, look: PictureLook, picture: PixelBuffer)] {
        drawn.withLock { drawn in
            defer { drawn = [] }
            return drawn
        }
    }
}

/// Keys in the order they were last used, for letting go of the least recently used past
/// a count (the photos whose looks are kept, the painted parts).
struct RecentlyUsed<Key: Equatable> {
    let keeping: Int
    private var order: [Key] = []

    init(keeping: Int) { self.keeping = keeping }

    /// `key` was drawn or shown: the last to be let go.
    mutating func use(_ key: Key) {
        guard order.last != key else { return }
        order.removeAll { $0 == key }
        order.append(key)
    }

    mutating func remove(where isGone: (Key) -> Bool) { order.removeAll(where: isGone) }

    mutating func removeAll() { order = [] }

    /// Takes out the keys least recently used past `keeping`, and returns them.
    mutating func letGoPastKept() -> [Key] {
        guard order.count > keeping else { return [] }
        defer { order.removeFirst(order.count - keeping) }
        return Array(order.prefix(order.count - keeping))
    }
}
