// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Pixels
import SystemPackage

/// The album strip's standing order for covers: photos by path, most of them outside the
/// album on screen, served by the store's broker like any view's demand. Dropping it (or
/// wanting nothing) lets its pictures go to the texture budget.
public final class CoverDemand {
    private weak var store: PictureStore?
    private let demand: PictureStore.Broker.Demand

    init(store: PictureStore, demand: PictureStore.Broker.Demand) {
        self.store = store
        self.demand = demand
    }

    /// Replaces what this demand wants, most wanted first.
    public func want(_ covers: [(photo: FilePath, size: PictureSize, priority: PicturePriority)]) {
        guard let store else { return }
        // Known as covers before the broker fetches them, so they are decoded and kept.
        store.coverPaths[ObjectIdentifier(self)] = Set(covers.map(\.photo))
        demand.want(covers.map { PictureStore.Broker.Want(photo: $0.photo, size: $0.size, priority: $0.priority) })
        if covers.isEmpty { store.coverPaths[ObjectIdentifier(self)] = nil }
    }

    deinit {
        store?.coverPaths[ObjectIdentifier(self)] = nil
    }
}
