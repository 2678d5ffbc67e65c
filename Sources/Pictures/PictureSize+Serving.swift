// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import PhotoLibrary

/// How one picture of a photo serves where another size is wanted.
extension PictureSize: PictureSizing {
    /// A fill serves only its own cell size; a fit serves any smaller fit, and any box it
    /// spans; a box serves any box inside it, and a fit as small as its shorter side.
    public func covers(_ wanted: PictureSize) -> Bool {
        switch (self, wanted) {
        case let (.filling(side), .filling(wantedSide)): side == wantedSide
        case let (.fitting(side), .fitting(wantedSide)): side >= wantedSide
        case let (.fitting(side), .within(width, height)): side >= max(width, height)
        case let (.within(width, height), .within(wantedWidth, wantedHeight)): width >= wantedWidth && height >= wantedHeight
        case let (.within(width, height), .fitting(side)): min(width, height) >= side
        case let (.region(rect), .region(wanted)): rect.contains(wanted)
        default: false
        }
    }

    public var sharpness: Int {
        switch self {
        case let .filling(side), let .fitting(side): side
        case let .within(width, height): max(width, height)
        case let .region(rect): max(rect.width, rect.height)
        }
    }

    /// A part of the photo shows only itself: stretched over the whole photo's place while
    /// the whole is on its way, it would show the wrong picture.
    public var standsIn: Bool { !isRegion }

    var isRegion: Bool {
        if case .region = self { true } else { false }
    }

    /// True for the whole photo fitted (not a crop).
    var isWhole: Bool {
        switch self {
        case .filling, .region: false
        case .fitting, .within: true
        }
    }
}
