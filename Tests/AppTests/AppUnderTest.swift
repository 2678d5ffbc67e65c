// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Pictures
import PhotoSources
import PhotoLibrary
import Platform
@testable import flick

/// The app as the tests make it: its caches (thumbnails, likenesses) in a folder of its own,
/// never the user's `~/.cache`, and animations on whatever the desktop's switch says.
final class AppUnderTest {
    let caches = FileManager.default.temporaryDirectory.appendingPathComponent("flick-app-caches-\(UUID().uuidString)")
    let app: FlickApp

    init(opening path: String, isFirstRun: Bool = false) throws {
        let environment = ["XDG_CACHE_HOME": caches.path, "HOME": caches.path]
        let opening = try Folder.open(path: path)
        app = try FlickApp(opening: opening, service: DecodeService(application: "flick-test", environment: environment),
                           lister: AlbumLister(album: opening.album), view: .grid, fullscreen: false, isFirstRun: isFirstRun,
                           frame: .style(.whiteBorder), motion: MotionPreference(forced: false), environment: environment)
    }

    deinit { try? FileManager.default.removeItem(at: caches) }
}
