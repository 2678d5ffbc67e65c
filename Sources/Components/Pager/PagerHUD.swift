// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Localization
import Marks
import Motion
import ViewTree

/// The pager's caption: the file name and "12 / 240" with the photo's marks, top left on a
/// dark pill. It shows while the pointer moves and fades out when the pointer has rested
/// a while.
final class PagerHUD: View {
    static let margin = 16.0
    /// The standard pill, a little taller: it holds two lines.
    static let pill = PillStyle(color: PillStyle.standard.color, cornerRadius: PillStyle.standard.cornerRadius,
                                padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12))
    static let lineSpacing = 2.0
    static let nameSize = 15.0
    static let counterSize = 13.0
    static let counterColor = Color(white: 0.75)

    private let nameLabel = View()
    private let counterLabel = View()
    private var shownText: (name: String, counter: String)?
    private let badge = MarkBadge()
    /// Between the counter and the marks.
    static let badgeGap = 8.0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        name = "hud"
        isUserInteractionEnabled = false
        Self.pill.apply(to: self)
        nameLabel.name = "hud name"
        counterLabel.name = "hud counter"
        addSubview(nameLabel)
        addSubview(counterLabel)
        addSubview(badge)
    }

    /// The marks shown.
    var marks: PhotoMarks { badge.marks }

    /// The text shown, for tests and the window title.
    var text: (name: String, counter: String)? { shownText }

    /// Shows `name` (cut in the middle to fit `maximumWidth`, the pill included) and the
    /// position.
    func show(name: String, position: Int, count: Int, marks: PhotoMarks, pair: String?, maximumWidth: Double, labels: LabelRenderer?) {
        let counter = "\(Language.number(position + 1)) / \(Language.number(count))"

        let room = maximumWidth - Self.pill.padding.left - Self.pill.padding.right
        let fitted = labels.map { labels in
            TextLayout.elidedInMiddle(name, toFit: room) { labels.width(of: $0, pointSize: Self.nameSize) ?? 0 }
        } ?? name
        guard shownText?.name != fitted || shownText?.counter != counter || badge.marks != marks || badge.pair != pair else { return }
        badge.show(marks, pair: pair, labels: labels)
        shownText = (fitted, counter)
        let nameRendered = labels?.label(fitted, pointSize: Self.nameSize, color: .white)
        let counterRendered = labels?.label(counter, pointSize: Self.counterSize, color: Self.counterColor)
        nameLabel.content = nameRendered?.content
        counterLabel.content = counterRendered?.content
        let nameSize = nameRendered?.size ?? .zero
        let counterSize = counterRendered?.size ?? .zero
        let padding = Self.pill.padding
        nameLabel.frame = Rect(origin: Point(x: padding.left, y: padding.top), size: nameSize)
        counterLabel.frame = Rect(origin: Point(x: padding.left, y: padding.top + nameSize.height + Self.lineSpacing), size: counterSize)
        let badgeWidth = badge.isHidden ? 0 : Self.badgeGap + badge.bounds.width
        badge.frame = Rect(x: counterLabel.frame.maxX + Self.badgeGap, y: counterLabel.frame.midY - badge.bounds.height / 2,
                           width: badge.bounds.width, height: badge.bounds.height)
        bounds = Rect(origin: .zero, size: Size(width: max(nameSize.width, counterSize.width + badgeWidth) + padding.left + padding.right,
                                                height: nameSize.height + Self.lineSpacing + counterSize.height + padding.top + padding.bottom))
        center = Point(x: Self.margin + bounds.width / 2, y: Self.margin + bounds.height / 2)
        // Nothing to show without a font: no empty pill.
        isHidden = nameRendered == nil
    }
}
