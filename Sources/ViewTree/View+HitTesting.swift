// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension View {
    /// Views this faint or fainter are treated as invisible to the pointer, as UIKit does.
    public static let hitTestingOpacityThreshold = 0.01

    /// The frontmost visible, interactive view under `point` (in this view's coordinates),
    /// through transforms of any kind; nil when nothing here is under it.
    ///
    /// Subviews are searched front to back; a hidden, near-transparent or non-interactive
    /// view hides its whole subtree; a clipping view only passes points inside its bounds.
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, animatedOpacity.presentation > View.hitTestingOpacityThreshold,
              isDoubleSided || facesViewer(under: homographyToRoot()) else { return nil }
        let inside = self.point(inside: point)
        if clipsToBounds && !inside { return nil }
        for subview in subviews.reversed() {
            guard let local = subview.homographyToSuperview().inverted()?.apply(to: point) else { continue }
            if let hit = subview.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
