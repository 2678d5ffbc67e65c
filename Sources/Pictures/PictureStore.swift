import Album
import Foundation
import Geometry
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
public final class PictureStore: PhotoSource {
    public typealias Broker = PictureBroker<FilePath, PictureSize, ImageContent>

    public private(set) var photos: [Photo]
    private var indexByPath: [FilePath: Int] = [:]
    private let queue: DecodeQueue
    /// A separate queue for screen-sized pictures, so a screenful of thumbnails never
    /// delays the page in front of the user.
    private let screenQueue: DecodeQueue
    private let textures: any PictureTextures
    private lazy var broker = Broker(
        fetch: { [unowned self] path, size, priority in fetch(path, size, priority) },
        cancel: { [unowned self] path, size in cancel(path, size) },
        pin: { [unowned self] picture, pinned in textures.setPinned(picture.texture, pinned) })
    /// The photo and cut each picture's texture holds, to tell the broker of evictions.
    private var pictureByTexture: [TextureHandle: (path: FilePath, size: PictureSize)] = [:]
    /// Photos that could not be decoded, with the headline to show: remembered (until the
    /// file changes) so a bad file is asked for once, not in a loop, and its page never
    /// turns blank again once it said why.
    private var failures: [FilePath: String] = [:]
    private var previews: [FilePath: Preview] = [:]
    /// A photo's own longer side, once a fit came back smaller than asked: larger fits of
    /// it are the same picture.
    private var fullSides: [FilePath: Int] = [:]
    /// The screen-sized picture asked of the screen queue per photo and not yet back (the
    /// first is asked before the window exists).
    private var screenSubmitted: [FilePath: PictureSize] = [:]
    /// Photos that left the album, with their files' dates: should one come back
    /// unchanged (an undo), its pictures are still good.
    private var departed: [FilePath: Date] = [:]
    /// Departed photos remembered at most; past this, some are forgotten and their pictures let go.
    public static let departedLimit = 512
    /// Called when pictures arrive, so the views refresh.
    public var onChange: () -> Void = {}
    /// Called when playing animations showed new frames: only the views that play them
    /// need to look again.
    public var onFramesChange: () -> Void = {}
    /// Animated photos playing, one for each demand that wants one played.
    private var playing: [ObjectIdentifier: PlayingPhoto] = [:]
    /// Photos found to hold a single picture (or whose animation failed): shown still,
    /// never opened as animations again.
    private var stills: Set<FilePath> = []
    /// Where animations are decoded (nil: photos are shown still).
    private let animations: IsolatedDecoder?
    private let wake: WakeRelay

    public init(photos: [Photo], service: DecodeService, textures: any PictureTextures) {
        self.photos = photos
        self.textures = textures
        queue = service.thumbnails
        screenQueue = service.screens
        animations = service.decoder
        wake = service.wake
        for (index, photo) in photos.enumerated() { indexByPath[photo.path] = index }
        textures.onEvict = { [weak self] handle in self?.evicted(handle) }
    }

    public var photoCount: Int { photos.count }

    public func fileName(at index: Int) -> String { index < photos.count ? photos[index].displayName : "" }

    /// Where facts are read, off the UI thread; the app drains it and reloads the views.
    public var factsStore: FactsStore?

    public func facts(at index: Int) -> [String]? {
        guard index < photos.count else { return nil }
        return factsStore?.facts(of: photos[index].path)?.lines
    }

    public func makePictureDemand() -> PictureDemand { AlbumPictureDemand(images: self, demand: broker.makeDemand()) }

    public func picture(at index: Int, size: PictureSize) -> Picture {
        guard index < photos.count else { return .loading }
        let path = photos[index].path
        if let headline = failures[path] { return .failed(headline: headline) }
        if size.isWhole, let frame = playing.values.first(where: { $0.path == path })?.player.shown { return .ready(frame) }
        if let picture = broker.picture(of: path, for: wantedSize(size, of: path)) { return .ready(picture) }
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
    fileprivate func want(for request: PictureRequest) -> Broker.Want? {
        guard request.index >= 0, request.index < photos.count else { return nil }
        let path = photos[request.index].path
        return Broker.Want(photo: path, size: wantedSize(request.size, of: path), priority: request.priority)
    }

    private func wantedSize(_ size: PictureSize, of path: FilePath) -> PictureSize {
        var side: Int
        switch size {
        case .filling: return size
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

    private static func isThumbnailSize(_ side: Int) -> Bool { ThumbnailCache.Flavor.covering(side) != nil }

    /// Sizes decoded on the screen queue: fits larger than any thumbnail, and boxes.
    private static func isScreenSize(_ size: PictureSize) -> Bool {
        switch size {
        case .filling: false
        case let .fitting(side): !isThumbnailSize(side)
        case .within: true
        }
    }

    /// The size a finished screen decode was asked at.
    private static func screenSize(of key: DecodeRequest.Key) -> PictureSize? {
        guard let side = key.maximumPixelSize else { return nil }
        guard let box = key.box else { return .fitting(side) }
        return .within(width: box.width, height: box.height)
    }

    // MARK: The broker's orders

    private func fetch(_ path: FilePath, _ size: PictureSize, _ priority: PicturePriority) {
        // Not for a photo that is gone (views drop it as they reload) or cannot be decoded.
        guard indexByPath[path] != nil, failures[path] == nil else { return }
        switch size {
        case let .filling(side):
            if priority >= .visible { requestPreview(path) }
            // A cell a shared thumbnail covers is cut from it; a larger one (a deck's card) is
            // decoded for itself, twice its side so that any shape of photo fills it sharply.
            let decodeSide = ThumbnailCache.Flavor.covering(side)?.pixelSize ?? 2 * side
            queue.submit(DecodeRequest(path: path, maximumPixelSize: decodeSide, fillSide: side, priority: priority))
        case let .fitting(side) where Self.isThumbnailSize(side):
            queue.submit(DecodeRequest(path: path, maximumPixelSize: side, priority: priority))
        case .fitting, .within:
            // A picture that covers this one is on its way (the one asked at start-up, say):
            // hurry it rather than decode twice.
            var submitted = size
            if let pending = screenSubmitted[path] {
                if pending.covers(size) {
                    submitted = pending
                } else if case let (.fitting(side), .fitting(pendingSide)) = (size, pending) {
                    submitted = .fitting(max(side, pendingSide))
                }
            }
            screenSubmitted[path] = submitted
            screenQueue.submit(DecodeService.screenRequest(path, submitted, priority))
        }
    }

    private func cancel(_ path: FilePath, _ size: PictureSize) {
        switch size {
        case let .filling(side):
            queue.cancelPending { $0.path == path && $0.fillSide == side }
            let stillFilled = broker.wants(of: path).keys.contains { if case .filling = $0 { true } else { false } }
            if !stillFilled, case .asked = previews[path] {
                queue.cancelPending { $0.path == path && $0.kind == .embeddedPreview }
                previews[path] = nil
            }
        case let .fitting(side) where Self.isThumbnailSize(side):
            queue.cancelPending { $0.path == path && $0.fillSide == nil && $0.maximumPixelSize == side && $0.box == nil }
        case .fitting, .within:
            let stillFitted = broker.wants(of: path).keys.contains { size in Self.isScreenSize(size) && broker.isFetching(path, size) }
            guard !stillFitted else { return }
            if !screenQueue.cancelPending(where: { $0.path == path }).isEmpty { screenSubmitted[path] = nil }
        }
    }

    /// Asks for the photo's embedded preview, once, while it has no picture at all.
    private func requestPreview(_ path: FilePath) {
        guard previews[path] == nil, broker.pictures(of: path).isEmpty,
              let index = indexByPath[path], photos[index].format == .jpeg else { return }
        previews[path] = .asked
        // The thumbnail's size goes along: the worker skips the preview when a thumbnail of
        // that size is already cached, as it then arrives nearly as fast.
        let side = broker.wants(of: path).keys.compactMap { if case let .filling(side) = $0 { side } else { nil } }.max() ?? 0
        queue.submit(DecodeRequest(path: path, kind: .embeddedPreview, maximumPixelSize: ThumbnailCache.Flavor.nearest(side).pixelSize,
                                   priority: .instant))
    }

    // MARK: Animations

    /// Formats whose files may move.
    private static let animatedFormats: Set<ImageFormat> = [.gif, .png, .webp]

    /// What `demand` wants played: the photo `request` names, fitted to its size, or
    /// nothing. The same photo asked again (at another size, zoomed in) plays on as it is.
    fileprivate func play(_ request: PictureRequest?, for demand: ObjectIdentifier) {
        var wanted: (path: FilePath, side: Int)?
        if let request, request.index >= 0, request.index < photos.count, request.size.isWhole,
           Self.animatedFormats.contains(photos[request.index].format) {
            wanted = (photos[request.index].path, request.size.sharpness)
        }
        guard playing[demand]?.path != wanted?.path else { return }
        stopPlaying(demand)
        guard let (path, side) = wanted, let animations, !stills.contains(path), failures[path] == nil else { return }
        let feed = AnimationFeed(path, maximumPixelSize: side, decoder: animations, wake: { [wake] in wake.wake() })
        let textures = textures
        let player = AnimationPlayer<ImageContent>(feed: feed, prepare: { frame in
            let pixels = frame.pixels
            var isWhole = false
            if case let .playing(info) = feed.state { isWhole = max(pixels.width, pixels.height) >= max(info.width, info.height) }
            return ImageContent(texture: textures.add(pixels, pinned: true), pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                isOpaque: pixels.isOpaque, mode: .aspectFill, showsPixelsWhenEnlarged: isWhole)
        }, discard: { textures.remove($0.texture) })
        playing[demand] = PlayingPhoto(path: path, player: player)
    }

    fileprivate func stopPlaying(_ demand: ObjectIdentifier) {
        playing.removeValue(forKey: demand)?.player.stop()
    }

    /// Shows the frames that are due. Returns true if any changed.
    @discardableResult
    public func advanceAnimations(to now: Double) -> Bool {
        var changed = false
        for (demand, photo) in playing {
            switch photo.player.feed.state {
            case .still, .failed:
                stills.insert(photo.path)
                stopPlaying(demand)
            case .opening, .playing, .ended:
                if photo.player.advance(to: now, isReady: { textures.isUploaded($0.texture) }) { changed = true }
            }
        }
        if changed { onFramesChange() }
        return changed
    }

    /// When the next frame of a playing photo is due; nil while none is waiting to show.
    public var nextAnimationChange: Double? { playing.values.compactMap(\.player.nextChange).min() }

    // MARK: Changes to the album

    /// More of the folder's listing arrived.
    public func appendPhotos(_ more: [Photo]) {
        for photo in more {
            indexByPath[photo.path] = photos.count
            photos.append(photo)
        }
        onChange()
    }

    /// The folder's photos changed on disk: what is known of photos still there unchanged
    /// is kept (by path, so it follows them to their new places); a rewritten file (a new
    /// mtime) is decoded again, and the pictures of photos that are gone are let go.
    public func replacePhotos(_ newPhotos: [Photo]) {
        let now = Dictionary(newPhotos.map { ($0.path, $0.modificationDate) }, uniquingKeysWith: { first, _ in first })
        let before = photos
        photos = newPhotos
        indexByPath = [:]
        for (index, photo) in photos.enumerated() { indexByPath[photo.path] = index }
        for photo in before {
            guard let date = now[photo.path] else {
                // Gone, perhaps to the Trash: its pictures stay for the store to evict, so
                // an undo shows it at once.
                departed[photo.path] = photo.modificationDate
                continue
            }
            if date != photo.modificationDate { forgetPictures(of: photo.path) }
        }
        for photo in newPhotos {
            guard let date = departed.removeValue(forKey: photo.path) else { continue }
            if date != photo.modificationDate { forgetPictures(of: photo.path) }
        }
        while departed.count > Self.departedLimit, let path = departed.keys.first {
            departed[path] = nil
            forgetPictures(of: path)
        }
        onChange()
    }

    /// The file changed: what was known of it is of the old one.
    private func forgetPictures(of path: FilePath) {
        factsStore?.forget(path)
        failures[path] = nil
        stills.remove(path)
        for (demand, photo) in playing where photo.path == path { stopPlaying(demand) }
        fullSides[path] = nil
        if case let .shown(preview) = previews.removeValue(forKey: path) { textures.remove(preview.texture) }
        for picture in broker.forget(path) { forget(picture.texture) }
    }

    // MARK: Results

    /// Takes finished decodes into textures. Returns true if anything arrived.
    @discardableResult
    public func drainResults() -> Bool {
        let thumbnails = queue.drain()
        for result in thumbnails {
            if result.key.kind == .embeddedPreview {
                takePreview(result)
            } else if let side = result.key.fillSide {
                take(result, as: .filling(side))
            } else if let side = result.key.maximumPixelSize {
                take(result, as: .fitting(side))
            }
        }
        let screens = screenQueue.drain()
        if !screens.isEmpty { StartupTrace.mark("screen-image-taken") }
        for result in screens {
            guard let size = Self.screenSize(of: result.key) else { continue }
            if screenSubmitted[result.key.path] == size { screenSubmitted[result.key.path] = nil }
            take(result, as: size)
        }
        let arrived = !thumbnails.isEmpty || !screens.isEmpty
        if arrived { onChange() }
        return arrived
    }

    private func take(_ result: DecodeResult, as size: PictureSize) {
        let path = result.key.path
        // A photo no longer in the album is not kept.
        guard indexByPath[path] != nil else { return }
        switch result.outcome {
        case let .failure(error):
            failures[path] = error.headline
        case let .success(pixels):
            // Smaller than asked: the photo whole.
            switch size {
            case let .fitting(side) where max(pixels.width, pixels.height) < side:
                fullSides[path] = max(pixels.width, pixels.height)
            case let .within(width, height) where pixels.width < width && pixels.height < height:
                fullSides[path] = max(pixels.width, pixels.height)
            default:
                break
            }
            // The photo at its full resolution: zoomed past 100 %, its pixels show.
            let isWhole = size.isWhole && fullSides[path] == max(pixels.width, pixels.height)
            let handle = textures.add(pixels, pinned: false)
            pictureByTexture[handle] = (path, size)
            let picture = ImageContent(texture: handle, pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                       isOpaque: pixels.isOpaque, mode: .aspectFill, showsPixelsWhenEnlarged: isWhole)
            if let replaced = broker.deliver(picture, of: path, size: size) { forget(replaced.texture) }
            // A real picture is here: the stand-in has done its job.
            if case let .shown(preview) = previews[path] { forget(preview.texture) }
            previews[path] = .unavailable
        }
    }

    /// A preview is shown only while the photo has no picture yet.
    private func takePreview(_ result: DecodeResult) {
        let path = result.key.path
        guard case .asked = previews[path] else { return }
        previews[path] = .unavailable
        guard broker.pictures(of: path).isEmpty, case let .success(pixels) = result.outcome else { return }
        let handle = textures.add(pixels, pinned: false)
        previews[path] = .shown(ImageContent(texture: handle, pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                             isOpaque: pixels.isOpaque, mode: .aspectFill))
    }

    private func forget(_ texture: TextureHandle) {
        textures.remove(texture)
        pictureByTexture[texture] = nil
    }

    /// The texture store needed room: the broker forgets the picture (a wanted one is asked
    /// for again); an evicted preview is not asked for again, as the thumbnail is coming.
    private func evicted(_ handle: TextureHandle) {
        if let picture = pictureByTexture.removeValue(forKey: handle) {
            broker.evicted(picture.path, size: picture.size)
            return
        }
        for (path, preview) in previews {
            if case let .shown(image) = preview, image.texture == handle { previews[path] = .unavailable }
        }
    }
}

/// One view's demand, in the album's terms: indices become paths as it is made.
private final class AlbumPictureDemand: PictureDemand {
    private weak var images: PictureStore?
    private let demand: PictureStore.Broker.Demand

    init(images: PictureStore, demand: PictureStore.Broker.Demand) {
        self.images = images
        self.demand = demand
    }

    func want(_ requests: [PictureRequest]) {
        guard let images else { return }
        demand.want(requests.compactMap(images.want(for:)))
        images.play(requests.first(where: \.plays), for: ObjectIdentifier(self))
    }

    deinit {
        images?.stopPlaying(ObjectIdentifier(self))
    }
}

/// An animated photo as it plays: its frames as textures, the one due on show.
private struct PlayingPhoto {
    let path: FilePath
    let player: AnimationPlayer<ImageContent>
}

extension PictureSize: PictureSizing {
    /// A fill serves only its own cell size; a fit serves any smaller fit, and any box it
    /// spans; a box serves any box inside it, and a fit as small as its shorter side.
    public func covers(_ wanted: PictureSize) -> Bool {
        switch (self, wanted) {
        case let (.filling(side), .filling(wantedSide)): side == wantedSide
        case let (.fitting(side), .fitting(wantedSide)): side >= wantedSide
        case let (.fitting(side), .within(width, height)): side >= max(width, height)
        case let (.within(width, height), .within(wantedWidth, wantedHeight)): width >= wantedWidth && height >= wantedHeight
        case let (.within(width, height), .fitting(side)): min(width, height) >= side
        default: false
        }
    }

    public var sharpness: Int {
        switch self {
        case let .filling(side), let .fitting(side): side
        case let .within(width, height): max(width, height)
        }
    }

    /// True for the whole photo fitted (not a crop).
    var isWhole: Bool {
        if case .filling = self { false } else { true }
    }
}

/// Where a photo's embedded preview stands.
private enum Preview {
    case asked
    case shown(ImageContent)
    /// None in the file, or no longer needed: a picture arrived.
    case unavailable
}
