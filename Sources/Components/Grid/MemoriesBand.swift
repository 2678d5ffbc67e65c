// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Localization
import ViewTree

/// "On this day" at the top of the timeline: a pill for each earlier year with photos
/// taken on today's date; a click plays that year's photos as a slideshow. It scrolls with
/// the grid, above the first day.
public final class MemoriesBand: View {
    public static let height = 52.0
    public static let titleSize = 15.0
    public static let gap = 10.0

    private let title = TextView()
    private var pills: [LabelButton] = []
    private(set) var memories: [Memory] = []
    private let context: ComponentContext
    /// A pill was clicked: its year's photos.
    var onPlay: (([Int]) -> Void)?

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "on this day"
        isHidden = true
        title.name = "on this day title"
        title.pointSize = Self.titleSize
        title.textColor = Color(white: 0.85)
        title.text = localized("On this day")
        title.isUserInteractionEnabled = false
        addSubview(title)
    }

    /// Shows `memories` (none: hidden) from `inset` on, within `room` (the controls that
    /// float over the grid's top right are not covered).
    func show(_ memories: [Memory], inset: Double, room: Double) {
        isHidden = memories.isEmpty
        if memories != self.memories {
            self.memories = memories
            for pill in pills { pill.removeFromSuperview() }
            pills = memories.enumerated().map { number, memory in
                let pill = LabelButton(title: memory.title)
                pill.name = "on this day \(memory.year)"
                pill.attach(to: context) { [unowned self] in onPlay?(self.memories[number].photos) }
                addSubview(pill)
                return pill
            }
        }
        title.sizeToFit(maximumWidth: max(bounds.width - 2 * inset, 40), labels: context.labels)
        // Where the day headers start their words.
        title.frame = Rect(origin: Point(x: (inset + 4).rounded(), y: ((bounds.height - title.bounds.height) / 2).rounded()), size: title.bounds.size)
        var x = title.frame.maxX + Self.gap * 1.5
        for pill in pills {
            pill.update(labels: context.labels)
            pill.frame = Rect(origin: Point(x: x, y: ((bounds.height - pill.bounds.height) / 2).rounded()), size: pill.bounds.size)
            // Pills that do not fit the width are not shown half.
            pill.isHidden = pill.frame.maxX > room - inset
            x = pill.frame.maxX + Self.gap
        }
    }
}
