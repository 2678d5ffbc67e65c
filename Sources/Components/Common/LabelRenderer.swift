// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import ViewTree

/// Renders short texts (labels, the HUD) as image content; the platform implements it.
public protocol LabelRenderer: AnyObject {
    /// The text as image content and the size in points to show it at, or nil if no font.
    func label(_ text: String, pointSize: Double, color: Color) -> (content: ImageContent, size: Size)?
    /// How wide `text` would be, in points, or nil if no font.
    func width(of text: String, pointSize: Double) -> Double?
}
