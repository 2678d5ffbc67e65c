// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Album
import Pictures
import PhotoSources
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


    @Test func theScreenSaverKeepsWorkingWhileFlickIsOpen() throws {
        let folders = try Folders()
        let app = try AppUnderTest(opening: folders.first).app
        #expect(app.allowsScreenSaver, "a browser does not keep the screen awake or unlocked")
    }

    @Test func onlyTheVeryFirstRunSaysWhereHelpIsOnceSomethingIsDrawn() throws {
        let folders = try Folders()
        let made = try AppUnderTest(opening: folders.first, isFirstRun: true), first = made.app
        #expect(first.browser.toast.message == nil, "nothing is said before the window shows anything")
        first.didPresentFrame(at: 0)
        #expect(first.browser.toast.message == FlickApp.firstRunHint)
        let madeLater = try AppUnderTest(opening: folders.first), later = madeLater.app
        later.didPresentFrame(at: 0)
        #expect(later.browser.toast.message == nil)
    }
}
