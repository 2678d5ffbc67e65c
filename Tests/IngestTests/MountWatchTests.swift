// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Ingest
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

    /// Up to a minute, however busy the machine.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<600 {
            if condition() { return true }
            usleep(100_000)
        }
        return false
    }
}
