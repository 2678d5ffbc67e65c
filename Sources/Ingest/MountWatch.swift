// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// Volumes mounted while Flick runs (a card put in its reader, a camera or phone plugged in
/// as mass storage), seen as the kernel's mount table changes: `/proc/self/mountinfo`
/// reports a change to `poll` (POLLPRI), whoever mounted it (udisks for the desktop, or
/// `mount` by hand). A camera or phone over PTP or MTP is no mount of its own: the desktop's
/// gvfs shows it as a folder in its FUSE mount (`$XDG_RUNTIME_DIR/gvfs/gphoto2:host=…`,
/// `mtp:host=…/Internal shared storage`), which is looked at every two seconds; its storage
/// holding a DCIM folder is what is posted. Read on a thread of its own that touches nothing
/// but these; no GLib, whose volume monitor wants the main thread, which is SDL's here.
public final class MountWatch: Sendable {
    private let stopping = Atomic(false)
    private let ended = Atomic(false)
    private let started = Atomic(false)

    /// Calls `mounted` (on the watch's thread) with each mount point that appears from now
    /// on; nothing where the mount table cannot be read.
    /// `cameras`: gvfs's FUSE folder (nil: none is looked at).
    public init(table: FilePath = "/proc/self/mountinfo", cameras: FilePath? = MountWatch.gvfsFolder(),
                mounted: @escaping @Sendable (FilePath) -> Void) {
        let thread = Thread { [self] in
            defer { ended.store(true, ordering: .releasing) }
            let fd = table.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { return }
            defer { close(fd) }
            var known = Set(Self.read(fd).map(Self.mountPoints) ?? [])
            var knownCameras = Set(cameras.map(Self.cameraStorages) ?? [])
            var lastCameraLook = ProcessInfo.processInfo.systemUptime
            started.store(true, ordering: .releasing)
            while !stopping.load(ordering: .relaxed) {
                if let cameras, ProcessInfo.processInfo.systemUptime - lastCameraLook >= Self.cameraLookSeconds {
                    let now = Set(Self.cameraStorages(under: cameras))
                    for storage in now.subtracting(knownCameras).sorted(by: { $0.string < $1.string }) { mounted(storage) }
                    knownCameras = now
                    lastCameraLook = ProcessInfo.processInfo.systemUptime
                }
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

    /// The watch has read what is mounted already: what comes from now on is posted.
    public var hasStarted: Bool { started.load(ordering: .acquiring) }

    /// The watch's thread has ended (stopped, or the table could not be read).
    public var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// How often gvfs's folder is looked at for a camera come.
    static let cameraLookSeconds = 2.0

    /// gvfs's FUSE folder for this user: `$XDG_RUNTIME_DIR/gvfs`; nil without a runtime folder.
    public static func gvfsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath? {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? FilePath($0).appending("gvfs") : nil }
    }

    /// The cameras' and phones' storages gvfs shows (`gphoto2:host=…`, `mtp:host=…`), each
    /// the folder holding a DCIM: the device's own folder, or one of its storages (a phone's
    /// "Internal shared storage", a camera's two card slots). Other gvfs folders (a network
    /// share, `sftp:host=…`) are not looked into.
    public static func cameraStorages(under gvfs: FilePath) -> [FilePath] {
        var found: [FilePath] = []
        for device in entries(of: gvfs) where device.hasPrefix("gphoto2:") || device.hasPrefix("mtp:") {
            let folder = gvfs.appending(device)
            if holdsDCIM(folder) {
                found.append(folder)
                continue
            }
            for storage in entries(of: folder) where holdsDCIM(folder.appending(storage)) { found.append(folder.appending(storage)) }
        }
        return found
    }

    private static func entries(of folder: FilePath) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.string)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    private static func holdsDCIM(_ folder: FilePath) -> Bool {
        ["DCIM", "dcim"].contains { name in
            var info = stat()
            return folder.appending(name).withPlatformString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        }
    }

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
