// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Components
import Foundation
import Localization
import Marks
import SystemPackage

/// Sharing copies (Share…): JPEGs of the photos chosen, or of the photo in hand, saved in
/// the folder for shared copies or handed to the mail program, as the share bar asked.
extension AppShell {
    func share(_ indices: [Int], as copy: SharedCopy, mailing: Bool) {
        let photos = indices.filter { $0 < session.photos.count }.map { session.photos[$0] }
        guard !photos.isEmpty else { return }
        var fixed: [FilePath: String] = [:]
        for photo in photos { fixed[photo.path] = session.fixedDate(of: photo) }
        browser.showToast(Toast(PhotoExport.message(.progress(done: 0, of: photos.count, mailing: mailing))))
        export.export(photos, as: copy, to: mailing ? nil : exportFolder, fixedDates: fixed)
    }

    func takeShareReports() {
        for report in export.takeReports() {
            if case let .finished(made, _, _, _, _, _) = report { onShared?(made) }
            guard case let .finished(made, _, _, false, _, copies) = report, made > 0, let first = copies.first else {
                browser.showToast(Toast(PhotoExport.message(report)))
                continue
            }
            // Ctrl+Z takes a share back as any other step: its copies go to the Trash.
            session.rememberShared(copies)
            browser.showToast(Toast(PhotoExport.message(report), action: (title: localized("Show in Files"), perform: { [unowned self] in
                desktopActions.perform(.showInFiles, on: first, named: first.lastComponent?.string ?? "", applications: [])
            })))
        }
    }

    /// Blocks until the copies asked for are made (tests).
    public func waitForSharing() { export.waitUntilIdle() }
}

extension Settings {
    /// Where shared copies go by default: `Shared` in the user's Pictures folder.
    public static func defaultExportFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        picturesFolder(environment: environment).appending(localized("Shared"))
    }
}
