// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import ViewTree

/// The look and layout a toast and a question share: a message of up to two lines on a
/// dark pill, its buttons after it, centred near the bottom of the area it floats over.
public struct MessagePill {
    public static let style = PillStyle(color: Color(white: 0.12, alpha: 0.92), cornerRadius: 8, padding: EdgeInsets(horizontal: 16, vertical: 10))
    public static let pointSize = 14.0
    /// Between the message and a button, and between buttons.
    public static let spacing = 16.0

    public let text = TextView()

    /// The message's text view is named `name text`.
    public init(name: String) {
        text.name = "\(name) text"
        text.pointSize = Self.pointSize
        text.maximumLines = 2
    }

    /// Gives `host` the pill's look and the message.
    public func attach(to host: View) {
        Self.style.apply(to: host)
        host.addSubview(text)
    }

    /// Sizes `host` around the message and `buttons` (already its subviews) and puts it
    /// `bottomMargin` above the bottom of `area`, centred. The buttons sit after the message
    /// while it fits beside them in two lines; a longer one (a long language, a small
    /// window) gets the whole width and the buttons go under it, at the right.
    public func place(_ host: View, buttons: [LabelButton], in area: Rect, bottomMargin: Double, labels: LabelRenderer?) {
        let padding = Self.style.padding
        for button in buttons { button.update(labels: labels) }
        let buttonsWidth = buttons.reduce(0) { $0 + $1.bounds.width + Self.spacing }
        let buttonsHeight = buttons.map(\.bounds.height).max() ?? 0
        let beside = max(area.width * 0.8 - padding.horizontal - buttonsWidth, 40)
        let natural = labels?.width(of: text.text, pointSize: Self.pointSize) ?? 0
        let stacked = !buttons.isEmpty && natural > 2 * beside * 0.9
        if stacked {
            text.maximumLines = 3
            text.sizeToFit(maximumWidth: max(area.width * 0.9 - padding.horizontal, 40), labels: labels)
            let rowWidth = buttonsWidth - Self.spacing
            let width = max(text.bounds.width, rowWidth)
            host.bounds = Rect(origin: .zero, size: Size(width: width + padding.horizontal,
                                                         height: text.bounds.height + Self.spacing / 2 + buttonsHeight + padding.vertical))
            text.frame = Rect(origin: Point(x: padding.left, y: padding.top), size: text.bounds.size)
            var x = padding.left + width - rowWidth
            for button in buttons {
                button.frame = Rect(origin: Point(x: x, y: text.frame.maxY + Self.spacing / 2), size: button.bounds.size)
                x += button.bounds.width + Self.spacing
            }
        } else {
            text.maximumLines = 2
            text.sizeToFit(maximumWidth: beside, labels: labels)
            let height = max(text.bounds.height, buttonsHeight)
            host.bounds = Rect(origin: .zero, size: Size(width: text.bounds.width + buttonsWidth + padding.horizontal, height: height + padding.vertical))
            text.frame = Rect(origin: Point(x: padding.left, y: padding.top + (height - text.bounds.height) / 2), size: text.bounds.size)
            var x = padding.left + text.bounds.width
            for button in buttons {
                x += Self.spacing
                button.frame = Rect(origin: Point(x: x, y: padding.top + (height - button.bounds.height) / 2), size: button.bounds.size)
                x += button.bounds.width
            }
        }
        host.center = Point(x: area.midX.rounded(), y: (area.maxY - bottomMargin - host.bounds.height / 2).rounded())
    }
}
