import Geometry

/// An opaque handle to pixels the backend has (or will have) as a texture. The core never
/// sees pixels; it only says which handle to draw where.
public struct TextureHandle: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "texture#\(rawValue)" }
}

/// How image content is placed in a view's bounds.
public enum ContentMode: Sendable, Equatable {
    /// The whole image, as large as fits, centred; bars where the aspect ratios differ.
    case aspectFit
    /// The bounds covered, centred; the overflow is cropped.
    case aspectFill
    /// Stretched to the bounds.
    case fill
}

/// Image content of a view.
public struct ImageContent: Sendable, Equatable {
    public var texture: TextureHandle
    /// The texture's size in pixels.
    public var pixelSize: Size
    /// True when every pixel is opaque, so the backend may draw it unblended.
    public var isOpaque: Bool
    public var mode: ContentMode

    public init(texture: TextureHandle, pixelSize: Size, isOpaque: Bool = true, mode: ContentMode = .aspectFill) {
        self.texture = texture
        self.pixelSize = pixelSize
        self.isOpaque = isOpaque
        self.mode = mode
    }

    /// Where in `bounds` the image lands, and which part of the texture (in pixels) shows.
    public func placement(in bounds: Rect) -> (destinationInView: Rect, sourceInTexture: Rect) {
        let whole = Rect(origin: .zero, size: pixelSize)
        switch mode {
        case .fill:
            return (bounds, whole)
        case .aspectFit:
            return (Rect.aspectFit(pixelSize, in: bounds), whole)
        case .aspectFill:
            // Cropping the source is cheaper than drawing the overflow and clipping it.
            return (bounds, Rect.aspectFillSourceRect(imageSize: pixelSize, targetSize: bounds.size))
        }
    }
}
