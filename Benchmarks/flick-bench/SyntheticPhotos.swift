// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Marks
import PhotoLibrary
import PhotoSources
import Pixels
import Platform
import ViewTree

/// A grid's worth of distinct thumbnails and a few screen-sized pictures, already
/// uploaded, standing in for an album.
final class SyntheticPhotos: PhotoSource {
    let count: Int
    let thumbnails: [Picture]
    let screenImages: [Picture]
    /// Every photo at its full size (a 27 MP camera's), for panning at 100 %.
    let fullImage: Picture
    static let fullSize = Size(width: 6000, height: 4500)

    /// Thumbnails are 4:3, cut to fill a `cellSide`-pixel cell as the app's are.
    init(count: Int, distinct: Int, cellSide: Int, screenSize: Size, textures: TextureStore) {
        self.count = count
        thumbnails = (0..<distinct).map { i in
            let pixels = PixelBuffer(width: 256, height: 192, blue: UInt8(i * 37 % 256), green: UInt8(i * 91 % 256), red: UInt8(i * 53 % 256))
                .scaledToFill(cellSide)
            return .ready(ImageContent(texture: textures.add(pixels), pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height))))
        }
        // 4:3 photos fitted to the window's height, as a camera's would be.
        let height = Int(screenSize.height), width = height * 4 / 3
        screenImages = (0..<5).map { i in
            let pixels = PixelBuffer(width: width, height: height, blue: UInt8(i * 50), green: 90, red: UInt8(200 - i * 30))
            return .ready(ImageContent(texture: textures.add(pixels, pinned: true), pixelSize: Size(width: Double(width), height: Double(height))))
        }
        let full = PixelBuffer(width: Int(Self.fullSize.width), height: Int(Self.fullSize.height), blue: 40, green: 120, red: 160)
        fullImage = .ready(ImageContent(texture: textures.add(full, pinned: true), pixelSize: Self.fullSize, showsPixelsWhenEnlarged: true))
        self.screenSize = screenSize
        while textures.uploadPending(byteBudget: .max) {}
    }

    var photoCount: Int { count }
    func fileName(at index: Int) -> String { "synthetic-\(index).jpg" }
    func makePictureDemand() -> PictureDemand { AlreadyThere() }
    func facts(at index: Int) -> [String]? { ["synthetic-\(index).jpg"] }
    func marks(at index: Int) -> PhotoMarks { .none }
    func pairName(at index: Int) -> String? { nil }

    let screenSize: Size

    func pixelSize(at index: Int) -> Size? { Self.fullSize }

    /// Cells get thumbnails, a window's box a screen-sized picture, a larger box the photo
    /// at its full size (a part of it is never needed, as the whole is there).
    func picture(at index: Int, size: PictureSize) -> Picture {
        switch size {
        case .filling: return thumbnails[index % thumbnails.count]
        case let .within(width, height) where Double(max(width, height)) > max(screenSize.width, screenSize.height): return fullImage
        case .region: return .loading
        default: return screenImages[index % screenImages.count]
        }
    }

    /// Every picture is uploaded before the measuring starts.
    private final class AlreadyThere: PictureDemand {
        func want(_ requests: [PictureRequest]) {}
    }
}
