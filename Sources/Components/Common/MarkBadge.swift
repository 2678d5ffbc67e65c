// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Localization
import Marks
import ViewTree

/// A photo's marks, small, in a corner of its picture: a pick's tick or a reject's cross,
/// the stars, the colour label's dot, on a pill. Nothing at all for a photo without marks,
/// so an unmarked album looks as it always did.
final class MarkBadge: View {
    static let pointSize = 12.0
    static let pill = PillStyle(color: Color(white: 0, alpha: 0.6), cornerRadius: 5,
                                padding: EdgeInsets(top: 2, left: 5, bottom: 2, right: 5))
    /// From the picture's corner.
    static let inset = 5.0
    static let gap = 4.0
    static let dotSize = 9.0
    static let starColor = Color(red: 1, green: 0.82, blue: 0.28)
    static let pickColor = Color(red: 0.45, green: 0.86, blue: 0.45)
    static let rejectColor = Color(red: 1, green: 0.42, blue: 0.38)
    /// A rejected photo is dimmed this much, as in Lightroom's grid.
    static let rejectDimming = Color(white: 0, alpha: 0.55)

    static let pairColor = Color(white: 0.85)
    static let pairPointSize = 10.0

    private let flagView = View()
    private let starsView = View()
    private let dot = View()
    private let pairView = View()
    private(set) var marks = PhotoMarks.none
    /// "RAW+JPEG" for a camera's pair.
    private(set) var pair: String?
    private var rendered: (marks: PhotoMarks, pair: String?, hasFont: Bool)?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        name = "marks"
        isUserInteractionEnabled = false
        Self.pill.apply(to: self)
        dot.cornerRadius = Self.dotSize / 2
        flagView.name = "marks flag"
        starsView.name = "marks stars"
        pairView.name = "marks pair"
        for part in [flagView, starsView, dot, pairView] { addSubview(part) }
        isHidden = true
    }

    /// The tick or cross shown for a flag.
    static func flagGlyph(_ flag: PhotoMarks.Flag) -> String? {
        switch flag {
        case .none: nil
        case .pick: "✓"
        case .reject: "✕"
        }
    }

    /// "★★★" for three stars.
    static func stars(_ rating: Int) -> String { String(repeating: "★", count: rating) }

    /// Shows `marks` (and `pair`, "RAW+JPEG"), sized to them; hidden when there is nothing
    /// to show.
    func show(_ marks: PhotoMarks, pair: String? = nil, labels: LabelRenderer?) {
        guard rendered?.marks != marks || rendered?.pair != pair || rendered?.hasFont != (labels != nil) else { return }
        rendered = (marks, pair, labels != nil)
        self.marks = marks
        self.pair = pair
        name = "marks \(([Self.describe(marks)] + [pair?.lowercased()].compactMap { $0 }).filter { !$0.isEmpty }.joined(separator: " "))"
        isHidden = marks.isEmpty && pair == nil
        guard !isHidden else { return }
        let padding = Self.pill.padding
        var x = padding.left
        var height = Self.dotSize
        var parts: [(View, Size)] = []
        for (view, text, color) in [(flagView, Self.flagGlyph(marks.flag), marks.flag == .pick ? Self.pickColor : Self.rejectColor),
                                    (starsView, marks.rating > 0 ? Self.stars(marks.rating) : nil, Self.starColor)] {
            guard let text, let label = labels?.label(text, pointSize: Self.pointSize, color: color) else {
                view.content = nil
                view.isHidden = true
                continue
            }
            view.content = label.content
            view.isHidden = false
            parts.append((view, label.size))
            height = max(height, label.size.height)
        }
        if let label = marks.label {
            let rgb = label.rgb
            dot.backgroundColor = Color(red: rgb.red, green: rgb.green, blue: rgb.blue)
            dot.name = "marks label \(label.xmpName.lowercased())"
            dot.isHidden = false
            parts.append((dot, Size(width: Self.dotSize, height: Self.dotSize)))
        } else {
            dot.isHidden = true
        }
        if let pair, let label = labels?.label(pair, pointSize: Self.pairPointSize, color: Self.pairColor) {
            pairView.content = label.content
            pairView.isHidden = false
            parts.append((pairView, label.size))
            height = max(height, label.size.height)
        } else {
            pairView.content = nil
            pairView.isHidden = true
        }
        for (index, (view, size)) in parts.enumerated() {
            if index > 0 { x += Self.gap }
            view.frame = Rect(x: x, y: padding.top + (height - size.height) / 2, width: size.width, height: size.height)
            x += size.width
        }
        bounds = Rect(x: 0, y: 0, width: x + padding.right, height: height + padding.top + padding.bottom)
    }

    /// In the bottom-left corner of `rect`.
    func place(inBottomLeftOf rect: Rect) {
        frame = Rect(x: rect.minX + Self.inset, y: rect.maxY - Self.inset - bounds.height, width: bounds.width, height: bounds.height)
    }

    /// The marks as a line of the photo's facts (the deck's card back): "Pick · ★★★ ·
    /// Red label"; nil without marks.
    static func factsLine(_ marks: PhotoMarks) -> String? {
        var parts: [String] = []
        switch marks.flag {
        case .none: break
        case .pick: parts.append("✓ " + localized("Pick"))
        case .reject: parts.append("✕ " + localized("Rejected"))
        }
        if marks.rating > 0 { parts.append(stars(marks.rating)) }
        if let label = marks.label { parts.append(PhotoFilter.label(label).title) }

        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The marks in words, for view names (tests read them) and the pager's caption.
    static func describe(_ marks: PhotoMarks) -> String {
        var words: [String] = []
        if marks.flag == .pick { words.append("pick") }
        if marks.flag == .reject { words.append("reject") }
        if marks.rating > 0 { words.append("\(marks.rating)★") }
        if let label = marks.label { words.append(label.xmpName.lowercased()) }
        return words.joined(separator: " ")
    }
}
