// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Foundation
import Localization
import PhotoLibrary
import Synchronization
import SystemPackage

/// What happened when the desktop was asked to do something.
public enum DesktopOutcome: Equatable, Sendable {
    case done
    /// Nothing here does it (no file manager, no such program, no way to set a wallpaper).
    case unavailable
    /// What the desktop said went wrong.
    case failed(String)
}

/// The desktop's side of the photo menu as the platform provides it (the app: the X
/// clipboard and GIO). Each may wait: they are called off the drawing thread.
public protocol DesktopServices: Sendable {
    /// Puts the file and its path on the clipboard at once, its picture as PNG promised
    /// (`providePicture`): a program that pastes it before it is made waits. Returns the
    /// copy's number; nil where there is no clipboard.
    func copy(file: FilePath) -> Int?
    /// The PNG promised by copy `number`, or nil where it cannot be made.
    func providePicture(_ png: [UInt8]?, forCopy number: Int)
    func showInFiles(_ path: FilePath) -> DesktopOutcome
    func open(_ path: FilePath, with applicationID: String) -> DesktopOutcome
    func setWallpaper(_ path: FilePath) -> DesktopOutcome
    /// A new message in the user's mail program with `files` attached; why not, and whether
    /// the files may go at once (the portal read them) or must stay a while.
    func composeEmail(attaching files: [FilePath]) -> (problem: String?, filesMayGo: Bool)
    /// The programs for files like `path`, the default first.
    func applications(for path: FilePath) -> [MenuApplication]
    /// Flick is quitting: what it put on the clipboard goes to the desktop's clipboard
    /// manager, where one runs, so it still pastes.
    func handOverClipboard()
}

/// The photo menu's desktop actions, done off the thread that draws: the picture onto the
/// clipboard (decoded in a helper, as PNG beside the file and its path), the file
/// manager, another program, the wallpaper. Each ends in a word for the user, collected
/// until the frame loop takes it (`takeMessages`).
public final class PhotoDesktopActions: Sendable {
    /// A copied picture is at most this many pixels on its longer side: a panorama still
    /// pastes, and its copy stays within a few hundred megabytes while it is made.
    public static let copiedPictureSide = 8192

    private let work = DispatchQueue(label: "flick-desktop-actions")
    private let desktop: DesktopServices
    private let decoder: IsolatedDecoder
    private let messages = Mutex<[String]>([])
    /// Something was put on the clipboard: quitting hands it to the clipboard manager.
    private let copied = Mutex(false)
    private let wake: @Sendable () -> Void

    public init(desktop: DesktopServices, decoder: IsolatedDecoder, wake: @escaping @Sendable () -> Void) {
        self.desktop = desktop
        self.decoder = decoder
        self.wake = wake
    }

    /// Reads the desktop's programs once, in the background, so the first right-click does
    /// not wait for them: called once the first photo is on screen, not on its way there.
    public func prepare() {
        work.async { [desktop] in _ = desktop.applications(for: FilePath("photo.jpg")) }
    }

    /// How long the clipboard manager may take what was copied, at most, while it keeps at it.
    public static let handOverLimit = 15.0

    /// Flick is quitting (its window already gone): a copy under way finishes (a few
    /// seconds at most), then what is on the clipboard goes to the desktop's clipboard
    /// manager. Nothing copied, nothing to wait for (the desktop's programs may still be
    /// being listed).
    public func finish() {
        guard copied.withLock({ $0 }) else { return }
        let done = DispatchSemaphore(value: 0)
        work.async { [desktop] in
            desktop.handOverClipboard()
            done.signal()
        }
        _ = done.wait(timeout: .now() + 5 + Self.handOverLimit)
    }

    /// The desktop's programs for `path`, for Open With.
    public func applications(for path: FilePath) -> [MenuApplication] { desktop.applications(for: path) }

    /// What was said since the last call.
    public func takeMessages() -> [String] {
        messages.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    private func say(_ message: String) {
        messages.withLock { $0.append(message) }
        wake()
    }

    /// Starts `action` on the photo at `path` (named `name` to the user); copying the path
    /// is the window's, at once.
    public func perform(_ action: PhotoAction, on path: FilePath, named name: String, applications: [MenuApplication]) {
        switch action {
        case .copyImage:
            // The clipboard is Flick's at once (a quick Ctrl+V pastes this photo, not what
            // was there before); its picture follows once a helper has made it.
            guard let copy = desktop.copy(file: path) else { return say(localized("There is no clipboard here to copy {name} to.", ["name": name])) }
            copied.withLock { $0 = true }
            work.async { [self] in providePicture(path, named: name, forCopy: copy) }
        case .showInFiles:
            work.async { [self] in
                switch desktop.showInFiles(path) {
                case .done: break
                case .unavailable: say(localized("No file manager is installed to show {name} in.", ["name": name]))
                case let .failed(reason): say(localized("The file manager did not show {name}: {reason}", ["name": name, "reason": reason]))
                }
            }
        case let .openWith(id):
            let program = applications.first { $0.id == id }?.name ?? id
            work.async { [self] in
                switch desktop.open(path, with: id) {
                case .done: say(localized("Opening {name} in {program}…", ["name": name, "program": program]))
                case .unavailable: say(localized("{program} is no longer installed.", ["program": program]))
                case let .failed(reason): say(localized("{program} did not open {name}: {reason}", ["program": program, "name": name, "reason": reason]))
                }
            }
        case .setWallpaper:
            work.async { [self] in
                switch desktop.setWallpaper(path) {
                case .done: say(localized("{name} is the wallpaper now.", ["name": name]))
                case .unavailable: say(localized("This desktop offers Flick no way to set the wallpaper (the desktop portal or GNOME's settings)."))
                case let .failed(reason): say(localized("The wallpaper was not set: {reason}", ["reason": reason]))
                }
            }
        case .open, .copyPath, .details, .slideshow, .trash, .turn, .fixDate, .share:
            break
        }
    }

    /// The photo decoded whole (in a helper, in sRGB, as every program that pastes
    /// assumes), offered as PNG with the file itself and its path.
    private func providePicture(_ path: FilePath, named name: String, forCopy copy: Int) {
        switch decoder.decode(path, maximumPixelSize: Self.copiedPictureSide, colours: .sRGB) {
        case let .success(pixels):
            guard let png = PNGEncoder.encode(pixels) else {
                desktop.providePicture(nil, forCopy: copy)
                return say(localized("{name} could not be copied: out of memory.", ["name": name]))
            }
            desktop.providePicture(png, forCopy: copy)
            say(localized("Copied {name}", ["name": name]))
        case let .failure(error):
            // The file itself still pastes into a file manager.
            desktop.providePicture(nil, forCopy: copy)
            say(localized("Copied {name} as a file; its picture could not be read: {reason}", ["name": name, "reason": error.description]))
        }
    }
}
