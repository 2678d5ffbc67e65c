// SPDX-License-Identifier: GPL-3.0-or-later
import Pixels

/// A still WebP through SDL_image; an animated one, which SDL_image refuses, by its first
/// frame (`WebPAnimation`).
enum WebPDecoder: FormatDecoder {
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        guard WebPAnimation.isAnimated(bytes) else { return try SDLImageDecoder.decode(bytes, request) }
        guard let first = try WebPAnimation(bytes, limits: request.limits)?.nextFrame() else { throw .unreadable("an animation without frames") }
        var pixels = first.pixels.applying(EmbeddedExif.orientation(in: bytes, format: .webp))
        pixels.iccProfile = EmbeddedColour.profile(in: bytes, format: .webp)
        return pixels
    }
}
