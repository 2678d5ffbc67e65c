// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

extension ThumbnailMaker {
    /// What a batch came to: thumbnails made, found current in the cache, and the photos
    /// that could not be read, with why.
    public struct BatchSummary: Sendable {
        public var made = 0
        public var reused = 0
        public var failures: [(photo: Photo, error: DecodeError)] = []
    }

    /// Makes `flavor` thumbnails of `photos` on every core (`flick thumbnail`); `progress` is
    /// told how many are done after each, from whichever thread made it.
    public func makeAll(_ photos: [Photo], flavor: ThumbnailCache.Flavor, progress: @Sendable (Int) -> Void = { _ in }) -> BatchSummary {
        let summary = Mutex(BatchSummary())
        let workers = ProcessInfo.processInfo.activeProcessorCount
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: photos.count, by: workers) {
                let outcome = thumbnail(of: photos[index], flavor: flavor)
                let done = summary.withLock { summary in
                    switch outcome {
                    case .made: summary.made += 1
                    case .reused: summary.reused += 1
                    case let .failed(error): summary.failures.append((photos[index], error))
                    }
                    return summary.made + summary.reused + summary.failures.count
                }
                progress(done)
            }
        }
        return summary.withLock { $0 }
    }
}
