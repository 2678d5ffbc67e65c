// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import Localization
import Marks
import ViewTree

/// A day's heading over its photos in the grid's timeline ("Today", "Saturday 12 July
/// 2025"), on a band of the grid's own colour so the photos pass under it while it is held
/// at the top.
public final class DayHeader: View {
    public static let textSize = 15.0
    /// The tick before the title that chooses the whole day (its room, with its gap).
    static let tickRoom = 24.0
    /// The title's space from its band's start (4 pt and the tick) and from what floats at
    /// its end.
    static let titleGap = 4.0 + tickRoom + 12.0
    static let tickColor = Color(white: 0.55)
    static let chosenTickColor = Color(red: 0.45, green: 0.65, blue: 1)
    static let textColor = Color(white: 0.92)
    static let bandColor = Color(white: 0.07, alpha: 0.94)
    private let label = View()
    private let tick = View()
    private(set) var title = ""
    /// Whether every photo of the day is chosen (the tick is ticked).
    private(set) var isChosen: Bool?

    init() {
        super.init()
        backgroundColor = Self.bandColor
        isUserInteractionEnabled = false
        label.isUserInteractionEnabled = false
        addSubview(label)
        tick.isUserInteractionEnabled = false
        addSubview(tick)
    }

    /// Where a click chooses the day (the header's coordinates).
    func tickArea(inset: Double) -> Rect { Rect(x: inset, y: 0, width: 4 + Self.tickRoom, height: bounds.height) }

    func show(_ title: String, labels: LabelRenderer?, inset: Double, chosen: Bool) {
        name = "day header \(title)"
        label.name = "day header \(title) label"
        tick.name = "day tick \(title)" + (chosen ? " chosen" : "")
        // TRANSLATORS: the tick before a day's title: a circle, ticked while the day is chosen.
        if chosen != isChosen, let rendered = labels?.label(chosen ? "✓" : "○", pointSize: Self.textSize,
                                                            color: chosen ? Self.chosenTickColor : Self.tickColor) {
            isChosen = chosen
            tick.content = rendered.content
            tick.bounds = Rect(origin: .zero, size: rendered.size)
        }
        tick.frame = Rect(origin: Point(x: (inset + 4 + (Self.tickRoom - tick.bounds.width) / 2).rounded(),
                                        y: ((bounds.height - tick.bounds.height) / 2).rounded()), size: tick.bounds.size)
        if title != self.title, let rendered = labels?.label(title, pointSize: Self.textSize, color: Self.textColor) {
            self.title = title
            label.content = rendered.content
            label.bounds = Rect(origin: .zero, size: rendered.size)
        }
        label.frame = Rect(origin: Point(x: (inset + 4 + Self.tickRoom).rounded(), y: ((bounds.height - label.bounds.height) / 2).rounded()),
                           size: label.bounds.size)
    }

    /// What a day is called: "Today", "Yesterday", else the day written out in the user's way
    /// (always so where what day it is was not said).
    static func title(of day: CalendarDay, today: CalendarDay?) -> String {
        if day == today { return localized("Today") }
        if let today, day == today.dayBefore { return localized("Yesterday") }
        return Language.longDay(year: day.year, month: day.month, day: day.day)
    }

    /// The title that fits `width` as `measure` measures it: the long form, else the short
    /// one ("Sat 12 Jul 2025"), else that cut short with "…".
    static func title(of day: CalendarDay, today: CalendarDay?, fitting width: Double, measure: (String) -> Double) -> String {
        let long = title(of: day, today: today)
        guard measure(long) > width else { return long }
        let named = day == today || today.map { day == $0.dayBefore } == true
        let short = named ? long : Language.shortDay(year: day.year, month: day.month, day: day.day)
        return TextLayout.truncated(short, toFit: width, measure: measure)
    }
}

extension CalendarDay {
    var dayBefore: CalendarDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              let before = calendar.date(byAdding: .day, value: -1, to: date) else { return self }
        let parts = calendar.dateComponents([.year, .month, .day], from: before)
        return CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)
    }
}
