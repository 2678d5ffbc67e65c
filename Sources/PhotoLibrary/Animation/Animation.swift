// SPDX-License-Identifier: GPL-3.0-or-later
import Pixels

/// What an animation's file says of it as a whole.
public struct AnimationInfo: Sendable, Equatable {
    /// The canvas every frame is composed on, in pixels.
    public let width: Int
    public let height: Int
    public let frameCount: Int
    /// How many times it plays through; 0 means forever.
    public let plays: Int

    public init(width: Int, height: Int, frameCount: Int, plays: Int) {
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.plays = plays
    }
}

/// One picture of an animation, composed whole on the canvas, and how long it stays.
public struct AnimationFrame: Sendable {
    public let pixels: PixelBuffer
    /// Seconds.
    public let delay: Double

    public init(pixels: PixelBuffer, delay: Double) {
        self.pixels = pixels
        self.delay = delay
    }

    /// A delay as the file gives it, as it plays. Browsers show frames of 10 ms or less
    /// for 100 ms (many GIFs say 0 and were made to be seen that way), and so does Flick,
    /// for every format alike.
    static func delay(milliseconds: Double) -> Double {
        milliseconds <= 10 ? 0.1 : milliseconds / 1000
    }
}

/// Decodes an animation's frames one after another, holding only the canvas (and what a
/// frame's disposal needs) however many frames the file has.
protocol AnimationDecoder: AnyObject {
    var info: AnimationInfo { get }
    /// The next frame, composed; nil after the last one.
    func nextFrame() throws(DecodeError) -> AnimationFrame?
    /// Back to before the first frame.
    func rewind() throws(DecodeError)
}

enum AnimationDecoders {
    /// The largest canvas that plays, in pixels: a decoder holds a few canvases at once
    /// (the canvas, what a frame disposed "to previous" restores, the frame, the copy sent),
    /// 256 MB each at this size, within a helper's address space. A larger animation shows
    /// its first frame, still.
    static let maximumCanvasPixels = 8192 * 8192

    /// A decoder for the animation in `bytes`, or nil when the file holds one picture only
    /// (a plain PNG, GIF or WebP, or a format that never moves).
    static func open(_ bytes: [UInt8], format: ImageFormat, limits: DecodeLimits) throws(DecodeError) -> AnimationDecoder? {
        var limits = limits
        limits.maximumSourcePixels = min(limits.maximumSourcePixels, maximumCanvasPixels)
        let decoder: AnimationDecoder? = switch format {
        case .gif: try GIFAnimation(bytes, limits: limits)
        case .png: try APNGAnimation(bytes, limits: limits)
        case .webp: try WebPAnimation(bytes, limits: limits)
        default: nil
        }
        guard let decoder, decoder.info.frameCount > 1 else { return nil }
        return decoder
    }
}

/// The picture frames are composed on: BGRA, transparent where nothing was drawn yet.
struct AnimationCanvas {
    let width: Int
    let height: Int
    private(set) var bytes: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// `rect` cut to the canvas (empty when wholly outside it).
    func clipped(_ rect: PixelRect) -> PixelRect {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Makes `rect` transparent (a frame disposed "to background").
    mutating func clear(_ rect: PixelRect) {
        let area = clipped(rect)
        guard area.width > 0 else { return }
        bytes.withUnsafeMutableBufferPointer { canvas in
            for row in area.y..<(area.y + area.height) {
                let start = (row * width + area.x) * 4
                (canvas.baseAddress! + start).update(repeating: 0, count: area.width * 4)
            }
        }
    }

    /// Puts back what `saved` held in `rect` (a frame disposed "to previous").
    mutating func restore(_ rect: PixelRect, from saved: AnimationCanvas) {
        let area = clipped(rect)
        guard area.width > 0 else { return }
        for row in area.y..<(area.y + area.height) {
            let start = (row * width + area.x) * 4
            bytes.replaceSubrange(start..<(start + area.width * 4), with: saved.bytes[start..<(start + area.width * 4)])
        }
    }

    /// Draws `pixels` (BGRA) with its top left at (x, y): replacing what is under it, alpha
    /// and all, or over it (alpha compositing, colours not premultiplied).
    mutating func draw(_ pixels: PixelBuffer, x: Int, y: Int, over: Bool) {
        let area = clipped(PixelRect(x: x, y: y, width: pixels.width, height: pixels.height))
        guard area.width > 0 else { return }
        let canvasWidth = width
        bytes.withUnsafeMutableBufferPointer { canvas in
            pixels.bytes.withUnsafeBufferPointer { source in
                for row in area.y..<(area.y + area.height) {
                    let from = (row - y) * pixels.bytesPerRow + (area.x - x) * 4
                    let to = (row * canvasWidth + area.x) * 4
                    guard over else {
                        (canvas.baseAddress! + to).update(from: source.baseAddress! + from, count: area.width * 4)
                        continue
                    }
                    for column in 0..<area.width {
                        Self.blend(source.baseAddress! + from + column * 4, onto: canvas.baseAddress! + to + column * 4)
                    }
                }
            }
        }
    }

    private static func blend(_ source: UnsafePointer<UInt8>, onto target: UnsafeMutablePointer<UInt8>) {
        let sourceAlpha = Int(source[3])
        if sourceAlpha == 255 { target.update(from: source, count: 4); return }
        if sourceAlpha == 0 { return }
        let targetAlpha = Int(target[3]) * (255 - sourceAlpha) / 255
        let alpha = sourceAlpha + targetAlpha
        for channel in 0..<3 {
            target[channel] = UInt8((Int(source[channel]) * sourceAlpha + Int(target[channel]) * targetAlpha) / alpha)
        }
        target[3] = UInt8(alpha)
    }

    /// Sets one pixel, opaque (GIF's colour-table pixels).
    @inline(__always)
    mutating func setOpaque(x: Int, y: Int, red: UInt8, green: UInt8, blue: UInt8) {
        let i = (y * width + x) * 4
        bytes[i] = blue
        bytes[i + 1] = green
        bytes[i + 2] = red
        bytes[i + 3] = 255
    }

    /// The canvas as it stands, as a picture of its own.
    var picture: PixelBuffer {
        var opaque = true
        for index in stride(from: 3, to: bytes.count, by: 4) where bytes[index] != 255 { opaque = false; break }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: opaque)
    }
}
