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
}
