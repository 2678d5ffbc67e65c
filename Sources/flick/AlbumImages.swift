import Components
import Foundation
import Geometry
import PhotoLibrary
import SystemPackage
import Platform
import ViewTree

/// The album's pictures as the views want them: thumbnails for the grid (through the
/// shared thumbnail cache) and screen-sized images for the pager, decoded in the background
/// and uploaded as textures. Until a photo's thumbnail is there, its camera-made EXIF
/// preview (if it has one) stands in, so a fresh folder's screen fills at once.
/// Thumbnails are forgotten when the texture store evicts them; the pager's wanted images
/// are pinned, and the last few it let go stay for going back.
final class AlbumImages: PhotoSource {
    /// Screen images kept after the pager moved on (about 4 MB each at 1280×800).
    static let recentScreenImageLimit = 6

    /// A screen image and the size it was asked at.
    private struct ScreenImage {
        var picture: Thumbnail
        var requestedSide: Int
        /// Decoded smaller than asked: the photo has no more pixels to give.
        var isComplete: Bool
    }

    private(set) var photos: [Photo]
    private let queue: DecodeQueue
    /// A separate queue, so the grid's re-prioritising never cancels the pager's work.
    private let screenQueue: DecodeQueue
    private var screenImages: [Int: ScreenImage] = [:]
    /// The pager's requests now: index → pixel size.
    private var screenWanted: [Int: Int] = [:]
    /// The largest size asked of the screen queue per photo and not yet back (by path:
    /// the first is asked before the listing gives the photo an index).
    private var screenSubmitted: [FilePath: Int] = [:]
    /// Screen images no longer wanted, least recently let go first.
    private var recentScreenImages: [Int] = []
    private let textures: TextureStore
    private var states: [Int: Thumbnail] = [:]
    /// Photos that could not be decoded, with the headline to show: remembered (until the
    /// file changes) so a bad file is asked for once, not in a loop, and its page never
    /// turns blank again once it said why.
    private var failures: [FilePath: String] = [:]
    private var previews: [Int: Preview] = [:]
    private var requested: Set<Int> = []
    private var indexByPath: [FilePath: Int] = [:]
    private var indexByTexture: [TextureHandle: Int] = [:]
    /// The grid's cell side in pixels: thumbnails are cut down to fill it exactly.
    private var fillSide: Int?
    /// The size thumbnails are decoded (or read from the shared cache) at before the cut.
    private var pixelSize: Int {
        guard let fillSide else { return DecodeService.guessedThumbnailSide }
        // A shared cache flavour: each thumbnail is made once and kept, and a resize within
        // a flavour re-cuts rather than re-decodes.
        return ThumbnailCache.Flavor.nearest(fillSide).pixelSize
    }
    /// Called when pictures arrive, so the views refresh.
    var onChange: () -> Void = {}

    init(photos: [Photo], service: DecodeService, textures: TextureStore) {
        self.photos = photos
        self.textures = textures
        queue = service.thumbnails
        screenQueue = service.screens
        for (index, photo) in photos.enumerated() { indexByPath[photo.path] = index }
        textures.onEvict = { [weak self] handle in self?.evicted(handle) }
    }

    var photoCount: Int { photos.count }

    func thumbnail(at index: Int) -> Thumbnail {
        if index < photos.count, let headline = failures[photos[index].path] { return .failed(headline: headline) }
        if let state = states[index] { return state }
        if case let .shown(image) = previews[index] { return .ready(image) }
        return .loading
    }

    /// True for the textures of photos (not labels): for measurements.
    func isPhotoTexture(_ handle: TextureHandle) -> Bool { indexByTexture[handle] != nil }

    /// The screen image of photo `index`, once decoded.
    func screenTexture(of index: Int) -> TextureHandle? { screenImages[index]?.picture.image?.texture }

    func fileName(at index: Int) -> String { index < photos.count ? photos[index].fileName : "" }

    func image(at index: Int) -> Thumbnail {
        if let screen = screenImages[index], screen.picture != .loading { return screen.picture }
        return thumbnail(at: index)
    }

    func requestImages(_ requests: [ImageRequest]) {
        let wanted = Dictionary(requests.map { ($0.index, $0.pixelSize) }, uniquingKeysWith: { first, _ in first })
        let cancelled = screenQueue.cancelPending { request in
            guard let index = indexByPath[request.path], let wantedSide = wanted[index] else { return true }
            return (request.maximumPixelSize ?? .max) < wantedSide
        }
        for request in cancelled { screenSubmitted[request.path] = nil }
        for index in screenWanted.keys where wanted[index] == nil { letGoOfScreenImage(index) }
        screenWanted = wanted
        for (order, request) in requests.enumerated() where request.index < photos.count {
            if failures[photos[request.index].path] != nil { continue }
            recentScreenImages.removeAll { $0 == request.index }
            if let have = screenImages[request.index] {
                if case let .ready(image) = have.picture { textures.setPinned(image.texture, true) }
                if case .failed = have.picture { continue }
                if have.requestedSide >= request.pixelSize || have.isComplete { continue }
            }
            requestPreview(request.index)
            // A request at least as large is on its way (the one made before the window
            // knew its size, say): raise its priority rather than decode twice.
            let path = photos[request.index].path
            let side = max(request.pixelSize, screenSubmitted[path] ?? 0)
            screenSubmitted[path] = side
            screenQueue.submit(DecodeRequest(path: path, maximumPixelSize: side,
                                             priority: order == 0 ? .visible : .neighbour))
        }
    }

    /// The pager moved on from photo `index`: keep its image a while, unpinned.
    private func letGoOfScreenImage(_ index: Int) {
        guard let screen = screenImages[index] else { return }
        guard case let .ready(image) = screen.picture else {
            screenImages[index] = nil
            return
        }
        textures.setPinned(image.texture, false)
        recentScreenImages.append(index)
        while recentScreenImages.count > Self.recentScreenImageLimit {
            let oldest = recentScreenImages.removeFirst()
            if case let .ready(old) = screenImages.removeValue(forKey: oldest)?.picture { forget(old.texture) }
        }
    }

    private func forget(_ texture: TextureHandle) {
        textures.remove(texture)
        indexByTexture[texture] = nil
    }

    func prioritize(visible: Range<Int>, nearby: Range<Int>, pixelSize wanted: Int) {
        if fillSide != wanted {
            // The cells changed size: what is shown stays until its refit arrives.
            fillSide = wanted
            requested.removeAll()
        }
        let cancelled = queue.cancelPending { request in
            guard let index = indexByPath[request.path] else { return true }
            if request.kind == .embeddedPreview { return !visible.contains(index) }
            return request.fillSide != fillSide || !nearby.contains(index)
        }
        for request in cancelled {
            guard let index = indexByPath[request.path] else { continue }
            if request.kind == .embeddedPreview { previews[index] = nil } else { requested.remove(index) }
        }
        queue.demoteAll()
        for index in visible { requestPreview(index) }
        for index in visible { request(index, priority: .visible) }
        for index in nearby where !visible.contains(index) { request(index, priority: .neighbour) }
    }

    /// Notes a screen decode asked for before this store existed (at start-up).
    func noteScreenRequest(_ path: FilePath, side: Int) {
        screenSubmitted[path] = max(side, screenSubmitted[path] ?? 0)
    }

    /// More of the folder's listing arrived.
    func appendPhotos(_ more: [Photo]) {
        for photo in more {
            indexByPath[photo.path] = photos.count
            photos.append(photo)
        }
        onChange()
    }

    /// The folder's photos changed on disk: keep what is known of photos that are still
    /// there unchanged, forget the rest (a rewritten file has a new mtime and is decoded
    /// again), and let go of the textures of photos that are gone.
    func replacePhotos(_ newPhotos: [Photo]) {
        var newIndexByPath: [FilePath: Int] = [:]
        for (index, photo) in newPhotos.enumerated() { newIndexByPath[photo.path] = index }
        /// Where photo `old` is now, if it is unchanged.
        func newIndex(of old: Int) -> Int? {
            guard let index = newIndexByPath[photos[old].path], newPhotos[index].modificationDate == photos[old].modificationDate else { return nil }
            return index
        }
        var newStates: [Int: Thumbnail] = [:]
        for (old, state) in states {
            if let index = newIndex(of: old) { newStates[index] = state } else if let image = state.image { textures.remove(image.texture) }
        }
        var newPreviews: [Int: Preview] = [:]
        for (old, preview) in previews {
            if let index = newIndex(of: old) { newPreviews[index] = preview } else if case let .shown(image) = preview { textures.remove(image.texture) }
        }
        var newScreenImages: [Int: ScreenImage] = [:]
        for (old, screen) in screenImages {
            if let index = newIndex(of: old) { newScreenImages[index] = screen } else if let image = screen.picture.image { textures.remove(image.texture) }
        }
        requested = Set(requested.compactMap(newIndex(of:)))
        failures = failures.filter { path, _ in
            guard let old = indexByPath[path], let index = newIndexByPath[path] else { return false }
            return newPhotos[index].modificationDate == photos[old].modificationDate
        }
        recentScreenImages = recentScreenImages.compactMap(newIndex(of:))
        screenWanted = Dictionary(screenWanted.compactMap { old, size in newIndex(of: old).map { ($0, size) } }, uniquingKeysWith: { first, _ in first })
        photos = newPhotos
        states = newStates
        previews = newPreviews
        screenImages = newScreenImages
        indexByPath = newIndexByPath
        indexByTexture = [:]
        for (index, state) in states { if let image = state.image { indexByTexture[image.texture] = index } }
        for (index, preview) in previews { if case let .shown(image) = preview { indexByTexture[image.texture] = index } }
        for (index, screen) in screenImages { if let image = screen.picture.image { indexByTexture[image.texture] = index } }
        onChange()
    }

    /// Asks for photo `index`'s embedded preview, once, while it has no thumbnail; or
    /// raises the one asked for back to the front after a re-prioritising.
    private func requestPreview(_ index: Int) {
        guard index < photos.count, states[index] == nil, photos[index].format == .jpeg else { return }
        switch previews[index] {
        case nil: previews[index] = .asked
        case .asked: break
        case .shown, .unavailable: return
        }
        // The thumbnail's size goes along: the worker skips the preview when a thumbnail of
        // that size is already cached, as it then arrives nearly as fast.
        queue.submit(DecodeRequest(path: photos[index].path, kind: .embeddedPreview, maximumPixelSize: pixelSize, priority: .instant))
    }

    private func request(_ index: Int, priority: DecodeRequest.Priority) {
        guard index < photos.count, failures[photos[index].path] == nil else { return }
        if case .ready = states[index], requested.contains(index) { return }
        if case .failed = states[index] { return }
        requested.insert(index)
        queue.submit(DecodeRequest(path: photos[index].path, maximumPixelSize: pixelSize, fillSide: fillSide, priority: priority))
    }

    /// Takes finished decodes into textures. Returns true if anything arrived.
    @discardableResult
    func drainResults() -> Bool {
        let thumbnails = queue.drain()
        for result in thumbnails {
            guard let index = indexByPath[result.key.path] else { continue }
            if result.key.kind == .embeddedPreview {
                // Stale once the thumbnail is here (or the photo changed).
                guard case .asked = previews[index] else { continue }
                previews[index] = .unavailable
                if states[index] == nil, case .success = result.outcome,
                   case let .ready(image) = picture(from: result.outcome, index: index, pinned: false) {
                    previews[index] = .shown(image)
                }
                continue
            }
            if let old = states[index]?.image { forget(old.texture) }
            if case let .shown(preview) = previews[index] { forget(preview.texture) }
            previews[index] = .unavailable
            states[index] = picture(from: result.outcome, index: index, pinned: false)
            noteFailure(of: result)
        }
        let screens = screenQueue.drain()
        for result in screens {
            // Stale: the pager moved on, or wants it larger now.
            guard let side = result.key.maximumPixelSize else { continue }
            if screenSubmitted[result.key.path] == side { screenSubmitted[result.key.path] = nil }
            guard let index = indexByPath[result.key.path] else { continue }
            noteFailure(of: result)
            guard let wantedSide = screenWanted[index], side >= wantedSide else { continue }
            if let old = screenImages[index]?.picture.image { forget(old.texture) }
            let picture = picture(from: result.outcome, index: index, pinned: true)
            var isComplete = false
            if case let .success(pixels) = result.outcome { isComplete = max(pixels.width, pixels.height) < side }
            screenImages[index] = ScreenImage(picture: picture, requestedSide: side, isComplete: isComplete)
        }
        let arrived = !thumbnails.isEmpty || !screens.isEmpty
        if arrived { onChange() }
        return arrived
    }

    private func noteFailure(of result: DecodeResult) {
        if case let .failure(error) = result.outcome { failures[result.key.path] = error.headline }
    }

    private func picture(from outcome: Result<PixelBuffer, DecodeError>, index: Int, pinned: Bool) -> Thumbnail {
        switch outcome {
        case let .success(pixels):
            let handle = textures.add(pixels, pinned: pinned)
            indexByTexture[handle] = index
            return .ready(ImageContent(texture: handle, pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                       isOpaque: pixels.isOpaque, mode: .aspectFill))
        case let .failure(error):
            return .failed(headline: error.headline)
        }
    }

    /// The texture store needed room: forget the picture, so it is asked for again when seen.
    private func evicted(_ handle: TextureHandle) {
        guard let index = indexByTexture.removeValue(forKey: handle) else { return }
        if states[index]?.image?.texture == handle {
            states[index] = nil
            requested.remove(index)
        }
        if case let .shown(image) = previews[index], image.texture == handle { previews[index] = .unavailable }
        if screenImages[index]?.picture.image?.texture == handle {
            screenImages[index] = nil
            recentScreenImages.removeAll { $0 == index }
        }
    }
}

/// Where a photo's embedded preview stands.
private enum Preview {
    case asked
    case shown(ImageContent)
    /// None in the file, or no longer needed: the thumbnail arrived.
    case unavailable
}

/// The platform's text as components want it.
final class PlatformLabels: LabelRenderer {
    let text: TextRenderer

    init(text: TextRenderer) { self.text = text }

    func label(_ string: String, pointSize: Double, color: Color) -> (content: ImageContent, size: Size)? {
        guard let content = text.label(string, pointSize: pointSize, color: color) else { return nil }
        return (content, text.pointSize(of: content))
    }

    func width(of string: String, pointSize: Double) -> Double? {
        text.width(of: string, pointSize: pointSize)
    }
}
