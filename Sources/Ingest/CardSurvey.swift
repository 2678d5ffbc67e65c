// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// A photo of a card as read before it is imported: when it was taken (by its camera's
/// clock, not yet set right) and by which camera.
public struct SurveyedShot: Sendable, Equatable {
    public let item: IngestItem
    public let taken: TakenTime?
    public let camera: String?

    public init(item: IngestItem, taken: TakenTime?, camera: String?) {
        (self.item, self.taken, self.camera) = (item, taken, camera)
    }

    /// The time its copy is filed by: the camera's, set right by `shift`, else the file's.
    func filedTime(shift: Int) -> TakenTime {
        taken?.adding(seconds: shift) ?? TakenTime(local: item.modificationDate)
    }
}

extension Ingest {
    /// The card read as the import will read it (each photo's facts through the reader it
    /// was given), for a dialog to show before anything is copied; `progress` hears how many
    /// of how many were read and returns false to stop. Nil where the source cannot be read.
    public func survey(progress: (_ read: Int, _ total: Int) -> Bool = { _, _ in true }) -> [SurveyedShot]? {
        guard Self.realPath(source) != nil else { return nil }
        let items = CardFiles.items(under: source).items
        var shots: [SurveyedShot] = []
        shots.reserveCapacity(items.count)
        for item in items {
            guard progress(shots.count, items.count) else { return shots }
            let facts = read(item)
            shots.append(SurveyedShot(item: item, taken: facts.taken, camera: facts.camera))
        }
        _ = progress(shots.count, items.count)
        return shots
    }

    /// Where the first `count` photos of `shots` go in each destination, in the order taken
    /// (clocks set right), named by the templates as they stand: each photo's principal file
    /// and its copy's path in every destination. A clash with a file already there is
    /// settled when it is copied (the next number).
    public func firstCopies(of shots: [SurveyedShot], count: Int) -> [(source: FilePath, copies: [FilePath])] {
        let timed = shots.map { ($0, $0.filedTime(shift: clockShift(of: $0.camera))) }
        return Self.inOrderTaken(timed) { ($0.1, $0.0.item) }.prefix(count).enumerated().map { sequence, entry in
            let (shot, time) = entry
            let facts = NameFacts(taken: time, camera: shot.camera, originalStem: shot.item.stem, sequence: sequence + 1, job: options.job)
            let stem = newStem(of: shot.item, facts: facts)
            let copies = options.destinations.map { $0.folder(for: facts).appending(stem + shot.item.suffixes[0]) }
            return (shot.item.principal, copies)
        }
    }
}

/// A facts reader that reads each file once: the card read for the dialog, then again by
/// the import it starts. What could not be read is asked again.
public final class RememberedFacts: Sendable {
    private let reading: Ingest.FactsReader
    private let known = Mutex<[FilePath: (taken: TakenTime?, camera: String?)]>([:])

    public init(reading: @escaping Ingest.FactsReader) { self.reading = reading }

    public var reader: Ingest.FactsReader {
        { [self] path in
            if let facts = known.withLock({ $0[path] }) { return (facts.taken, facts.camera, nil) }
            let facts = reading(path)
            if facts.problem == nil { known.withLock { $0[path] = (facts.taken, facts.camera) } }
            return facts
        }
    }
}
