// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// One thing to draw, in window coordinates, as a value: the backend needs nothing else.
public struct DrawCommand: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case fill(Color)
        case image(TextureHandle, sourceInTexture: Rect)
        /// A frame of `width` drawn inside the rectangle's edge.
        case border(width: Double, color: Color)
        /// Squares of `cellSize` points, light and dark, from the rectangle's corner.
        case checkerboard(cellSize: Double)
    }

    /// The checkerboard's squares, in points.
    public static let checkerboardCellSize = 8.0

    public var kind: Kind
    /// The rectangle drawn, in the view's own coordinates.
    public var rectInView: Rect
    /// Carries the view's coordinates into the window's: affine for flat views, projective
    /// under perspective. The backend picks its cheapest call from this.
    public var viewToWindow: Homography
    /// `rectInView`'s corners in the window: top-left, top-right, bottom-right, bottom-left.
    public var quadInWindow: [Point]
    /// Opacity multiplied down the tree (a fill's own colour alpha is separate).
    public var opacity: Double
    /// Corner radius in the view's coordinates.
    public var cornerRadius: Double
    /// Drawing is limited to this window rectangle (the bounding box of clipping ancestors).
    public var clipInWindow: Rect?
    /// True when every pixel drawn is fully opaque, so the backend may skip blending.
    public var isOpaque: Bool
    /// The name of the view that emitted it, for tests and debugging.
    public var viewName: String?
    /// For an image: enlarged, its pixels are drawn as squares (nearest), not smoothed.
    public var showsPixelsWhenEnlarged = false

    public var boundsInWindow: Rect { Rect(boundingPoints: quadInWindow) }

    /// True if this command paints every pixel of `window` opaquely: an opaque fill or
    /// image on an upright rectangle that, clipped, still contains the window.
    func coversOpaquely(_ window: Rect) -> Bool {
        guard isOpaque else { return false }
        if case .border = kind { return false }
        let bounds = boundsInWindow
        let tolerance = 1e-6
        let upright = quadInWindow.allSatisfy { corner in
            (abs(corner.x - bounds.minX) < tolerance || abs(corner.x - bounds.maxX) < tolerance)
                && (abs(corner.y - bounds.minY) < tolerance || abs(corner.y - bounds.maxY) < tolerance)
        }
        guard upright else { return false }
        var shown = bounds
        if let clip = clipInWindow {
            guard let clipped = bounds.intersection(clip) else { return false }
            shown = clipped
        }
        return shown.contains(window)
    }
}

extension View {
    /// Anything fainter than one step of an 8-bit channel is not drawn.
    public static let drawingOpacityThreshold = 1.0 / 255

    /// The draw commands for this view's tree, back to front, in this view's coordinates as
    /// the window (pass the root view). Commands that fall outside `windowBounds` (default:
    /// this view's bounds) or their clip, or that are fully transparent, are left out, and
    /// so is everything beneath an opaque command that covers the whole window (the grid
    /// under the pager's black backdrop costs nothing).
    public func drawList(windowBounds: Rect? = nil) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        let window = windowBounds ?? Rect(origin: .zero, size: animatedBounds.presentation.size)
        emit(into: &commands, toWindow: .identity, inheritedOpacity: 1, clip: window)
        if let cover = commands.lastIndex(where: { $0.coversOpaquely(window) }), cover > 0 {
            commands.removeFirst(cover)
        }
        return commands
    }

    private func emit(into commands: inout [DrawCommand], toWindow: Homography, inheritedOpacity: Double, clip: Rect) {
        guard !isHidden, isDoubleSided || facesViewer(under: toWindow) else { return }
        let look = presentation
        let opacity = inheritedOpacity * look.opacity
        guard opacity >= View.drawingOpacityThreshold else { return }
        let bounds = look.bounds
        let radius = max(0, look.cornerRadius)

        func add(_ kind: DrawCommand.Kind, rect: Rect, opaqueContent: Bool, showsPixels: Bool = false) {
            let corners = rect.corners.compactMap { toWindow.apply(to: $0) }
            guard corners.count == 4 else { return }
            guard Rect(boundingPoints: corners).intersects(clip) else { return }
            commands.append(DrawCommand(
                kind: kind, rectInView: rect, viewToWindow: toWindow, quadInWindow: corners, opacity: opacity,
                cornerRadius: radius, clipInWindow: clip,
                isOpaque: opaqueContent && opacity >= 1 && radius == 0, viewName: name, showsPixelsWhenEnlarged: showsPixels))
        }

        if look.backgroundColor.alpha * opacity >= View.drawingOpacityThreshold {
            add(.fill(look.backgroundColor), rect: bounds, opaqueContent: look.backgroundColor.isOpaque)
        }
        if showsCheckerboard {
            add(.checkerboard(cellSize: DrawCommand.checkerboardCellSize), rect: bounds, opaqueContent: true)
        }
        if let content, !content.pixelSize.isEmpty {
            for piece in content.pieces(in: bounds) {
                add(.image(content.texture, sourceInTexture: piece.sourceInTexture), rect: piece.destinationInView,
                    opaqueContent: content.isOpaque, showsPixels: content.showsPixelsWhenEnlarged)
            }
        }
        if look.borderWidth > 0, look.borderColor.alpha * opacity >= View.drawingOpacityThreshold {
            add(.border(width: look.borderWidth, color: look.borderColor), rect: bounds, opaqueContent: false)
        }

        var childClip = clip
        if clipsToBounds {
            let corners = bounds.corners.compactMap { toWindow.apply(to: $0) }
            guard corners.count == 4, let narrowed = Rect(boundingPoints: corners).intersection(clip) else { return }
            childClip = narrowed
        }
        for subview in subviews {
            subview.emit(into: &commands, toWindow: subview.homographyToSuperview().concatenating(toWindow),
                         inheritedOpacity: opacity, clip: childClip)
        }
    }
}
