// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Ingest
import Synchronization
import SystemPackage
import Testing

/// Cards put in while Flick runs: the kernel's mount table read as it changes.
@Suite struct MountWatchTests {
    @Test func theMountPointsOfATableAreReadWithTheirOddBytesUndone() {
        let table = """
            22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
            98 22 179:1 / /media/ann/EOS_DIGITAL rw,nosuid,nodev shared:50 - vfat /dev/mmcblk0p1 rw,uid=1000
            99 22 8:17 / /media/ann/My\\040Card\\134x rw shared:51 - exfat /dev/sdb1 rw
            100 22 0:5 / relative rw - tmpfs none rw
            short line
            """
        #expect(MountWatch.mountPoints(table) == [FilePath("/"), FilePath("/media/ann/EOS_DIGITAL"), FilePath("/media/ann/My Card\\x")])
        let latin1 = "1 2 3:4 / /media/caf\\351 rw - vfat x rw"
        #expect(MountWatch.mountPoints(latin1).first?.rawBytes == Array("/media/caf".utf8) + [0xE9], "a name that is not UTF-8 keeps its byte")
    }

    @Test func aStoppedWatchEndsItsThreadAndATableThatCannotBeReadEndsItAtOnce() {
        let watch = MountWatch { _ in }
        #expect(!watch.hasEnded, "it watches the real table")
        watch.stop()
        #expect(eventually { watch.hasEnded }, "its thread ends once stopped")
        let blind = MountWatch(table: "/nonexistent/mountinfo") { _ in }
        #expect(eventually { blind.hasEnded })
    }

    /// A camera over PTP or a phone over MTP shows in gvfs's folder: its storage holding a
    /// DCIM is posted when it comes (not the ones there when the watch started, and never a
    /// network share gvfs also shows).
    @Test func aCameraOrPhoneThatGvfsShowsIsPostedWhenItComes() throws {
        let gvfs = FileManager.default.temporaryDirectory.appendingPathComponent("flick-gvfs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: gvfs) }
        func make(_ relative: String) throws {
            try FileManager.default.createDirectory(at: gvfs.appendingPathComponent(relative), withIntermediateDirectories: true)
        }
        try make("gphoto2:host=Nikon_Z6/DCIM/100NIKON")
        let table = gvfs.appendingPathComponent("mountinfo")
        try Data("22 1 8:1 / / rw - ext4 /dev/sda1 rw\n".utf8).write(to: table)
        let posted = Mutex<[String]>([])
        let watch = MountWatch(table: FilePath(table.path), cameras: FilePath(gvfs.path)) { point in
            posted.withLock { $0.append(point.string) }
        }
        defer { watch.stop() }
        #expect(eventually { watch.hasStarted })
        try make("sftp:host=nas/DCIM")
        try make("mtp:host=SAMSUNG_Galaxy_S24_R5CX/Internal shared storage/DCIM/Camera")
        try make("mtp:host=SAMSUNG_Galaxy_S24_R5CX/Card/Music")
        try make("gphoto2:host=Canon_EOS_R6/DCIM/100CANON")
        #expect(eventually { posted.withLock { $0.count } >= 2 })
        usleep(2_500_000)
        #expect(posted.withLock { $0 } == [gvfs.path + "/gphoto2:host=Canon_EOS_R6", gvfs.path + "/mtp:host=SAMSUNG_Galaxy_S24_R5CX/Internal shared storage"])
        #expect(MountWatch.gvfsFolder(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/gvfs")
        #expect(MountWatch.gvfsFolder(environment: [:]) == nil)
    }

    /// Up to a minute, however busy the machine.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<600 {
            if condition() { return true }
            usleep(100_000)
        }
        return false
    }
}
