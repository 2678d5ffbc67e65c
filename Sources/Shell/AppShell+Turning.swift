// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Components
import Localization
import PhotoLibrary
import SystemPackage

/// Turning a photo (R, Shift+R, the menu): the one change Flick makes to a photo's file,
/// and only when asked. A JPEG's orientation tag is rewritten in place, every other byte
/// kept; Ctrl+Z puts it back.
extension AppShell {
    func turn(_ photos: [Photo], clockwise: Bool) {
        let failed = session.turn(photos, clockwise ? .clockwise : .anticlockwise)
        let turned = photos.filter { photo in !failed.contains { $0.photo.path == photo.path } }
        photosTurned(turned.map(\.path))
        var message: String
        if turned.count == 1 {
            let name = turned[0].displayName
            message = clockwise ? localized("{name} turned right", ["name": name]) : localized("{name} turned left", ["name": name])
        } else {
            message = clockwise ? localizedPlural("{count} photo turned right", "{count} photos turned right", count: turned.count)
                : localizedPlural("{count} photo turned left", "{count} photos turned left", count: turned.count)
        }
        if let (photo, problem) = failed.first {
            let failure = failed.count == 1 ? localized("{name} was not turned: {reason}.", ["name": photo.displayName, "reason": problem.reason])
                : localizedPlural("{count} was not turned: {reason}.", "{count} were not turned: {reason}.", count: failed.count, ["reason": problem.reason])
            message = turned.isEmpty ? failure : localized("{moved}; {failed}", ["moved": message, "failed": failure])
        }
        browser.showToast(Toast(message, action: turned.isEmpty ? nil : (localized("Undo"), { [unowned self] in browser.undo() })))
    }

    /// The photos' files changed without a new modification time: what was made of them
    /// (pictures, shared thumbnails, facts) is made again.
    func photosTurned(_ paths: [FilePath]) {
        for path in paths {
            service.thumbnailCache?.forget(path)
            pictures.photoChanged(path)
        }
        browser.reloadData()
    }
}
