// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Localization
import Marks

/// Choosing several photos at once, as a file manager does: Ctrl+click one more (or one
/// less), Shift+click or Shift+arrows a run from the last one chosen, Ctrl+A all, Esc none.
extension GridView {
    /// A Ctrl+click (`extending` false) or a Shift+click on photo `index`.
    func choose(_ index: Int, extending: Bool) {
        if extending, let anchor = choiceAnchor ?? selectedIndex {
            if choiceAnchor == nil { startRun(at: anchor) }
            chosen = choiceBase.union(min(anchor, index)...max(anchor, index))
        } else {
            if chosen.contains(index) { chosen.remove(index) } else { chosen.insert(index) }
            startRun(at: index)
        }
        select(index, scroll: false)
    }

    /// Chooses exactly `indices` (the copies a search found, for the user to see and change).
    public func choose(only indices: Set<Int>) {
        chosen = indices.filter { $0 < photoCount }
        choiceAnchor = nil
        choiceBase = []
    }

    /// A run of chosen photos starts at `index`, beside what is chosen now.
    private func startRun(at index: Int) {
        choiceAnchor = index
        choiceBase = chosen.subtracting([index])
    }

    func performChoice(_ action: ViewAction, key: KeyEvent?) -> Bool {
        switch action {
        case .toggleChosen:
            guard let selectedIndex else { return false }
            choose(selectedIndex, extending: false)
        case .chooseAll:
            chosen = Set(0..<photoCount)
        case .clearChoice:
            guard !chosen.isEmpty else { return false }
            chosen = []
            choiceAnchor = nil
            choiceBase = []
        case let .extendChoice(move):
            guard let from = selectedIndex else { return perform(move, key: key) }
            if choiceAnchor == nil || chosen.isEmpty { startRun(at: from) }
            guard perform(move, key: key), let to = selectedIndex, let anchor = choiceAnchor else { return true }
            // The run from where it started to where the keys are now, and what was chosen
            // apart from it.
            chosen = choiceBase.union(min(anchor, to)...max(anchor, to))
        default:
            return false
        }
        return true
    }

    /// Whether every photo of day `section` is chosen.
    func isDayChosen(_ section: Int) -> Bool {
        guard section < timeline.sections.count else { return false }
        let day = timeline.sections[section]
        return day.count > 0 && (day.start..<(day.start + day.count)).allSatisfy(chosen.contains)
    }

    /// A day's tick: all its photos chosen, or none of them if all were.
    func toggleDay(_ section: Int) {
        let day = timeline.sections[section]
        let photos = day.start..<(day.start + day.count)
        if isDayChosen(section) { chosen.subtract(photos) } else { chosen.formUnion(photos) }
        choiceAnchor = nil
    }

    /// The day whose tick `tap` was on.
    func daysTick(at tap: TapGestureRecognizer) -> Int? {
        for (item, cell) in cells where item < 0 {
            guard let header = cell as? DayHeader, !header.isHidden, let point = tap.location(in: header) else { continue }
            if header.tickArea(inset: layout.leadingInset).contains(point) { return -1 - item }
        }
        return nil
    }

    /// Takes `pan` as a band when it started between the photos or with Ctrl or Shift
    /// held (true), choosing what the band touches as it grows and shrinks.
    func drawsBand(_ pan: PanGestureRecognizer) -> Bool {
        guard let point = pan.location(in: self) else { return band != nil }
        switch pan.state {
        case .began:
            let start = Point(x: point.x - pan.translationInWindow.x, y: point.y - pan.translationInWindow.y)
            let adding = pan.modifiers.contains(.control) || pan.modifiers.contains(.shift)
            guard adding || isPastThePhotos(start) else { return false }
            band = (start, adding ? chosen : [])
            fallthrough
        case .changed:
            guard let band else { return false }
            let rect = Rect(x: min(band.start.x, point.x), y: min(band.start.y, point.y),
                            width: abs(point.x - band.start.x), height: abs(point.y - band.start.y))
            bandView.frame = rect
            // On the grid only while it is drawn.
            if bandView.superview !== self { addSubview(bandView) }
            bringSubviewToFront(bandView)
            let touched = timeline.indices(from: rect.minY, to: rect.maxY).filter { index in
                !timeline.isFoldedAway(index) && timeline.frame(of: index).intersection(rect) != nil
            }
            chosen = band.base.union(touched)
            choiceAnchor = nil
            return true
        default:
            guard band != nil else { return false }
            band = nil
            bandView.removeFromSuperview()
            return true
        }
    }

    /// Whether `point` (content coordinates) lies in empty space: after a day's last photo
    /// in its row, or after the album's last. A drag on or between photos, or on a day's
    /// title, scrolls, as on a phone.
    func isPastThePhotos(_ point: Point) -> Bool {
        guard photoCount > 0, point.x < bounds.maxX - Scrubber.grabDepth else { return false }
        let spacing = layout.spacing
        let near = timeline.indices(from: point.y - spacing, to: point.y + spacing)
        if near.contains(where: { timeline.frame(of: $0).insetBy(dx: -spacing, dy: -spacing).contains(point) }) { return false }
        if timeline.hasHeaders {
            let section = timeline.section(at: point.y)
            let header = timeline.pinnedHeaderFrame(of: section, visibleTop: bounds.minY)
            if header.contains(point) || timeline.headerFrame(of: section).contains(point) { return false }
        }
        // Beside a row's photos, or below the last of them.
        let last = timeline.frame(of: timeline.index(ofSlot: timeline.cellCount - 1))
        return point.y > last.maxY + spacing || !near.isEmpty
    }

    // MARK: Days from the scrubber

    /// The day at the top of the timeline.
    var dayAtTop: CalendarDay? {
        timeline.hasHeaders ? timeline.sections[timeline.section(at: bounds.minY)].day : nil
    }

    /// "3 Jun 2019 – 28 Aug 2019": the days a Shift-drag of the thumb goes over.
    func daysTitle(from: CalendarDay) -> String {
        guard let to = dayAtTop else { return "" }
        let (first, last) = (min(from, to), max(from, to))
        return [first, last].map { Language.shortDay(year: $0.year, month: $0.month, day: $0.day) }.joined(separator: " – ")
    }
}
