// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import ViewTree

/// Text on several lines: wrapped to a width, at most `maximumLines` lines, the last one
/// ending in an ellipsis when the text goes on. Each line is a rendered label; the view
/// sizes itself to them (`sizeToFit`). Left-aligned.
public final class TextView: View {
    public var text = "" { didSet { if text != oldValue { needsText = true } } }
    public var pointSize = 14.0 { didSet { if pointSize != oldValue { needsText = true } } }
    public var textColor = Color.white { didSet { if textColor != oldValue { needsText = true } } }
    public var maximumLines = Int.max { didSet { if maximumLines != oldValue { needsText = true } } }
    /// Extra space between lines, in points.
    public var lineSpacing = 2.0

    private var lineViews: [View] = []
    private var needsText = true
    private var laidOutWidth: Double?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The lines as shown.
    public private(set) var lines: [String] = []
    /// Each line's pitch where set (its height, less `lineSpacing`), each line centred in
    /// it: columns of text in different scripts (Latin keys beside Chinese actions) keep
    /// line for line. Nil: each line as tall as it is drawn.
    public var lineHeight: Double? { didSet { if lineHeight != oldValue { placeLines() } } }
    /// The tallest line as drawn (0 with none).
    public private(set) var tallestLine = 0.0
    private var drawn: [Size?] = []

    /// Lays the text out in lines no wider than `maximumWidth` and sizes the view to them
    /// (no font: no lines, zero size).
    public func sizeToFit(maximumWidth: Double, labels: LabelRenderer?) {
        guard needsText || laidOutWidth != maximumWidth else { return }
        needsText = false
        laidOutWidth = maximumWidth
        let size = pointSize
        lines = labels.map { labels in
            TextLayout.lines(of: text, maximumWidth: maximumWidth, maximumLines: maximumLines) { labels.width(of: $0, pointSize: size) ?? 0 }
        } ?? []
        for view in lineViews { view.removeFromSuperview() }
        lineViews = []
        drawn = []
        for (index, line) in lines.enumerated() {
            let lineView = View()
            lineView.name = "\(name ?? "text") line \(index)"
            let rendered = line.isEmpty ? nil : labels?.label(line, pointSize: size, color: textColor)
            lineView.content = rendered?.content
            drawn.append(rendered?.size)
            addSubview(lineView)
            lineViews.append(lineView)
        }
        tallestLine = drawn.compactMap { $0?.height }.max() ?? 0
        placeLines()
    }

    private func placeLines() {
        // A blank line as tall as the written ones: two columns whose blank lines fall in
        // different places (the help's keys beside their wrapped actions) stay line for line.
        let blankHeight = lineHeight ?? drawn.lazy.compactMap { $0?.height }.first ?? pointSize * 1.2
        var y = 0.0, width = 0.0
        for (lineView, size) in zip(lineViews, drawn) {
            let pitch = lineHeight ?? size?.height ?? blankHeight
            if let size {
                lineView.frame = Rect(origin: Point(x: 0, y: (y + (pitch - size.height) / 2).rounded()), size: size)
                width = max(width, size.width)
            }
            y += pitch + lineSpacing
        }
        bounds = Rect(origin: .zero, size: Size(width: width, height: lineViews.isEmpty ? 0 : y - lineSpacing))
    }
}
