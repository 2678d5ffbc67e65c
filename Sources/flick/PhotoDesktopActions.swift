// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Localization
import PhotoLibrary
import Platform
import Synchronization
import SystemPackage

/// The photo menu's desktop actions, done off the thread that draws: the picture onto the
/// clipboard (decoded in a helper, as PNG beside the file and its path), the file
/// manager, another program, the wallpaper. Each ends in a word for the user, collected
/// until the frame loop takes it (`takeMessages`).
final class PhotoDesktopActions: Sendable {
    /// A copied picture is at most this many pixels on its longer side: a panorama still
    /// pastes, and its copy stays within a few hundred megabytes while it is made.
    static let copiedPictureSide = 8192

    private let work = DispatchQueue(label: "flick-desktop-actions")
    private let clipboard: X11Clipboard?
    private let decoder: IsolatedDecoder
    private let messages = Mutex<[String]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        clipboard = X11Clipboard.start()
        decoder = IsolatedDecoder(command: DecodeHelper.command)
    }

    /// Reads the desktop's programs once, in the background, so the first right-click does
    /// not wait for them: called once the first photo is on screen, not on its way there.
    func prepare() {
        work.async { _ = DesktopActions.applications(for: FilePath("photo.jpg")) }
    }

    /// The menu's words for the desktop's programs for `path`.
    func applications(for path: FilePath) -> [MenuApplication] {
        DesktopActions.applications(for: path).map { MenuApplication(id: $0.id, name: $0.name, isDefault: $0.isDefault) }
    }

    /// What was said since the last call.
    func takeMessages() -> [String] {
        messages.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    private func say(_ message: String) {
        messages.withLock { $0.append(message) }
        wake()
    }

    /// Starts `action` on `photo` (named `name` to the user); copying the path is done by
    /// the window, at once.
    func perform(_ action: PhotoAction, on path: FilePath, named name: String, applications: [MenuApplication]) {
        switch action {
        case .copyImage:
            work.async { [self] in copyPicture(path, named: name) }
        case .showInFiles:
            work.async { [self] in
                switch DesktopActions.showInFiles(path) {
                case nil: break
                case .unavailable?: say(localized("No file manager is installed to show {name} in.", ["name": name]))
                case let .failed(reason)?: say(localized("The file manager did not show {name}: {reason}", ["name": name, "reason": reason]))
                }
            }
        case let .openWith(id):
            let program = applications.first { $0.id == id }?.name ?? id
            work.async { [self] in
                switch DesktopActions.open(path, with: id) {
                case nil: say(localized("Opening {name} in {program}…", ["name": name, "program": program]))
                case .unavailable?: say(localized("{program} is no longer installed.", ["program": program]))
                case let .failed(reason)?: say(localized("{program} did not open {name}: {reason}", ["program": program, "name": name, "reason": reason]))
                }
            }
        case .setWallpaper:
            work.async { [self] in
                switch DesktopActions.setWallpaper(path) {
                case .success: say(localized("{name} is the wallpaper now.", ["name": name]))
                case .failure(.unavailable): say(localized("This desktop offers Flick no way to set the wallpaper (the desktop portal or GNOME's settings)."))
                case let .failure(.failed(reason)): say(localized("The wallpaper was not set: {reason}", ["reason": reason]))
                }
            }
        case .open, .copyPath, .details, .slideshow, .trash:
            break
        }
    }

    /// The photo decoded whole (in a helper, in sRGB, as every program that pastes
    /// assumes), offered as PNG with the file itself and its path.
    private func copyPicture(_ path: FilePath, named name: String) {
        guard let clipboard else { return say(localized("There is no clipboard here to copy {name} to.", ["name": name])) }
        let uri = DesktopActions.uri(of: path)
        var contents = X11Clipboard.textTargets(path.string).merging(X11Clipboard.fileTargets(uri: uri)) { $1 }
        switch decoder.decode(path, maximumPixelSize: Self.copiedPictureSide, colours: .sRGB) {
        case let .success(pixels):
            guard let png = PNGEncoder.encode(pixels) else { return say(localized("{name} could not be copied: out of memory.", ["name": name])) }
            contents["image/png"] = png
            clipboard.offer(contents)
            say(localized("Copied {name}", ["name": name]))
        case let .failure(error):
            // The file itself still pastes into a file manager.
            clipboard.offer(contents)
            say(localized("Copied {name} as a file; its picture could not be read: {reason}", ["name": name, "reason": error.description]))
        }
    }
}
