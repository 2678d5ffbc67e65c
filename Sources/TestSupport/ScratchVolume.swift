// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A small tmpfs of its own, where the machine lets tests mount one (as root on most CI
/// machines; never elsewhere): a volume that can be made full or read-only on purpose.
/// Unmounted and removed when dropped.
public final class ScratchVolume {
    public let mountPoint: String

    /// Nil if mounting is not allowed here.
    public init?(kilobytes: Int) {
        mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("flick-volume-\(getpid())-\(UUID().uuidString.prefix(8))").path
        guard (try? FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)) != nil,
              Self.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "flick-test", mountPoint]) else {
            try? FileManager.default.removeItem(atPath: mountPoint)
            return nil
        }
    }

    deinit {
        _ = Self.run(["umount", "-l", mountPoint])
        try? FileManager.default.removeItem(atPath: mountPoint)
    }

    public func remountReadOnly() -> Bool { Self.run(["mount", "-o", "remount,ro", mountPoint]) }

    /// Writes a filler file until the volume has no room left.
    public func fill() {
        let fd = open(mountPoint + "/filler", O_WRONLY | O_CREAT, 0o600)
        defer { close(fd) }
        let block = [UInt8](repeating: 0x5A, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// True where tests may mount volumes.
    public static let isAllowed: Bool = ScratchVolume(kilobytes: 64) != nil

    private static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
