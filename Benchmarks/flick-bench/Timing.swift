// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Platform
import ViewTree

// How the benchmarks time: CPU milliseconds per frame (the process's, so the renderer's
// own threads count), wall-clock medians of decodes, and pairs timed by turns.

let warmupFrames = 20
let measuredFrames = 240

func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median and 95th percentile of timings in milliseconds (frames, decodes).
struct TimingStats {
    let median: Double
    let p95: Double

    init(_ samplesInMilliseconds: [Double]) {
        let sorted = samplesInMilliseconds.sorted()
        median = sorted[sorted.count / 2]
        p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    }
}

/// Milliseconds `work` takes, once.
func milliseconds(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// The median of `rounds` timings of `work`, in milliseconds, after one untimed run (caches
/// warm). A median, not a mean: one slow round on a busy machine moves a mean.
func medianMilliseconds(rounds: Int = 21, _ work: () -> Void) -> Double {
    work()
    return TimingStats((0..<rounds).map { _ in milliseconds(work) }).median
}

/// The medians of `first` and `second`, timed by turns, and the median of their paired
/// differences (what `second` adds). By turns: these machines drift for seconds at a time, and
/// two series timed one after the other once put a conversion's cost at −18 ms.
func pairedMilliseconds(rounds: Int = 21, _ first: () -> Void, _ second: () -> Void)
    -> (first: Double, second: Double, added: Double) {
    first()
    second()
    let pairs = (0..<rounds).map { _ in (milliseconds(first), milliseconds(second)) }
    return (TimingStats(pairs.map(\.0)).median, TimingStats(pairs.map(\.1)).median, TimingStats(pairs.map { $1 - $0 }).median)
}

/// Renders `frames` frames, calling `prepare(frameIndex)` before each, and returns CPU ms per frame.
func measure(_ window: PlatformWindow, root: View, frames: Int, prepare: (Int) -> Void) -> TimingStats {
    for i in 0..<warmupFrames { prepare(i); root.layoutIfNeeded(); window.renderFrame(root, clearColor: .black) }
    var samples: [Double] = []
    for i in 0..<frames {
        let start = processCPUSeconds()
        prepare(warmupFrames + i)
        root.layoutIfNeeded()
        window.renderFrame(root, clearColor: .black)
        samples.append((processCPUSeconds() - start) * 1000)
    }
    return TimingStats(samples)
}
