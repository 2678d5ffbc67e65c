// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where the culling pager's cards lie (the Slidebox look): the current card in the middle
/// of the card area and the ones after it centred underneath, each 0.1 smaller. A pure
/// function of a card's place and the scroll.
///
/// With ratio = 1 − 0.1·k + offset/10 (k: the card's place after the current one; offset:
/// the scroll past the current page, in pages), a card is scaled by the ratio clamped to
/// 0…1.1, and past 1 it slides left, reaching −(view width/2 + card width/2) at 1.1: one
/// page of drag takes the current card out and brings the next exactly into its place.
public struct CullLayout: Sendable, Equatable {
    /// How much smaller each card is than the one in front.
    public static let stepScale = 0.1
    /// The ratio at which a card has left the view.
    public static let leavingRatio = 1.1
    /// The card behind the current one while nothing is lifted.
    public static let restingScaleBehind = 1 - stepScale
    /// Room around the cards: the counter sits in the bottom margin.
    public static let margins = EdgeInsets(top: 24, left: 48, bottom: 56, right: 48)

    public var viewSize: Size

    public init(viewSize: Size) { self.viewSize = viewSize }

    /// Where a card may be: the view less its margins.
    public var cardArea: Rect {
        let margins = Self.margins
        return Rect(x: margins.left, y: margins.top, width: max(viewSize.width - margins.horizontal, 1),
                    height: max(viewSize.height - margins.vertical, 1))
    }

    /// One page of scroll, in points: as far as a card travels leaving the view, so the
    /// card under the pointer keeps up with it.
    public var pageDistance: Double { (viewSize.width + cardArea.width) / 2 }

    /// A card of a photo shaped `aspect`, at rest in front.
    public func cardSize(for aspect: Size) -> Size {
        Rect.aspectFit(aspect.width > 0 && aspect.height > 0 ? aspect : cardArea.size, in: cardArea,
                       minimumSide: PhotoZoom.thinnestSide).size
    }

    public static func ratio(place k: Int, offset: Double) -> Double {
        1 - stepScale * Double(k) + offset / 10
    }

    /// How a card at `ratio` is scaled and how far it has slid left: at 1.1 by half the view
    /// and half the card as shown then, so it has just left.
    public func placement(ratio: Double, cardWidth: Double) -> (scale: Double, shift: Double) {
        let scale = min(max(ratio, 0), Self.leavingRatio)
        guard ratio > 1 else { return (scale, 0) }
        let out = min((ratio - 1) / (Self.leavingRatio - 1), 1)
        return (scale, -out * (viewSize.width / 2 + scale * cardWidth / 2))
    }

    /// The card behind the current one grows as the current one is lifted by `lift` points.
    public func scaleBehind(lift: Double) -> Double {
        min(Self.restingScaleBehind + abs(lift) / pageDistance / 10, 1)
    }
}
