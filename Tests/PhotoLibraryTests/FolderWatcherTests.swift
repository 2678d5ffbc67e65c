// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport
import PhotoLibrary
import SystemPackage

@Suite struct FolderWatcherTests {
    func waitForChange(_ watcher: FolderWatcher) -> Bool {
        // A bound, not a timing: a loaded machine (or inotify used up, and the folder
        // polled) may take a few seconds.
        waitUntil(seconds: 15, pollingEvery: 20_000) { watcher.takeChange() }
    }

    @Test func addingRenamingRewritingAndRemovingAFileAreEachReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wakes = Counter()
        let watcher = try #require(FolderWatcher(folder: FilePath(folder.path)) { wakes.increment() })
        #expect(!watcher.takeChange())

        let photo = folder.appendingPathComponent("a.jpg")
        try FileManager.default.copyItem(at: Fixtures.photos.appendingPathComponent("IMG_2.jpg"), to: photo)
        #expect(waitForChange(watcher), "added")
        try FileManager.default.moveItem(at: photo, to: folder.appendingPathComponent("b.jpg"))
        #expect(waitForChange(watcher), "renamed")
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("b.jpg"))
        #expect(waitForChange(watcher), "rewritten")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("b.jpg"))
        #expect(waitForChange(watcher), "removed")
        #expect(wakes.value >= 4)
        #expect(!watcher.takeChange())
    }

    /// Where inotify cannot watch (the user's instances or watches used up by other
    /// programs), a folder is looked at now and then: added and removed entries still show.
    @Test func aFolderInotifyCannotWatchIsLookedAtNowAndThen() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-poll-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let wakes = Counter()
        let poller = FolderPoller(folders: [FilePath(folder.path)], every: 0.05) { wakes.increment() }
        usleep(200_000)
        #expect(wakes.value == 0, "nothing changed, nothing said")
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("a.jpg"))
        #expect(waitUntil(seconds: 15, pollingEvery: 20_000) { wakes.value >= 1 }, "added")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("a.jpg"))
        #expect(waitUntil(seconds: 15, pollingEvery: 20_000) { wakes.value >= 2 }, "removed")
        try FileManager.default.removeItem(at: folder)
        #expect(waitUntil(seconds: 15, pollingEvery: 20_000) { wakes.value >= 3 }, "the folder itself gone")
        withExtendedLifetime(poller) {}
        #expect(FolderWatcher(folders: [FilePath("/no/such/folder")]) {} == nil, "nothing to watch or poll")
    }

    @Test func aTreeOfFoldersIsWatchedAsOneAndANewSubfolderIsReported() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-watch-\(UUID().uuidString)")
        let inner = root.appendingPathComponent("2024")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = try #require(FolderWatcher(folders: [FilePath(root.path), FilePath(inner.path), FilePath("/no/such/folder")]) {})
        try FileManager.default.createDirectory(at: inner.appendingPathComponent("Trip"), withIntermediateDirectories: false)
        #expect(waitForChange(watcher), "an album folder appeared inside a watched one")
        try FileManager.default.removeItem(at: inner)
        #expect(waitForChange(watcher), "and vanished")
    }

    @Test func aSidecarWrittenIsNamedWithoutCallingForARescanAndFlicksHalfWrittenOnesAreNotNews() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = try #require(FolderWatcher(folder: FilePath(folder.path)) {})
        // As Flick writes one: a temporary file, then renamed into place.
        let temporary = folder.appendingPathComponent(".flick-1-2.xmp.tmp")
        try Data("<x:xmpmeta/>".utf8).write(to: temporary)
        try FileManager.default.moveItem(at: temporary, to: folder.appendingPathComponent("a.jpg.xmp"))
        // Another program's, in Lightroom's name and case.
        try Data("<x:xmpmeta/>".utf8).write(to: folder.appendingPathComponent("B.XMP"))
        var names: Set<[UInt8]> = []
        #expect(waitUntil(seconds: 15, pollingEvery: 20_000) {
            names.formUnion(watcher.takeChangedSidecars())
            return names.count == 2
        })
        #expect(names == [Array("a.jpg.xmp".utf8), Array("B.XMP".utf8)])
        #expect(!watcher.takeChange(), "no photo changed: no rescan")
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("c.jpg"))
        #expect(waitForChange(watcher), "a photo still is a change of the folder")
    }

    @Test func aFolderThatDoesNotExistCannotBeWatched() {
        #expect(FolderWatcher(folder: FilePath("/no/such/folder")) {} == nil)
    }
}
