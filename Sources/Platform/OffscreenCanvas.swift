// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSDL2
import Geometry
import Pixels
import ViewTree

/// The compositor drawing into memory with SDL's software renderer: no window, no X
/// server, same code path as on screen. For pixel tests and benchmarks.
public final class OffscreenCanvas {
    public let width: Int
    public let height: Int
    public let textures: TextureStore
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    private let compositor: Compositor

    /// The pixels drawn into: an X window's of depth 24 (no alpha), as on screen, or with
    /// an alpha channel of their own.
    public enum Format: Sendable {
        case window, withAlpha
    }

    public init?(width: Int, height: Int, scale: Double = 1, format: Format = .window) {
        let pixelFormat = format == .window ? SDL_PIXELFORMAT_RGB888.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, pixelFormat),
              let renderer = SDL_CreateSoftwareRenderer(surface) else { return nil }
        self.width = width
        self.height = height
        self.surface = surface
        self.renderer = renderer
        textures = TextureStore(renderer: renderer, outputFormat: pixelFormat)
        compositor = Compositor(renderer: renderer, textures: textures, scale: scale)
    }

    /// Draws `commands` over `clearColor`, uploading every queued texture first.
    public func draw(_ commands: [DrawCommand], clearColor: Color = .black) {
        while textures.uploadPending(byteBudget: .max) {}
        compositor.draw(commands, clearColor: clearColor)
        SDL_RenderFlush(renderer)
    }

    /// The drawn colour at pixel (x, y).
    public func pixel(x: Int, y: Int) -> Color {
        let row = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(surface.pointee.pitch)
        let p = row + x * 4
        return Color(red8: p[2], green8: p[1], blue8: p[0], alpha8: 255)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}
