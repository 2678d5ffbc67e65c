// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import Testing

/// Where a photo was taken, in words, offline: libgweather's world, the nearest town within
/// a short way, nothing at sea or for a position that is no position.
@Suite struct PlaceNamesTests {
    @Test func aPositionIsNamedAfterItsTownAndCountry() {
        let places = PlaceNames()
        #expect(places.name(latitude: 38.7139, longitude: -9.1394) == nil, "looked up on a queue of its own first")
        places.waitUntilIdle()
        #expect(places.name(latitude: 38.7139, longitude: -9.1394) == .some("Lisbon, Portugal"))
        #expect(places.name(latitude: 38.714, longitude: -9.139) == .some("Lisbon, Portugal"), "kept by position to about a kilometre")
    }

    @Test func theOpenSeaAndNoPositionAtAllHaveNoName() {
        let places = PlaceNames()
        _ = places.name(latitude: 0, longitude: -30)
        places.waitUntilIdle()
        #expect(places.name(latitude: 0, longitude: -30) == .some(nil), "the middle of the Atlantic is near no town")
        #expect(places.name(latitude: .nan, longitude: 10) == .some(nil))
        #expect(places.name(latitude: 95, longitude: 10) == .some(nil))
    }

    @Test func anAnswerWakesTheAppOnce() {
        let woken = DispatchSemaphore(value: 0)
        let places = PlaceNames { woken.signal() }
        _ = places.name(latitude: 48.8566, longitude: 2.3522)
        _ = places.name(latitude: 48.8566, longitude: 2.3522)
        #expect(woken.wait(timeout: .now() + 10) == .success)
        places.waitUntilIdle()
        #expect(woken.wait(timeout: .now() + 0.2) == .timedOut, "asked twice, looked up once")
        #expect(places.name(latitude: 48.8566, longitude: 2.3522) == .some("Paris, France"))
    }

    /// Names an earlier run looked up are known without looking them up again; a new one is
    /// handed over to be kept.
    @Test func namesFromEarlierRunsAreKnownAndNewOnesAreKept() {
        let kept = Mutex<[PlaceNames.Position: String?]>([:])
        let places = PlaceNames(earlier: { [PlaceNames.Position(latitude: 3871, longitude: -914): "Kept from before"] },
                                remember: { position, name in kept.withLock { $0[position] = name } })
        _ = places.name(latitude: 38.7139, longitude: -9.1394)
        _ = places.name(latitude: 48.8566, longitude: 2.3522)
        places.waitUntilIdle()
        #expect(places.name(latitude: 38.7139, longitude: -9.1394) == .some("Kept from before"), "not looked up again")
        #expect(places.name(latitude: 48.8566, longitude: 2.3522) == .some("Paris, France"))
        #expect(kept.withLock { $0 } == [PlaceNames.Position(latitude: 4886, longitude: 235): "Paris, France"], "only the new name is handed over")
    }
}
