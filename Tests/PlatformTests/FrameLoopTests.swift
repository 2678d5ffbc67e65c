// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry
import Motion
@testable import Platform
import ViewTree

@Suite struct InputClockTests {
    /// A server on this machine stamps with the monotonic clock: an event's age is exact.
    @Test func eventsReadLateKeepTheTimeALocalServerStampedThem() {
        var clock = InputClock()
        // A backlog read in one go 80 ms after the last of it happened: each keeps its time,
        // the first read as precisely as the rest.
        let times = [5_010, 5_020, 5_030].map { clock.time(ofServerStamp: UInt32($0), receivedAt: 1005.110, monotonicMilliseconds: 5_110) }
        #expect(zip(times, [1005.010, 1005.020, 1005.030]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
        let wrapped = clock.time(ofServerStamp: UInt32.max - 9, receivedAt: 7, monotonicMilliseconds: 10)
        #expect(abs(wrapped - 6.98) < 1e-9, "20 ms old across the 49-day wrap: \(wrapped)")
    }

    /// A remote server's clock is unrelated: the offset is learnt from the promptest event.
    @Test func aRemoteServersOffsetIsLearntFromThePromptestEvent() {
        var clock = InputClock()
        let remote: UInt32 = 900_000_000
        _ = clock.time(ofServerStamp: remote + 100, receivedAt: 10.050, monotonicMilliseconds: 10_050)   // read 50 ms late
        let prompt = clock.time(ofServerStamp: remote + 200, receivedAt: 10.101, monotonicMilliseconds: 10_101)
        #expect(abs(prompt - 10.101) < 1e-9, "never later than read")
        let after = clock.time(ofServerStamp: remote + 300, receivedAt: 10.300, monotonicMilliseconds: 10_300)
        #expect(abs(after - 10.201) < 0.0005, "100 ms after the prompt one: \(after)")
        let wrappedBefore = clock.time(ofServerStamp: UInt32.max - 4, receivedAt: 50, monotonicMilliseconds: 500_000_000)
        let wrappedAfter = clock.time(ofServerStamp: 5, receivedAt: 50.010, monotonicMilliseconds: 500_000_010)
        #expect(abs(wrappedAfter - wrappedBefore - 0.010) < 0.0005)
    }
}

@Suite struct FramePacerTests {
    let interval = 1.0 / 60
    let drawn = [DrawCommand.sample(x: 10)]

    @Test func aBurstOfEventsMakesOneFramePerInterval() {
        var pacer = FramePacer(interval: interval, now: 0)
        pacer.noteNews()
        #expect(pacer.isUpdateDue(at: 0))
        let drewFirst = pacer.frameUpdated(at: 0, commands: drawn, uploadsPending: false, moving: true)
        #expect(drewFirst)
        // Events 2 ms apart: the next update waits for the next frame's time.
        for time in stride(from: 0.002, to: 0.016, by: 0.002) {
            pacer.noteNews()
            #expect(!pacer.isUpdateDue(at: time))
            #expect(pacer.sleep(at: time, moving: true, deadline: nil)! <= interval - time + 1e-9)
        }
        #expect(pacer.isUpdateDue(at: interval))
    }

    @Test func aHoverThatChangesNothingDrawsNothing() {
        var pacer = FramePacer(interval: interval, now: 0)
        let drewFirst = pacer.frameUpdated(at: 0, commands: drawn, uploadsPending: false, moving: false)
        #expect(drewFirst)
        pacer.noteNews()
        #expect(pacer.isUpdateDue(at: 1))
        let drewHover = pacer.frameUpdated(at: 1, commands: drawn, uploadsPending: false, moving: false)
        #expect(!drewHover, "same picture: not drawn")
        #expect(pacer.sleep(at: 1, moving: false, deadline: nil) == nil, "idle again: sleeps until an event")
        // Something that does change is drawn at once, not a frame later.
        pacer.noteNews()
        #expect(pacer.isUpdateDue(at: 1.001))
        let drewChange = pacer.frameUpdated(at: 1.001, commands: [DrawCommand.sample(x: 11)], uploadsPending: false, moving: false)
        #expect(drewChange)
    }

    @Test func anUncoveredWindowIsRepaintedThoughNothingChanged() {
        var pacer = FramePacer(interval: interval, now: 0)
        _ = pacer.frameUpdated(at: 0, commands: drawn, uploadsPending: false, moving: false)
        pacer.noteNews(repaint: true)
        let repainted = pacer.frameUpdated(at: 1, commands: drawn, uploadsPending: false, moving: false)
        #expect(repainted)
    }

    @Test func aTimerDeadlineWakesTheLoopWhenIdle() {
        var pacer = FramePacer(interval: interval, now: 0)
        _ = pacer.frameUpdated(at: 0, commands: drawn, uploadsPending: false, moving: false)
        #expect(pacer.sleep(at: 1, moving: false, deadline: 1.25) == 0.25)
    }

    @Test func aDeadlineJustAfterAFrameWaitsForTheNextFrameInsteadOfSpinning() {
        var pacer = FramePacer(interval: interval, now: 0)
        _ = pacer.frameUpdated(at: 0, commands: drawn, uploadsPending: false, moving: false)
        let sleep = pacer.sleep(at: 0.004, moving: false, deadline: 0.005)!
        #expect(abs(sleep - (interval - 0.004)) < 1e-9)
        #expect(pacer.isUpdateDue(at: 0.004 + sleep))
    }
}

extension DrawCommand {
    static func sample(x: Double) -> DrawCommand {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: Rect(x: x, y: 0, width: 10, height: 10))
        view.backgroundColor = .black
        root.addSubview(view)
        return root.drawList().first!
    }
}
