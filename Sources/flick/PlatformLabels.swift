// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Platform
import ViewTree

/// The platform's text as components want it.
final class PlatformLabels: LabelRenderer {
    let text: TextRenderer

    init(text: TextRenderer) { self.text = text }

    func label(_ string: String, pointSize: Double, color: Color) -> (content: ImageContent, size: Size)? {
        guard let content = text.label(string, pointSize: pointSize, color: color) else { return nil }
        return (content, text.pointSize(of: content))
    }

    func width(of string: String, pointSize: Double) -> Double? {
        text.width(of: string, pointSize: pointSize)
    }
}
