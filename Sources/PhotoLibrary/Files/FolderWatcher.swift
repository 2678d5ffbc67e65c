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
    /// The inotify thread's way to stop; nil where every folder is polled instead.
    private let stopPipe: (read: Int32, write: Int32)?
    /// Looks at the folders inotify could not watch.
    private let poller: FolderPoller?
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
    /// UI thread). Nil when the folder does not exist.
    public convenience init?(folder: FilePath, onChange: @escaping @Sendable () -> Void) {
        self.init(folders: [folder], onChange: onChange)
    }

    /// Watches several folders as one (the album strip's whole tree); nil when none of
    /// them exists. Where inotify cannot watch a folder (the user's inotify instances or
    /// watches are used up by other programs: an IDE, a sync client), the folder is
    /// looked at every few seconds instead, so changes still show.
    public init?(folders: [FilePath], onChange: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)
        var watched = fd < 0 ? [] : folders.filter { folder in folder.withPlatformString { inotify_add_watch(fd, $0, mask) } >= 0 }
        var pipeEnds: [Int32] = [0, 0]
        if !watched.isEmpty, flick_pipe_cloexec(&pipeEnds) == 0 {
            stopPipe = (pipeEnds[0], pipeEnds[1])
            let thread = Thread { [stopPipe = pipeEnds[0], changed] in
                Self.watch(inotify: fd, stop: stopPipe, changed: changed, onChange: onChange)
            }
            thread.name = "flick-watch"
            thread.start()
        } else {
            if fd >= 0 { close(fd) }
            watched = []
            stopPipe = nil
        }
        let unwatched = folders.filter { !watched.contains($0) && FolderPoller.stamp(of: $0) != nil }
        poller = unwatched.isEmpty ? nil : FolderPoller(folders: unwatched) { [changed] in
            if !changed.value.exchange(true, ordering: .acquiringAndReleasing) { onChange() }
        }
        guard stopPipe != nil || poller != nil else { return nil }
    }

    /// True where some folder is looked at now and then rather than watched.
    public var polls: Bool { poller != nil }

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
        guard let stopPipe else { return }
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

/// Looks at folders now and then where inotify cannot watch them: a folder whose entries
/// were added, removed or renamed has a new modification time (a file rewritten in place
/// is not seen this way). Stops when dropped.
public final class FolderPoller: @unchecked Sendable {
    /// What the folders looked like at the last look; touched on the timer's queue only.
    private final class Stamps: @unchecked Sendable {
        var last: [[Int]?]
        init(_ last: [[Int]?]) { self.last = last }
    }

    // Set once at init and only cancelled after (a timer source is safe across threads).
    private let timer: any DispatchSourceTimer

    /// Every `seconds` (by default 2, longer for thousands of folders) `onChange` runs on
    /// a queue of the poller's when a folder changed since the last look.
    public init(folders: [FilePath], every seconds: Double? = nil, onChange: @escaping @Sendable () -> Void) {
        let stamps = Stamps(folders.map(Self.stamp(of:)))
        let period = seconds ?? max(2, Double(folders.count) / 500)
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "flick.folder-poll", qos: .utility))
        timer.schedule(deadline: .now() + period, repeating: period, leeway: .milliseconds(250))
        timer.setEventHandler {
            let now = folders.map(Self.stamp(of:))
            guard now != stamps.last else { return }
            stamps.last = now
            onChange()
        }
        timer.resume()
    }

    /// A folder's modification and change times and its inode; nil where it is gone.
    static func stamp(of folder: FilePath) -> [Int]? {
        var info = stat()
        guard folder.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
        return [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, info.st_ctim.tv_sec, info.st_ctim.tv_nsec, Int(info.st_ino)]
    }

    deinit { timer.cancel() }
}
