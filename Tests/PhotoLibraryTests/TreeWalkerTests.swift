// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import SystemPackage
import Testing

/// Every folder below one, walked as the album of every folder lists it: to any depth,
/// each folder once, hostile trees included.
@Suite struct TreeWalkerTests {
    /// A scratch tree; `photo(at:)` copies a real JPEG there.
    final class Tree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-tree-\(UUID().uuidString)")

        init() throws { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) }
        // rm, not FileManager: 100,000 files removed by a debug Foundation kept a core busy
        // for a minute, beside the end-to-end tests' Flicks.
        deinit {
            let remove = Process()
            remove.executableURL = URL(fileURLWithPath: "/bin/rm")
            remove.arguments = ["-rf", root.path]
            if (try? remove.run()) != nil { remove.waitUntilExit() } else { try? FileManager.default.removeItem(at: root) }
        }

        func photo(at relative: String) throws {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Fixtures.photo("IMG_2.jpg").string, toPath: url.path)
        }

        var path: FilePath { FilePath(root.path) }

        func relative(_ photos: [Photo]) -> [String] {
            photos.map { String($0.path.string.dropFirst(root.path.count + 1)) }
        }
    }

    @Test func aTreeIsWalkedFolderByFolderItsOwnPhotosFirstEachLevelInNaturalOrder() throws {
        let tree = try Tree()
        for path in ["top.jpg", "2019/b.jpg", "2019/a.jpg", "2019/Trip/x.jpg", "2019/Trip 2/y.jpg", "2020/c.jpg", "2019/10/z.jpg", "2019/9/w.jpg",
                     ".hidden/secret.jpg", "Empty/notes.txt"] {
            if path.hasSuffix(".txt") {
                try FileManager.default.createDirectory(at: tree.root.appendingPathComponent("Empty"), withIntermediateDirectories: true)
                try Data("notes".utf8).write(to: tree.root.appendingPathComponent(path))
            } else {
                try tree.photo(at: path)
            }
        }
        let (photos, report) = TreeWalker.photos(under: tree.path)
        #expect(tree.relative(photos) == ["top.jpg", "2019/a.jpg", "2019/b.jpg", "2019/9/w.jpg", "2019/10/z.jpg", "2019/Trip/x.jpg",
                                          "2019/Trip 2/y.jpg", "2020/c.jpg"], "hidden folders are not entered")
        #expect(report.folders.count == 8 && report.unreadable.isEmpty && !report.stopped)
    }

    /// A timeline newest first is walked from its last folders and photos: "2020" before
    /// "2019", a folder's last name first.
    @Test func latestFirstWalksEachLevelTheOtherWayRound() throws {
        let tree = try Tree()
        for path in ["top.jpg", "2019/a.jpg", "2019/b.jpg", "2019/9/w.jpg", "2019/10/z.jpg", "2020/c.jpg", "2020/d.jpg"] { try tree.photo(at: path) }
        var photos: [Photo] = []
        let report = TreeWalker.walk(tree.path, latestFirst: true) { batch in
            photos += batch
            return true
        }
        #expect(tree.relative(photos) == ["top.jpg", "2020/d.jpg", "2020/c.jpg", "2019/b.jpg", "2019/a.jpg", "2019/10/z.jpg", "2019/9/w.jpg"])
        #expect(report.folders.count == 5 && !report.stopped)
    }

    @Test func aSymlinkLoopAndALinkToAFolderAboveAreNotFollowed() throws {
        let tree = try Tree()
        try tree.photo(at: "a/one.jpg")
        try tree.photo(at: "a/b/two.jpg")
        try FileManager.default.createSymbolicLink(atPath: tree.root.appendingPathComponent("a/b/up").path, withDestinationPath: tree.root.path)
        try FileManager.default.createSymbolicLink(atPath: tree.root.appendingPathComponent("a/loop").path, withDestinationPath: tree.root.appendingPathComponent("a/loop").path)
        let (photos, report) = TreeWalker.photos(under: tree.path)
        #expect(tree.relative(photos) == ["a/one.jpg", "a/b/two.jpg"])
        #expect(report.folders.count == 3)
    }

    /// A bind mount of a folder above inside itself is a cycle no symlink check sees: each
    /// folder is walked once, by its device and inode.
    @Test(.enabled(if: getuid() == 0, "a bind mount needs root")) func aBindMountCycleIsWalkedOnce() throws {
        let tree = try Tree()
        try tree.photo(at: "a/one.jpg")
        let mountPoint = tree.root.appendingPathComponent("a/again")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["--bind", tree.root.path, mountPoint.path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "this machine allows no bind mount (a container without the capability)")
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [mountPoint.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let (photos, _) = TreeWalker.photos(under: tree.path)
        #expect(tree.relative(photos) == ["a/one.jpg"])
    }

    @Test func aTwentyLevelTreeIsWalkedToItsBottomAndAnEndlessOneIsCut() throws {
        let tree = try Tree()
        let deep = (1...20).map { "level\($0)" }.joined(separator: "/")
        try tree.photo(at: deep + "/bottom.jpg")
        #expect(tree.relative(TreeWalker.photos(under: tree.path).photos) == [deep + "/bottom.jpg"])
        var cut: [Photo] = []
        let report = TreeWalker.walk(tree.path, maximumDepth: 5) { cut += $0; return true }
        #expect(cut.isEmpty && report.tooDeep == 1)
    }

    @Test(.disabled(if: getuid() == 0, "root reads every folder, so none is unreadable to it"))
    func anUnreadableFolderIsPassedOverAndNamed() throws {
        let tree = try Tree()
        try tree.photo(at: "open/one.jpg")
        try tree.photo(at: "shut/two.jpg")
        let shut = tree.root.appendingPathComponent("shut")
        chmod(shut.path, 0)
        defer { chmod(shut.path, 0o755) }
        let (photos, report) = TreeWalker.photos(under: tree.path)
        #expect(tree.relative(photos) == ["open/one.jpg"])
        #expect(report.unreadable == [FilePath(shut.path)])
    }

    @Test func foldersNamedInAnyEncodingAreWalkedByteForByte() throws {
        let tree = try Tree()
        try tree.photo(at: "x/one.jpg")
        // "Café" in Latin-1: not UTF-8.
        let latin1 = FilePath(rawBytes: Array(tree.root.path.utf8) + Array("/Caf".utf8) + [0xE9])
        try #require(latin1.withPlatformString { rename(tree.root.appendingPathComponent("x").path, $0) } == 0)
        let (photos, _) = TreeWalker.photos(under: tree.path)
        let only = try #require(photos.first)
        #expect(photos.count == 1 && only.path.rawBytes == latin1.rawBytes + Array("/one.jpg".utf8))
    }

    @Test func aHundredThousandFilesInOneFolderArriveInBatches() throws {
        let tree = try Tree()
        let folder = tree.root.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 0..<100_000 {
            let fd = open(folder.path + "/IMG_\(number).jpg", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
            try #require(fd >= 0)
            close(fd)
        }
        var batches = 0, count = 0, largest = 0, previous: String?, inOrder = true
        _ = TreeWalker.walk(tree.path) { batch in
            batches += 1
            count += batch.count
            largest = max(largest, batch.count)
            for photo in batch {
                if let previous, !NaturalOrder.areInIncreasingOrder(previous, photo.fileName) { inOrder = false }
                previous = photo.fileName
            }
            return true
        }
        #expect(count == 100_000 && largest <= 256 && batches >= 100_000 / 256 && inOrder)
    }

    @Test func aLibraryHoldsMoreFoldersThanPhotosAnAlbumDoesNot() throws {
        let pictures = try Tree()
        for year in 2019...2022 { try pictures.photo(at: "\(year)/a.jpg") }
        try pictures.photo(at: "loose.jpg")
        #expect(TreeWalker.holdsMoreFoldersThanPhotos(pictures.path))
        let album = try Tree()
        for number in 1...3 { try album.photo(at: "IMG_\(number).jpg") }
        try album.photo(at: "edited/IMG_1.jpg")
        #expect(!TreeWalker.holdsMoreFoldersThanPhotos(album.path))
        // Sidecars are not photos: a card culled in darktable is still a folder of photos.
        let card = try Tree()
        try card.photo(at: "IMG_1.jpg")
        try Data().write(to: card.root.appendingPathComponent("IMG_1.jpg.xmp"))
        try Data().write(to: card.root.appendingPathComponent("IMG_2.jpg.xmp"))
        try card.photo(at: "sub/IMG_3.jpg")
        #expect(!TreeWalker.holdsMoreFoldersThanPhotos(card.path))
    }
}

/// Network trees are told from local ones by their file system, and read again now and then.
@Suite struct NetworkVolumeTests {
    @Test func networkFileSystemsAreToldFromLocalOnes() {
        #expect(NetworkVolume.kind(of: FilePath(FileManager.default.temporaryDirectory.path)) == nil, "the test's own disk is local")
        #expect(NetworkVolume.kind(of: FilePath("/proc")) == nil)
        #expect(NetworkVolume.kind(ofType: 0x6969) == "NFS" && NetworkVolume.kind(ofType: 0xFF53_4D42) == "CIFS")
        #expect(NetworkVolume.kind(ofType: 0x6573_5546) == "FUSE" && NetworkVolume.kind(ofType: 0xEF53) == nil, "sshfs and gvfs are FUSE; ext4 is not")
    }

    @Test func aTickWakesItsOwnerAndIsTakenOnce() throws {
        let woken = DispatchSemaphore(value: 0)
        let tick = PeriodicTick(every: 0.05) { woken.signal() }
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(tick.take())
        _ = tick.take()
        #expect(woken.wait(timeout: .now() + 10) == .success, "and again")
    }
}
