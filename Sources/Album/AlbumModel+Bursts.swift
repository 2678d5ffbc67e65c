// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import SystemPackage

/// Bursts: frames of one moment, found by their times and looks (`Bursts`), shown together
/// where grouped, and the sharpest of each.
extension AlbumModel {
    /// Where the shown photos run as one burst (grouping on): index ranges of two or more.
    /// Kept until the photos or the bursts change.
    public func burstRuns() -> [Range<Int>] {
        guard groupsBursts else { return [] }
        if let burstRunsCache { return burstRunsCache }
        let keys = photos.map { bursts[$0.path]?.first }
        var runs: [Range<Int>] = [], start = 0
        for index in 1...max(keys.count, 1) {
            if index < keys.count, keys[index] != nil, keys[index] == keys[start] { continue }
            if index - start >= 2 { runs.append(start..<index) }
            start = index
        }
        burstRunsCache = runs
        return runs
    }

    /// The sharpest frame of the burst `path` is in (by the focus measure); nil outside one.
    public func sharpestFrame(ofBurstWith path: FilePath) -> FilePath? {
        bursts[path]?.max { (likeness(of: $0)?.sharpness ?? 0) < (likeness(of: $1)?.sharpness ?? 0) }
    }

    /// Bursts among the photos whose looks are known, timed by the camera's clock where read,
    /// else by the file.
    func regroupBursts() {
        // Photos as shown: a RAW and its JPEG are one shot, not a burst of two.
        let frames = photosIgnoringFilter.compactMap { photo -> Bursts.Frame? in
            guard let likeness = likeness(of: photo.path) else { return nil }
            let time = datesTaken[photo.key].flatMap(Bursts.seconds(taken:)) ?? photo.modificationDate.timeIntervalSince1970
            return Bursts.Frame(path: photo.path, time: time, likeness: likeness)
        }
        var grouped: [FilePath: [FilePath]] = [:]
        for burst in Bursts.group(frames) { for path in burst { grouped[path] = burst } }
        bursts = grouped
        burstRunsCache = nil
    }

    /// `shown` with each burst's frames together, in time order, where its first one was.
    static func gatheringBursts(_ shown: [Photo], _ bursts: [FilePath: [FilePath]]) -> [Photo] {
        let byPath = Dictionary(shown.map { ($0.path, $0) }) { first, _ in first }
        var gathered: [Photo] = [], placed = Set<FilePath>()
        gathered.reserveCapacity(shown.count)
        for photo in shown where !placed.contains(photo.path) {
            guard let frames = bursts[photo.path] else {
                gathered.append(photo)
                continue
            }
            for frame in frames {
                if let framePhoto = byPath[frame], placed.insert(frame).inserted { gathered.append(framePhoto) }
            }
        }
        return gathered
    }
}
