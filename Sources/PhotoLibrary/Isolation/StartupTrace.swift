// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// When each start-up phase was reached, for `make bench`: marks are kept only when
/// FLICK_BENCH_PROBE is set, and printed (as wall-clock times, which the benchmark
/// compares with its own launch time) once the first photo is on screen.
public enum StartupTrace {
    public static let isOn = getenv("FLICK_BENCH_PROBE") != nil
    private static let marks = Mutex<[(phase: String, time: Double)]>([])

    public static func mark(_ phase: String) {
        guard isOn else { return }
        let time = realtime()
        marks.withLock { $0.append((phase, time)) }
    }

    /// Each phase once: the first time it was reached.
    public static func report(_ write: (String, String) -> Void) {
        var seen: Set<String> = []
        for mark in marks.withLock({ $0 }) where seen.insert(mark.phase).inserted {
            write("phase", String(format: "%@ %.6f", mark.phase, mark.time))
        }
    }

    public static func realtime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
