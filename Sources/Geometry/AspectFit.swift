// SPDX-License-Identifier: GPL-3.0-or-later
extension Rect {
    /// The largest rectangle of `contentSize`'s aspect ratio that fits inside `bounds`, centred.
    /// Used for a whole photo shown in a window: nothing is cropped, bars may show. Neither
    /// side is thinner than `minimumSide` (within the bounds), so a picture far thinner than
    /// the window still shows as a strip; that strip no longer has the picture's shape.
    public static func aspectFit(_ contentSize: Size, in bounds: Rect, minimumSide: Double = 0) -> Rect {
        guard !contentSize.isEmpty else { return Rect(center: bounds.center, size: .zero) }
        let scale = min(bounds.width / contentSize.width, bounds.height / contentSize.height)
        let fitted = contentSize * scale
        return Rect(center: bounds.center, size: Size(width: max(fitted.width, min(minimumSide, bounds.width)),
                                                      height: max(fitted.height, min(minimumSide, bounds.height))))
    }

    /// The smallest rectangle of `contentSize`'s aspect ratio that covers `bounds`, centred.
    /// Used for square thumbnails: no bars, the overflow is cropped.
    public static func aspectFill(_ contentSize: Size, in bounds: Rect) -> Rect {
        guard !contentSize.isEmpty else { return Rect(center: bounds.center, size: .zero) }
        let scale = max(bounds.width / contentSize.width, bounds.height / contentSize.height)
        return Rect(center: bounds.center, size: contentSize * scale)
    }

    /// The part of an image of `imageSize` (in image pixels) that shows when it aspect-fills
    /// a rectangle of `targetSize`: the centred crop with the target's aspect ratio.
    public static func aspectFillSourceRect(imageSize: Size, targetSize: Size) -> Rect {
        guard !imageSize.isEmpty, !targetSize.isEmpty else { return Rect(origin: .zero, size: imageSize) }
        let imageBounds = Rect(origin: .zero, size: imageSize)
        let scale = min(imageSize.width / targetSize.width, imageSize.height / targetSize.height)
        return Rect(center: imageBounds.center, size: targetSize * scale)
    }
}
