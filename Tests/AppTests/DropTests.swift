import Foundation
import Testing
import Album
import Pictures
import Components
import PhotoLibrary
import Platform
import SystemPackage
import TestSupport
@testable import flick

/// A folder or an image dropped on the window opens as if Flick had been launched on it.
@Suite(.serialized) struct DropTests {
    /// Two folders of two tiny PNGs each.
    final class Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-drop-\(UUID().uuidString)")
        var first: String { root.appendingPathComponent("first").path }
        var second: String { root.appendingPathComponent("second").path }

        init() throws {
            // A 1×1 PNG.
            let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
            for folder in [first, second] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for name in ["a.png", "b.png"] { try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name)) }
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    func app(opening path: String, isFirstRun: Bool = false) throws -> FlickApp {
        let opening = try Folder.open(path: path)
        return try FlickApp(opening: opening, service: DecodeService(application: "flick-test"), lister: AlbumLister(folder: opening.album.folderPath),
                            view: .grid, fullscreen: false, isFirstRun: isFirstRun, frame: .style(.whiteBorder))
    }

    @Test func aFolderWithoutPhotosSaysSoByName() throws {
        let folders = try Folders()
        let empty = folders.root.appendingPathComponent("Empty Trip").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: empty + "/notes.txt"))
        let app = try app(opening: empty)
        #expect(run(app) { app.browser.albumMessage != nil })
        #expect(app.browser.albumMessage == "No photos in “Empty Trip”: nothing in this folder is an image Flick can show.")
    }

    @Test func theScreenSaverKeepsWorkingWhileFlickIsOpen() throws {
        let folders = try Folders()
        let app = try app(opening: folders.first)
        #expect(app.allowsScreenSaver, "a browser does not keep the screen awake or unlocked")
    }

    @Test func onlyTheVeryFirstRunSaysWhereHelpIs() throws {
        let folders = try Folders()
        #expect(try app(opening: folders.first, isFirstRun: true).browser.toast.message == FlickApp.firstRunHint)
        #expect(try app(opening: folders.first).browser.toast.message == nil)
    }

    /// Runs the app's per-frame work until `condition` holds (at most 20 s).
    func run(_ app: FlickApp, until condition: () -> Bool) -> Bool {
        var now = 0.0
        return waitUntil(seconds: 20, pollingEvery: 5_000) {
            now += 0.02
            app.update(at: now)
            return condition()
        }
    }

    @Test func aDroppedFolderOpensAndADroppedImageOpensFullScreen() throws {
        let folders = try Folders()
        let app = try app(opening: folders.first)
        #expect(run(app) { app.browser.source?.photoCount == 2 })

        app.handle(.dropped(path: folders.second))
        #expect(app.albumFolder == FilePath(folders.second))
        #expect(run(app) { app.browser.source?.photoCount == 2 })
        #expect(!app.browser.isPagerOpen)

        app.handle(.dropped(path: folders.first + "/b.png"))
        // Open at once on the image, which stays in hand as the rest of its folder is listed.
        #expect(run(app) { app.browser.isPagerOpen && app.browser.source?.photoCount == 2 })
        #expect(app.albumFolder == FilePath(folders.first) && app.browser.pager.currentIndex == 1, "the dropped image, full screen")
        #expect(run(app) { app.windowTitle == "b.png — first — Flick" }, "its name in the title: \(app.windowTitle)")
        app.browser.closePager()
        #expect(run(app) { app.windowTitle == "first — Flick" })
    }

    @Test func somethingThatCannotBeOpenedSaysSoAndChangesNothing() throws {
        let folders = try Folders()
        let app = try app(opening: folders.first)
        app.handle(.dropped(path: "/no/such/thing"))
        #expect(app.albumFolder == FilePath(folders.first))
        #expect(app.browser.toast.message?.hasPrefix("Flick cannot open that") == true)
    }
}
