// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Album
import Foundation
import Geometry
import Localization
import Marks
import PhotoLibrary
import Pixels
import SystemPackage
import ViewTree


/// The album's pictures as the views want them. Each view holds a demand (`makePictureDemand`);
/// the broker serves their union, and this turns its orders into decodes — cells' cuts
/// through the shared thumbnail cache, screen-sized fits on a queue of their own — and the
/// results into textures, pinned while wanted and otherwise left to the store's byte
/// budget. Until a photo has any picture, its camera-made EXIF preview (if it has one)
/// stands in, so a fresh folder's screen fills at once. Pictures are kept by path, so they
/// follow their photos when the album changes.
public final class PictureStore: PictureSource {
    public typealias Broker = PictureBroker<FilePath, PictureSize, ImageContent>

    public internal(set) var photos: [Photo]
    var indexByPath: [PathKey: Int] = [:]
    let queue: DecodeQueue
    /// A separate queue for screen-sized pictures, so a screenful of thumbnails never
    /// delays the page in front of the user.
    let screenQueue: DecodeQueue
    let textures: any PictureTextures
    lazy var broker = Broker(
        fetch: { [unowned self] path, size, priority in fetch(path, size, priority) },
        cancel: { [unowned self] path, size in cancel(path, size) },
        pin: { [unowned self] picture, pinned in textures.setPinned(picture.texture, pinned) })
    /// The photo and cut each picture's texture holds, to tell the broker of evictions.
    var pictureByTexture: [TextureHandle: (path: FilePath, size: PictureSize)] = [:]
    /// Photos that could not be decoded, with the headline to show: remembered (until the
    /// file changes) so a bad file is asked for once, not in a loop, and its page never
    /// turns blank again once it said why.
    var failures: [FilePath: String] = [:]
    /// Photos a part of which could not be decoded (a file whose header says another size
    /// than its picture has, say): none is asked of them again until the file changes.
    var partsFailed: [FilePath: String] = [:]
    /// Photos whose files end before their pictures do (still being copied or written):
    /// shown as far as they go, and said to be incomplete, until the file changes.
    var incomplete: Set<FilePath> = []
    var previews: [FilePath: Preview] = [:]
    /// A photo's own longer side, once a fit came back smaller than asked: larger fits of
    /// it are the same picture.
    var fullSides: [FilePath: Int] = [:]
    /// The screen-sized picture asked of the screen queue per photo and not yet back (the
    /// first is asked before the window exists).
    var screenSubmitted: [FilePath: PictureSize] = [:]
    /// Thumbnails of photos decoded whole (HEIC, AVIF, PNG…) held back while the photo's
    /// screen-sized picture is decoded: a second full decode beside it would take the
    /// processor the photo on screen is waiting for. Sent once that one is back or dropped.
    var heldForScreen: [FilePath: [DecodeRequest]] = [:]
    /// Photos that left the album, as their files were: should one come back unchanged (an
    /// undo), its pictures are still good.
    var departed: [PathKey: Photo] = [:]
    /// Departed photos remembered at most; past this, some are forgotten and their pictures let go.
    public static let departedLimit = 512
    /// Called when pictures arrive, so the views refresh.
    public var onChange: () -> Void = {}
    /// Called when covers arrive, so the album strip refreshes.
    public var onCoversChange: () -> Void = {}
    /// The photos each cover demand wants, by demand: photos outside the album that may
    /// still be decoded and kept.
    var coverPaths: [ObjectIdentifier: Set<FilePath>] = [:]
    /// Called when playing animations showed new frames: only the views that play them
    /// need to look again.
    public var onFramesChange: () -> Void = {}
    /// Animated photos playing, one for each demand that wants one played.
    var playing: [ObjectIdentifier: PlayingPhoto] = [:]
    /// Videos playing in place, one for each demand that wants one played.
    var videos: [ObjectIdentifier: VideoPlayback] = [:]
    /// Videos asked to play, not started yet: each starts once it has been in front for
    /// `videoSettle` (`since`: the first frame that saw it asked), so a page a held key
    /// passes over never starts a player.
    var pendingVideos: [ObjectIdentifier: PendingVideo] = [:]
    typealias PendingVideo = (path: FilePath, side: Int, since: Double?)
    /// For each demand, the video of the page beside the one in front (the next, else the
    /// previous), opened paused once the page in front has stood for `videoSettle`: paged to,
    /// it plays at once. Pending ones wait as `pendingVideos` do.
    var prerolled: [ObjectIdentifier: VideoPlayback] = [:]
    var pendingPrerolls: [ObjectIdentifier: PendingVideo] = [:]
    /// A Live Photo's moment playing as its still's picture, while it is held.
    var moment: (still: FilePath, playback: VideoPlayback)?
    /// The command that starts a video's player (`PlayerHelper`); nil: videos show their
    /// posters, still.
    public var videoPlayerCommand: [String]?
    /// Photos found to hold a single picture (or whose animation failed): shown still,
    /// never opened as animations again.
    var stills: Set<FilePath> = []
    /// Where what the queues do not decode is: animations (nil: photos are shown still),
    /// a RAW's sensor histogram.
    let helpers: IsolatedDecoder?
    let wake: WakeRelay
    /// What the looks (histogram, clipping, peaking) keep and have drawn.
    let looks = LookShelf()

    public init(photos: [Photo], service: DecodeService, textures: any PictureTextures) {
        self.photos = photos
        self.textures = textures
        queue = service.thumbnails
        screenQueue = service.screens
        helpers = service.decoder
        wake = service.wake
        for (index, photo) in photos.enumerated() { indexByPath[photo.key] = index }
        textures.onEvict = { [weak self] handle in self?.evicted(handle) }
    }

    public var photoCount: Int { photos.count }

    /// Where the photo at `path` is shown; nil where it is not.
    public func index(of path: FilePath) -> Int? { indexByPath[PathKey(path)] }

    public func fileName(at index: Int) -> String { index < photos.count ? photos[index].displayName : "" }

    /// The photos' facts, forgotten with a photo's pictures when its file changes (the
    /// album's adapter reads them for the views).
    public weak var factsStore: FactsStore?

    public func decodesParts(at index: Int) -> Bool {
        index >= 0 && index < photos.count && photos[index].format.decodesRegions && partsFailed[photos[index].path] == nil
    }

    public func makePictureDemand() -> PictureDemand { StoreDemand(store: self, demand: broker.makeDemand()) }

    /// A demand for pictures of photos by path, in this album or not: the album strip's
    /// covers. Served by the same broker, queues and budget as every view's demand.
    public func makeCoverDemand() -> CoverDemand { CoverDemand(store: self, demand: broker.makeDemand()) }

    public func picture(at index: Int, size: PictureSize) -> Picture {
        guard index < photos.count else { return .loading }
        return picture(of: photos[index].path, size: size)
    }

    /// The picture to show for the photo at `path` where `size` is wanted, as it stands.
    public func picture(of path: FilePath, size: PictureSize) -> Picture {
        // A part of the photo has no stand-in: the whole photo shows under it.
        if case .region = size {
            if let part = broker.picture(of: path, for: size) { return .ready(part) }
            return partsFailed[path].map { .failed(headline: $0) } ?? .loading
        }
        if let headline = failures[path] { return .failed(headline: headline) }
        if size.isWhole, let frame = playing.values.first(where: { $0.path == path })?.player.shown { return .ready(frame) }
        if size.isWhole, let frame = videos.values.first(where: { $0.path == path })?.shown { return .ready(frame) }
        if size.isWhole, let moment, moment.still == path, let frame = moment.playback.shown { return .ready(frame) }
        if let picture = broker.picture(of: path, for: wantedSize(size, of: path)) {
            return incomplete.contains(path) ? .partial(picture) : .ready(picture)
        }
        if case let .shown(preview) = previews[path] { return .ready(preview) }
        return .loading
    }

    /// True for the textures of photos (not labels): for measurements.
    public func isPhotoTexture(_ handle: TextureHandle) -> Bool {
        pictureByTexture[handle] != nil || previews.values.contains { if case let .shown(image) = $0 { image.texture == handle } else { false } }
    }

    /// The sharpest screen-sized picture of photo `index` there is, for measurements.
    public func screenTexture(of index: Int) -> TextureHandle? {
        guard index < photos.count else { return nil }
        return broker.pictures(of: photos[index].path)
            .filter { Self.isScreenSize($0.key) }
            .max { $0.key.sharpness < $1.key.sharpness }?.value.texture
    }

    /// True while a screen-sized picture of `path` is being decoded.
    public func isScreenDecodePending(_ path: FilePath) -> Bool { screenSubmitted[path] != nil }

    /// Notes a screen decode asked for before this store existed (at start-up).
    public func noteScreenRequest(_ path: FilePath, size: PictureSize) {
        screenSubmitted[path] = size
    }

    /// What a view's request becomes: a small fit is the shared cache's flavour that covers
    /// it, and a fit larger than the photo is the photo whole.
    func want(for request: PictureRequest) -> Broker.Want? {
        guard request.index >= 0, request.index < photos.count else { return nil }
        let path = photos[request.index].path
        // Only where a part costs less than the whole; elsewhere the whole photo serves.
        if case .region = request.size, !decodesParts(at: request.index) { return nil }
        return Broker.Want(photo: path, size: wantedSize(request.size, of: path), priority: request.priority)
    }

    func wantedSize(_ size: PictureSize, of path: FilePath) -> PictureSize {
        var side: Int
        switch size {
        case .filling, .region: return size
        case let .fitting(fit): side = fit
        case let .within(width, height):
            // A photo known to fit the box whole is that picture, whatever the box.
            guard let full = fullSides[path], full <= min(width, height) else {
                if let flavor = ThumbnailCache.Flavor.covering(max(width, height)) { return .fitting(flavor.pixelSize) }
                return size
            }
            side = full
        }
        if let full = fullSides[path] { side = min(side, full) }
        if let flavor = ThumbnailCache.Flavor.covering(side) { side = flavor.pixelSize }
        return .fitting(side)
    }

    static func isThumbnailSize(_ side: Int) -> Bool { ThumbnailCache.Flavor.covering(side) != nil }

    /// Sizes decoded on the screen queue: fits larger than any thumbnail, and boxes.
    static func isScreenSize(_ size: PictureSize) -> Bool {
        switch size {
        case .filling: false
        case let .fitting(side): !isThumbnailSize(side)
        case .within: true
        case .region: false
        }
    }

    /// The size a finished screen decode was asked at.
    static func screenSize(of key: DecodeRequest.Key) -> PictureSize? {
        if let region = key.region { return .region(region) }
        guard let side = key.maximumPixelSize else { return nil }
        guard let box = key.box else { return .fitting(side) }
        return .within(width: box.width, height: box.height)
    }
}

/// An animated photo as it plays: its frames as textures, the one due on show.
struct PlayingPhoto {
    let path: FilePath
    let player: AnimationPlayer<ImageContent>
}

/// Where a photo's embedded preview stands.
enum Preview {
    case asked
    case shown(ImageContent)
    /// None in the file, or no longer needed: a picture arrived.
    case unavailable
}
