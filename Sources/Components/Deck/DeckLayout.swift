// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import ViewTree

/// Where each card of the deck lies: a pure function of its depth (0 = the front card),
/// the horizontal drag, and how many cards the deck shows.
///
/// The card at depth i is moved up 7·i, narrowed to 1 − 0.08·i of its width and faded to
/// 1 − 0.2·i. A drag by d moves it by (1 − i/n)·d and turns it about z by
/// (1 − i/n)·(d / throw distance)·15°, so the front card follows the pointer and the ones
/// behind follow less and less.
public struct DeckLayout: Sendable, Equatable {
    public static let cornerRadius = 10.0
    public static let liftPerDepth = 7.0
    public static let narrowingPerDepth = 0.08
    public static let fadePerDepth = 0.2
    /// The perspective a card flips under: m34 = −1/1000 for the card of an 800×600 view
    /// (760 wide), the eye moving back as the card grows so a large window's card turns
    /// with the same depth rather than swinging out of the window.
    public static let eyeDistance = 1000.0
    public static let referenceCardWidth = 760.0

    public static func eyeDistance(forCardWidth width: Double) -> Double {
        eyeDistance * max(width, 1) / referenceCardWidth
    }
    public static let visibleCards = 5
    /// The turn of the front card dragged by one throw distance.
    public static let tiltAtThrowDistance = 15 * Double.pi / 180
    /// Dragged this far (a fraction of the card's width), a card is thrown when let go.
    public static let throwDistanceFraction = 0.35
    /// The card rectangle's inset at 800×600, scaled with the view.
    public static let referenceInset = (horizontal: 20.0, vertical: 100.0)

    public var viewSize: Size

    public init(viewSize: Size) { self.viewSize = viewSize }

    /// The front card at rest.
    public var cardRect: Rect {
        let dx = Self.referenceInset.horizontal * viewSize.width / 800
        let dy = Self.referenceInset.vertical * viewSize.height / 600
        return Rect(x: dx, y: dy, width: max(viewSize.width - 2 * dx, 1), height: max(viewSize.height - 2 * dy, 1))
    }

    public var throwDistance: Double { cardRect.width * Self.throwDistanceFraction }

    /// How many cards a deck of `photoCount` photos shows.
    public static func cardCount(photoCount: Int) -> Int { min(photoCount, visibleCards) }

    /// The card at `depth` with the deck dragged by `drag` points, `cards` cards shown.
    public func pose(depth: Int, drag: Double, cards: Int) -> Pose {
        let rect = cardRect
        let follow = 1 - Double(depth) / Double(max(cards, 1))
        let angle = follow * (drag / throwDistance) * Self.tiltAtThrowDistance
        let narrowed = 1 - Self.narrowingPerDepth * Double(depth)
        let transform = Transform3D.scale(x: narrowed, y: 1).concatenating(.rotation(radians: angle, x: 0, y: 0, z: 1))
        return Pose(center: Point(x: rect.midX + follow * drag, y: rect.midY - Self.liftPerDepth * Double(depth)),
                    size: rect.size, transform: transform, opacity: max(1 - Self.fadePerDepth * Double(depth), 0),
                    zIndex: -Double(depth))
    }
}
