// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func close(_ a: Point?, _ b: Point, within tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return close(a.x, b.x, within: tolerance) && close(a.y, b.y, within: tolerance)
}

func close(_ a: Rect, _ b: Rect, within tolerance: Double = 1e-9) -> Bool {
    close(a.minX, b.minX, within: tolerance) && close(a.minY, b.minY, within: tolerance)
        && close(a.width, b.width, within: tolerance) && close(a.height, b.height, within: tolerance)
}

func close(_ a: Transform3D, _ b: Transform3D, within tolerance: Double = 1e-9) -> Bool {
    (0..<16).allSatisfy { close(a.storage[$0], b.storage[$0], within: tolerance) }
}
