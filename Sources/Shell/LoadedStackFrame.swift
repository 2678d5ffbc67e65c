// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Localization
import PhotoLibrary
import Pictures
import SystemPackage
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

/// The stack's frame as asked for on the command line (`--frame white|none|PNG`).
public enum StackFrameChoice: Equatable {
    case white, none
    case image(FilePath)

    public init?(argument: String) {
        switch argument {
        case "white": self = .white
        case "none": self = .none
        default: self = .image(FilePath(argument))
        }
    }

    /// The picture frame decoded; one that cannot be read is said (through `warn`) and the
    /// white border used instead, so a bad file never stops the browsing.
    public func loaded(warn: (String) -> Void) -> LoadedStackFrame {
        switch self {
        case .white: return .style(.whiteBorder)
        case .none: return .style(.none)
        case let .image(path):
            do {
                return .image(try FrameImage.load(path))
            } catch {
                warn(localized("cannot use {file} as a frame ({reason}); using the white border", ["file": path.string, "reason": error.description]))
                return .style(.whiteBorder)
            }
        }
    }
}
