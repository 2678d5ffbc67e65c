import Components
import Foundation
import Geometry
import PhotoLibrary
import SystemPackage
import Platform
import ViewTree

/// The album's thumbnails for the grid: decoded in the background at the size the grid
/// shows, uploaded as textures, forgotten when the texture store evicts them.
final class ThumbnailStore: PhotoSource {
    /// Thumbnails are decoded at one of these sizes (pixels, longer side), so a small
    /// resize does not re-decode everything.
    static let pixelSizeBuckets = [128, 256, 384, 512]

    private(set) var photos: [Photo]
    private let queue: DecodeQueue
    private let textures: TextureStore
    private var states: [Int: Thumbnail] = [:]
    private var requested: Set<Int> = []
    private var indexByPath: [FilePath: Int] = [:]
    private var indexByTexture: [TextureHandle: Int] = [:]
    private var pixelSize = 256
    /// Called when pictures arrive, so the views refresh.
    var onChange: () -> Void = {}

    init(photos: [Photo], textures: TextureStore, wake: @escaping @Sendable () -> Void) {
        self.photos = photos
        self.textures = textures
        let decoder = IsolatedDecoder(command: DecodeHelper.ownCommand)
        let maker = ThumbnailMaker(cache: ThumbnailCache(root: ThumbnailCache.defaultRoot(), application: "flick-\(Flick.version)"),
                                   decode: { decoder.decode($0, maximumPixelSize: $1) })
        // Thumbnail sizes go through the shared cache; larger ones are decoded directly.
        // The photo is looked at afresh (its mtime decides whether a cached one is current).
        queue = DecodeQueue(decode: { request in
            if let size = request.maximumPixelSize, let flavor = ThumbnailCache.Flavor.covering(size),
               flavor.pixelSize == size, let photo = FolderScanner.photo(at: request.path) {
                let outcome = maker.thumbnail(of: photo, flavor: flavor)
                if case let .failed(error) = outcome { return .failure(error) }
                return .success(outcome.pixels!)
            }
            return decoder.decode(request.path, maximumPixelSize: request.maximumPixelSize)
        }, wake: wake)
        for (index, photo) in photos.enumerated() { indexByPath[photo.path] = index }
        textures.onEvict = { [weak self] handle in self?.evicted(handle) }
    }

    var photoCount: Int { photos.count }

    var isBusy: Bool { queue.pendingCount > 0 || textures.pendingUploadCount > 0 }

    func thumbnail(at index: Int) -> Thumbnail { states[index] ?? .loading }

    func prioritize(visible: Range<Int>, nearby: Range<Int>, pixelSize wanted: Int) {
        pixelSize = Self.pixelSizeBuckets.first { $0 >= wanted } ?? Self.pixelSizeBuckets.last!
        let cancelled = queue.cancelPending { request in
            guard let index = indexByPath[request.path] else { return true }
            return !nearby.contains(index)
        }
        for request in cancelled { if let index = indexByPath[request.path] { requested.remove(index) } }
        queue.demoteAll()
        for index in visible { request(index, priority: .visible) }
        for index in nearby where !visible.contains(index) { request(index, priority: .neighbour) }
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
        var newStates: [Int: Thumbnail] = [:]
        var newRequested: Set<Int> = []
        var newIndexByPath: [FilePath: Int] = [:]
        for (index, photo) in newPhotos.enumerated() {
            newIndexByPath[photo.path] = index
            guard let old = indexByPath[photo.path], photos[old].modificationDate == photo.modificationDate else { continue }
            newStates[index] = states[old]
            if requested.contains(old) { newRequested.insert(index) }
        }
        for (index, state) in states {
            guard case let .ready(image) = state, newIndexByPath[photos[index].path].flatMap({ newStates[$0] }) != state else { continue }
            textures.remove(image.texture)
        }
        photos = newPhotos
        states = newStates
        requested = newRequested
        indexByPath = newIndexByPath
        indexByTexture = [:]
        for (index, state) in states { if case let .ready(image) = state { indexByTexture[image.texture] = index } }
        onChange()
    }

    private func request(_ index: Int, priority: DecodeRequest.Priority) {
        guard index < photos.count else { return }
        if case .ready = states[index], requested.contains(index) { return }
        if case .failed = states[index] { return }
        requested.insert(index)
        queue.submit(DecodeRequest(path: photos[index].path, maximumPixelSize: pixelSize, priority: priority))
    }

    /// Takes finished decodes into textures. Returns true if anything arrived.
    @discardableResult
    func drainResults() -> Bool {
        let results = queue.drain()
        for result in results {
            guard let index = indexByPath[result.key.path] else { continue }
            if case let .ready(old) = states[index] { textures.remove(old.texture); indexByTexture[old.texture] = nil }
            switch result.outcome {
            case let .success(pixels):
                let handle = textures.add(pixels)
                indexByTexture[handle] = index
                states[index] = .ready(ImageContent(texture: handle, pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                                    isOpaque: pixels.isOpaque, mode: .aspectFill))
            case let .failure(error):
                states[index] = .failed(reason: error.description)
            }
        }
        if !results.isEmpty { onChange() }
        return !results.isEmpty
    }

    private func evicted(_ handle: TextureHandle) {
        guard let index = indexByTexture.removeValue(forKey: handle) else { return }
        states[index] = nil
        requested.remove(index)
    }
}

/// The platform's text as components want it.
final class PlatformLabels: LabelRenderer {
    let text: TextRenderer

    init(text: TextRenderer) { self.text = text }

    func label(_ string: String, pointSize: Double, color: Color) -> (content: ImageContent, size: Size)? {
        guard let content = text.label(string, pointSize: pointSize, color: color) else { return nil }
        return (content, text.pointSize(of: content))
    }
}
