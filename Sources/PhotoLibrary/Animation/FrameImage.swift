// SPDX-License-Identifier: GPL-3.0-or-later
import SystemPackage
import Pixels

/// A picture frame image for the stack's photos: a border drawn around a transparent (or
/// card-like) middle, stretched as a nine-slice to fit each photo.
public struct FrameImage: Sendable {
    /// Alpha below this counts as the frame's see-through middle.
    static let holeAlpha: UInt8 = 128

    public let pixels: PixelBuffer
    /// The frame's width at each side, in pixels: the corners are kept, the rest stretched.
    public let capInsets: (top: Int, left: Int, bottom: Int, right: Int)

    /// Where the frame ends is read from the picture itself: along the middle row and
    /// column, up to the transparent hole. A picture without a hole (a card, a texture) is
    /// cut in thirds.
    public init(pixels: PixelBuffer) {
        self.pixels = pixels
        let midX = pixels.width / 2, midY = pixels.height / 2
        let isHole = { (x: Int, y: Int) in pixels.pixel(x: x, y: y).alpha < Self.holeAlpha }
        guard isHole(midX, midY) else {
            capInsets = (pixels.height / 3, pixels.width / 3, pixels.height / 3, pixels.width / 3)
            return
        }
        let left = (0..<midX).first { isHole($0, midY) } ?? midX
        let right = pixels.width - 1 - ((midX..<pixels.width).last { isHole($0, midY) } ?? midX)
        let top = (0..<midY).first { isHole(midX, $0) } ?? midY
        let bottom = pixels.height - 1 - ((midY..<pixels.height).last { isHole(midX, $0) } ?? midY)
        capInsets = (top, left, bottom, right)
    }

    /// Decodes the PNG (or any image Flick reads) at `path`.
    public static func load(_ path: FilePath) throws(DecodeError) -> FrameImage {
        FrameImage(pixels: try ImageDecoder.decode(path, maximumPixelSize: Self.maximumSide))
    }

    /// A frame bigger than this is scaled down on loading: its caps are drawn unscaled.
    static let maximumSide = 1024
}
