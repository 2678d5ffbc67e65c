import Components
import Geometry
import ViewTree

/// An in-memory album: photo `i` has texture handle `i + 1` and the aspect ratio given by
/// `sizes` (repeating), so tests can tell photos apart in draw lists.
final class FakePhotoSource: PhotoSource {
    var photoCount: Int
    var sizes: [Size]
    var failing: Set<Int> = []
    /// Photos whose picture has not arrived yet.
    var loading: Set<Int> = []
    private(set) var lastVisible: Range<Int> = 0..<0
    private(set) var lastNearby: Range<Int> = 0..<0
    private(set) var lastPixelSize = 0
    private(set) var imageRequests: [[ImageRequest]] = []

    init(count: Int, sizes: [Size] = [Size(width: 400, height: 300)]) {
        photoCount = count
        self.sizes = sizes
    }

    static func handle(of index: Int) -> TextureHandle { TextureHandle(rawValue: UInt64(index + 1)) }
    static func screenHandle(of index: Int) -> TextureHandle { TextureHandle(rawValue: UInt64(100_000 + index)) }

    func size(of index: Int) -> Size { sizes[index % sizes.count] }

    func prioritize(visible: Range<Int>, nearby: Range<Int>, pixelSize: Int) {
        lastVisible = visible
        lastNearby = nearby
        lastPixelSize = pixelSize
    }

    func thumbnail(at index: Int) -> Thumbnail {
        if failing.contains(index) { return .failed(headline: "cannot open") }
        if loading.contains(index) { return .loading }
        return .ready(ImageContent(texture: Self.handle(of: index), pixelSize: size(of: index)))
    }

    func fileName(at index: Int) -> String { "photo-\(index).jpg" }

    func requestImages(_ requests: [ImageRequest]) { imageRequests.append(requests) }

    /// The screen image once requested (decoding is instant here), else the thumbnail.
    func image(at index: Int) -> Thumbnail {
        guard let wanted = imageRequests.last?.first(where: { $0.index == index }),
              !failing.contains(index), !loading.contains(index) else { return thumbnail(at: index) }
        let fitted = Rect.aspectFit(size(of: index), in: Rect(x: 0, y: 0, width: Double(wanted.pixelSize), height: Double(wanted.pixelSize)))
        return .ready(ImageContent(texture: Self.screenHandle(of: index), pixelSize: fitted.size))
    }
}

/// Labels as 8 pt per character by 16 pt, each text its own texture.
final class FakeLabels: LabelRenderer {
    private var handles: [String: TextureHandle] = [:]
    private(set) var rendered: [String] = []

    /// The text that texture `handle` shows.
    func text(of handle: TextureHandle) -> String? { handles.first { $0.value == handle }?.key }

    func label(_ text: String, pointSize: Double, color: Color) -> (content: ImageContent, size: Size)? {
        rendered.append(text)
        let handle = handles[text] ?? TextureHandle(rawValue: UInt64(500_000 + handles.count))
        handles[text] = handle
        let size = Size(width: width(of: text, pointSize: pointSize)!, height: 16)
        return (ImageContent(texture: handle, pixelSize: size, isOpaque: false, mode: .aspectFit), size)
    }

    /// Every character 8 points wide.
    func width(of text: String, pointSize: Double) -> Double? { Double(text.count) * 8 }
}
