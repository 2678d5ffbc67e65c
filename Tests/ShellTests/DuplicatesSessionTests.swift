// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Gestures
import PhotoLibrary
import Shell
import SystemPackage
import Testing
import TestSupport

/// Find Duplicates over every folder at once: the groups shown together in the grid with
/// the copies chosen and a question; Cancel shows the album as it was.
@Suite(.serialized) struct DuplicatesSessionTests {
    @Test func theCopiesAreShownChosenWithTheQuestionAndCancelLeavesAllAsItWas() throws {
        // Four folders, one PNG in each, byte for byte the same.
        let pictures = try EveryFolderSessionTests.Pictures()
        let f = try AlbumSessionTests.Fixture(opening: pictures.path)
        f.session.duplicateFinder = DuplicateFinder(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]))
        #expect(f.run { f.browser.source?.photoCount == 4 && f.session.marksAreKnown })
        f.session.findDuplicates()
        #expect(f.run { f.browser.confirmBar.isShown }, "\(f.browser.toast.message ?? "no toast")")
        let question = f.browser.confirmBar.confirmation?.question ?? ""
        #expect(question.hasPrefix("3 copies of the same file: move the copies chosen to the Trash?"), "\(question)")
        #expect(f.browser.chosenPhotos == [1, 2, 3], "the copies chosen, the one kept first and not")
        #expect(f.browser.viewKind == .grid)
        _ = f.browser.handleKey(KeyEvent(key: .escape, timestampNanoseconds: 0))
        #expect(f.browser.chosenPhotos.isEmpty && f.browser.source?.photoCount == 4)
    }

    /// The search starts in the frame that takes in the last looks, and shows in the frame
    /// after the finder ends: a frame loop that sleeps until woken misses neither.
    @Test func theSearchGoesOnInTheFramesItsWorkWakes() throws {
        let pictures = try EveryFolderSessionTests.Pictures()
        let helper = [builtExecutable(named: "fake-decode-helper")]
        let looks = Likenesses(decoder: IsolatedDecoder(command: helper))
        let f = try AlbumSessionTests.Fixture(opening: pictures.path, likenesses: looks)
        let finder = DuplicateFinder(decoder: IsolatedDecoder(command: helper))
        f.session.duplicateFinder = finder
        #expect(f.run { f.browser.source?.photoCount == 4 && f.session.marksAreKnown })
        looks.waitUntilIdle()
        f.session.update()
        f.session.findDuplicates()
        looks.waitUntilIdle()
        f.session.update()
        finder.waitUntilIdle()
        f.session.update()
        #expect(f.browser.confirmBar.isShown, "\(f.browser.toast.message ?? "no toast")")
    }
}
