// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry

/// Triangle meshes for what SDL cannot draw with a rectangle copy. Points are in the view's
/// own coordinates; the compositor maps each vertex through the view's homography, so the
/// finer the mesh the closer the affine-per-triangle texturing comes to true perspective.
struct Mesh {
    var points: [Point] = []
    var indices: [Int32] = []

    /// Cells per side for a perspective quad: 16 keeps the error under half a pixel on a
    /// 520-pixel card turned 60° (measured; see ARCHITECTURE.md, Rendering); two triangles would kink by 58 px.
    static let perspectiveSubdivisions = 16
    /// Arc segments per rounded corner.
    static let cornerSegments = 8
    /// Concentric rings from the centre to the edge of a rounded rectangle.
    static let rings = 6

    /// A grid of `cells`×`cells` over `rect`.
    static func grid(_ rect: Rect, cells: Int) -> Mesh {
        var mesh = Mesh()
        let n = max(1, cells)
        for row in 0...n {
            for column in 0...n {
                mesh.points.append(Point(x: rect.minX + rect.width * Double(column) / Double(n),
                                         y: rect.minY + rect.height * Double(row) / Double(n)))
            }
        }
        for row in 0..<n {
            for column in 0..<n {
                let a = Int32(row * (n + 1) + column), b = a + 1, c = a + Int32(n + 1), d = c + 1
                mesh.indices += [a, b, c, b, d, c]
            }
        }
        return mesh
    }

    /// The outline of `rect` with corners rounded by `radius`, clockwise from the top-left
    /// arc, with each straight edge cut into `edgeSegments`. The point count does not depend
    /// on the radius, so two outlines can be stitched into a ring.
    static func roundedOutline(_ rect: Rect, radius: Double, edgeSegments: Int) -> [Point] {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let corners: [(center: Point, startAngle: Double)] = [
            (Point(x: rect.minX + r, y: rect.minY + r), .pi),
            (Point(x: rect.maxX - r, y: rect.minY + r), 1.5 * .pi),
            (Point(x: rect.maxX - r, y: rect.maxY - r), 0),
            (Point(x: rect.minX + r, y: rect.maxY - r), 0.5 * .pi),
        ]
        var outline: [Point] = []
        for (index, corner) in corners.enumerated() {
            for step in 0...cornerSegments {
                let angle = corner.startAngle + Double(step) / Double(cornerSegments) * .pi / 2
                outline.append(Point(x: corner.center.x + r * cos(angle), y: corner.center.y + r * sin(angle)))
            }
            let from = outline[outline.count - 1]
            let nextCorner = corners[(index + 1) % 4]
            let nextAngle = nextCorner.startAngle
            let to = Point(x: nextCorner.center.x + r * cos(nextAngle), y: nextCorner.center.y + r * sin(nextAngle))
            for step in 1..<max(1, edgeSegments) {
                outline.append(from.interpolated(to: to, fraction: Double(step) / Double(edgeSegments)))
            }
        }
        return outline
    }

    /// A rounded rectangle filled by rings around its centre.
    static func roundedRect(_ rect: Rect, radius: Double, edgeSegments: Int) -> Mesh {
        let outline = roundedOutline(rect, radius: radius, edgeSegments: edgeSegments)
        let center = rect.center
        var mesh = Mesh(points: [center])
        for ring in 1...rings {
            let f = Double(ring) / Double(rings)
            mesh.points += outline.map { center + ($0 - center) * f }
        }
        let count = Int32(outline.count)
        for i in 0..<count {
            let next = (i + 1) % count
            mesh.indices += [0, 1 + i, 1 + next]
        }
        for ring in 1..<Int32(rings) {
            let inner = 1 + (ring - 1) * count, outer = 1 + ring * count
            for i in 0..<count {
                let next = (i + 1) % count
                mesh.indices += [inner + i, outer + i, outer + next, inner + i, outer + next, inner + next]
            }
        }
        return mesh
    }

    /// The band between the outline of `rect` and the outline inset by `width`: a border.
    static func roundedRing(_ rect: Rect, radius: Double, width: Double, edgeSegments: Int) -> Mesh {
        let outer = roundedOutline(rect, radius: radius, edgeSegments: edgeSegments)
        let inner = roundedOutline(rect.insetBy(dx: width, dy: width), radius: max(0, radius - width), edgeSegments: edgeSegments)
        var mesh = Mesh(points: outer + inner)
        let count = Int32(outer.count)
        for i in 0..<count {
            let next = (i + 1) % count
            mesh.indices += [i, next, count + i, next, count + next, count + i]
        }
        return mesh
    }
}
