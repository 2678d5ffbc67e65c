// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Ingest
import Localization
import PhotoLibrary
import Synchronization
import SystemPackage

/// Copies a run of photos into a folder on a thread of its own, one after another, and says
/// how far it got: the UI thread takes its reports each frame (`takeReports`), woken as they
/// come. A copy never waits for the screen, nor the screen for a copy.
final class PicksDelivery: @unchecked Sendable {
    /// How far a copy has got, or how it ended.
    enum Report: Equatable {
        case progress(done: Int, of: Int, moving: Bool)
        /// `copied` counts the photos moved too (`moving`); `moved` says which, for the
        /// album and its undo.
        case finished(copied: Int, alreadyThere: Int, failures: [String], folder: FilePath, moving: Bool, moved: [Moved])
    }

    /// A photo moved, and where each of its files went.
    struct Moved: Equatable {
        let photo: Photo
        let files: [PhotoDelivery.MovedFile]
    }

    /// A progress report at most this often: a toast that counts, not a flood.
    static let progressSeconds = 0.1

    private let queue = DispatchQueue(label: "flick.picks-delivery")
    /// Set when Flick quits: the photo being copied is finished, the rest left (a copy asked
    /// for again skips what arrived).
    private let stopping = Atomic(false)
    private let reports = Mutex<[Report]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Starts copying (or `moving`) `photos` into `folder`; reports follow.
    func deliver(_ photos: [Photo], to folder: FilePath, dataFolder: FilePath, moving: Bool = false) {
        let delivery = PhotoDelivery(to: folder, dataFolder: dataFolder)
        queue.async { [self] in
            var copied = 0, alreadyThere = 0, failures: [String] = [], moved: [Moved] = []
            var lastReport = 0.0
            for (index, photo) in photos.enumerated() {
                // Quitting: what was moved so far is said, so its undo is kept for the run.
                guard !stopping.load(ordering: .relaxed) else { break }
                switch delivery.deliver(photo, moving: moving) {
                case .copied: copied += 1
                case let .moved(_, files):
                    copied += 1
                    moved.append(Moved(photo: photo, files: files))
                case .alreadyThere: alreadyThere += 1
                case let .failed(reason): failures.append("\(photo.displayName): \(reason)")
                }
                let now = ProcessInfo.processInfo.systemUptime
                if now - lastReport > Self.progressSeconds, index + 1 < photos.count {
                    lastReport = now
                    post(.progress(done: index + 1, of: photos.count, moving: moving))
                }
            }
            post(.finished(copied: copied, alreadyThere: alreadyThere, failures: failures, folder: folder, moving: moving, moved: moved))
        }
    }

    /// Blocks until the copies asked for so far are done (tests).
    func waitUntilIdle() { queue.sync {} }

    /// Quitting: the photo being copied is finished (no file is left half written), the
    /// rest are not started.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        queue.sync {}
    }

    private func post(_ report: Report) {
        reports.withLock { $0.append(report) }
        wake()
    }

    func takeReports() -> [Report] { reports.withLock { reports in defer { reports = [] }; return reports } }

    /// `folder` as a person reads it: the home folder as "~", a hostile name made visible.
    static func shown(_ folder: FilePath, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        let bytes = folder.rawBytes
        if let home, !home.isEmpty, home != "/", bytes.starts(with: Array(home.utf8)),
           bytes.count == home.utf8.count || bytes[home.utf8.count] == UInt8(ascii: "/") {
            return "~" + DisplayName.of(bytes[home.utf8.count...], maximumCharacters: 200)
        }
        return DisplayName.of(bytes, maximumCharacters: 200)
    }

    /// The report in words for the user.
    static func message(_ report: Report) -> String {
        switch report {
        case let .progress(done, total, moving):
            return moving ? localized("Moving the picks: {done} of {total}…", ["done": Language.number(done), "total": Language.number(total)])
                : localized("Copying the picks: {done} of {total}…", ["done": Language.number(done), "total": Language.number(total)])
        case let .finished(copied, alreadyThere, failures, folder, moving, _):
            var message = moving
                ? localizedPlural("{count} pick moved to {folder}", "{count} picks moved to {folder}", count: copied, ["folder": shown(folder)])
                : localizedPlural("{count} pick copied to {folder}", "{count} picks copied to {folder}", count: copied, ["folder": shown(folder)])
            if alreadyThere > 0 {
                message = moving
                    ? localized("{copied}; {count} already there, left where they were", ["copied": message, "count": Language.number(alreadyThere)])
                    : localized("{copied}; {count} already there", ["copied": message, "count": Language.number(alreadyThere)])
            }
            if let first = failures.first {
                message = moving
                    ? localized("{copied}; {count} could not be moved: {reason}", ["copied": message, "count": Language.number(failures.count), "reason": first])
                    : localized("{copied}; {count} could not be copied: {reason}",
                                ["copied": message, "count": Language.number(failures.count), "reason": first])
            }
            return message
        }
    }
}

extension Settings {
    /// Where the picks go by default: `Selects` in the user's Pictures folder (as
    /// xdg-user-dirs names it, else ~/Pictures).
    public static func defaultSelectsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        picturesFolder(environment: environment).appending(localized("Selects"))
    }

    /// Where a card's photos go by default: a folder per day taken, by year, in the
    /// Pictures folder.
    public static func defaultImportDestination(environment: [String: String] = ProcessInfo.processInfo.environment) -> NameTemplate {
        let pictures = picturesFolder(environment: environment).string.replacingOccurrences(of: "%", with: "%%")
        return (try? NameTemplate(pictures + "/%Y/%Y-%m-%d")) ?? (try! NameTemplate(IngestOptions.defaultDestination))
    }

    /// The user's Pictures folder, as xdg-user-dirs names it, else ~/Pictures.
    static func picturesFolder(environment: [String: String]) -> FilePath {
        let home = environment["HOME"] ?? NSHomeDirectory()
        var pictures = home + "/Pictures"
        if let text = try? String(contentsOfFile: configHome(environment) + "/user-dirs.dirs", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
                let value = line.dropFirst("XDG_PICTURES_DIR=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                pictures = value.replacingOccurrences(of: "$HOME", with: home)
            }
        }
        return FilePath(pictures)
    }
}
