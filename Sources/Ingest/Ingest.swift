// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import SystemPackage

/// How an import names and places its copies.
public struct IngestOptions: Sendable {
    /// Where the copies go, the first the primary, any other a backup; each a folder
    /// template (`~/Pictures/%Y/%Y-%m-%d`).
    public var destinations: [NameTemplate]
    /// Each photo's new name, without its extension (`{name}` keeps the card's).
    public var rename: NameTemplate
    public var job: String
    /// Written into the sidecar of every photo copied (none where empty).
    public var caption: XMPCaption
    /// Seconds to add to the time taken of photos from a camera whose clock was wrong, by
    /// the camera's name as `{camera}` has it (case aside).
    public var clockShifts: [String: Int] = [:]
    /// Only say where each file would go: nothing is written.
    public var isDryRun = false
    /// A file a destination already holds (by content, under any name) is not copied again:
    /// an import cut short resumes. Off, every file is copied, a clash taking the next number.
    public var skipsImported = true

    public init(destinations: [NameTemplate], rename: NameTemplate, job: String = "", caption: XMPCaption = XMPCaption()) {
        (self.destinations, self.rename, self.job, self.caption) = (destinations, rename, job, caption)
    }

    /// "Canon EOS R6=+1:00", "GoPro=-0:00:30": a camera's name and how far its clock was
    /// behind (+) or ahead (−), in hours and minutes (and seconds); nil for anything else.
    public static func clockShift(_ text: String) -> (camera: String, seconds: Int)? {
        guard let equals = text.lastIndex(of: "=") else { return nil }
        let camera = text[..<equals].trimmingCharacters(in: .whitespaces)
        var amount = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !camera.isEmpty, let sign = amount.first, sign == "+" || sign == "-" else { return nil }
        amount.removeFirst()
        let parts = amount.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }), parts[1]! < 60, (parts.count == 2 || parts[2]! < 60) else { return nil }
        let seconds = parts[0]! * 3600 + parts[1]! * 60 + (parts.count == 3 ? parts[2]! : 0)
        return (camera, sign == "-" ? -seconds : seconds)
    }

    public static let defaultDestination = "~/Pictures/%Y/%Y-%m-%d"
    public static let defaultRename = "{name}"
}

/// How far an import is.
public struct IngestProgress: Sendable, Equatable {
    /// Reading the card's photos' dates (files counts them), then copying.
    public var isCopying = false
    public var files = 0, totalFiles = 0
    public var bytes = 0, totalBytes = 0
    /// The file being copied.
    public var current: FilePath?

    public init(isCopying: Bool = false, files: Int = 0, totalFiles: Int = 0, bytes: Int = 0, totalBytes: Int = 0, current: FilePath? = nil) {
        (self.isCopying, self.files, self.totalFiles, self.bytes, self.totalBytes, self.current) = (isCopying, files, totalFiles, bytes, totalBytes, current)
    }
}

/// Why an import did not start.
public enum IngestRefusal: Error, Equatable, CustomStringConvertible {
    case sourceUnreadable(FilePath)
    case destinationOnSource(FilePath)
    case cannotVerify(String)

    public var description: String {
        switch self {
        case let .sourceUnreadable(path): "\(path) cannot be read"
        case let .destinationOnSource(path): "\(path) is on the card itself: Flick never writes to the card it imports from"
        case let .cannotVerify(reason): "copies cannot be verified (xxHash: \(reason)), so nothing was copied"
        }
    }
}

/// Copies a card's photos to one or more destinations, each file verified (`VerifiedCopy`),
/// renamed by a template, skipping what a destination already holds (by content), the
/// files of one photo together. The card is only ever read.
public final class Ingest: Sendable {
    /// A photo's date taken and camera, read (by the caller's means: an isolated helper);
    /// `problem` says why nothing could be read where the file may well hold a date (its
    /// reader hung or crashed), so the photo is filed by its file's time and the report says so.
    public typealias FactsReader = @Sendable (FilePath) -> (taken: TakenTime?, camera: String?, problem: String?)
    /// A sidecar's new bytes (the one at the path given, else a new one) with a caption
    /// written in: an isolated helper's work (`IsolatedDecoder.sidecar(_:captionedWith:)`).
    public typealias Captioner = @Sendable (FilePath?, XMPCaption) -> Result<[UInt8], DecodeError>

    public let source: FilePath
    public let options: IngestOptions
    private let facts: FactsReader
    let captioner: Captioner?

    public init(source: FilePath, options: IngestOptions, facts: @escaping FactsReader, captioner: Captioner? = nil) {
        self.source = source
        self.options = options
        self.facts = facts
        self.captioner = captioner
    }

    /// What an import will do, known before its first copy.
    public struct Plan: Sendable, Equatable {
        public var files: Int
        public var bytes: Int
        /// The folder of the primary destination every copy goes into or below (a shoot of
        /// one day: that day's folder), made already; nil when there is nothing to copy.
        public var folder: FilePath?
    }

    /// Runs the whole import: the card read, `planned` told what will be copied where, then
    /// the copies. `progress` hears each step and returns false to cancel (what is left is
    /// reported as not copied).
    public func run(progress: (IngestProgress) -> Bool = { _ in true }, planned: (Plan) -> Void = { _ in }) throws(IngestRefusal) -> IngestReport {
        guard let card = Self.realPath(source) else { throw .sourceUnreadable(source) }
        for destination in options.destinations {
            let base = destination.base()
            if let resolved = Self.realPath(nearestExisting: base), resolved == card || resolved.starts(with: card) {
                throw .destinationOnSource(base)
            }
        }
        if let problem = ContentHasher.problem { throw .cannotVerify(problem) }

        let (found, unreadable) = CardFiles.items(under: source)
        var state = IngestProgress(totalFiles: found.reduce(0) { $0 + $1.suffixes.count }, totalBytes: found.reduce(0) { $0 + $1.byteCount })
        var cancelled = false
        var read: [(item: IngestItem, taken: (time: TakenTime, camera: String?, setRight: Bool))] = []
        var undated: [(source: FilePath, reason: String)] = []
        for item in found {
            cancelled = cancelled || !progress(state)
            let taken = cancelled ? (time: TakenTime(local: item.modificationDate), camera: nil, setRight: false, problem: nil) : taken(of: item)
            read.append((item, (taken.time, taken.camera, taken.setRight)))
            if let problem = taken.problem, let first = item.paths.first { undated.append((first, problem)) }
            state.files += item.suffixes.count
        }
        let named = Self.inOrderTaken(read) { ($0.taken.time, $0.item) }
        let sizes = options.skipsImported ? Set(found.flatMap(\.byteCounts)) : []
        let contents = options.destinations.map { CopiedContents(base: $0.base(), sizes: sizes, excluding: card) }

        var report = IngestReport(unreadableFolders: unreadable)
        report.undated = undated
        state.files = 0
        state.isCopying = true
        if let first = options.destinations.first, !cancelled {
            let folders = named.enumerated().map { sequence, entry in
                first.folder(for: NameFacts(taken: entry.taken.time, camera: entry.taken.camera, originalStem: entry.item.stem, sequence: sequence + 1, job: options.job))
            }
            let common = folders.dropFirst().reduce(folders.first) { common, folder in common.map { Self.commonAncestor($0, folder) } }
            if let common, !options.isDryRun { _ = VerifiedCopy.makeFolders(common) }
            planned(Plan(files: state.totalFiles, bytes: state.totalBytes, folder: common))
        }
        var reserved: Set<FilePath> = []
        cancelled = cancelled || !progress(state)
        for (sequence, entry) in named.enumerated() {
            let item = entry.item
            guard !cancelled else {
                for path in item.paths { report.files.append((path, .failed(.cancelled))) }
                continue
            }
            let nameFacts = NameFacts(taken: entry.taken.time, camera: entry.taken.camera, originalStem: item.stem, sequence: sequence + 1, job: options.job)
            let plan = placement(of: item, facts: nameFacts, contents: contents, reserved: &reserved)
            var copied = Array(repeating: [Int: FilePath](), count: item.suffixes.count)
            defer {
                caption(item, copied: copied, existing: plan.existing, setRight: entry.taken.setRight ? entry.taken.time : nil, report: &report)
            }
            for (index, path) in item.paths.enumerated() {
                state.current = path
                let size = item.byteCounts[index]
                let already = plan.existing[index]
                let targets = plan.targets[index]
                if targets.isEmpty {
                    report.files.append((path, .skipped(already.compactMap { $0 })))
                } else if options.isDryRun {
                    report.files.append((path, .wouldCopy(targets)))
                } else {
                    let startBytes = state.bytes
                    let result = VerifiedCopy.copy(path, to: targets) { read in
                        var step = state
                        step.bytes = startBytes + read
                        return progress(step)
                    }
                    switch result {
                    case let .success(hash):
                        for (offset, destination) in plan.targetDestinations[index].enumerated() {
                            contents[destination].add(targets[offset], hash: hash, size: size)
                            copied[index][destination] = targets[offset]
                        }
                        report.files.append((path, .copied(targets, alreadyAt: already.compactMap { $0 })))
                    case let .failure(failure):
                        report.files.append((path, .failed(failure)))
                        if failure == .cancelled { cancelled = true }
                    }
                }
                state.files += 1
                state.bytes += size
                if !cancelled && !progress(state) { cancelled = true }
            }
        }
        return report
    }

    /// Where each of an item's files goes in each destination, and where a destination
    /// already holds it.
    struct Placement {
        /// Per file: its new paths, one per destination that lacks it.
        var targets: [[FilePath]]
        /// Per file: which destinations (indices) those targets are in.
        var targetDestinations: [[Int]]
        /// Per file, per destination: the copy already there.
        var existing: [[FilePath?]]
    }

    private func placement(of item: IngestItem, facts: NameFacts, contents: [CopiedContents], reserved: inout Set<FilePath>) -> Placement {
        let count = item.suffixes.count
        var existing = Array(repeating: [FilePath?](repeating: nil, count: options.destinations.count), count: count)
        // What each destination already holds of this item, by content.
        for (index, path) in item.paths.enumerated() {
            let size = item.byteCounts[index]
            guard contents.contains(where: { $0.mayHold(size: size) }), let hash = VerifiedCopy.hash(ofFileAt: path) else { continue }
            for (destination, content) in contents.enumerated() { existing[index][destination] = content.copy(of: hash, size: size) }
        }
        // The folder and the new name: where part of the item is there already (an import
        // cut short), the rest joins it under its name.
        var folders: [FilePath] = [], stems: [String?] = []
        for (destination, template) in options.destinations.enumerated() {
            let found = zip(item.suffixes, existing).lazy.compactMap { suffix, there -> (FilePath, String)? in
                guard let path = there[destination], let name = path.lastComponent?.string, name.hasSuffix(suffix) else { return nil }
                return (path.removingLastComponent(), String(name.dropLast(suffix.count)))
            }.first
            folders.append(found?.0 ?? template.folder(for: facts))
            stems.append(found?.1)
        }
        let wanted = newStem(of: item, facts: facts)
        func isFree(_ stem: String, destination: Int) -> Bool {
            item.suffixes.indices.allSatisfy { index in
                guard existing[index][destination] == nil else { return true }
                let path = folders[destination].appending(stem + item.suffixes[index])
                var info = stat()
                return !reserved.contains(path) && path.withPlatformString({ lstat($0, &info) }) != 0
            }
        }
        // A sidecar already beside the photo's copy is that copy's (marked or captioned
        // since): it is not copied again.
        for (index, suffix) in item.suffixes.enumerated() where CardFiles.isSidecar(suffix) {
            for destination in options.destinations.indices where existing[index][destination] == nil {
                guard let stem = stems[destination] else { continue }
                let path = folders[destination].appending(stem + suffix)
                var info = stat()
                if path.withPlatformString({ lstat($0, &info) }) == 0 { existing[index][destination] = path }
            }
        }
        // Joined only where the rest is free under that name (the card may hold the same
        // JPEG twice beside two different RAWs).
        for destination in options.destinations.indices {
            if let stem = stems[destination], !isFree(stem, destination: destination) {
                stems[destination] = nil
                folders[destination] = options.destinations[destination].folder(for: facts)
            }
        }
        // One new name in every destination that needs one, never over another file: a
        // clash (IMG_0001 of 100CANON and of 101CANON) takes the next number.
        var free = wanted
        for attempt in 1... {
            free = attempt == 1 ? wanted : "\(wanted)-\(attempt)"
            if options.destinations.indices.allSatisfy({ stems[$0] != nil || isFree(free, destination: $0) }) { break }
        }
        var targets = Array(repeating: [FilePath](), count: count), targetDestinations = Array(repeating: [Int](), count: count)
        for index in 0..<count {
            for destination in options.destinations.indices where existing[index][destination] == nil {
                let path = folders[destination].appending((stems[destination] ?? free) + item.suffixes[index])
                reserved.insert(path)
                targets[index].append(path)
                targetDestinations[index].append(destination)
            }
        }
        return Placement(targets: targets, targetDestinations: targetDestinations, existing: existing)
    }

    /// The new name of `item`'s files, without their extensions, before a clash is settled.
    func newStem(of item: IngestItem, facts: NameFacts) -> String {
        let longest = item.suffixes.map(\.utf8.count).max() ?? 0
        return SafeName.of(options.rename.filled(with: facts), room: SafeName.limit - longest - 6)
    }

    /// Items in the order they were taken: the order of the sequence numbers they get.
    static func inOrderTaken<Entry>(_ entries: [Entry], by key: (Entry) -> (time: TakenTime, item: IngestItem)) -> [Entry] {
        entries.sorted { a, b in
            let (left, right) = (key(a), key(b))
            return (left.time, left.item.folder.string, left.item.stem) < (right.time, right.item.folder.string, right.item.stem)
        }
    }

    /// The item's date taken and camera as the card has them: its principal file's, else
    /// another of its files'; `problem` where no file could be read.
    public func read(_ item: IngestItem) -> (taken: TakenTime?, camera: String?, problem: String?) {
        var camera: String?, problem: String?
        for path in item.paths where !path.string.lowercased().hasSuffix(".xmp") {
            let read = facts(path)
            camera = camera ?? read.camera
            problem = problem ?? read.problem
            if let taken = read.taken { return (taken, camera, nil) }
        }
        return (nil, camera, problem)
    }

    /// How far the clock of `camera` was off, as the options say (case aside).
    func clockShift(of camera: String?) -> Int {
        camera.flatMap { name in options.clockShifts.first { $0.key.lowercased() == name.lowercased() }?.value } ?? 0
    }

    /// The item's date taken (set right by its camera's shift) and camera, else the file's
    /// own time; `setRight` where a camera's date was moved by its clock's shift; `problem`
    /// where it is the file's time only because no file could be read.
    private func taken(of item: IngestItem) -> (time: TakenTime, camera: String?, setRight: Bool, problem: String?) {
        let (time, camera, problem) = read(item)
        let shift = clockShift(of: camera)
        return ((time ?? TakenTime(local: item.modificationDate)).adding(seconds: shift), camera, time != nil && shift != 0, problem)
    }

    static func commonAncestor(_ a: FilePath, _ b: FilePath) -> FilePath {
        var common = FilePath(root: a.root)
        for (left, right) in zip(a.components, b.components) {
            guard left == right else { break }
            common.append(left)
        }
        return common
    }

    static func realPath(_ path: FilePath) -> FilePath? {
        guard let resolved = path.withPlatformString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FilePath(platformString: resolved)
    }

    /// The real path of `path`'s nearest folder that exists, with the rest appended.
    static func realPath(nearestExisting path: FilePath) -> FilePath? {
        var existing = path, rest: [FilePath.Component] = []
        while realPath(existing) == nil {
            guard let last = existing.lastComponent, existing != existing.removingLastComponent() else { return nil }
            rest.insert(last, at: 0)
            existing.removeLastComponent()
        }
        guard var resolved = realPath(existing) else { return nil }
        resolved.append(rest)
        return resolved
    }
}
