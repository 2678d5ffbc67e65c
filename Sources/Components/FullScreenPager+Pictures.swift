import Foundation
import Geometry
import Gestures
import Motion
import ViewTree

/// Which pictures the pager asks for, and at what size.
extension FullScreenPager {
    /// The current photo at the window's size (sharper when zoomed in), then its
    /// neighbours, so paging never shows a blank page.
    func requestImages() {
        guard phase != .closed, photoCount > 0, bounds.width > 0 else { return }
        let screenSide = max(bounds.width, bounds.height) * context.pixelScale
        let zoom = currentPage?.zoomScale ?? 1
        // Sharper in steps of two, so a zoom gesture does not decode at every notch.
        let zoomSteps = zoom > 1.05 ? pow(2, (log2(zoom)).rounded(.up)) : 1
        let currentSide = min(Int((screenSide * zoomSteps).rounded(.up)), Self.maximumDecodeSide)
        let screen = Int(screenSide.rounded(.up))
        var requests = [ImageRequest(index: currentIndex, pixelSize: currentSide)]
        for distance in [1, -1, 2, -2] {
            let index = currentIndex + distance
            if index >= 0 && index < photoCount { requests.append(ImageRequest(index: index, pixelSize: screen)) }
        }
        requestImages(requests)
    }

    func requestImages(_ requests: [ImageRequest]) {
        guard requests != requested else { return }
        requested = requests
        source?.requestImages(requests)
    }
}
