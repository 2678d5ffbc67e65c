// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Ingest
import Localization
import PhotoLibrary
import Synchronization
import SystemPackage

/// A card imported on a thread of its own (`Ingest`: verified copies, renamed), saying how
/// far it got: the UI thread takes the reports each frame, woken as they come, and opens
/// the copies' folder as soon as it is known, so culling starts while the rest copies.
/// Volumes mounted while Flick runs, posted from the mount watch's thread and taken by the
/// session each frame.
public final class MountedVolumes: Sendable {
    private let volumes = Mutex<[FilePath]>([])

    public init() {}

    public func post(_ volume: FilePath) { volumes.withLock { $0.append(volume) } }

    func take() -> [FilePath] { volumes.withLock { volumes in defer { volumes = [] }; return volumes } }
}

/// A card read for the import's dialog on a thread of its own (every photo's date and
/// camera, through the helpers the import then asks again, remembered), saying how far it
/// got; stopped when the dialog is left.
final class CardSurveyRun: Sendable {
    private let news = Mutex<ImportDialog.Survey?>(nil)
    private let stopping = Atomic(false)

    init(_ ingest: Ingest, wake: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            BackgroundPriority.lowerCurrentThread()
            var lastNews = 0.0
            let shots = ingest.survey { read, total in
                let now = ProcessInfo.processInfo.systemUptime
                if now - lastNews > CardImport.progressSeconds || read == 0 {
                    lastNews = now
                    news.withLock { $0 = .reading(read: read, total: total) }
                    wake()
                }
                return !stopping.load(ordering: .relaxed)
            }
            guard !stopping.load(ordering: .relaxed) else { return }
            news.withLock { $0 = shots.map { .read($0) } ?? .unreadable }
            wake()
        }
        thread.name = "flick-card-survey"
        thread.start()
    }

    func stop() { stopping.store(true, ordering: .relaxed) }

    /// What it found since last asked; nil where nothing new.
    func take() -> ImportDialog.Survey? { news.withLock { news in defer { news = nil }; return news } }
}

final class CardImport: @unchecked Sendable {
    enum Report: Equatable {
        /// The card was read: what will be copied, and the folder the copies land in.
        case planned(Ingest.Plan)
        case progress(IngestProgress, secondsLeft: Double?)
        /// `undated`: copies filed by their files' times, their dates taken unread.
        case finished(copied: Int, alreadyThere: Int, failures: [String], undated: Int, cancelled: Bool)
        case refused(IngestRefusal)
    }

    /// A progress report at most this often.
    static let progressSeconds = 0.5

    let source: FilePath
    private let cancelled = Atomic(false)
    private let running = Atomic(true)
    private let reports = Mutex<[Report]>([])
    private let ended = DispatchSemaphore(value: 0)
    private let wake: @Sendable () -> Void

    init(source: FilePath, options: IngestOptions, facts: @escaping Ingest.FactsReader, captioner: Ingest.Captioner?,
         wake: @escaping @Sendable () -> Void) {
        self.source = source
        self.wake = wake
        let ingest = Ingest(source: source, options: options, facts: facts, captioner: captioner)
        let thread = Thread { [self] in
            // The photographer culls the copies as they land: a page turn comes before the
            // next copy on a machine of two cores.
            BackgroundPriority.lowerCurrentThread()
            run(ingest)
            running.store(false, ordering: .releasing)
            ended.signal()
        }
        thread.name = "flick-import"
        thread.start()
    }

    private func run(_ ingest: Ingest) {
        var lastReport = 0.0, started: (time: Double, bytes: Int)?
        do throws(IngestRefusal) {
            let report = try ingest.run(progress: { progress in
                let now = ProcessInfo.processInfo.systemUptime
                if progress.isCopying, started == nil { started = (now, progress.bytes) }
                if now - lastReport > Self.progressSeconds {
                    lastReport = now
                    post(.progress(progress, secondsLeft: started.flatMap { Self.secondsLeft(progress, since: $0, now: now) }))
                }
                return !cancelled.load(ordering: .relaxed)
            }, planned: { post(.planned($0)) })
            let failures = report.files.compactMap { file -> String? in
                guard case let .failed(failure) = file.outcome, failure != .cancelled else { return nil }
                return "\(DisplayName.of(file.source.lastComponent.map { FilePath(root: nil, [$0]).rawBytes } ?? [])): \(Self.reason(failure))"
            } + report.unreadableFolders.map { localized("{folder} cannot be read", ["folder": DisplayName.of($0.rawBytes)]) }
                + report.uncaptioned.map { "\(DisplayName.of($0.sidecar.rawBytes)): \($0.reason)" }
            post(.finished(copied: report.copiedCount, alreadyThere: report.skippedCount, failures: failures, undated: report.undated.count,
                           cancelled: cancelled.load(ordering: .relaxed)))
        } catch {
            post(.refused(error))
        }
    }

    private func post(_ report: Report) {
        reports.withLock { $0.append(report) }
        wake()
    }

    var isRunning: Bool { running.load(ordering: .acquiring) }

    /// Stops after removing the copy being made (within one piece of a file); what was
    /// copied stays.
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Quitting: cancelled, and waited for at most `seconds` (a copy stops within a piece;
    /// a card that hangs a read is left to the kernel).
    func stop(waitingAtMost seconds: Double) {
        cancel()
        if isRunning { _ = ended.wait(timeout: .now() + seconds) }
    }

    /// Blocks until the import ended (tests).
    func waitUntilEnded() {
        guard isRunning else { return }
        ended.wait()
        ended.signal()
    }

    func takeReports() -> [Report] { reports.withLock { reports in defer { reports = [] }; return reports } }

    /// From the bytes copied since copying began; nil in its first seconds.
    static func secondsLeft(_ progress: IngestProgress, since start: (time: Double, bytes: Int), now: Double) -> Double? {
        let elapsed = now - start.time, copied = progress.bytes - start.bytes
        guard elapsed > 2, copied > 0 else { return nil }
        return Double(progress.totalBytes - progress.bytes) / (Double(copied) / elapsed)
    }

    /// A report in words for the user.
    static func message(_ report: Report, from card: String) -> String {
        switch report {
        case let .planned(plan):
            return localizedPlural("Importing {count} file from {card}…", "Importing {count} files from {card}…", count: plan.files, ["card": card])
        case let .progress(progress, secondsLeft):
            guard progress.isCopying else {
                return localized("Reading {card}: {done} of {total} files…", ["card": card, "done": Language.number(progress.files), "total": Language.number(progress.totalFiles)])
            }
            let done = localized("Importing {done} of {total} · {bytes} of {totalBytes}",
                                 ["done": Language.number(progress.files), "total": Language.number(progress.totalFiles),
                                  "bytes": Language.fileSize(progress.bytes), "totalBytes": Language.fileSize(progress.totalBytes)])
            guard let secondsLeft else { return localized("{progress} · Ctrl+I stops", ["progress": done]) }
            let minutes = Int((secondsLeft / 60).rounded(.up))
            let left = secondsLeft < 60 ? localized("less than a minute left") : localizedPlural("about {count} minute left", "about {count} minutes left", count: minutes)
            return localized("{progress} · {left} · Ctrl+I stops", ["progress": done, "left": left])
        case let .finished(copied, alreadyThere, failures, undated, cancelled):
            var message = localizedPlural("{count} file imported and verified", "{count} files imported and verified", count: copied)
            if cancelled { message = localized("Import stopped: {done}", ["done": message]) }
            if alreadyThere > 0 {
                message = localized("{copied}; {count} already imported", ["copied": message, "count": Language.number(alreadyThere)])
            }
            if let first = failures.first {
                message = localized("{copied}; {count} could not be copied: {reason}",
                                    ["copied": message, "count": Language.number(failures.count), "reason": first])
            }
            if undated > 0 {
                let filed = localizedPlural("{count} filed by its file’s date: its date taken could not be read",
                                            "{count} filed by their files’ dates: their dates taken could not be read", count: undated)
                message = localized("{copied}; {undated}", ["copied": message, "undated": filed])
            }
            return message
        case let .refused(refusal):
            let reason = switch refusal {
            case .sourceUnreadable: localized("it cannot be read")
            case let .destinationOnSource(folder):
                localized("the copies would go to {folder}, on the card itself, and Flick never writes to a card", ["folder": PicksDelivery.shown(folder)])
            case let .cannotVerify(why): localized("the copies cannot be verified ({reason})", ["reason": why])
            }
            return localized("Flick cannot import {card}: {reason}", ["card": card, "reason": reason])
        }
    }

    /// Why a file was not copied, in the user's words.
    static func reason(_ failure: CopyFailure) -> String {
        switch failure {
        case let .sourceUnreadable(why): localized("the card could not be read ({reason})", ["reason": why])
        case .sourceGone: localized("it is no longer on the card")
        case .sourceChanged: localized("it changed on the card while it was copied")
        case let .destinationFull(folder): localized("{folder} is full", ["folder": PicksDelivery.shown(folder)])
        case let .destinationUnwritable(folder, why): localized("{folder} cannot be written ({reason})", ["folder": PicksDelivery.shown(folder), "reason": why])
        case let .copyDiffers(path): localized("the copy read back from {path} is not what the card holds; it was removed", ["path": PicksDelivery.shown(path)])
        case let .nameTaken(path): localized("another file took the name {path}; it was not replaced", ["path": PicksDelivery.shown(path)])
        case let .cannotVerify(why): localized("the copies cannot be verified ({reason})", ["reason": why])
        case .cancelled: localized("the import was stopped before it")
        }
    }
}
