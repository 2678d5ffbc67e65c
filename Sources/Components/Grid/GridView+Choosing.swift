// SPDX-License-Identifier: GPL-3.0-or-later
import Gestures

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
}
