// SPDX-License-Identifier: GPL-3.0-or-later
/// A timing curve that maps elapsed fraction of a duration to fraction of progress:
/// a cubic Bézier from (0, 0) to (1, 1) with two control points, as in CSS and Core Animation.
public struct TimingCurve: Hashable, Sendable {
    public var control1: (x: Double, y: Double)
    public var control2: (x: Double, y: Double)

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        control1 = (min(max(x1, 0), 1), y1)
        control2 = (min(max(x2, 0), 1), y2)
    }

    public static let linear = TimingCurve(0, 0, 1, 1)
    /// Starts slowly, ends at full speed: for things leaving the screen.
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// Starts at full speed, lands gently: for things arriving.
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    public static func == (lhs: TimingCurve, rhs: TimingCurve) -> Bool {
        lhs.control1 == rhs.control1 && lhs.control2 == rhs.control2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(control1.x); hasher.combine(control1.y)
        hasher.combine(control2.x); hasher.combine(control2.y)
    }

    /// Progress at `fraction` of the duration (clamped to 0...1).
    public func progress(at fraction: Double) -> Double {
        let x = min(max(fraction, 0), 1)
        if x == 0 || x == 1 { return x }
        return sampleY(parameter(forX: x))
    }

    /// d(progress)/d(fraction) at `fraction`: the curve's slope, so a duration-based animation
    /// can hand its velocity to a spring that interrupts it.
    public func slope(at fraction: Double) -> Double {
        let x = min(max(fraction, 0), 1)
        // At the very ends both derivatives can vanish (a control point on an end point):
        // step just inside, where their ratio is the tangent's slope.
        let s = min(max(parameter(forX: x), 1e-6), 1 - 1e-6)
        let dx = derivative(s, control1.x, control2.x)
        return dx.magnitude < 1e-9 ? 0 : derivative(s, control1.y, control2.y) / dx
    }

    // The Bézier in one coordinate with end points 0 and 1: B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    private func sampleY(_ s: Double) -> Double { bezier(s, control1.y, control2.y) }

    /// Solves B_x(s) = x: Newton's method, falling back to bisection where the slope vanishes.
    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = bezier(s, control1.x, control2.x) - x
            if error.magnitude < 1e-10 { return s }
            let d = derivative(s, control1.x, control2.x)
            if d.magnitude < 1e-7 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = bezier(s, control1.x, control2.x)
            if (value - x).magnitude < 1e-10 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
