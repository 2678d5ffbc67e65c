// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Localization
import Marks
import PhotoLibrary
import SystemPackage

/// Shared copies (Share…): each photo as an sRGB JPEG within a long side, carrying as much
/// of its metadata as asked (a date fixed in its sidecar rather than the camera's), made in
/// a helper and written into a folder without replacing anything there ("IMG_1 (2).jpg"),
/// or into a folder of Flick's own that is handed to the desktop's mail program and
/// cleaned up. The originals are only read. One photo after another on a thread of its own
/// (`PhotoRun`); quitting stops after the photo in hand.
final class PhotoExport: Sendable {
    enum Report: Equatable {
        case progress(done: Int, of: Int, mailing: Bool)
        /// `problem`: why the mail program was not reached (a share by mail).
        /// `copies`: those made (the first shown in the file manager; Ctrl+Z puts a folder's
        /// in the Trash).
        case finished(made: Int, failures: [String], folder: FilePath, mailing: Bool, problem: String?, copies: [FilePath])
    }

    private struct Job {
        let folder: FilePath
        let mailing: Bool
        /// The mail program was handed the copies (or why not); set by the run's end.
        let mailed: MailedBox
    }

    private final class MailedBox: @unchecked Sendable {
        var problem: String?
    }

    private let run: PhotoRun<Job, Result<FilePath, DeliveryError>>
    private let decoder: IsolatedDecoder
    private let mail: @Sendable ([FilePath]) -> (problem: String?, filesMayGo: Bool)
    private let sharedFolder: FilePath

    /// `mail` hands files to the desktop's mail program; `sharedFolder` holds the copies
    /// made for it, each share a folder of its own.
    init(decoder: IsolatedDecoder, sharedFolder: FilePath = PhotoExport.defaultSharedFolder(),
         mail: @escaping @Sendable ([FilePath]) -> (problem: String?, filesMayGo: Bool), wake: @escaping @Sendable () -> Void) {
        self.decoder = decoder
        self.mail = mail
        self.sharedFolder = sharedFolder
        run = PhotoRun(label: "flick.export", wake: wake)
    }

    /// Starts making copies of `photos` as `copy` asks, into `folder` (nil: for the mail
    /// program); `fixedDates`: dates taken fixed in sidecars, by path.
    func export(_ photos: [Photo], as copy: SharedCopy, to folder: FilePath?, fixedDates: [FilePath: String]) {
        let mailing = folder == nil
        let target = folder ?? sharedFolder.appending("\(Int(Date().timeIntervalSince1970))-\(getpid())-\(UInt16.random(in: 0...UInt16.max))")
        if mailing { removeOldShares() }
        let job = Job(folder: target, mailing: mailing, mailed: MailedBox())
        let made = MadeFiles()
        run.start(photos, job: job, work: { [decoder] photo, _ in
            let result: Result<FilePath, DeliveryError>
            switch decoder.export(photo.path, longSide: copy.longSide, metadata: copy.metadata, dateTaken: fixedDates[photo.path]) {
            case let .success(jpeg):
                let name = PhotoExport.jpegName(of: photo.path)
                do throws(DeliveryError) {
                    result = .success(try PhotoDelivery.writeNew(jpeg, named: name, in: target))
                } catch {
                    result = .failure(error)
                }
            case let .failure(problem):
                result = .failure(DeliveryError(reason: problem.headline))
            }
            if case let .success(path) = result { made.add(path) }
            return result
        }, finish: { [mail] in
            guard mailing else { return }
            let files = made.all
            guard !files.isEmpty else { return }
            let (problem, filesMayGo) = mail(files)
            job.mailed.problem = problem
            if filesMayGo || problem != nil { try? FileManager.default.removeItem(atPath: target.string) }
        })
    }

    func takeReports() -> [Report] {
        run.takeReports().map { report in
            switch report {
            case let .progress(job, done, total): return .progress(done: done, of: total, mailing: job.mailing)
            case let .finished(job, steps):
                let failures = steps.compactMap { step -> String? in
                    guard case let .failure(error) = step.step else { return nil }
                    return "\(step.photo.displayName): \(error.reason)"
                }
                return .finished(made: steps.count - failures.count, failures: failures, folder: job.folder, mailing: job.mailing,
                                 problem: job.mailed.problem, copies: steps.compactMap { try? $0.step.get() })
            }
        }
    }

    func waitUntilIdle() { run.waitUntilIdle() }

    func stop() { run.stop() }

    /// "IMG_1234.jpg" for IMG_1234.CR3 (the name's own bytes).
    static func jpegName(of path: FilePath) -> [UInt8] {
        let name = path.rawBytes.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? Array("photo".utf8)
        let dot = name.dropFirst().lastIndex(of: UInt8(ascii: ".")) ?? name.endIndex
        return Array(name[..<dot]) + Array(".jpg".utf8)
    }

    /// `$XDG_CACHE_HOME/flick/shared`: the copies made for mail, a folder per share.
    static func defaultSharedFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return FilePath(cache).appending("flick/shared")
    }

    /// A mail program opened on the copies' paths reads them when the message is sent:
    /// they stay a day, then go with the next share.
    private func removeOldShares() {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: sharedFolder.string) else { return }
        for entry in entries {
            let path = sharedFolder.appending(entry).string
            guard let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  Date().timeIntervalSince(modified) > 86_400 else { continue }
            try? manager.removeItem(atPath: path)
        }
    }

    /// The report in words for the user.
    static func message(_ report: Report) -> String {
        switch report {
        case let .progress(done, total, mailing):
            return mailing ? localized("Preparing the copies to send: {done} of {total}…", ["done": Language.number(done), "total": Language.number(total)])
                : localized("Making copies: {done} of {total}…", ["done": Language.number(done), "total": Language.number(total)])
        case let .finished(made, failures, folder, mailing, problem, _):
            var message = mailing
                ? (problem.map { localized("No mail program took the copies: {reason}", ["reason": $0]) }
                    ?? localizedPlural("{count} copy handed to the mail program", "{count} copies handed to the mail program", count: made))
                : localizedPlural("{count} copy saved in {folder}", "{count} copies saved in {folder}", count: made, ["folder": PicksDelivery.shown(folder)])
            if let first = failures.first {
                message = localized("{copied}; {count} could not be copied: {reason}", ["copied": message, "count": Language.number(failures.count), "reason": first])
            }
            return message
        }
    }
}

/// The copies made so far of a share, for the mail program (written on the run's thread).
private final class MadeFiles: @unchecked Sendable {
    private var files: [FilePath] = []
    func add(_ path: FilePath) { files.append(path) }
    var all: [FilePath] { files }
}
