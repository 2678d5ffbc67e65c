// SPDX-License-Identifier: GPL-3.0-or-later
/// A rectangle a picture is fitted into, in pixels: a window, where a square limit would
/// decode a 4:3 photo for a 16:9 screen a third larger than it is shown.
public struct PixelBox: Hashable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The longer side of a `width`×`height` picture fitted into the box, never enlarged.
    public func longestSide(ofFitting width: Int, _ height: Int) -> Int {
        guard width > 0, height > 0 else { return max(self.width, self.height) }
        let scale = min(1, Double(self.width) / Double(width), Double(self.height) / Double(height))
        return max(1, Int((Double(max(width, height)) * scale).rounded()))
    }
}
