// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// Set by SIGINT or SIGTERM once `IngestConsole.stopOnQuitSignals` ran: the import stops
/// after removing the copy it was making.
private let quitSignalled = Atomic<Bool>(false)

/// `flick import` at a terminal, without a window: the options as typed, a progress line
/// rewritten in place while the copies are made, a quit signal that stops the import
/// cleanly, and the report a line per file.
public enum IngestConsole {
    /// Why the options typed cannot make an import.
    public enum Invalid: Error, Equatable, CustomStringConvertible {
        case template(NameTemplate.Problem)
        case clockShift(String)

        public var description: String {
            switch self {
            case let .template(problem): problem.description
            case let .clockShift(text): "“\(text)” is not CAMERA=+H:MM (or -H:MM, with :SS if need be)"
            }
        }
    }

    /// The options from the command line's text: folder templates, the rename template and
    /// the cameras' clock shifts (`Canon EOS R6=+1:00`), each checked.
    public static func options(destination: String, backup: String?, rename: String, job: String, caption: XMPCaption,
                               clockShifts: [String], isDryRun: Bool) throws(Invalid) -> IngestOptions {
        var options: IngestOptions
        do throws(NameTemplate.Problem) {
            options = IngestOptions(destinations: try ([destination] + (backup.map { [$0] } ?? [])).map { text throws(NameTemplate.Problem) in try NameTemplate(text) },
                                    rename: try NameTemplate(rename), job: job, caption: caption)
        } catch {
            throw .template(error)
        }
        for text in clockShifts {
            guard let shift = IngestOptions.clockShift(text) else { throw .clockShift(text) }
            options.clockShifts[shift.camera] = shift.seconds
        }
        options.isDryRun = isDryRun
        return options
    }

    /// From now on SIGINT (Ctrl+C) and SIGTERM stop a `run` after the copy in hand.
    public static func stopOnQuitSignals() {
        for signal in [SIGINT, SIGTERM] {
            Glibc.signal(signal) { _ in quitSignalled.store(true, ordering: .relaxed) }
        }
    }

    /// A quit signal came since `stopOnQuitSignals`.
    public static var wasQuitSignalled: Bool { quitSignalled.load(ordering: .relaxed) }

    /// What a terminal shows while an import runs: one line, at most five times a second,
    /// and always at the last file.
    public struct ProgressLine {
        static let interval = 0.2
        private var lastShown: Double?

        public init() {}

        /// The line to show at `now` (seconds on any steady clock), or nil while the last is fresh.
        public mutating func text(for progress: IngestProgress, at now: Double) -> String? {
            let isLast = progress.files == progress.totalFiles
            if let lastShown, now - lastShown <= Self.interval, !isLast { return nil }
            lastShown = now
            let megabytes = { (bytes: Int) in bytes / 1_000_000 }
            return progress.isCopying
                ? "import: \(progress.files)/\(progress.totalFiles) files, \(megabytes(progress.bytes))/\(megabytes(progress.totalBytes)) MB"
                : "import: reading the card, \(progress.files)/\(progress.totalFiles) files"
        }
    }

    /// Runs the import, the progress line on `status` (a terminal's stderr: each line
    /// replaces the last, cleared at the end) when there is one, until done or `shouldStop`
    /// (by default: a quit signal came).
    public static func run(_ ingest: Ingest, status: ((String) -> Void)?,
                           shouldStop: () -> Bool = { IngestConsole.wasQuitSignalled }) throws(IngestRefusal) -> IngestReport {
        var line = ProgressLine()
        let report = try ingest.run(progress: { progress in
            if let status, let text = line.text(for: progress, at: ProcessInfo.processInfo.systemUptime) {
                status("\r\u{1B}[K\(text)")
            }
            return !shouldStop()
        })
        status?("\r\u{1B}[K")
        return report
    }
}

extension Ingest {
    /// Dates taken and cameras read by an isolated helper (never in this process).
    /// A reader that hung or crashed twice (the decoder asks a fresh helper again) is said;
    /// a file it cannot make sense of simply has no date.
    public static func facts(from decoder: IsolatedDecoder) -> FactsReader {
        { path in
            switch decoder.facts(path) {
            case let .success(facts): return (facts.dateTaken.flatMap(TakenTime.init(exifStyle:)), facts.cameraText, nil)
            case let .failure(.decoderFailed(why)): return (nil, nil, "its reader \(why)")
            case .failure: return (nil, nil, nil)
            }
        }
    }

    /// Captions written into sidecars by an isolated helper.
    public static func captioner(from decoder: IsolatedDecoder) -> Captioner {
        { decoder.sidecar($0, captionedWith: $1) }
    }
}
