// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import SystemPackage

/// Frames of one moment: photos taken within a second and a half of each other (by the
/// camera's clock with its fraction of a second, else by the file's time) that also look
/// alike (`PhotoLikeness`). Grouped by time and look, never by name.
public enum Bursts {
    /// The longest pause between two frames of one burst: a phone's burst and a camera's
    /// continuous drive shoot several frames a second; a photographer's next shot waits longer.
    public static let maximumGap = 1.5

    public struct Frame: Sendable, Equatable {
        public var path: FilePath
        /// Seconds on the camera's clock (only differences count).
        public var time: Double
        public var likeness: PhotoLikeness

        public init(path: FilePath, time: Double, likeness: PhotoLikeness) {
            self.path = path
            self.time = time
            self.likeness = likeness
        }
    }

    /// The bursts among `frames`, in any order given: runs, in time order, of frames each
    /// within `maximumGap` of the one before and alike in look; only runs of two or more,
    /// each in time order.
    public static func group(_ frames: [Frame]) -> [[FilePath]] {
        let ordered = frames.sorted { $0.time < $1.time || ($0.time == $1.time && $0.path.string < $1.path.string) }
        var bursts: [[FilePath]] = []
        var run: [Frame] = []
        for frame in ordered {
            if let last = run.last, frame.time - last.time <= maximumGap, frame.likeness.distance(to: last.likeness) <= PhotoLikeness.burstDistance {
                run.append(frame)
            } else {
                if run.count >= 2 { bursts.append(run.map(\.path)) }
                run = [frame]
            }
        }
        if run.count >= 2 { bursts.append(run.map(\.path)) }
        return bursts
    }

    /// A date taken as Flick keeps it ("2024-05-01 14:03:22.35") in seconds, read as UTC
    /// (only differences count); nil if it is not one.
    public static func seconds(taken text: String) -> Double? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map(String.init)
        guard parts.count >= 6, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let hour = Int(parts[3]), let minute = Int(parts[4]), let second = Double(parts[5]), year > 0 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) else { return nil }
        return date.timeIntervalSince1970 + second
    }
}
