// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import Testing

@Suite struct BackgroundPriorityTests {
    @Test func aBackgroundThreadGivesWayAndTheOthersKeepTheirPriority() {
        let before = BackgroundPriority.currentNiceness
        let seen = Mutex<Int32?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            BackgroundPriority.lowerCurrentThread()
            seen.withLock { $0 = BackgroundPriority.currentNiceness }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(seen.withLock { $0 } == max(before, BackgroundPriority.niceness), "the walk's thread runs below the frame loop")
        #expect(BackgroundPriority.currentNiceness == before, "the thread that asked nothing is as it was")
    }
}
