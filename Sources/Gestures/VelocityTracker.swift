// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

/// Estimates pointer velocity from recent samples: a least-squares quadratic fit over the
/// last `window` of motion, evaluated at the newest sample (Flutter's VelocityTracker does
/// the same). Two-sample differences are noise; a fit is steady at any event rate and exact
/// for constant speed and constant acceleration.
public struct VelocityTracker: Sendable {
    /// How far back samples count. Longer = smoother, slower to follow a change of speed.
    public static let window: Seconds = 0.1
    /// A pointer that has not moved for this long is at rest: its velocity is zero.
    public static let stillnessTimeout: Seconds = 0.04

    /// Samples closer in time than this count as one (the newest). Below the 1 ms of the X
    /// server's stamps; far above the microseconds between events read in one poll.
    public static let minimumSpacing: Seconds = 0.0005

    private var samples: [(time: Seconds, location: Point)] = []

    public init() {}

    public mutating func reset() { samples.removeAll() }

    public mutating func add(_ location: Point, at time: Seconds) {
        if let last = samples.last {
            if time < last.time { return }
            // Samples closer than this are one: a burst stamped with one server millisecond,
            // or a backlog stamped on receipt (no server time), read in one go microseconds
            // apart. Kept apart they would read as a burst of speed.
            if time - last.time < Self.minimumSpacing { samples[samples.count - 1] = (time, location); return }
            if location == last.location { return }
        }
        samples.append((time, location))
        if let newest = samples.last?.time, let first = samples.first, newest - first.time > 2 * Self.window {
            samples.removeAll { newest - $0.time > Self.window }
        }
    }

    /// The velocity in points per second as of `now`.
    public func velocity(at now: Seconds) -> Point {
        guard let newest = samples.last, now - newest.time <= Self.stillnessTimeout else { return .zero }
        let recent = samples.filter { newest.time - $0.time <= Self.window }
        guard recent.count >= 2 else { return .zero }
        let times = recent.map { $0.time - newest.time }
        let degree = recent.count >= 3 ? 2 : 1
        guard let vx = Self.slopeAtZero(times: times, values: recent.map(\.location.x), degree: degree),
              let vy = Self.slopeAtZero(times: times, values: recent.map(\.location.y), degree: degree) else {
            return .zero
        }
        return Point(x: vx, y: vy)
    }

    /// The first-order coefficient of the least-squares polynomial through (t, v): the
    /// derivative at t = 0. Solves the normal equations by Gaussian elimination; nil when
    /// the samples cannot determine it (all at one time).
    static func slopeAtZero(times: [Double], values: [Double], degree: Int) -> Double? {
        let n = degree + 1
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for (t, v) in zip(times, values) {
            var powers = [Double](repeating: 1, count: 2 * n - 1)
            for k in 1..<powers.count { powers[k] = powers[k - 1] * t }
            for row in 0..<n {
                for column in 0..<n { matrix[row][column] += powers[row + column] }
                matrix[row][n] += powers[row] * v
            }
        }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(matrix[$0][column]) < abs(matrix[$1][column]) }),
                  abs(matrix[pivot][column]) > 1e-18 else {
                return degree > 1 ? slopeAtZero(times: times, values: values, degree: degree - 1) : nil
            }
            matrix.swapAt(column, pivot)
            for row in 0..<n where row != column {
                let factor = matrix[row][column] / matrix[column][column]
                for k in column...n { matrix[row][k] -= factor * matrix[column][k] }
            }
        }
        return matrix[1][n] / matrix[1][1]
    }
}
