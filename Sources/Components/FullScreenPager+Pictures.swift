// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Pictures
import Geometry
import Gestures
import Motion
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
        var requests = [PictureRequest(index: currentIndex, size: pictureSize(zoomedBy: zoomSteps), priority: .visible, plays: true)]
        for distance in [1, -1, 2, -2] {
            let index = currentIndex + distance
            guard index >= 0 && index < photoCount else { continue }
            requests.append(PictureRequest(index: index, size: screenPictureSize, priority: abs(distance) == 1 ? .nearby : .ahead))
        }
        pictures.want(requests, from: source)
    }

    /// The cut page `index` is shown with: as asked for, else the screen's.
    func pictureSize(of index: Int) -> PictureSize {
        pictures.requests.first { $0.index == index }?.size ?? screenPictureSize
    }
}
