// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Pixels

/// One view's demand, in the album's terms: indices become paths as it is made.
final class StoreDemand: PictureDemand {
    private weak var store: PictureStore?
    private let demand: PictureStore.Broker.Demand

    init(store: PictureStore, demand: PictureStore.Broker.Demand) {
        self.store = store
        self.demand = demand
    }

    func want(_ requests: [PictureRequest]) {
        guard let store else { return }
        demand.want(requests.compactMap(store.want(for:)))
        store.play(requests.first(where: \.plays), for: ObjectIdentifier(self))
        // Only a view that plays (the pager, the slideshow) has pages beside the one it plays.
        let beside = requests.contains(where: \.plays) ? requests.filter { $0.priority == .nearby } : []
        store.preroll(beside, for: ObjectIdentifier(self))
    }

    deinit {
        store?.stopPlaying(ObjectIdentifier(self))
    }
}
