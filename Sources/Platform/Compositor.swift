// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSDL2
import Foundation
import Geometry
import ViewTree

/// Executes a draw list with the cheapest SDL call for each command:
/// - axis-aligned images and fills: a plain copy or rectangle fill;
/// - images turned in the plane: SDL_RenderCopyEx;
/// - sheared or mirrored affine maps: two triangles (exact for affine maps);
/// - perspective, and rounded corners: a triangle mesh (16×16 under perspective).
/// Opaque content is drawn unblended; clipping uses the renderer's clip rectangle.
final class Compositor {
    let renderer: OpaquePointer
    let textures: TextureStore
    /// Device pixels per point.
    var scale: Double

    private var currentClip: SDL_Rect?
    private var outputSize = (width: 0, height: 0)

    init(renderer: OpaquePointer, textures: TextureStore, scale: Double) {
        self.renderer = renderer
        self.textures = textures
        self.scale = scale
    }

    func draw(_ commands: [DrawCommand], clearColor: Color) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        outputSize = (Int(w), Int(h))
        textures.beginFrame()
        SDL_RenderSetClipRect(renderer, nil)
        currentClip = nil
        let c = clearColor.bytes
        SDL_SetRenderDrawColor(renderer, c.red, c.green, c.blue, 255)
        SDL_RenderClear(renderer)
        for (index, command) in commands.enumerated() {
            if index + 1 < commands.count, isHidden(command, byNext: commands[index + 1]) { continue }
            draw(command)
        }
    }

    /// True for a view's background fill that its own opaque picture, drawn next over the
    /// same upright rectangle, hides: a grid cell's grey under its thumbnail. Drawing it
    /// anyway was most of a scrolling grid's frame (SDL fills short rows slowly).
    private func isHidden(_ command: DrawCommand, byNext next: DrawCommand) -> Bool {
        guard case .fill = command.kind, case let .image(handle, _) = next.kind, next.isOpaque, textures.isUploaded(handle),
              next.rectInView == command.rectInView, next.viewToWindow == command.viewToWindow,
              next.clipInWindow == command.clipInWindow, next.cornerRadius == command.cornerRadius,
              let affine = next.viewToWindow.affine, affine.isAxisAligned else { return false }
        return true
    }

    private func draw(_ command: DrawCommand) {
        let toPixels = command.viewToWindow.concatenating(Homography(rows: ((scale, 0, 0), (0, scale, 0), (0, 0, 1))))
        setClip(command.clipInWindow)
        switch command.kind {
        case let .fill(color):
            fill(command.rectInView, color: color, command: command, toPixels: toPixels)
        case let .image(handle, source):
            guard let texture = textures.texture(for: handle), let size = textures.pixelSize(of: handle) else { return }
            drawImage(texture, size: size, source: source, command: command, toPixels: toPixels)
        case let .border(width, color):
            drawBorder(width: width, color: color, command: command, toPixels: toPixels)
        case let .checkerboard(cellSize):
            drawCheckerboard(cellSize: cellSize, command: command, toPixels: toPixels)
        }
    }

    // MARK: Checkerboard

    /// The light and dark squares (Loupe's greys: black and white artwork both show).
    static let checkerboardLight = Color(red: 0.6, green: 0.6, blue: 0.6)
    static let checkerboardDark = Color(red: 0.4, green: 0.4, blue: 0.4)
    /// The tile, in pixels: drawn repeatedly, a few copies cover a screen.
    static let checkerboardTileSide = 256
    private var checkerboardTile: (texture: OpaquePointer, cell: Int)?

    /// Squares from the rectangle's corner, tiled from one texture while the rectangle is
    /// upright; turned or in perspective (in flight), the squares' average grey instead.
    private func drawCheckerboard(cellSize: Double, command: DrawCommand, toPixels: Homography) {
        let cell = max(1, Int((cellSize * scale).rounded()))
        guard command.cornerRadius <= 0, let affine = toPixels.affine, affine.isAxisAligned, affine.a > 0, affine.d > 0,
              let tile = checkerboardTexture(cell: cell) else {
            let light = Self.checkerboardLight, dark = Self.checkerboardDark
            let grey = Color(red: (light.red + dark.red) / 2, green: (light.green + dark.green) / 2, blue: (light.blue + dark.blue) / 2)
            fill(command.rectInView, color: grey, command: command, toPixels: toPixels)
            return
        }
        let alpha = UInt8((min(max(command.opacity, 0), 1) * 255).rounded())
        SDL_SetTextureAlphaMod(tile, alpha)
        SDL_SetTextureBlendMode(tile, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        let origin = affine.apply(to: command.rectInView.origin)
        let width = command.rectInView.width * affine.a, height = command.rectInView.height * affine.d
        let side = Double(Self.checkerboardTileSide)
        var y = 0.0
        while y < height {
            var x = 0.0
            let h = min(side, height - y)
            while x < width {
                let w = min(side, width - x)
                var source = SDL_Rect(x: 0, y: 0, w: Int32(w.rounded(.up)), h: Int32(h.rounded(.up)))
                var target = SDL_FRect(x: Float(origin.x + x), y: Float(origin.y + y), w: Float(w), h: Float(h))
                SDL_RenderCopyF(renderer, tile, &source, &target)
                x += side
            }
            y += side
        }
    }

    /// The tile texture for squares of `cell` pixels, made on first use.
    private func checkerboardTexture(cell: Int) -> OpaquePointer? {
        if let made = checkerboardTile, made.cell == cell { return made.texture }
        if let made = checkerboardTile { SDL_DestroyTexture(made.texture) }
        let side = Self.checkerboardTileSide
        let light = Self.checkerboardLight.bytes, dark = Self.checkerboardDark.bytes
        var pixels = [UInt32](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let c = (x / cell + y / cell) % 2 == 0 ? light : dark
                pixels[y * side + x] = 0xFF00_0000 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
            }
        }
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(side), Int32(side)) else { return nil }
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(side * 4)) }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
        checkerboardTile = (texture, cell)
        return texture
    }

    // MARK: Images

    private func drawImage(_ texture: OpaquePointer, size: (width: Int, height: Int), source: Rect,
                           command: DrawCommand, toPixels: Homography) {
        let alpha = UInt8((min(max(command.opacity, 0), 1) * 255).rounded())
        SDL_SetTextureAlphaMod(texture, alpha)
        SDL_SetTextureScaleMode(texture, Self.isEnlargedPastItsPixels(command, source: source, toPixels: toPixels)
                                ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        SDL_SetTextureBlendMode(texture, command.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        let rect = command.rectInView
        var sourceRect = SDL_Rect(x: Int32(source.minX.rounded()), y: Int32(source.minY.rounded()),
                                  w: Int32(source.width.rounded()), h: Int32(source.height.rounded()))
        if command.cornerRadius <= 0, let affine = toPixels.affine {
            if affine.isAxisAligned && affine.a > 0 && affine.d > 0 {
                let origin = affine.apply(to: rect.origin)
                var landing = Rect(x: origin.x, y: origin.y, width: rect.width * affine.a, height: rect.height * affine.d)
                let scaled = Int(landing.width) != Int(sourceRect.w) || Int(landing.height) != Int(sourceRect.h)
                if scaled {
                    let whole = ScaledCopy(sourceX: Int(sourceRect.x), sourceY: Int(sourceRect.y), sourceWidth: Int(sourceRect.w),
                                           sourceHeight: Int(sourceRect.h), target: landing)
                    guard let shown = whole.clipped(to: visibleBounds) else { return }
                    sourceRect = SDL_Rect(x: Int32(shown.sourceX), y: Int32(shown.sourceY),
                                          w: Int32(shown.sourceWidth), h: Int32(shown.sourceHeight))
                    landing = shown.target
                }
                var target = SDL_FRect(x: Float(landing.minX), y: Float(landing.minY), w: Float(landing.width), h: Float(landing.height))
                SDL_RenderCopyF(renderer, texture, &sourceRect, &target)
                return
            }
            if let turn = affine.rotatedScale {
                let center = affine.apply(to: rect.center)
                let w = rect.width * turn.scaleX, h = rect.height * turn.scaleY
                var target = SDL_FRect(x: Float(center.x - w / 2), y: Float(center.y - h / 2), w: Float(w), h: Float(h))
                SDL_RenderCopyExF(renderer, texture, &sourceRect, &target, turn.radians * 180 / .pi, nil, SDL_FLIP_NONE)
                return
            }
        }
        let mesh = meshFor(rect, command: command, toPixels: toPixels)
        let white = SDL_Color(r: 255, g: 255, b: 255, a: alpha)
        render(mesh, in: rect, toPixels: toPixels, color: white, texture: texture,
               textureRect: Rect(x: source.minX / Double(size.width), y: source.minY / Double(size.height),
                                 width: source.width / Double(size.width), height: source.height / Double(size.height)))
    }

    /// True when the image asks for crisp pixels and each of its pixels covers more than one
    /// of the window's (measured across the middle of where it lands).
    static func isEnlargedPastItsPixels(_ command: DrawCommand, source: Rect, toPixels: Homography) -> Bool {
        guard command.showsPixelsWhenEnlarged, source.width > 0 else { return false }
        let rect = command.rectInView
        guard let left = toPixels.apply(to: Point(x: rect.minX, y: rect.midY)),
              let right = toPixels.apply(to: Point(x: rect.maxX, y: rect.midY)) else { return false }
        let across = ((right.x - left.x) * (right.x - left.x) + (right.y - left.y) * (right.y - left.y)).squareRoot()
        return across > source.width + 0.5
    }

    // MARK: Fills and borders

    private func fill(_ rect: Rect, color: Color, command: DrawCommand, toPixels: Homography) {
        let bytes = color.bytes
        let alpha = UInt8((Double(bytes.alpha) * min(max(command.opacity, 0), 1)).rounded())
        guard alpha > 0 else { return }
        let opaque = alpha == 255
        if command.cornerRadius <= 0, let affine = toPixels.affine, affine.isAxisAligned {
            let a = affine.apply(to: rect.origin), b = affine.apply(to: Point(x: rect.maxX, y: rect.maxY))
            var target = SDL_FRect(x: Float(min(a.x, b.x)), y: Float(min(a.y, b.y)), w: Float(abs(b.x - a.x)), h: Float(abs(b.y - a.y)))
            SDL_SetRenderDrawBlendMode(renderer, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_SetRenderDrawColor(renderer, bytes.red, bytes.green, bytes.blue, alpha)
            SDL_RenderFillRectF(renderer, &target)
            return
        }
        let mesh = meshFor(rect, command: command, toPixels: toPixels)
        render(mesh, in: rect, toPixels: toPixels, color: SDL_Color(r: bytes.red, g: bytes.green, b: bytes.blue, a: alpha),
               texture: nil, textureRect: nil)
    }

    private func drawBorder(width: Double, color: Color, command: DrawCommand, toPixels: Homography) {
        let rect = command.rectInView
        let w = min(width, rect.width / 2, rect.height / 2)
        if command.cornerRadius > 0 {
            let bytes = color.bytes
            let alpha = UInt8((Double(bytes.alpha) * min(max(command.opacity, 0), 1)).rounded())
            let mesh = Mesh.roundedRing(rect, radius: command.cornerRadius, width: w, edgeSegments: edgeSegments(toPixels))
            render(mesh, in: rect, toPixels: toPixels, color: SDL_Color(r: bytes.red, g: bytes.green, b: bytes.blue, a: alpha),
                   texture: nil, textureRect: nil)
            return
        }
        let strips = [
            Rect(x: rect.minX, y: rect.minY, width: rect.width, height: w),
            Rect(x: rect.minX, y: rect.maxY - w, width: rect.width, height: w),
            Rect(x: rect.minX, y: rect.minY + w, width: w, height: rect.height - 2 * w),
            Rect(x: rect.maxX - w, y: rect.minY + w, width: w, height: rect.height - 2 * w),
        ]
        for strip in strips { fill(strip, color: color, command: command, toPixels: toPixels) }
    }

    // MARK: Meshes

    private func edgeSegments(_ toPixels: Homography) -> Int {
        toPixels.isAffine ? 1 : Mesh.perspectiveSubdivisions
    }

    private func meshFor(_ rect: Rect, command: DrawCommand, toPixels: Homography) -> Mesh {
        if command.cornerRadius > 0 {
            return Mesh.roundedRect(rect, radius: command.cornerRadius, edgeSegments: edgeSegments(toPixels))
        }
        return Mesh.grid(rect, cells: toPixels.isAffine ? 1 : Mesh.perspectiveSubdivisions)
    }

    /// Maps `mesh` (in view coordinates over `rect`) through `toPixels` and draws it, with
    /// texture coordinates interpolated over `textureRect` (normalised).
    private func render(_ mesh: Mesh, in rect: Rect, toPixels: Homography, color: SDL_Color,
                        texture: OpaquePointer?, textureRect: Rect?) {
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(mesh.points.count)
        for point in mesh.points {
            guard let mapped = toPixels.apply(to: point) else { return }
            var uv = SDL_FPoint(x: 0, y: 0)
            if let t = textureRect, rect.width > 0, rect.height > 0 {
                // SDL refuses the whole mesh if one coordinate strays outside 0…1, and a crop's
                // arithmetic can leave -1e-17: the card was not drawn at all.
                uv = SDL_FPoint(x: Float(min(max(t.minX + (point.x - rect.minX) / rect.width * t.width, 0), 1)),
                                y: Float(min(max(t.minY + (point.y - rect.minY) / rect.height * t.height, 0), 1)))
            }
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(mapped.x), y: Float(mapped.y)), color: color, tex_coord: uv))
        }
        if texture == nil {
            SDL_SetRenderDrawBlendMode(renderer, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        }
        SDL_RenderGeometry(renderer, texture, vertices, Int32(vertices.count), mesh.indices, Int32(mesh.indices.count))
    }

    // MARK: Clipping

    /// Where drawing can show, in pixels: the output, within the clip rectangle if one is set.
    private var visibleBounds: Rect {
        let output = Rect(x: 0, y: 0, width: Double(outputSize.width), height: Double(outputSize.height))
        guard let clip = currentClip else { return output }
        return output.intersection(Rect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.w), height: Double(clip.h))) ?? .zero
    }

    private func setClip(_ clipInWindow: Rect?) {
        var wanted: SDL_Rect?
        if let clip = clipInWindow {
            let x0 = Int32((clip.minX * scale).rounded(.down)), y0 = Int32((clip.minY * scale).rounded(.down))
            let x1 = Int32((clip.maxX * scale).rounded(.up)), y1 = Int32((clip.maxY * scale).rounded(.up))
            let coversOutput = x0 <= 0 && y0 <= 0 && Int(x1) >= outputSize.width && Int(y1) >= outputSize.height
            if !coversOutput { wanted = SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0) }
        }
        guard wanted?.x != currentClip?.x || wanted?.y != currentClip?.y || wanted?.w != currentClip?.w
                || wanted?.h != currentClip?.h else { return }
        currentClip = wanted
        if var rect = wanted { SDL_RenderSetClipRect(renderer, &rect) } else { SDL_RenderSetClipRect(renderer, nil) }
    }
}
