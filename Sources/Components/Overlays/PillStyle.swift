// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import ViewTree

/// The one look of Flick's floating controls and captions (the pager's caption, "Show
/// all", toasts): dark and translucent, so they read on any photo without hiding much of it.
public struct PillStyle: Sendable {
    public var color: Color
    public var cornerRadius: Double
    /// Between the pill's edge and what is on it.
    public var padding: EdgeInsets

    public static let standard = PillStyle(color: Color(white: 0, alpha: 0.55), cornerRadius: 6,
                                           padding: EdgeInsets(horizontal: 12, vertical: 6))

    public init(color: Color, cornerRadius: Double, padding: EdgeInsets) {
        self.color = color
        self.cornerRadius = cornerRadius
        self.padding = padding
    }

    /// Gives `view` the pill's colour and corners.
    public func apply(to view: View) {
        view.backgroundColor = color
        view.cornerRadius = cornerRadius
    }
}
