// SPDX-License-Identifier: GPL-3.0-or-later
/// An axis-aligned rectangle: an origin (its minimum corner) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle of `size` whose centre is `center`.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The smallest rectangle holding every point (empty at the origin for no points).
    public init(boundingPoints points: some Sequence<Point>) {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); minY = min(minY, p.y)
            maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        if minX > maxX { self = .zero; return }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { size.isEmpty }

    /// Corners in order top-left, top-right, bottom-right, bottom-left (y grows downward).
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// Half-open containment: the maximum edges are outside, so adjacent rects never share a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
    }

    /// The overlap, or nil when the two do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return Rect(boundingPoints: [origin, Point(x: maxX, y: maxY), other.origin, Point(x: other.maxX, y: other.maxY)])
    }

    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        inset(by: EdgeInsets(horizontal: dx, vertical: dy))
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    public func offset(by delta: Point) -> Rect { offsetBy(dx: delta.x, dy: delta.y) }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
