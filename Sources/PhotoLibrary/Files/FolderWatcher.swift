// SPDX-License-Identifier: GPL-3.0-or-later
internal import CProcess
import Foundation
import Synchronization
import SystemPackage

/// Watches one folder with inotify and reports that its entries changed: files added,
/// removed, renamed, or rewritten (closed after writing). It does not say what changed;
/// the app rescans, which is cheap next to decoding and cannot drift out of step. XMP
/// sidecars are told apart: a mark written (by Flick or another program) names its
/// sidecar and needs no rescan, and Flick's own half-written sidecars are not news.
public final class FolderWatcher: Sendable {
    private let inotify: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let changed = ChangeFlag()

    /// Shared by the watcher and its thread (an Atomic itself cannot be captured).
    private final class ChangeFlag: Sendable {
        let value = Atomic<Bool>(false)
        /// Names of sidecars changed since last taken.
        let sidecars = Mutex<Set<[UInt8]>>([])
    }

    /// Sidecar names remembered between takes; past this many, the rest count as a
    /// change of the folder.
    static let sidecarNameLimit = 4096

    /// Starts watching; `onChange` runs on the watcher's thread (it should only wake the
    /// UI thread). Nil when the folder cannot be watched (then the app simply does not
    /// update live).
    public convenience init?(folder: FilePath, onChange: @escaping @Sendable () -> Void) {
        self.init(folders: [folder], onChange: onChange)
    }

    /// Watches several folders as one (the album strip's whole tree); nil when none of
    /// them can be watched.
    public init?(folders: [FilePath], onChange: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)
        let watched = folders.filter { folder in folder.withPlatformString { inotify_add_watch(fd, $0, mask) } >= 0 }
        guard !watched.isEmpty else { close(fd); return nil }
        var pipeEnds: [Int32] = [0, 0]
        guard flick_pipe_cloexec(&pipeEnds) == 0 else { close(fd); return nil }
        inotify = fd
        stopPipe = (pipeEnds[0], pipeEnds[1])
        let thread = Thread { [inotify, stopPipe, changed] in
            Self.watch(inotify: inotify, stop: stopPipe.read, changed: changed, onChange: onChange)
        }
        thread.name = "flick-watch"
        thread.start()
    }

    /// The most folders of one tree Flick watches: inotify's watches are the user's, shared
    /// by every program (a file manager, an editor, a sync client), and 8,192 on many
    /// systems in all; each costs about a kilobyte of kernel memory.
    public static var treeLimit: Int {
        let userLimit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 8_192
        return max(64, min(16_384, userLimit / 4))
    }

    /// Which of a tree's `folders` to watch: all of them up to `limit`, else the shallowest
    /// (a new folder appears in one above it, which is watched, and is walked then).
    public static func treeFolders(_ folders: [FilePath], limit: Int = treeLimit) -> [FilePath] {
        guard folders.count > limit else { return folders }
        return folders.enumerated().sorted { ($0.element.components.count, $0.offset) < ($1.element.components.count, $1.offset) }
            .prefix(limit).map(\.element)
    }

    /// True once if anything changed since the last call.
    public func takeChange() -> Bool {
        changed.value.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// The names of the sidecars (`*.xmp`) written, moved or removed since the last call.
    public func takeChangedSidecars() -> Set<[UInt8]> {
        changed.sidecars.withLock { names in
            defer { names = [] }
            return names
        }
    }

    /// What an event's name is: a sidecar, Flick's own sidecar being written (not news
    /// until it is renamed into place), or anything else.
    enum EntryKind: Equatable {
        case sidecar, flickTemporary, other
    }

    static func kind(ofName name: [UInt8]) -> EntryKind {
        let lowered = name.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        if lowered.starts(with: Array(".flick-".utf8)) && lowered.reversed().starts(with: Array(".xmp.tmp".utf8).reversed()) { return .flickTemporary }
        if lowered.count > 4 && lowered.reversed().starts(with: Array(".xmp".utf8).reversed()) { return .sidecar }
        return .other
    }

    deinit {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        close(stopPipe.write)
    }

    private static func watch(inotify: Int32, stop: Int32, changed: ChangeFlag, onChange: @Sendable () -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 { if errno == EINTR { continue }; break }
            if fds[1].revents != 0 { break }
            // Drain everything queued; one wake covers a burst (a copy of 500 photos).
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { if errno == EINTR { continue }; break }
            var folderChanged = false, sidecarNames: [[UInt8]] = []
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self), Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let name = Array(buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 })
                offset += header + length
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_Q_OVERFLOW) != 0 || name.isEmpty {
                    folderChanged = true
                    continue
                }
                switch kind(ofName: name) {
                case .sidecar: sidecarNames.append(name)
                case .flickTemporary: break
                case .other: folderChanged = true
                }
            }
            if !sidecarNames.isEmpty {
                let overflowed = changed.sidecars.withLock { names in
                    names.formUnion(sidecarNames)
                    return names.count > sidecarNameLimit
                }
                if overflowed { folderChanged = true }
            }
            let wasChanged = folderChanged ? changed.value.exchange(true, ordering: .acquiringAndReleasing) : true
            if !wasChanged || !sidecarNames.isEmpty { onChange() }
        }
        close(inotify)
        close(stop)
    }
}
