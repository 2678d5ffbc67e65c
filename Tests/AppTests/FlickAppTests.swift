// SPDX-License-Identifier: GPL-3.0-or-later
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

/// The app around its album session (whose own tests, ShellTests, open folders and dropped
/// files headless): what the window and the first run add.
@Suite(.serialized) struct FlickAppTests {
    typealias Folders = TwoPhotoFolders

    func app(opening path: String, isFirstRun: Bool = false) throws -> FlickApp {
        let opening = try Folder.open(path: path)
        return try FlickApp(opening: opening, service: DecodeService(application: "flick-test"), lister: AlbumLister(folder: opening.album.folderPath),
                            view: .grid, fullscreen: false, isFirstRun: isFirstRun, frame: .style(.whiteBorder))
    }

    @Test func theScreenSaverKeepsWorkingWhileFlickIsOpen() throws {
        let folders = try Folders()
        let app = try app(opening: folders.first)
        #expect(app.allowsScreenSaver, "a browser does not keep the screen awake or unlocked")
    }

    @Test func onlyTheVeryFirstRunSaysWhereHelpIsOnceSomethingIsDrawn() throws {
        let folders = try Folders()
        let first = try app(opening: folders.first, isFirstRun: true)
        #expect(first.browser.toast.message == nil, "nothing is said before the window shows anything")
        first.didPresentFrame(at: 0)
        #expect(first.browser.toast.message == FlickApp.firstRunHint)
        let later = try app(opening: folders.first)
        later.didPresentFrame(at: 0)
        #expect(later.browser.toast.message == nil)
    }
}
