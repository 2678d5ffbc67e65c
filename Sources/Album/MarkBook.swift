// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
import PhotoLibrary
import Synchronization
import SystemPackage

/// Every photo's marks as Flick knows them (and a date taken or an orientation its sidecar
/// records, where the user fixed one here or in darktable or digiKam), and their sidecars
/// kept in step. Marks are read in the background (sidecars first, then the packet inside
/// the photo) and never hold up a screen; a mark the user makes is known at once and
/// written behind them, atomically (a new file renamed over the old), into the sidecar
/// other tools read, or where the folder cannot be written, into Flick's own copy under
/// `$XDG_DATA_HOME/flick/` (the first time, a notice says so). Sidecars changed by another program are read again
/// when `recheck` finds them changed. The UI thread calls everything here; helpers do
/// every parse.
public final class MarkBook {
    /// Something the user should hear about, once.
    public enum Notice: Equatable, Sendable {
        /// Marks are kept in Flick's data folder: the photos' folder cannot be written (or
        /// its sidecar cannot be read without losing what is in it).
        case keptInDataFolder(photo: String, reason: String)
        /// Not even there: the marks stay in memory for this session only.
        case notWritten(photo: String, reason: String)
        /// A sidecar was not read (too large, unreadable): the photo's marks shown are
        /// what the next source holds, or none.
        case sidecarNotRead(photo: String, reason: String)
    }

    private let worker: Worker
    private let decoder: IsolatedDecoder
    private var known: [PathKey: PhotoMarks] = [:]
    private var dates: [FilePath: String] = [:]
    /// Orientations sidecars record, and what the photos' files say of themselves (read
    /// where a sidecar records one, or a photo is turned).
    private var orientations: [FilePath: Orientation] = [:]
    private var ownOrientations: [FilePath: Orientation] = [:]

    /// `wake` runs on a worker when marks arrive: it should only wake the UI thread.
    public init(decoder: IsolatedDecoder, dataFolder: FilePath = Sidecars.dataFolder(), wake: @escaping @Sendable () -> Void = {}) {
        self.decoder = decoder
        worker = Worker(decoder: decoder, dataFolder: dataFolder, wake: wake)
    }

    /// The orientation photo `path`'s sidecar records (nil: none, or not read).
    public func orientation(of path: FilePath) -> Orientation? { orientations[path] }

    /// What a turn written into a sidecar did, for its undo.
    public struct SidecarTurn: Sendable, Equatable {
        public var path: FilePath
        /// The sidecar's orientation before (nil: none).
        public var before: Orientation?
        /// What the file says of itself.
        public var own: Orientation
    }

    /// Turns photo `path` a quarter in its sidecar (`tiff:Orientation`, from what it shows
    /// now): shown so at once (`PhotoTurns`), written in the background as marks are.
    public func turn(_ path: FilePath, _ turn: QuarterTurn) -> SidecarTurn {
        let own = ownOrientations[path] ?? ((try? decoder.facts(path).get())?.orientation ?? .up)
        ownOrientations[path] = own
        let before = orientations[path]
        setOrientation((before ?? own).turned(turn), own: own, for: path)
        return SidecarTurn(path: path, before: before, own: own)
    }

    /// Takes a sidecar turn back: the orientation it found, or none.
    public func undo(_ turned: SidecarTurn) {
        setOrientation(turned.before, own: turned.own, for: turned.path)
    }

    private func setOrientation(_ orientation: Orientation?, own: Orientation, for path: FilePath) {
        orientations[path] = orientation
        decoder.turns.set(orientation.map { Orientation.turn(from: own, to: $0) } ?? .up, for: path)
        worker.write(.orientation(orientation), for: path)
    }

    /// Photo `path`'s marks (none until read).
    public func marks(of path: FilePath) -> PhotoMarks { known[PathKey(path)] ?? .none }

    /// A photo's marks as shown. Of a RAW+JPEG pair, the RAW is the master: its marks win
    /// where it has any (darktable rates the RAW it edits), else the JPEG's count.
    public func marks(of photo: Photo) -> PhotoMarks {
        // Asked of every photo at each filter and search: no list made, keys hashed already.
        for companion in photo.companions {
            if let marks = known[companion.key], !marks.isEmpty { return marks }
        }
        if let marks = known[photo.key], !marks.isEmpty { return marks }
        return .none
    }

    /// The date taken photo `path`'s sidecar records, as EXIF writes one (nil: none, or not read).
    public func dateTaken(of path: FilePath) -> String? { dates[path] }

    /// Whether any sidecar records a date (most folders: none, and a sort asks nothing).
    public var holdsDates: Bool { !dates.isEmpty }

    /// Sets the date taken photo `path`'s sidecar records (nil: takes it out, so the photo's
    /// own counts again): known at once, written in the background as marks are.
    public func setDateTaken(_ date: String?, for path: FilePath) {
        dates[path] = date
        worker.write(.dateTaken(date), for: path)
    }

    /// Reads the marks of `paths` in the background (in this order).
    public func read(_ paths: [FilePath]) {
        worker.read(paths, onlyIfChanged: false)
    }

    /// Reads again the marks of those of `paths` whose sidecars changed since last read (a
    /// folder change: another program may have marked).
    public func recheck(_ paths: [FilePath]) {
        worker.read(paths, onlyIfChanged: true)
    }

    /// Sets photo `path`'s marks: known at once, written in the background.
    public func set(_ marks: PhotoMarks, for path: FilePath) {
        known[PathKey(path)] = marks
        worker.write(.marks(marks), for: path)
    }

    /// Takes in what was read; returns the photos whose marks changed, those whose sidecars'
    /// dates taken changed, those now turned otherwise (their pictures are to be made
    /// again), and any notices.
    public func drain() -> (changed: [FilePath], redated: [FilePath], turned: [FilePath], notices: [Notice]) {
        let (results, notices) = worker.take()
        var changed: [FilePath] = [], redated: [FilePath] = [], turned: [FilePath] = []
        for result in results where worker.isCurrent(result) {
            if marks(of: result.path) != result.marks {
                known[PathKey(result.path)] = result.marks
                changed.append(result.path)
            }
            if dates[result.path] != result.dateTaken {
                dates[result.path] = result.dateTaken
                redated.append(result.path)
            }
            orientations[result.path] = result.orientation?.wanted
            if let own = result.orientation?.own { ownOrientations[result.path] = own }
            let turn = result.orientation.map { Orientation.turn(from: $0.own, to: $0.wanted) } ?? .up
            if decoder.turns.set(turn, for: result.path) { turned.append(result.path) }
        }
        return (changed, redated, turned, notices)
    }

    /// How many photos' marks were asked to be read (`read`) and are not known yet: while
    /// any are, a filter, a count or "Trash the rejects" would act on a part of them.
    public var unreadCount: Int { worker.unreadCount }

    /// Blocks until every read and write asked for so far is done (tests).
    public func waitUntilIdle() { worker.waitUntilIdle() }

    /// Blocks until every mark made so far is written (a photo going to the Trash takes
    /// its sidecar, which must not be written again after it went).
    public func waitForWrites() { worker.waitForWrites() }

    /// Flick is quitting: reads not yet done are abandoned, and every mark made is written
    /// before this returns (a mark made just before is not lost).
    public func finishWriting() { worker.finishWriting() }

    struct ReadResult {
        var path: FilePath
        var marks: PhotoMarks
        var dateTaken: String?
        /// The orientation its sidecar records, and what the file says of itself.
        var orientation: (wanted: Orientation, own: Orientation)?
        /// The photo's write count when the read began: a read that a mark overtook is stale.
        var writeGeneration: Int
    }

    /// The background half: reads on one queue, writes on a quicker one, their results in
    /// an inbox.
    final class Worker: Sendable {
        private let decoder: IsolatedDecoder
        private let dataFolder: FilePath
        private let wake: @Sendable () -> Void
        private let reads = DispatchQueue(label: "flick.marks.read", qos: .utility)
        private let writes = DispatchQueue(label: "flick.marks.write", qos: .userInitiated)
        private let state = Mutex(State())

        private struct State {
            var results: [ReadResult] = []
            var notices: [Notice] = []
            /// Marks written (or being written) per photo, and how many are done.
            var asked: [FilePath: Int] = [:]
            var written: [FilePath: Int] = [:]
            var signatures: [FilePath: [Int64]] = [:]
            var toldKept = false
            var toldNotWritten = false
            var toldNotRead = false
            /// Photos asked to be read (not rechecked) whose marks are not taken in yet, and
            /// how many of them were read since the UI last took the results.
            var unread = 0
            var readSinceTaken = 0
            /// Quitting: reads still queued are not made.
            var abandoned = false
        }

        init(decoder: IsolatedDecoder, dataFolder: FilePath, wake: @escaping @Sendable () -> Void) {
            self.decoder = decoder
            self.dataFolder = dataFolder
            self.wake = wake
        }

        func read(_ paths: [FilePath], onlyIfChanged: Bool) {
            guard !paths.isEmpty else { return }
            let counted = onlyIfChanged ? 0 : paths.count
            state.withLock { $0.unread += counted }
            reads.async { [self] in
                var found: [ReadResult] = []
                var done = 0
                func deliver() {
                    let batch = found
                    found = []
                    state.withLock { state in
                        state.results += batch
                        state.readSinceTaken += done
                    }
                    done = 0
                    wake()
                }
                for path in paths {
                    if state.withLock({ $0.abandoned }) { return }
                    defer {
                        done += onlyIfChanged ? 0 : 1
                        // Delivered in batches, so a big folder's badges appear as they are read.
                        if found.count >= 64 { deliver() }
                    }
                    let sidecars = Sidecars(of: path, dataFolder: dataFolder)
                    let signature = sidecars.signature
                    let generation = state.withLock { state -> Int? in
                        if onlyIfChanged && state.signatures[path] == signature { return nil }
                        let asked = state.asked[path, default: 0]
                        // A mark being written is newer than anything on disk.
                        return asked == state.written[path, default: 0] ? asked : nil
                    }
                    guard let generation else { continue }
                    let (marks, date, wanted) = readMarks(path, sidecars: sidecars)
                    state.withLock { $0.signatures[path] = signature }
                    // A sidecar's orientation replaces the file's, so the file's is read too.
                    let orientation = wanted.map { ($0, (try? decoder.facts(path).get())?.orientation ?? .up) }
                    found.append(ReadResult(path: path, marks: marks, dateTaken: date, orientation: orientation, writeGeneration: generation))
                }
                deliver()
            }
        }

        /// The first sidecar that records marks decides them; with none, the photo's own
        /// packet. The first sidecar that records a date taken decides it (a photo's own is
        /// its EXIF's, read with its facts), and so an orientation. A sidecar that cannot be
        /// read is said once (`Notice.sidecarNotRead`).
        private func readMarks(_ path: FilePath, sidecars: Sidecars) -> (PhotoMarks, String?, Orientation?) {
            var marks: PhotoMarks?, date: String?, orientation: Orientation?
            for sidecar in sidecars.existing where marks == nil || date == nil || orientation == nil {
                if let reason = Sidecars.tooLargeToRead(sidecar) {
                    tell(.sidecarNotRead(photo: DisplayName.of(lastComponentOf: path), reason: reason))
                    continue
                }
                switch decoder.marks(sidecar) {
                case let .success(record):
                    marks = marks ?? record.marks
                    date = date ?? record.dateTaken
                    orientation = orientation ?? record.orientation
                case let .failure(error): tell(.sidecarNotRead(photo: DisplayName.of(lastComponentOf: path), reason: error.headline))
                }
            }
            if let marks { return (marks, date, orientation) }
            // Most photos carry no packet, which a few bytes of the file tell (here, not
            // in a helper: nothing is parsed but their layout); only a packet is read by one.
            guard EmbeddedXMP.packet(at: path) != nil else { return (.none, date, orientation) }
            if case let .success(record) = decoder.marks(path), let marks = record.marks { return (marks, date, orientation) }
            return (.none, date, orientation)
        }

        /// A sidecar not read is said once a session; then the UI thread is woken for it.
        private func tell(_ notice: Notice) {
            let isNews = state.withLock { state -> Bool in
                guard !state.toldNotRead else { return false }
                state.toldNotRead = true
                state.notices.append(notice)
                return true
            }
            if isNews { wake() }
        }

        func write(_ change: SidecarChange, for path: FilePath) {
            let generation = state.withLock { state in
                state.asked[path, default: 0] += 1
                return state.asked[path]!
            }
            writes.async { [self] in
                let notice = store(change, for: path)
                state.withLock { state in
                    state.written[path] = max(state.written[path, default: 0], generation)
                    state.signatures[path] = Sidecars(of: path, dataFolder: dataFolder).signature
                    guard let notice else { return }
                    switch notice {
                    case .keptInDataFolder where !state.toldKept:
                        state.toldKept = true
                        state.notices.append(notice)
                    case .notWritten where !state.toldNotWritten:
                        state.toldNotWritten = true
                        state.notices.append(notice)
                    default:
                        break
                    }
                }
                if notice != nil { wake() }
            }
        }

        /// Into the folder's sidecar; failing that, into Flick's copy. Returns what the
        /// user should hear.
        private func store(_ change: SidecarChange, for path: FilePath) -> Notice? {
            let sidecars = Sidecars(of: path, dataFolder: dataFolder)
            let target = sidecars.writeTarget
            let name = DisplayName.of(lastComponentOf: path)
            do throws(SidecarWriteError) {
                try SidecarFile.write(change, to: target, base: Sidecars.isFile(target) ? target : nil, decoder: decoder)
                // The folder holds the marks again: Flick's copy would only hide later ones.
                if Sidecars.isFile(sidecars.kept) { _ = sidecars.kept.withPlatformString { unlink($0) } }
                return nil
            } catch let folderError {
                let base: FilePath? = Sidecars.isFile(sidecars.kept) ? sidecars.kept : nil
                do throws(SidecarWriteError) {
                    try SidecarFile.write(change, to: sidecars.kept, base: base, decoder: decoder, makingFolders: true)
                    return .keptInDataFolder(photo: name, reason: folderError.reason)
                } catch {
                    return .notWritten(photo: name, reason: error.reason)
                }
            }
        }

        func take() -> ([ReadResult], [Notice]) {
            state.withLock { state in
                defer {
                    state.results = []
                    state.notices = []
                    state.unread -= state.readSinceTaken
                    state.readSinceTaken = 0
                }
                return (state.results, state.notices)
            }
        }

        var unreadCount: Int { state.withLock { $0.unread } }

        func waitForWrites() { writes.sync {} }

        func finishWriting() {
            state.withLock { $0.abandoned = true }
            writes.sync {}
        }

        /// True unless a mark was made since the read began.
        func isCurrent(_ result: ReadResult) -> Bool {
            state.withLock { $0.asked[result.path, default: 0] == result.writeGeneration }
        }

        func waitUntilIdle() {
            writes.sync {}
            reads.sync {}
            writes.sync {}
        }
    }
}
