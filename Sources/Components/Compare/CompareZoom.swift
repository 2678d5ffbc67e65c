// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The one zoom Compare's candidates share: each photo fitted in its pane, or every photo at
/// the same number of device pixels per image pixel (1: 100 %), the same point of each image
/// (as a fraction of it) at the same place in each pane. A pure value: it tests alone.
///
/// Kept with its image point at the pane's centre (`focus`), re-derived from the clamped
/// rectangle after each change, so a pan pushed against an edge has nothing to take back.
public struct CompareZoom: Equatable, Sendable {
    /// Device pixels per image pixel; nil while every photo is fitted.
    public private(set) var scale: Double?
    /// The image point at the pane's centre, as a fraction of the image (0…1 each way).
    public private(set) var focus: Point

    public static let fit = CompareZoom(scale: nil, focus: Point(x: 0.5, y: 0.5))

    /// Larger than 100 % by at most this: a photographer checks focus at 100 %, sometimes 200 %.
    public static let maximumScale = 4.0

    public var isFitted: Bool { scale == nil }

    /// The photo's rectangle in a pane of `pane` points, for an image of `imagePixels`, with
    /// `pixelScale` device pixels per point; kept on the pane as the pager keeps its photo.
    public func frame(imagePixels: Size, pane: Size, pixelScale: Double) -> Rect {
        guard let scale, !imagePixels.isEmpty else { return PhotoZoom.fitted(imageSize: imagePixels, in: pane) }
        let size = imagePixels * (scale / pixelScale)
        let origin = Point(x: pane.width / 2 - focus.x * size.width, y: pane.height / 2 - focus.y * size.height)
        return PhotoZoom.clamped(Rect(origin: origin, size: size), in: pane)
    }

    /// Fit ↔ 100 % at `point` (in the pane's coordinates), for the pane that shows the photo
    /// at `shown`: at 100 % the image point under the pointer stays under it, in every pane.
    public func toggled(at point: Point, pane: Size, shown: Rect, imagePixels: Size, pixelScale: Double) -> CompareZoom {
        isFitted ? zoomed(to: 1, at: point, pane: pane, shown: shown, imagePixels: imagePixels, pixelScale: pixelScale) : .fit
    }

    /// Zoomed by `factor` about `point`; back to fit at or below the fitted scale.
    public func zoomed(by factor: Double, at point: Point, pane: Size, shown: Rect, imagePixels: Size, pixelScale: Double) -> CompareZoom {
        let current = scale ?? Self.fittedScale(imagePixels: imagePixels, pane: pane, pixelScale: pixelScale)
        return zoomed(to: current * factor, at: point, pane: pane, shown: shown, imagePixels: imagePixels, pixelScale: pixelScale)
    }

    /// At `newScale` device pixels per image pixel, the image point under `point` kept there.
    public func zoomed(to newScale: Double, at point: Point, pane: Size, shown: Rect, imagePixels: Size, pixelScale: Double) -> CompareZoom {
        guard !imagePixels.isEmpty, shown.width > 0, shown.height > 0 else { return self }
        let fitted = Self.fittedScale(imagePixels: imagePixels, pane: pane, pixelScale: pixelScale)
        let clampedScale = min(newScale, Self.maximumScale)
        guard clampedScale > fitted * 1.0001 else { return .fit }
        let under = Point(x: ((point.x - shown.minX) / shown.width).clamped(to: 0...1), y: ((point.y - shown.minY) / shown.height).clamped(to: 0...1))
        let size = imagePixels * (clampedScale / pixelScale)
        let origin = Point(x: point.x - under.x * size.width, y: point.y - under.y * size.height)
        return Self.centred(on: Rect(origin: origin, size: size), scale: clampedScale, pane: pane)
    }

    /// Moved by `delta` points, every pane alike.
    public func panned(by delta: Point, pane: Size, imagePixels: Size, pixelScale: Double) -> CompareZoom {
        guard let scale else { return self }
        let shown = frame(imagePixels: imagePixels, pane: pane, pixelScale: pixelScale)
        return Self.centred(on: shown.offsetBy(dx: delta.x, dy: delta.y), scale: scale, pane: pane)
    }

    /// The device pixels per image pixel of a photo fitted in `pane`.
    public static func fittedScale(imagePixels: Size, pane: Size, pixelScale: Double) -> Double {
        guard !imagePixels.isEmpty else { return 1 }
        return PhotoZoom.fitted(imageSize: imagePixels, in: pane).width * pixelScale / imagePixels.width
    }

    /// The zoom whose frame is `rect` once kept on the pane.
    private static func centred(on rect: Rect, scale: Double, pane: Size) -> CompareZoom {
        let kept = PhotoZoom.clamped(rect, in: pane)
        return CompareZoom(scale: scale, focus: Point(x: (pane.width / 2 - kept.minX) / kept.width, y: (pane.height / 2 - kept.minY) / kept.height))
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
