// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries
internal import CGLib
internal import CGWeather
import Foundation
import Synchronization

/// Where a photo was taken, in words — "Lisbon, Portugal" — from its GPS position and the
/// database of the world's places that libgweather keeps on the machine (as Loupe does):
/// offline, nothing sent anywhere. A position farther than `nearby` from any town (at sea)
/// has no name. Looked up on a queue of its own (a few milliseconds each) and kept by
/// position to about a kilometre, so the details ask as often as they draw; what earlier
/// runs looked up (kept in the library's index) is read once, on that queue, before the
/// first lookup.
public final class PlaceNames: Sendable {
    /// Farther than this from the nearest town, a position is not named after it (km).
    public static let nearby = 40.0

    /// A position to about a kilometre: hundredths of a degree.
    public struct Position: Hashable, Sendable {
        public let latitude: Int
        public let longitude: Int

        public init(latitude: Int, longitude: Int) {
            (self.latitude, self.longitude) = (latitude, longitude)
        }
    }

    private typealias Key = Position

    private let known = Mutex<[Key: String?]>([:])
    private let answers = Atomic<Int>(0)
    private let asked = Mutex<Set<Key>>([])
    private let queue = DispatchQueue(label: "flick.places", qos: .utility)
    private let wake: @Sendable () -> Void
    private let earlier: @Sendable () -> [Position: String?]
    private let remember: @Sendable (Position, String?) -> Void
    private let loaded = Atomic(false)

    /// `wake` runs once a name asked for is known. `earlier` gives the names earlier runs
    /// looked up (read on the lookups' queue, once); `remember` keeps each new one.
    public init(wake: @escaping @Sendable () -> Void = {}, earlier: @escaping @Sendable () -> [Position: String?] = { [:] },
                remember: @escaping @Sendable (Position, String?) -> Void = { _, _ in }) {
        self.wake = wake
        self.earlier = earlier
        self.remember = remember
    }

    /// The name of the place at this position if it is known (nil inside: none); nil while
    /// it is looked up, and `wake` runs once it is.
    public func name(latitude: Double, longitude: Double) -> String?? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return .some(nil) }
        let key = Key(latitude: Int((latitude * 100).rounded()), longitude: Int((longitude * 100).rounded()))
        if let found = known.withLock({ $0[key] }) { return found }
        if asked.withLock({ $0.insert(key).inserted }) {
            queue.async { [self] in
                if !loaded.exchange(true, ordering: .acquiringAndReleasing) {
                    let names = earlier()
                    known.withLock { $0.merge(names) { current, _ in current } }
                }
                let name: String?
                if let kept = known.withLock({ $0[key] }) {
                    name = kept
                } else {
                    name = Self.lookUp(latitude: latitude, longitude: longitude)
                    known.withLock { $0[key] = .some(name) }
                    remember(key, name)
                }
                answers.add(1, ordering: .releasing)
                wake()
            }
        }
        return nil
    }

    /// How many names were looked up so far: a search asks again when it grows.
    public var answered: Int { answers.load(ordering: .acquiring) }

    /// Blocks until the names asked for are known (tests).
    public func waitUntilIdle() { queue.sync {} }

    /// The nearest town within `nearby` of the position, named with its country, in the
    /// user's language where libgweather has it; nil without libgweather or far from any.
    static func lookUp(latitude: Double, longitude: Double) -> String? {
        guard flick_library_problem(FLICK_LIBRARY_GWEATHER) == nil, let world = gweather_location_get_world(),
              let city = gweather_location_find_nearest_city(world, latitude, longitude) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(city)) }
        var cityLatitude = 0.0, cityLongitude = 0.0
        gweather_location_get_coords(city, &cityLatitude, &cityLongitude)
        guard distance(from: (latitude, longitude), to: (cityLatitude, cityLongitude)) <= nearby else { return nil }
        guard let cityName = gweather_location_get_city_name(city) else { return nil }
        defer { g_free(cityName) }
        let town = String(cString: cityName)
        guard let countryName = gweather_location_get_country_name(city) else { return town }
        defer { g_free(countryName) }
        return "\(town), \(String(cString: countryName))"
    }

    /// Kilometres along the Earth's surface (haversine).
    static func distance(from a: (Double, Double), to b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.0 - a.0) * radians, dLon = (b.1 - a.1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371 * asin(min(1, sqrt(h)))
    }
}
