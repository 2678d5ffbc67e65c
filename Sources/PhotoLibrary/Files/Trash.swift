// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage
import Localization

/// Why a file could not go to the Trash or come back from it, in words for the user.
/// Nothing is lost in any of these cases: the file stays where it was.
public enum TrashError: Error, Equatable, CustomStringConvertible {
    case vanished(String)
    case noTrash(String, reason: String)
    case cannotMove(String, reason: String)
    case occupied(String)
    case notInTrash(String)

    /// Why, in a few words, without the path (for a message that names the photo itself).
    public var reason: String {
        switch self {
        case .vanished: localized("it is no longer there")
        case let .noTrash(_, reason): reason
        case let .cannotMove(_, reason): reason
        case .occupied: localized("another file has its name now")
        case .notInTrash: localized("it is no longer in the Trash")
        }
    }

    public var description: String {
        switch self {
        case let .vanished(path): localized("{path}: no longer there", ["path": path])
        case let .noTrash(path, reason): localized("{path}: no trash can be used for it ({reason}); it was left where it is", ["path": path, "reason": reason])
        case let .cannotMove(path, reason): localized("{path}: cannot be moved ({reason}); it was left where it is", ["path": path, "reason": reason])
        case let .occupied(path): localized("{path}: another file has that name now; the trashed one stays in the Trash", ["path": path])
        case let .notInTrash(path): localized("{path}: no longer in the Trash", ["path": path])
        }
    }
}

/// One file in a trash: where it came from and where it lies now.
public struct TrashedFile: Equatable, Sendable {
    /// Where the file was, and goes back to.
    public var originalPath: FilePath
    /// The file inside the trash's `files` folder.
    public var trashedPath: FilePath
    /// Its `.trashinfo` in the trash's `info` folder.
    public var infoPath: FilePath
    /// As written in the info file: local time, `YYYY-MM-DDThh:mm:ss`.
    public var deletionDate: String
}

/// The freedesktop.org Trash (specification 1.0): a file goes to the home trash when it lies
/// on the same volume, else to its volume's `$topdir/.Trash/$uid` (if the administrator made
/// `.Trash` sticky and not a link) or `$topdir/.Trash-$uid`. It is only ever renamed, never
/// copied, so a trashed photo keeps its bytes, mode and time, and nothing is deleted. The
/// info file is written first, so a crash in between leaves an entry, never a lost file.
public struct Trash: Sendable {
    /// The home trash: `$XDG_DATA_HOME/Trash`.
    public let homeTrash: FilePath

    public init(homeTrash: FilePath) {
        self.homeTrash = homeTrash
    }

    /// The user's home trash: `$XDG_DATA_HOME/Trash`, by default ~/.local/share/Trash.
    public static func forCurrentUser(environment: [String: String] = ProcessInfo.processInfo.environment) -> Trash {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return Trash(homeTrash: FilePath(dataHome).appending("Trash"))
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return Trash(homeTrash: FilePath(home).appending(".local/share/Trash"))
    }

    /// Moves `path` into the trash for its volume.
    public func trash(_ path: FilePath, at date: Date = Date()) throws(TrashError) -> TrashedFile {
        let path = Self.absolute(path)
        var info = stat()
        guard path.withPlatformString({ lstat($0, &info) }) == 0 else { throw .vanished(path.string) }
        let (directory, topdir) = try trashDirectory(forFileOn: info.st_dev, path: path)
        let files = directory.appending("files"), infos = directory.appending("info")
        guard let name = path.lastComponent else { throw .cannotMove(path.string, reason: localized("it has no name")) }

        let recordedPath = topdir.map { Self.relative(path, to: $0) } ?? path
        let deletionDate = Self.localTimestamp(date)
        let contents = "[Trash Info]\nPath=\(Self.percentEncoded(recordedPath.rawBytes))\nDeletionDate=\(deletionDate)\n"
        // Claim a name by creating its info file exclusively; the spec's way to be unique
        // against other programs trashing at the same moment.
        for attempt in 1...10_000 {
            let candidate = Self.uniqueName(name, attempt: attempt)
            let infoPath = infos.appending(candidate.string + ".trashinfo")
            let trashedPath = files.appending(candidate)
            if Self.exists(trashedPath) { continue }
            let fd = infoPath.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if fd < 0 {
                if errno == EEXIST { continue }
                throw .noTrash(path.string, reason: localized("cannot write in {folder}: {reason}", ["folder": infos.string, "reason": Self.reason(errno)]))
            }
            let written = Array(contents.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let writeError = written < 0 ? errno : 0
            let synced = fsync(fd)
            let syncError = synced != 0 ? errno : 0
            close(fd)
            guard written == contents.utf8.count, synced == 0 else {
                _ = infoPath.withPlatformString { unlink($0) }
                // A short write to a regular file means the disk filled up.
                let error = writeError != 0 ? writeError : syncError != 0 ? syncError : ENOSPC
                throw .noTrash(path.string, reason: localized("cannot write in {folder}: {reason}", ["folder": infos.string, "reason": Self.reason(error)]))
            }
            if let error = Self.moveWithoutReplacing(path, to: trashedPath) {
                _ = infoPath.withPlatformString { unlink($0) }
                if error == EEXIST { continue }
                if error == ENOENT { throw .vanished(path.string) }
                throw .cannotMove(path.string, reason: Self.reason(error))
            }
            return TrashedFile(originalPath: path, trashedPath: trashedPath, infoPath: infoPath, deletionDate: deletionDate)
        }
        throw .noTrash(path.string, reason: localized("no free name in {folder}", ["folder": files.string]))
    }

    /// Puts a trashed file back where it was, unless something else has that name now.
    public func restore(_ file: TrashedFile) throws(TrashError) {
        guard Self.exists(file.trashedPath) else { throw .notInTrash(file.originalPath.string) }
        if let error = Self.moveWithoutReplacing(file.trashedPath, to: file.originalPath) {
            switch error {
            case EEXIST: throw .occupied(file.originalPath.string)
            case ENOENT: throw .cannotMove(file.originalPath.string, reason: localized("its folder no longer exists"))
            default: throw .cannotMove(file.originalPath.string, reason: Self.reason(error))
            }
        }
        _ = file.infoPath.withPlatformString { unlink($0) }
    }

    /// What the home trash holds (whoever trashed it), oldest name first.
    public func contents() -> [TrashedFile] {
        let infos = homeTrash.appending("info")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: infos.string) else { return [] }
        return names.sorted().compactMap { infoName -> TrashedFile? in
            guard infoName.hasSuffix(".trashinfo") else { return nil }
            let infoPath = infos.appending(infoName)
            guard let data = FileManager.default.contents(atPath: infoPath.string) else { return nil }
            let fields = Self.parseInfo(data)
            guard let recorded = fields["Path"].flatMap(Self.percentDecoded) else { return nil }
            let original = recorded.first == UInt8(ascii: "/") ? FilePath(rawBytes: recorded)
                : homeTrash.removingLastComponent().appending(FilePath(rawBytes: recorded).components)
            let trashedPath = homeTrash.appending("files").appending(String(infoName.dropLast(".trashinfo".count)))
            guard Self.exists(trashedPath) else { return nil }
            return TrashedFile(originalPath: original, trashedPath: trashedPath, infoPath: infoPath, deletionDate: fields["DeletionDate"] ?? "")
        }
    }

    // MARK: Where a file's trash is

    /// The trash directory for a file on device `device`, and the volume's top directory
    /// when it is a volume's own trash (its info paths are then relative to it).
    private func trashDirectory(forFileOn device: dev_t, path: FilePath) throws(TrashError) -> (FilePath, FilePath?) {
        if let homeDevice = try? prepareHomeTrash(), homeDevice == device { return (homeTrash, nil) }
        guard let topdir = Self.topDirectory(of: path.removingLastComponent(), device: device) else {
            throw .noTrash(path.string, reason: localized("its volume cannot be found"))
        }
        let uid = getuid()
        // $topdir/.Trash, made by the administrator: a real directory with the sticky bit.
        let shared = topdir.appending(".Trash")
        var info = stat()
        if shared.withPlatformString({ lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR, (info.st_mode & S_ISVTX) != 0 {
            let mine = shared.appending("\(uid)")
            if Self.makeTrashDirectory(mine, owner: uid) { return (mine, topdir) }
        }
        let own = topdir.appending(".Trash-\(uid)")
        if Self.makeTrashDirectory(own, owner: uid) { return (own, topdir) }
        throw .noTrash(path.string, reason: localized("{folder} cannot be made; the volume may be read-only", ["folder": own.string]))
    }

    /// Creates the home trash if needed; its device.
    private func prepareHomeTrash() throws -> dev_t {
        for directory in [homeTrash.appending("files"), homeTrash.appending("info")] {
            try FileManager.default.createDirectory(atPath: directory.string, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        var info = stat()
        guard homeTrash.withPlatformString({ stat($0, &info) }) == 0 else { throw TrashError.noTrash(homeTrash.string, reason: "missing") }
        return info.st_dev
    }

    /// A trash directory with `files` and `info`, made if missing, that is a real directory
    /// owned by the user (never a link someone planted).
    private static func makeTrashDirectory(_ directory: FilePath, owner: uid_t) -> Bool {
        for path in [directory, directory.appending("files"), directory.appending("info")] {
            if path.withPlatformString({ mkdir($0, 0o700) }) != 0 && errno != EEXIST { return false }
            var info = stat()
            guard path.withPlatformString({ lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == owner else {
                return false
            }
        }
        return true
    }

    /// The mount point of the volume `folder` lies on: the last ancestor on `device`.
    private static func topDirectory(of folder: FilePath, device: dev_t) -> FilePath? {
        var current = folder
        while current.components.count > 0 {
            let parent = current.removingLastComponent()
            var info = stat()
            guard parent.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
            if info.st_dev != device { return current }
            current = parent
        }
        return current
    }

    // MARK: Moving

    /// nil on success, else the errno. Never replaces a file at `destination`.
    private static func moveWithoutReplacing(_ source: FilePath, to destination: FilePath) -> Int32? {
        FileMove.withoutReplacing(source, to: destination)
    }

    private static func exists(_ path: FilePath) -> Bool {
        var info = stat()
        return path.withPlatformString { lstat($0, &info) } == 0
    }

    // MARK: Names, paths and info files

    /// `photo.jpg`, then `photo.2.jpg`, `photo.3.jpg`…
    static func uniqueName(_ name: FilePath.Component, attempt: Int) -> FilePath.Component {
        guard attempt > 1 else { return name }
        let stem = name.stem, suffix = name.extension.map { ".\($0)" } ?? ""
        return FilePath.Component("\(stem).\(attempt)\(suffix)") ?? name
    }

    static func absolute(_ path: FilePath) -> FilePath {
        if path.isAbsolute { return path.lexicallyNormalized() }
        return FilePath(FileManager.default.currentDirectoryPath).pushing(path).lexicallyNormalized()
    }

    static func relative(_ path: FilePath, to topdir: FilePath) -> FilePath {
        var relative = path
        _ = relative.removePrefix(topdir)
        return relative
    }

    /// The spec's "escaped" form (RFC 2396): bytes outside the unreserved set and `/` as %XX.
    static func percentEncoded(_ bytes: [UInt8]) -> String {
        let unreserved = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~/".utf8))
        var out = ""
        for byte in bytes {
            if unreserved.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += String(format: "%%%02X", byte) }
        }
        return out
    }

    static func percentDecoded(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return bytes
    }

    static func parseInfo(_ data: Data) -> [String: String] {
        var fields: [String: String] = [:]
        var inGroup = false
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("[") { inGroup = line == "[Trash Info]"; continue }
            guard inGroup, let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return fields
    }

    static func localTimestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    static func reason(_ error: Int32) -> String {
        switch error {
        case EROFS: localized("the volume is read-only")
        case EACCES, EPERM: localized("permission denied")
        case ENOSPC, EDQUOT: localized("the disk is full")

        default: String(cString: strerror(error))
        }
    }
}
