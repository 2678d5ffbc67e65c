// SPDX-License-Identifier: GPL-3.0-or-later
internal import CProcess
import Foundation
import Synchronization
import SystemPackage

/// Whether a folder is on a network file system (NFS, SMB/CIFS) or a FUSE one (sshfs, gvfs's
/// mounts): inotify sees only what this machine changes there, and walking it costs the
/// network, so such a tree is read again now and then instead of watched.
public enum NetworkVolume {
    /// statfs's f_type of the file systems that are not this machine's own disks.
    static let magics: [Int64: String] = [
        0x6969: "NFS", 0x517B: "SMB", 0xFF53_4D42: "CIFS", 0xFE53_4D42: "SMB2", 0x6573_5546: "FUSE",
        0x0102_1997: "9P", 0x7375_7245: "Coda", 0x564C: "NCP", 0x0BD0_0BD0: "Lustre", 0x0083_7A5D: "AFS",
    ]

    /// The network file system `folder` is on ("NFS", "FUSE"), or nil for a local one.
    public static func kind(of folder: FilePath) -> String? {
        let type = folder.withPlatformString { flick_file_system_type($0) }
        return type < 0 ? nil : kind(ofType: Int64(type))
    }

    public static func kind(ofType type: Int64) -> String? { magics[type & 0xFFFF_FFFF] }
}

/// Wakes its owner every `seconds` (a network tree's rescans); the owner takes each tick
/// once. Stops when dropped.
public final class PeriodicTick: @unchecked Sendable {
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private let flag = Flag()
    // Set once at init and only cancelled after (a timer source is safe across threads).
    private let timer: any DispatchSourceTimer

    public init(every seconds: Double, wake: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .seconds(1))
        timer.setEventHandler { [flag] in
            flag.value.store(true, ordering: .releasing)
            wake()
        }
        timer.resume()
    }

    /// True once per tick since the last call.
    public func take() -> Bool { flag.value.exchange(false, ordering: .acquiringAndReleasing) }

    deinit { timer.cancel() }
}
