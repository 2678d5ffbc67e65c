// SPDX-License-Identifier: GPL-3.0-or-later
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
        default: false
        }
    }

    public var sharpness: Int {
        switch self {
        case let .filling(side), let .fitting(side): side
        case let .within(width, height): max(width, height)
        }
    }

    /// True for the whole photo fitted (not a crop).
    var isWhole: Bool {
        if case .filling = self { false } else { true }
    }
}
