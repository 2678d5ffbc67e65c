import Foundation
import Geometry
import PhotoLibrary
import SystemPackage
import ViewTree

/// The opened folder's albums as the strip wants them: names, counts, and covers (each
/// album's first photo) decoded through the shared thumbnail cache on their own queue.
/// Covers far from the screen are let go, so a tree of thousands of albums stays small.
public final class AlbumShelf: AlbumSource {
    /// Covers kept on each side of the visible ones.
    public static let keptCoversAround = 10

    public private(set) var albums: [AlbumFolder] = []
    private let queue: DecodeQueue
    private let textures: any PictureTextures
    /// By cover photo path: a reload that keeps an album keeps its cover.
    private var covers: [FilePath: Picture] = [:]
    private var requested: Set<FilePath> = []
    /// Called when covers arrive, so the strip refreshes.
    public var onChange: () -> Void = {}

    public init(queue: DecodeQueue, textures: any PictureTextures) {
        self.queue = queue
        self.textures = textures
    }

    /// A new search result. Covers of albums still there (same first photo, unchanged) stay.
    public func replaceAlbums(_ newAlbums: [AlbumFolder]) {
        let kept = Set(newAlbums.map(\.cover))
        for album in albums where !kept.contains(album.cover) { forgetCover(of: album.cover.path) }
        albums = newAlbums
    }

    public func index(of folder: FilePath) -> Int? { albums.firstIndex { $0.path == folder } }

    public var albumCount: Int { albums.count }
    public func albumName(at index: Int) -> String { albums[index].name }
    public func albumPhotoCount(at index: Int) -> Int { albums[index].photoCount }
    public func albumCover(at index: Int) -> Picture { covers[albums[index].cover.path] ?? .loading }

    public func prioritizeCovers(visible: Range<Int>, pixelSize: Int) {
        let kept = max(0, visible.lowerBound - Self.keptCoversAround)..<min(albums.count, visible.upperBound + Self.keptCoversAround)
        let keptPaths = Set(albums[kept].map(\.cover.path))
        for path in Array(covers.keys) where !keptPaths.contains(path) { forgetCover(of: path) }
        let visiblePaths = Set(albums[visible].map(\.cover.path))
        for request in queue.cancelPending(where: { !visiblePaths.contains($0.path) }) { requested.remove(request.path) }
        // The shared cache's flavour that covers the cover; then cut to fill it exactly.
        let cached = ThumbnailCache.Flavor.nearest(pixelSize).pixelSize
        for album in albums[visible] where !requested.contains(album.cover.path) {
            requested.insert(album.cover.path)
            queue.submit(DecodeRequest(path: album.cover.path, maximumPixelSize: cached, fillSide: pixelSize, priority: .visible))
        }
    }

    /// Takes decoded covers into textures. Returns true if any arrived.
    @discardableResult
    public func drainResults() -> Bool {
        let results = queue.drain()
        for result in results where requested.contains(result.key.path) {
            if let old = covers[result.key.path]?.image { textures.remove(old.texture) }
            switch result.outcome {
            case let .success(pixels):
                // Pinned: covers are few and small, and the strip has no way to ask again.
                let texture = textures.add(pixels, pinned: true)
                covers[result.key.path] = .ready(ImageContent(texture: texture, pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                                              isOpaque: pixels.isOpaque, mode: .aspectFill))
            case let .failure(error):
                covers[result.key.path] = .failed(headline: error.headline)
            }
        }
        if !results.isEmpty { onChange() }
        return !results.isEmpty
    }

    private func forgetCover(of path: FilePath) {
        if let image = covers.removeValue(forKey: path)?.image { textures.remove(image.texture) }
        requested.remove(path)
    }
}
