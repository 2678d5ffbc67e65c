// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Polls `condition` until it holds or `seconds` pass: a bound on waiting for another
/// thread or process, never a claim about how fast it is.
public func waitUntil(seconds: Double, pollingEvery interval: useconds_t = 10_000, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(interval)
    }
    return condition()
}
