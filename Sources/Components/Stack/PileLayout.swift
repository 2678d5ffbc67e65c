// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import ViewTree

/// Where each photo lies on the pile: a pure function of the view's size, the frame style
/// and the photo (its shape, angle and depth). The top photo lies straight and in front.
struct PileLayout: Equatable {
    var viewSize: Size
    var insets: EdgeInsets
    /// Space kept around the pile, as a fraction of the view's smaller side.
    var marginFraction: Double

    var pileCenter: Point { Point(x: viewSize.width / 2, y: viewSize.height / 2) }

    /// The frame's size for a photo of `aspect`: the photo as large as the view allows with
    /// the margin, plus the border.
    func frameSize(for aspect: Size) -> Size {
        let margin = marginFraction * min(viewSize.width, viewSize.height)
        let room = Size(width: max(viewSize.width - 2 * margin - insets.horizontal, 1),
                        height: max(viewSize.height - 2 * margin - insets.vertical, 1))
        let photo = Rect.aspectFit(aspect, in: Rect(origin: .zero, size: room), minimumSide: PhotoZoom.thinnestSide)
        return Size(width: photo.width + insets.horizontal, height: photo.height + insets.vertical)
    }

    /// A photo turned `degrees` about the view's axis.
    static func tilt(degrees: Int) -> Transform3D {
        .rotation(radians: Double(degrees) * .pi / 180, x: 0, y: 0, z: 1)
    }

    /// The photo `depth` below the top, of shape `aspect`, lying at `degrees`.
    func pose(aspect: Size, degrees: Int, depth: Int, opacity: Double = 1) -> Pose {
        Pose(center: pileCenter, size: frameSize(for: aspect), transform: Self.tilt(degrees: degrees),
             opacity: opacity, zIndex: -Double(depth))
    }
}
