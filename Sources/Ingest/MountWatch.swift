// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// Volumes mounted while Flick runs (a card put in its reader, a camera or phone plugged in
/// as mass storage), seen as the kernel's mount table changes: `/proc/self/mountinfo`
/// reports a change to `poll` (POLLPRI), whoever mounted it (udisks for the desktop, or
/// `mount` by hand). Read on a thread of its own that touches nothing but that file; no
/// GLib, whose volume monitor wants the main thread, which is SDL's here.
public final class MountWatch: Sendable {
    private let stopping = Atomic(false)
    private let ended = Atomic(false)

    /// Calls `mounted` (on the watch's thread) with each mount point that appears from now
    /// on; nothing where the mount table cannot be read.
    public init(table: FilePath = "/proc/self/mountinfo", mounted: @escaping @Sendable (FilePath) -> Void) {
        let thread = Thread { [self] in
            defer { ended.store(true, ordering: .releasing) }
            let fd = table.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { return }
            defer { close(fd) }
            var known = Set(Self.read(fd).map(Self.mountPoints) ?? [])
            while !stopping.load(ordering: .relaxed) {
                var watched = pollfd(fd: fd, events: Int16(POLLPRI), revents: 0)
                // Half a second at most between looks at `stopping`: quitting never waits longer.
                let ready = poll(&watched, 1, 500)
                guard ready > 0 else {
                    if ready < 0, errno != EINTR { return }
                    continue
                }
                guard let text = Self.read(fd) else { return }
                let now = Set(Self.mountPoints(text))
                for point in now.subtracting(known).sorted(by: { $0.string < $1.string }) { mounted(point) }
                known = now
            }
        }
        thread.name = "flick-mounts"
        thread.start()
    }

    /// Stops watching: the thread ends within half a second (quitting need not wait for
    /// it; it ends with the process).
    public func stop() { stopping.store(true, ordering: .relaxed) }

    /// The watch's thread has ended (stopped, or the table could not be read).
    public var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// The whole table, read from its start (a few KB; bounded at 4 MB).
    private static func read(_ fd: Int32) -> String? {
        guard lseek(fd, 0, SEEK_SET) == 0 else { return nil }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 4 << 20 {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The mount points a mountinfo table lists (its fifth field, with the kernel's octal
    /// escapes for space, tab, newline and backslash undone), each once.
    public static func mountPoints(_ table: String) -> [FilePath] {
        table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 4, fields[4].hasPrefix("/") else { return nil }
            return FilePath(rawBytes: unescaped(Array(fields[4].utf8)))
        }
    }

    /// `\040` → space, and the like: mountinfo writes a name's odd bytes as three octal digits.
    static func unescaped(_ field: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], index = 0
        while index < field.count {
            if field[index] == UInt8(ascii: "\\"), index + 3 < field.count,
               let value = UInt8(String(decoding: field[(index + 1)...(index + 3)], as: UTF8.self), radix: 8) {
                out.append(value)
                index += 4
            } else {
                out.append(field[index])
                index += 1
            }
        }
        return out
    }
}
