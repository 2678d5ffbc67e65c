// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization

/// A queue clock that stands still until the test steps it: a hold ends, or a job turns
/// slow, exactly when the test advances past it, however busy the machine.
final class ManualQueueClock: QueueClock {
    private struct State {
        var now = 1000.0
        /// Every condition a thread waited on with a deadline: each is woken as time moves.
        var conditions: [ObjectIdentifier: NSCondition] = [:]
    }

    private let state = Mutex(State())

    var now: Double { state.withLock { $0.now } }

    func wait(_ condition: NSCondition, until deadline: Double) {
        // Registered before time is read: an advance after this line wakes the condition,
        // one before it is seen here.
        state.withLock { $0.conditions[ObjectIdentifier(condition)] = condition }
        guard now < deadline else { return }
        condition.wait()
    }

    func advance(by seconds: Double) {
        let conditions = state.withLock { state in
            state.now += seconds
            return Array(state.conditions.values)
        }
        for condition in conditions {
            condition.lock(); condition.broadcast(); condition.unlock()
        }
    }
}
