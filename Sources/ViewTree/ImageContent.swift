// SPDX-License-Identifier: GPL-3.0-or-later
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
    /// A nine-slice picture (a frame, a button): the corners drawn unscaled, the edges
    /// stretched along their length, the middle stretched both ways. `capInsets` are in the
    /// image's pixels and are drawn one pixel to a point; where the bounds are too small for
    /// the caps, they shrink in proportion.
    case nineSlice(capInsets: EdgeInsets)
}

/// Image content of a view.
public struct ImageContent: Sendable, Equatable {
    public var texture: TextureHandle
    /// The texture's size in pixels.
    public var pixelSize: Size
    /// True when every pixel is opaque, so the backend may draw it unblended.
    public var isOpaque: Bool
    public var mode: ContentMode
    /// Drawn larger than its pixels, it shows them as crisp squares, as a photo viewer does
    /// past 100 %: for a photo at its full resolution. Otherwise (a reduced copy standing
    /// in, text) enlarging smooths it.
    public var showsPixelsWhenEnlarged: Bool

    public init(texture: TextureHandle, pixelSize: Size, isOpaque: Bool = true, mode: ContentMode = .aspectFill,
                showsPixelsWhenEnlarged: Bool = false) {
        self.texture = texture
        self.pixelSize = pixelSize
        self.isOpaque = isOpaque
        self.mode = mode
        self.showsPixelsWhenEnlarged = showsPixelsWhenEnlarged
    }

    /// Where in `bounds` the image lands, and which part of the texture (in pixels) shows:
    /// one piece, or up to nine for a nine-slice image.
    public func pieces(in bounds: Rect) -> [(destinationInView: Rect, sourceInTexture: Rect)] {
        let whole = Rect(origin: .zero, size: pixelSize)
        switch mode {
        case .fill:
            return [(bounds, whole)]
        case .aspectFit:
            return [(Rect.aspectFit(pixelSize, in: bounds), whole)]
        case .aspectFill:
            // Cropping the source is cheaper than drawing the overflow and clipping it.
            return [(bounds, Rect.aspectFillSourceRect(imageSize: pixelSize, targetSize: bounds.size))]
        case let .nineSlice(caps):
            return nineSlicePieces(caps: caps, in: bounds)
        }
    }

    private func nineSlicePieces(caps: EdgeInsets, in bounds: Rect) -> [(destinationInView: Rect, sourceInTexture: Rect)] {
        // Caps never overlap in the source, and shrink together where the bounds are small.
        let sourceX = Self.cuts(0, caps.left, pixelSize.width - caps.right, pixelSize.width)
        let sourceY = Self.cuts(0, caps.top, pixelSize.height - caps.bottom, pixelSize.height)
        let shrinkX = min(1, bounds.width / max(caps.horizontal, 1e-9))
        let shrinkY = min(1, bounds.height / max(caps.vertical, 1e-9))
        let destinationX = Self.cuts(bounds.minX, bounds.minX + caps.left * shrinkX, bounds.maxX - caps.right * shrinkX, bounds.maxX)
        let destinationY = Self.cuts(bounds.minY, bounds.minY + caps.top * shrinkY, bounds.maxY - caps.bottom * shrinkY, bounds.maxY)
        var pieces: [(destinationInView: Rect, sourceInTexture: Rect)] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let source = Rect(x: sourceX[column], y: sourceY[row],
                                  width: sourceX[column + 1] - sourceX[column], height: sourceY[row + 1] - sourceY[row])
                let destination = Rect(x: destinationX[column], y: destinationY[row],
                                       width: destinationX[column + 1] - destinationX[column],
                                       height: destinationY[row + 1] - destinationY[row])
                guard !source.size.isEmpty, !destination.size.isEmpty else { continue }
                pieces.append((destination, source))
            }
        }
        return pieces
    }

    /// Four ascending cut positions from start to end, the inner two kept in order.
    private static func cuts(_ start: Double, _ first: Double, _ second: Double, _ end: Double) -> [Double] {
        let first = min(max(first, start), end)
        let second = min(max(second, first), end)
        return [start, first, second, end]
    }
}
