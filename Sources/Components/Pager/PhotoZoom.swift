// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where a photo sits in a full-screen page as it is zoomed and panned. Pure, so it tests
/// alone: a zoomed photo is just a larger rectangle around the page.
public enum PhotoZoom {
    /// The thinnest a photo is drawn, in points: a 16×40000 strip fitted to a window would be
    /// a fraction of a point wide, and show nothing at all.
    public static let thinnestSide = 8.0

    /// True when a fit of `size` no longer has the image's shape: it was kept at least
    /// `thinnestSide` across.
    public static func isWidened(_ imageSize: Size, to size: Size) -> Bool {
        guard !imageSize.isEmpty, !size.isEmpty else { return false }
        let stretch = (size.width / size.height) / (imageSize.width / imageSize.height)
        return stretch > 1.01 || stretch < 1 / 1.01
    }

    /// The photo's rectangle at "fit": as large as the page allows, centred.
    public static func fitted(imageSize: Size, in page: Size) -> Rect {
        Rect.aspectFit(imageSize, in: Rect(origin: .zero, size: page), minimumSide: thinnestSide)
    }

    /// `frame` scaled by `factor` about `anchor` (which stays put), with the scale relative
    /// to `fitted` kept within `1...maximumScale`, then kept on the page.
    public static func zoomed(_ frame: Rect, by factor: Double, about anchor: Point, fitted: Rect, maximumScale: Double, page: Size) -> Rect {
        let scale = frame.width / fitted.width
        let newScale = min(max(scale * factor, 1), maximumScale)
        let applied = newScale / scale
        let origin = Point(x: anchor.x + (frame.minX - anchor.x) * applied, y: anchor.y + (frame.minY - anchor.y) * applied)
        return clamped(Rect(origin: origin, size: Size(width: frame.width * applied, height: frame.height * applied)), in: page)
    }

    /// The nearest rectangle to `frame` that shows as much photo as it can: along each axis
    /// a photo larger than the page covers it edge to edge, a smaller one is centred.
    public static func clamped(_ frame: Rect, in page: Size) -> Rect {
        Rect(x: clampedOrigin(frame.minX, length: frame.width, pageLength: page.width),
             y: clampedOrigin(frame.minY, length: frame.height, pageLength: page.height),
             width: frame.width, height: frame.height)
    }

    /// The range the photo's origin may take along one axis.
    public static func originRange(length: Double, pageLength: Double) -> ClosedRange<Double> {
        length <= pageLength ? (pageLength - length) / 2...(pageLength - length) / 2 : pageLength - length...0
    }

    private static func clampedOrigin(_ origin: Double, length: Double, pageLength: Double) -> Double {
        let range = originRange(length: length, pageLength: pageLength)
        return min(max(origin, range.lowerBound), range.upperBound)
    }
}
