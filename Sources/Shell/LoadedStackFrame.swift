// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import PhotoLibrary
import Pictures
import ViewTree

/// The stack's frame as the command line asked for it, its picture read.
public enum LoadedStackFrame {
    case style(PileFrameStyle)
    /// Becomes a style once its pixels are a texture.
    case image(FrameImage)

    /// The style the stack draws with, a picture frame's pixels made a texture of `textures`
    /// (pinned: every photo of the pile wears it), stretched around each photo by its border.
    public func style(textures: PictureTextures) -> PileFrameStyle {
        switch self {
        case let .style(style):
            return style
        case let .image(image):
            let caps = image.capInsets
            let texture = textures.add(image.pixels, pinned: true)
            return .image(ImageContent(texture: texture, pixelSize: Size(width: Double(image.pixels.width), height: Double(image.pixels.height)),
                                       isOpaque: image.pixels.isOpaque,
                                       mode: .nineSlice(capInsets: EdgeInsets(top: Double(caps.top), left: Double(caps.left),
                                                                             bottom: Double(caps.bottom), right: Double(caps.right)))))
        }
    }
}
