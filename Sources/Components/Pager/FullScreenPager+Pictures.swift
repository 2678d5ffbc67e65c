// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoSources
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
        // The photo's size in pixels, read from its file on first asking: asked now, so Z
        // (100 % needs it) zooms at once rather than after a helper's round trip.
        _ = source?.pixelSize(at: currentIndex)
        let zoom = currentPage?.zoomScale ?? 1
        // Sharper in steps of two, so a zoom gesture does not decode at every notch.
        let zoomSteps = zoom > 1.05 ? pow(2, (log2(zoom)).rounded(.up)) : 1
        detail = detailRegion().map { (currentIndex, $0) }
        // The part in view at full scale first: it comes long before the whole photo does,
        // which waits for it (on a machine of few cores the two would share the processor
        // the part is waited for) and then comes for panning.
        var wholeSize = pictureSize(zoomedBy: zoomSteps)
        if let detail, source?.picture(at: currentIndex, size: .region(detail.rect)) == .loading { wholeSize = screenPictureSize }
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

    /// The part of the current photo to decode at full scale when it is zoomed in that far
    /// (`DetailRegion`): what is in view with a margin, or the part asked before while the
    /// view stays in it.
    func detailRegion() -> PixelRect? {
        guard let page = currentPage, page.isZoomed, let source, source.decodesParts(at: currentIndex),
              let pixels = source.pixelSize(at: currentIndex) else { return nil }
        return DetailRegion.region(photoFrame: page.photo.frame, visible: page.bounds, photoPixels: pixels, pixelScale: context.pixelScale,
                                   previous: detail?.index == currentIndex ? detail?.rect : nil)
    }

    /// The part of photo `index` at full scale, to lay over it, once it has come and while
    /// the photo has no picture as sharp of its own (or its looks are on).
    func detailPicture(of index: Int) -> DetailPicture? {
        guard let detail, detail.index == index, let source, let pixels = source.pixelSize(at: index) else { return nil }
        return DetailPicture(part: source.picture(at: index, size: .region(detail.rect)), whole: source.picture(at: index, size: pictureSize(of: index)),
                             rect: detail.rect, photoSize: pixels, looks: looks)
    }
}
