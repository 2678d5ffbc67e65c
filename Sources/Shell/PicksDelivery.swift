// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Ingest
import Localization
import PhotoLibrary
import Synchronization
import SystemPackage

/// Copies (or moves) a run of photos into a folder on a thread of its own (`PhotoRun`),
/// and says how far it got.
final class PicksDelivery: Sendable {
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

    private struct Job {
        let folder: FilePath
        let moving: Bool
    }

    private let run: PhotoRun<Job, PhotoDelivery.Outcome>

    init(wake: @escaping @Sendable () -> Void) {
        run = PhotoRun(label: "flick.picks-delivery", wake: wake)
    }

    /// Starts copying (or `moving`) `photos` into `folder`; reports follow.
    func deliver(_ photos: [Photo], to folder: FilePath, dataFolder: FilePath, moving: Bool = false) {
        let delivery = PhotoDelivery(to: folder, dataFolder: dataFolder)
        run.start(photos, job: Job(folder: folder, moving: moving)) { photo, _ in delivery.deliver(photo, moving: moving) }
    }

    /// Blocks until the copies asked for so far are done (tests).
    func waitUntilIdle() { run.waitUntilIdle() }

    /// Quitting: the photo being copied is finished (no file is left half written), the
    /// rest are not started; what was moved so far is said, so its undo is kept.
    func stop() { run.stop() }

    func takeReports() -> [Report] {
        run.takeReports().map { report in
            switch report {
            case let .progress(job, done, total): return .progress(done: done, of: total, moving: job.moving)
            case let .finished(job, steps):
                var copied = 0, alreadyThere = 0, failures: [String] = [], moved: [Moved] = []
                for (photo, outcome) in steps {
                    switch outcome {
                    case .copied: copied += 1
                    case let .moved(_, files):
                        copied += 1
                        moved.append(Moved(photo: photo, files: files))
                    case .alreadyThere: alreadyThere += 1
                    case let .failed(reason): failures.append("\(photo.displayName): \(reason)")
                    }
                }
                return .finished(copied: copied, alreadyThere: alreadyThere, failures: failures, folder: job.folder, moving: job.moving, moved: moved)
            }
        }
    }

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
