// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PhotoSources
import Pixels
import ViewTree

/// Which part of a zoomed photo to decode at full scale (`PictureSize.region`), for every
/// view that zooms to 100 % (the pager, Compare's panes): a 24 MP photo's screenful decodes
/// in a quarter of the whole photo's time, and shows sharp long before it.
enum DetailRegion {
    /// From this zoom on (device pixels per photo pixel; 1 is 100 %), a part is asked.
    static let fromScale = 0.5
    /// How far past what is in view the part reaches on each side, as a share of the view:
    /// room to pan before another part is needed, small enough to cost little more.
    static let margin = 0.1
    /// Parts are cut on this grid of photo pixels, so a small pan asks nothing new.
    static let grid = 64

    /// The part of a photo of `photoPixels` (upright), drawn at `photoFrame`, that shows in
    /// `visible` (both in one view's points), with a margin; `previous` while what shows
    /// stays inside it. Nil when the photo is not zoomed that far or does not show.
    static func region(photoFrame frame: Rect, visible: Rect, photoPixels pixels: Size, pixelScale: Double,
                       previous: PixelRect?) -> PixelRect? {
        guard frame.width > 0, pixels.width >= 1, pixels.height >= 1,
              frame.width * pixelScale / pixels.width >= fromScale,
              let inView = frame.intersection(visible), inView.width > 0, inView.height > 0 else { return nil }
        let perPoint = pixels.width / frame.width
        func cut(_ rect: Rect) -> PixelRect {
            func snapped(_ points: Double, from origin: Double, _ rule: FloatingPointRoundingRule) -> Int {
                Int(((points - origin) * perPoint / Double(grid)).rounded(rule)) * grid
            }
            let x0 = max(0, snapped(rect.minX, from: frame.minX, .down)), y0 = max(0, snapped(rect.minY, from: frame.minY, .down))
            let x1 = min(Int(pixels.width), snapped(rect.maxX, from: frame.minX, .up))
            let y1 = min(Int(pixels.height), snapped(rect.maxY, from: frame.minY, .up))
            return PixelRect(x: x0, y: y0, width: max(x1 - x0, 1), height: max(y1 - y0, 1))
        }
        if let previous, previous.contains(cut(inView)) { return previous }
        return cut(inView.insetBy(dx: -inView.width * margin, dy: -inView.height * margin))
    }
}

/// A part of a photo at full scale, to lay over the photo where that part is: its picture,
/// where it lies in the photo's pixels (upright) and the photo's size in them.
struct DetailPicture: Equatable {
    var picture: ImageContent
    var rect: PixelRect
    var photoSize: Size

    init(picture: ImageContent, rect: PixelRect, photoSize: Size) {
        self.picture = picture
        self.rect = rect
        self.photoSize = photoSize
    }

    /// The part to lay over a photo of `photoSize`: `part` once it has come, while `whole`
    /// (the picture the photo is shown with) has fewer pixels than the photo's own — or,
    /// with `looks` laid over the photo, always: the part carries them worked out from its
    /// own pixels, which the whole photo's picture does not.
    init?(part: Picture, whole: Picture, rect: PixelRect, photoSize: Size, looks: Set<PictureLook> = []) {
        guard case let .ready(image) = part,
              (whole.image?.pixelSize.width ?? 0) < photoSize.width || !looks.isDisjoint(with: PictureLook.laidOver) else { return nil }
        self.init(picture: image, rect: rect, photoSize: photoSize)
    }

    /// Where the part lands when the whole photo is drawn at `photoFrame`.
    func frame(in photoFrame: Rect) -> Rect {
        let scale = photoFrame.width / photoSize.width
        return Rect(x: photoFrame.minX + Double(rect.x) * scale, y: photoFrame.minY + Double(rect.y) * scale,
                    width: Double(rect.width) * scale, height: Double(rect.height) * scale)
    }
}

/// A part of a photo at full scale, laid over the photo where that part is: the pager's
/// page and Compare's panes each hold one above their photo.
final class DetailOverlay: View {
    /// The part shown; nil: hidden.
    private(set) var detail: DetailPicture?
    /// The part with the looks painted in, drawn in its place while there is one.
    private(set) var painted: ImageContent?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        name = "detail"
        isUserInteractionEnabled = false
        isHidden = true
    }

    func show(_ detail: DetailPicture?) {
        // A painted part is of one part: another is shown as it is until its own comes.
        if detail?.rect != self.detail?.rect { painted = nil }
        self.detail = detail
        showContent()
    }

    /// `painted` (the part shown with the looks painted in) drawn in the part's place.
    func paint(_ painted: ImageContent?) {
        guard painted != self.painted else { return }
        self.painted = detail == nil ? nil : painted
        showContent()
    }

    private func showContent() {
        if var picture = painted ?? detail?.picture {
            picture.mode = .fill
            content = picture
        } else {
            content = nil
        }
        isHidden = detail == nil
    }

    /// Over a photo drawn at `photoFrame`, in the superview's coordinates.
    func place(over photoFrame: Rect) {
        if let detail { frame = detail.frame(in: photoFrame) }
    }
}
