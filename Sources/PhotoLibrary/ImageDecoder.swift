internal import CSDL2
import Foundation

/// Why an image could not be shown, in words for the user.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .unreadable(reason): "cannot open: \(reason)"
        case let .tooLarge(width, height): "too large: \(width)×\(height)"
        }
    }
}

/// Decodes image files into `PixelBuffer`s through SDL2_image, scaled down to fit a size.
public enum ImageDecoder {
    /// Decodes `url`, scaled so that neither side exceeds `maximumPixelSize` (aspect kept;
    /// never scaled up). Nil means full size.
    public static func decode(_ url: URL, maximumPixelSize: Int?) throws(DecodeError) -> PixelBuffer {
        guard let loaded = IMG_Load(url.path) else { throw .unreadable(String(cString: SDL_GetError())) }
        defer { SDL_FreeSurface(loaded) }
        guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw .unreadable(String(cString: SDL_GetError()))
        }
        var surface = argb
        defer { SDL_FreeSurface(surface) }
        if let limit = maximumPixelSize, max(surface.pointee.w, surface.pointee.h) > Int32(limit) {
            surface = try downscale(surface, toFit: limit)
        }
        return pixelBuffer(from: surface, mayHaveAlpha: loaded.pointee.format.pointee.Amask != 0 || loaded.pointee.format.pointee.palette != nil)
    }

    /// Halves with bilinear filtering until within twice the target, then one last step:
    /// each step averages 2×2 pixels, so a large reduction does not alias as a single
    /// bilinear step would. Frees `source` when it replaces it.
    private static func downscale(_ source: UnsafeMutablePointer<SDL_Surface>, toFit limit: Int) throws(DecodeError) -> UnsafeMutablePointer<SDL_Surface> {
        let width = Int(source.pointee.w), height = Int(source.pointee.h)
        let scale = Double(limit) / Double(max(width, height))
        let targetWidth = max(1, Int((Double(width) * scale).rounded())), targetHeight = max(1, Int((Double(height) * scale).rounded()))
        var current = source
        while true {
            let w = Int(current.pointee.w), h = Int(current.pointee.h)
            let halving = w >= targetWidth * 2 && h >= targetHeight * 2
            let nextWidth = halving ? w / 2 : targetWidth, nextHeight = halving ? h / 2 : targetHeight
            guard let next = SDL_CreateRGBSurfaceWithFormat(0, Int32(nextWidth), Int32(nextHeight), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
                throw .unreadable(String(cString: SDL_GetError()))
            }
            var sourceRect = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
            var targetRect = SDL_Rect(x: 0, y: 0, w: Int32(nextWidth), h: Int32(nextHeight))
            SDL_SoftStretchLinear(current, &sourceRect, next, &targetRect)
            SDL_FreeSurface(current)
            current = next
            if !halving { return current }
        }
    }

    /// Copies an ARGB8888 surface into a buffer, checking alpha only if the source had any.
    static func pixelBuffer(from surface: UnsafeMutablePointer<SDL_Surface>, mayHaveAlpha: Bool) -> PixelBuffer {
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let rowBytes = width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        let source = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var opaque = true
        bytes.withUnsafeMutableBufferPointer { target in
            for row in 0..<height {
                (target.baseAddress! + row * rowBytes).update(from: source + row * pitch, count: rowBytes)
            }
            if mayHaveAlpha {
                for i in stride(from: 3, to: target.count, by: 4) where target[i] != 255 { opaque = false; break }
            } else {
                for i in stride(from: 3, to: target.count, by: 4) { target[i] = 255 }
            }
        }
        return PixelBuffer(width: width, height: height, bytesPerRow: rowBytes, bytes: bytes, isOpaque: opaque)
    }
}
