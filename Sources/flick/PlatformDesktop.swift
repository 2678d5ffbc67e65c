// SPDX-License-Identifier: GPL-3.0-or-later
import Localization
import Browser
import Components
import Platform
import Shell
import SystemPackage

/// The photo menu's desktop, as this platform has it: the X clipboard and GIO's services.
struct PlatformDesktop: DesktopServices {
    let clipboard = X11Clipboard.start()

    func copy(file: FilePath) -> Int? {
        let contents = X11Clipboard.textTargets(file.string).merging(X11Clipboard.fileTargets(uri: DesktopActions.uri(of: file))) { $1 }
        return clipboard?.offer(contents, promising: ["image/png"])
    }

    func providePicture(_ png: [UInt8]?, forCopy number: Int) { clipboard?.fulfil(number, "image/png", with: png) }

    func handOverClipboard() { clipboard?.handOver(patience: 3, limit: PhotoDesktopActions.handOverLimit) }

    func showInFiles(_ path: FilePath) -> DesktopOutcome { Self.outcome(DesktopActions.showInFiles(path)) }

    func open(_ path: FilePath, with applicationID: String) -> DesktopOutcome { Self.outcome(DesktopActions.open(path, with: applicationID)) }

    func setWallpaper(_ path: FilePath) -> DesktopOutcome {
        switch DesktopActions.setWallpaper(path) {
        case .success: .done
        case let .failure(problem): Self.outcome(problem)
        }
    }

    func composeEmail(attaching files: [FilePath]) -> (problem: String?, filesMayGo: Bool) {
        switch DesktopActions.composeEmail(attaching: files) {
        case .success(.portal): (nil, true)
        case .success(.mailer): (nil, false)
        case .failure(.unavailable): (localized("there is no mail program here (no desktop portal, no xdg-email)"), true)
        case let .failure(.failed(reason)): (reason, true)
        }
    }

    func applications(for path: FilePath) -> [MenuApplication] {
        DesktopActions.applications(for: path).map { MenuApplication(id: $0.id, name: $0.name, isDefault: $0.isDefault) }
    }

    private static func outcome(_ problem: DesktopProblem?) -> DesktopOutcome {
        switch problem {
        case nil: .done
        case .unavailable?: .unavailable
        case let .failed(reason)?: .failed(reason)
        }
    }
}
