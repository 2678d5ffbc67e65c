import Geometry
import ViewTree

/// A photo's picture as a view can show it right now.
public enum Thumbnail: Equatable, Sendable {
    /// Being decoded; show the loading look.
    case loading
    case ready(ImageContent)
    /// It cannot be shown; the headline says which way, in a few words for the tile
    /// ("cannot open", "too large", "permission denied", "incomplete file").
    case failed(headline: String)

    public var image: ImageContent? {
        if case let .ready(image) = self { image } else { nil }
    }
}

/// A picture wanted larger than a thumbnail: photo `index` at up to `pixelSize` device
/// pixels on its longer side.
public struct ImageRequest: Hashable, Sendable {
    public var index: Int
    public var pixelSize: Int

    public init(index: Int, pixelSize: Int) {
        self.index = index
        self.pixelSize = pixelSize
    }
}

/// Where components get photos: they know counts, indices and images, never files.
/// The app implements it over PhotoLibrary; tests use an in-memory one.
public protocol PhotoSource: AnyObject {
    var photoCount: Int { get }
    /// Which photos are on screen and which are close by, and at what pixel size they are
    /// shown: the source decodes the visible first, then the nearby, and may drop work for
    /// the rest.
    func prioritize(visible: Range<Int>, nearby: Range<Int>, pixelSize: Int)
    /// The thumbnail of photo `index` as it stands.
    func thumbnail(at index: Int) -> Thumbnail
    /// The name a person knows the photo by (its file name).
    func fileName(at index: Int) -> String
    /// Screen-sized pictures, most wanted first; everything not listed may be let go.
    /// An empty list releases them all.
    func requestImages(_ requests: [ImageRequest])
    /// The sharpest picture of photo `index` there is now: a requested image once decoded,
    /// else the thumbnail.
    func image(at index: Int) -> Thumbnail
}

/// Renders short texts (labels, the HUD) as image content; the platform implements it.
public protocol LabelRenderer: AnyObject {
    /// The text as image content and the size in points to show it at, or nil if no font.
    func label(_ text: String, pointSize: Double, color: Color) -> (content: ImageContent, size: Size)?
    /// How wide `text` would be, in points, or nil if no font.
    func width(of text: String, pointSize: Double) -> Double?
}
