// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Localization
import ViewTree

/// The ways to look at an album, in the order of their keys (Ctrl+1, Ctrl+2, …) and the
/// switcher's.
/// Each is registered here once: its names and how it is built.
public enum AlbumViewKind: String, CaseIterable, Sendable {
    case grid, stack, deck, cull, compare

    /// What a person calls it (the help's heading).
    public var title: String {
        switch self {
        case .grid: localized("Grid")
        case .stack: localized("Stack")
        case .deck: localized("Card deck")
        case .cull: localized("Culling pager")
        case .compare: localized("Compare")
        }
    }

    /// Its name on the switcher.
    public var shortTitle: String {
        switch self {
        // TRANSLATORS: the views' names on the view switcher: short words.
        case .grid: localized("Grid")
        case .stack: localized("Stack")
        case .deck: localized("Deck")
        case .cull: localized("Cull")
        case .compare: localized("Compare")
        }
    }

    /// The view, built when first shown.
    func makeView(context: ComponentContext) -> PhotoCollectionView & View {
        switch self {
        case .grid: GridView(context: context)
        case .stack: PhotoStackView(context: context)
        case .deck: DeckView(context: context)
        case .cull: CullView(context: context)
        case .compare: CompareView(context: context)
        }
    }
}
