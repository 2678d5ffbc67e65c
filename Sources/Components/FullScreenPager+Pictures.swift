// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Pictures
import Geometry
import Gestures
import Motion
import Pixels
import ViewTree

/// Which pictures the pager asks for, and at what size.
extension FullScreenPager {
    /// The window in device pixels: what a page shows at fit.
    var screenPictureSize: PictureSize { pictureSize(zoomedBy: 1) }

    /// The window in device pixels, `zoom` times over (at most `maximumDecodeSide` a side).
    func pictureSize(zoomedBy zoom: Double) -> PictureSize {
        let side = { (points: Double) in min(Int((points * self.context.pixelScale * zoom).rounded(.up)), Self.maximumDecodeSide) }
        return .within(width: side(bounds.width), height: side(bounds.height))
    }

    /// The current photo at the window's size (sharper when zoomed in), playing if it is
    /// animated, then its neighbours, so paging never shows a blank page.
    func requestImages() {
        guard phase != .closed, photoCount > 0, bounds.width > 0 else { return }
        let zoom = currentPage?.zoomScale ?? 1
        // Sharper in steps of two, so a zoom gesture does not decode at every notch.
        let zoomSteps = zoom > 1.05 ? pow(2, (log2(zoom)).rounded(.up)) : 1
        detail = detailRegion().map { (currentIndex, $0) }
        // The part in view at full scale first: it comes long before the whole photo does,
        // which waits for it (on a machine of few cores the two would share the processor
        // the part is waited for) and then comes for panning.
        var wholeSize = pictureSize(zoomedBy: zoomSteps)
        if let detail, source?.picture(at: currentIndex, size: .region(detail.rect)).image == nil { wholeSize = screenPictureSize }
        var requests = [PictureRequest(index: currentIndex, size: wholeSize, priority: .visible, plays: true)]
        if let detail { requests.insert(PictureRequest(index: currentIndex, size: .region(detail.rect), priority: .visible), at: 0) }
        for distance in [1, -1, 2, -2] {
            let index = currentIndex + distance
            guard index >= 0 && index < photoCount else { continue }
            requests.append(PictureRequest(index: index, size: screenPictureSize, priority: abs(distance) == 1 ? .nearby : .ahead))
        }
        pictures.want(requests, from: source)
    }

    /// The cut page `index` is shown with: as asked for, else the screen's.
    func pictureSize(of index: Int) -> PictureSize {
        pictures.requests.first { request in
            if case .region = request.size { return false }
            return request.index == index
        }?.size ?? screenPictureSize
    }

    /// From this zoom on (device pixels per photo pixel; 1 is 100 %), the part of the photo
    /// in view is asked at full scale on its own: a 24 MP photo's screenful decodes in a
    /// quarter of the whole photo's time.
    static let detailFromScale = 0.5
    /// How far past what is in view the part asked reaches on each side, as a share of
    /// the view: room to pan before another part is needed.
    static let detailMargin = 0.1
    /// Parts are cut on this grid of photo pixels, so a small pan asks nothing new.
    static let detailGrid = 64

    /// The part of the current photo to decode at full scale, when it is zoomed in that far:
    /// what is in view with a margin, or the part asked before while the view stays in it.
    func detailRegion() -> PixelRect? {
        guard let page = currentPage, page.isZoomed, let pixels = source?.pixelSize(at: currentIndex) else { return nil }
        let frame = page.photo.frame
        guard frame.width > 0, pixels.width >= 1, pixels.height >= 1,
              frame.width * context.pixelScale / pixels.width >= Self.detailFromScale else { return nil }
        guard let inView = frame.intersection(page.bounds), inView.width > 0, inView.height > 0 else { return nil }
        let perPoint = pixels.width / frame.width
        let limit = (width: Int(pixels.width), height: Int(pixels.height))
        func cut(_ rect: Rect) -> PixelRect {
            let grid = Double(Self.detailGrid)
            let x0 = max(0, Int(((rect.minX - frame.minX) * perPoint / grid).rounded(.down)) * Self.detailGrid)
            let y0 = max(0, Int(((rect.minY - frame.minY) * perPoint / grid).rounded(.down)) * Self.detailGrid)
            let x1 = min(limit.width, Int(((rect.maxX - frame.minX) * perPoint / grid).rounded(.up)) * Self.detailGrid)
            let y1 = min(limit.height, Int(((rect.maxY - frame.minY) * perPoint / grid).rounded(.up)) * Self.detailGrid)
            return PixelRect(x: x0, y: y0, width: max(x1 - x0, 1), height: max(y1 - y0, 1))
        }
        if let detail, detail.index == currentIndex, detail.rect.contains(cut(inView)) { return detail.rect }
        return cut(inView.insetBy(dx: -inView.width * Self.detailMargin, dy: -inView.height * Self.detailMargin))
    }

    /// The part of photo `index` at full scale, to lay over it, once it has come and while
    /// the photo has no picture as sharp of its own.
    func detailPicture(of index: Int) -> PagerPage.Detail? {
        guard let detail, detail.index == index, let source, let pixels = source.pixelSize(at: index),
              case let .ready(part) = source.picture(at: index, size: .region(detail.rect)) else { return nil }
        if case let .ready(whole) = source.picture(at: index, size: pictureSize(of: index)), whole.pixelSize.width >= pixels.width { return nil }
        return PagerPage.Detail(picture: part, rect: detail.rect, photoSize: pixels)
    }
}
