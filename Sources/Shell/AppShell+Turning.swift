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
    func turn(_ photo: Photo, clockwise: Bool) {
        let name = photo.displayName
        if let (_, problem) = session.turn(photo, clockwise ? .clockwise : .anticlockwise) {
            return browser.showToast(Toast(localized("{name} was not turned: {reason}.", ["name": name, "reason": problem.reason])))
        }
        photosTurned([photo.path])
        let said = clockwise ? localized("{name} turned right", ["name": name]) : localized("{name} turned left", ["name": name])
        browser.showToast(Toast(said, action: (localized("Undo"), { [unowned self] in browser.undo() })))
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
