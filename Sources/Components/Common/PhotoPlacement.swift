// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PhotoSources
import Gestures

/// Where a view shows a photo, in window coordinates: the zoom transition flies the photo
/// from here and back. `frame` is the photo's rectangle before `rotation` (radians, about
/// its centre) is applied, so a tilted photo of the stack can be matched exactly.
public struct PhotoPlacement: Equatable, Sendable {
    public var frame: Rect
    public var rotation: Double
    public var cornerRadius: Double

    public init(frame: Rect, rotation: Double = 0, cornerRadius: Double = 0) {
        self.frame = frame
        self.rotation = rotation
        self.cornerRadius = cornerRadius
    }
}
