// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport
import PhotoLibrary
import SystemPackage

/// A private home trash and a folder of photos beside it, both under a fresh temporary
/// directory; trash-cli (Debian's, an independent implementation of the spec) runs with the
/// same XDG_DATA_HOME.
final class TrashFixture {
    let root: FilePath
    let photos: FilePath
    let dataHome: FilePath
    let trash: Trash

    init() throws {
        root = FilePath(FileManager.default.temporaryDirectory.path).appending("flick-trash-\(getpid())-\(UUID().uuidString.prefix(8))")
        photos = root.appending("photos")
        dataHome = root.appending("data")
        try FileManager.default.createDirectory(atPath: photos.string, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dataHome.string, withIntermediateDirectories: true)
        trash = Trash.forCurrentUser(environment: ["XDG_DATA_HOME": dataHome.string, "HOME": "/nonexistent"])
    }

    deinit { try? FileManager.default.removeItem(atPath: root.string) }

    /// A file of `size` bytes that differ from file to file, with a set mode and time.
    @discardableResult
    func makePhoto(_ name: String, in folder: FilePath? = nil, size: Int = 4096, seed: UInt8 = 1) throws -> FilePath {
        let path = (folder ?? photos).appending(name)
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path.string))
        chmod(path.string, 0o640)
        var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, path.string, &times, 0)
        return path
    }

    /// Runs a trash-cli command with the private XDG_DATA_HOME, `input` on its stdin, for at
    /// most 30 s.
    func trashCLI(_ arguments: [String], in directory: FilePath? = nil, input: String = "") throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.string
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: (directory ?? photos).string)
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, output)
    }

    func sha256(_ path: FilePath) throws -> String {
        let result = try trashCLI(["sha256sum", path.string])
        return String(result.output.prefix(64))
    }

    func infoFiles(in trashDirectory: FilePath? = nil) -> [String] {
        let info = (trashDirectory ?? dataHome.appending("Trash")).appending("info")
        return ((try? FileManager.default.contentsOfDirectory(atPath: info.string)) ?? []).filter { $0.hasSuffix(".trashinfo") }
    }
}

private func exists(_ path: FilePath) -> Bool { FileManager.default.fileExists(atPath: path.string) }

private func modeAndTime(_ path: FilePath) -> (mode_t, Int) {
    var info = stat()
    stat(path.string, &info)
    return (info.st_mode, info.st_mtim.tv_sec)
}

private let trashCLIInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/trash-list")

@Suite(.enabled(if: trashCLIInstalled, "trash-cli is one of `make deps`' packages"))
struct TrashTests {
    @Test func aFileFlickTrashesIsListedByTrashCLIAndRestoredByItByteForByte() throws {
        let f = try TrashFixture()
        let photo = try f.makePhoto("IMG 0001.jpg")
        let before = try f.sha256(photo)
        let trashed = try f.trash.trash(photo)
        #expect(!exists(photo) && exists(trashed.trashedPath))
        let listing = try f.trashCLI(["trash-list"])
        #expect(listing.output.contains(photo.string), "trash-list shows where it came from: \(listing.output)")

        let restored = try f.trashCLI(["trash-restore", f.photos.string], input: "0\n")
        #expect(restored.status == 0, "\(restored.output)")
        #expect(exists(photo) && !exists(trashed.trashedPath))
        #expect(try f.sha256(photo) == before)
        #expect(f.infoFiles().isEmpty)
    }

    @Test func aFileTrashCLIPutInTheTrashIsAnOrdinaryEntryThatFlickRestores() throws {
        let f = try TrashFixture()
        let photo = try f.makePhoto("put by trash-cli.png", seed: 9)
        let before = try f.sha256(photo)
        let put = try f.trashCLI(["trash-put", photo.string])
        #expect(put.status == 0 && !exists(photo), "\(put.output)")

        let entries = f.trash.contents()
        #expect(entries.map(\.originalPath) == [photo])
        try f.trash.restore(try #require(entries.first))
        #expect(try f.sha256(photo) == before)
        #expect(f.trash.contents().isEmpty && f.infoFiles().isEmpty)
    }

    @Test func fiftyFilesGoToTheTrashAndComeBackWithEveryByteModeAndTimeAndNoInfoLeft() throws {
        let f = try TrashFixture()
        var originals: [(path: FilePath, sum: String, mode: mode_t, time: Int)] = []
        for index in 0..<50 {
            let path = try f.makePhoto(String(format: "DSC_%04d.JPG", index), size: 2000 + index * 37, seed: UInt8(index))
            let (mode, time) = modeAndTime(path)
            originals.append((path, try f.sha256(path), mode, time))
        }
        let trashed = try originals.map { try f.trash.trash($0.path) }
        #expect(f.infoFiles().count == 50 && originals.allSatisfy { !exists($0.path) })
        for file in trashed.reversed() { try f.trash.restore(file) }
        for original in originals {
            #expect(try f.sha256(original.path) == original.sum)
            let (mode, time) = modeAndTime(original.path)
            #expect(mode == original.mode && time == original.time)
        }
        #expect(f.infoFiles().isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: f.dataHome.appending("Trash/files").string)) ?? []).isEmpty)
    }

    @Test func twoFilesOfTheSameNameGetTwoNamesInTheTrashAndEachGoesHome() throws {
        let f = try TrashFixture()
        let other = f.photos.appending("other")
        try FileManager.default.createDirectory(atPath: other.string, withIntermediateDirectories: true)
        let first = try f.makePhoto("a.jpg", seed: 1)
        let second = try f.makePhoto("a.jpg", in: other, seed: 2)
        let sums = (try f.sha256(first), try f.sha256(second))
        let t1 = try f.trash.trash(first), t2 = try f.trash.trash(second)
        #expect(t1.trashedPath != t2.trashedPath)
        #expect(t2.trashedPath.lastComponent?.string == "a.2.jpg")
        try f.trash.restore(t2)
        try f.trash.restore(t1)
        #expect(try f.sha256(first) == sums.0 && f.sha256(second) == sums.1)
    }

    @Test func aRestoreOntoANameTakenMeanwhileOverwritesNothingAndSaysSo() throws {
        let f = try TrashFixture()
        let photo = try f.makePhoto("taken.jpg", seed: 3)
        let trashed = try f.trash.trash(photo)
        let newcomer = try f.makePhoto("taken.jpg", seed: 4)
        let newcomerSum = try f.sha256(newcomer)
        #expect(throws: TrashError.occupied(photo.string)) { try f.trash.restore(trashed) }
        #expect(try f.sha256(newcomer) == newcomerSum, "the file that took the name is untouched")
        #expect(exists(trashed.trashedPath) && f.infoFiles().count == 1, "the trashed one is still in the Trash")
    }

    @Test func aFileThatVanishedIsReportedAndLeavesNoInfoBehind() throws {
        let f = try TrashFixture()
        let ghost = f.photos.appending("ghost.jpg")
        #expect(throws: TrashError.vanished(ghost.string)) { _ = try f.trash.trash(ghost) }
        #expect(f.infoFiles().isEmpty)
    }

    @Test func aNameThatIsNotUTF8IsRecordedByteForByteAndComesBackUnderThatName() throws {
        let f = try TrashFixture()
        let name: [CChar] = Array("caf".utf8CString.dropLast()) + [CChar(bitPattern: 0xE9)] + Array(".jpg".utf8CString)
        let path = f.photos.appending(name.withUnsafeBufferPointer { FilePath(platformString: $0.baseAddress!) }.lastComponent!)
        let fd = path.withPlatformString { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        _ = write(fd, "latin-1 name", 12)
        close(fd)
        let trashed = try f.trash.trash(path)
        let info = try String(contentsOfFile: trashed.infoPath.string, encoding: .utf8)
        #expect(info.contains("caf%E9.jpg"), "\(info)")
        try f.trash.restore(trashed)
        #expect(path.withPlatformString { access($0, F_OK) } == 0)
    }

    /// The per-volume trash, on a tmpfs beside the home trash's disk where the machine has one.
    @Test(.enabled(if: TrashTests.otherVolume != nil, "no writable tmpfs on another device than the temporary folder"))
    func aFileOnAnotherVolumeGoesToThatVolumesTrashNeverCopiedAndTrashCLISeesIt() throws {
        let f = try TrashFixture()
        let volume = try #require(Self.otherVolume)
        let folder = volume.appending("flick-trash-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder.string) }
        let photo = try f.makePhoto("on tmpfs.jpg", in: folder, seed: 5)
        let sum = try f.sha256(photo)
        var before = stat()
        stat(photo.string, &before)

        let trashed = try f.trash.trash(photo)
        let volumeTrash = volume.appending(".Trash-\(getuid())")
        #expect(trashed.trashedPath.starts(with: volumeTrash), "\(trashed.trashedPath)")
        var after = stat()
        stat(trashed.trashedPath.string, &after)
        #expect(after.st_ino == before.st_ino, "renamed on its volume, not copied")
        let info = try String(contentsOfFile: trashed.infoPath.string, encoding: .utf8)
        #expect(info.contains("Path=\(folder.lastComponent!.string)/on%20tmpfs.jpg"), "relative to the volume's top: \(info)")
        #expect(try f.trashCLI(["trash-list"]).output.contains(photo.string))

        try f.trash.restore(trashed)
        #expect(try f.sha256(photo) == sum)
        #expect(f.infoFiles(in: volumeTrash).allSatisfy { !$0.contains("on tmpfs") })
    }

    static let otherVolume: FilePath? = {
        var temporary = stat(), shm = stat()
        guard stat(FileManager.default.temporaryDirectory.path, &temporary) == 0, stat("/dev/shm", &shm) == 0,
              shm.st_dev != temporary.st_dev, access("/dev/shm", W_OK) == 0 else { return nil }
        return FilePath("/dev/shm")
    }()
}

/// Where the Trash cannot take a file: it says why, and the file stays exactly where it was.
@Suite(.enabled(if: ScratchVolume.isAllowed, "mounting a tmpfs is not allowed on this machine"))
struct TrashFailureTests {
    @Test func aReadOnlyVolumeCannotTakeATrashAndTheFileStaysWhole() throws {
        let f = try TrashFixture()
        let volume = try #require(ScratchVolume(kilobytes: 256))
        let photo = try f.makePhoto("keep me.jpg", in: FilePath(volume.mountPoint), seed: 9)
        let sum = try f.sha256(photo)
        try #require(volume.remountReadOnly())

        let error = #expect(throws: TrashError.self) { try f.trash.trash(photo) }
        #expect(error.map { "\($0)" }?.contains("read-only") == true, "\(String(describing: error))")
        #expect(try f.sha256(photo) == sum, "left where it was, every byte")
        #expect(f.infoFiles().isEmpty, "nothing went to the home trash either")
    }

    @Test func aFullVolumeCannotRecordTheTrashInfoAndLeavesNoHalfWrittenInfo() throws {
        let f = try TrashFixture()
        let volume = try #require(ScratchVolume(kilobytes: 64))
        let photo = try f.makePhoto("full.jpg", in: FilePath(volume.mountPoint), seed: 3)
        let sum = try f.sha256(photo)
        // The volume's trash exists already (as after an earlier trash); then the disk fills.
        let own = FilePath(volume.mountPoint).appending(".Trash-\(getuid())")
        for directory in [own, own.appending("files"), own.appending("info")] { mkdir(directory.string, 0o700) }
        volume.fill()

        let error = #expect(throws: TrashError.self) { try f.trash.trash(photo) }
        #expect(error.map { "\($0)" }?.contains("the disk is full") == true, "\(String(describing: error))")
        #expect(try f.sha256(photo) == sum)
        #expect(f.infoFiles(in: own).isEmpty, "no empty or partial .trashinfo is left")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: own.appending("files").string))?.isEmpty == true)
    }
}
