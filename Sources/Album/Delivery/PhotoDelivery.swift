// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import SystemPackage

/// Copies photos into a folder with everything that belongs to them: a pair's other file,
/// and their sidecars (darktable's and Lightroom's names; marks Flick kept in its own copy,
/// for a card it could not write, become the copy's `NAME.EXT.xmp`). Nothing is ever
/// overwritten: a photo already there byte for byte is left as it is, and a different file
/// of the same name gets the whole group a new name ("IMG_0001 (2).CR3" with its "IMG_0001
/// (2).JPG" and their sidecars). Each file is written beside its final name, flushed, then
/// linked into place (never replacing), with its mode and times kept; the originals are
/// only read. Moved instead (`deliver(_:moving:)`), each file takes its new name without
/// replacing anything (renamed within one file system; across two, copied as above and the
/// original then removed), and `moveBack` undoes it the same way.
public struct PhotoDelivery: Sendable {
    public let destination: FilePath
    /// Flick's own sidecars (`Sidecars.dataFolder`).
    public let dataFolder: FilePath

    public init(to destination: FilePath, dataFolder: FilePath = Sidecars.dataFolder()) {
        self.destination = destination
        self.dataFolder = dataFolder
    }

    /// What became of one photo.
    public enum Outcome: Sendable, Equatable {
        /// Copied, under this name (its own, or one with a number when the name was taken).
        case copied(name: String)
        /// Moved, under this name; `files` says where each file went, for an undo.
        case moved(name: String, files: [MovedFile])
        /// Already in the folder, every file byte for byte (a move leaves the original).
        case alreadyThere
        case failed(reason: String)
    }

    /// A file moved, and where from.
    public struct MovedFile: Sendable, Equatable {
        public let from: FilePath
        public let to: FilePath

        public init(from: FilePath, to: FilePath) {
            (self.from, self.to) = (from, to)
        }
    }

    /// Copies `photo` (and its companions and sidecars) into the destination, made if
    /// missing; `moving`, moves them (a sidecar of the photo's stem, `NAME.xmp`, which
    /// another file of that name may share, is copied and stays). A move is whole or not at
    /// all: a file that cannot go brings the ones moved before it back.
    public func deliver(_ photo: Photo, moving: Bool = false) -> Outcome {
        do throws(DeliveryError) {
            try Self.makeFolder(destination)
            let files = copies(of: photo)
            // The group keeps one name: the first number under which every file is either
            // missing or already there byte for byte.
            for number in 1...999 {
                let targets = files.map { (source: $0.source, target: FilePath(rawBytes: destination.rawBytes + [UInt8(ascii: "/")] + Self.renamed($0.name, number: number))) }
                var states: [TargetState] = []
                for target in targets { states.append(try Self.state(of: target.target, against: target.source)) }
                guard !states.contains(.different) else { continue }
                if !states.contains(.missing) { return .alreadyThere }
                let name = String(decoding: Self.renamed(Self.name(of: photo.path), number: number), as: UTF8.self)
                guard moving else {
                    for (file, state) in zip(targets, states) where state == .missing { try Self.copy(file.source, to: file.target) }
                    return .copied(name: name)
                }
                // A group half there already would leave its other half behind: the next name
                // (the shared sidecar aside: it is copied, and a copy already there will do).
                let shared = sharedSidecar(of: photo)
                guard !zip(targets, states).contains(where: { $0.1 == .same && $0.0.source != shared }) else { continue }
                var moved: [MovedFile] = []
                do throws(DeliveryError) {
                    for (file, state) in zip(targets, states) {
                        if file.source == shared {
                            if state == .missing { try Self.copy(file.source, to: file.target) }
                        } else {
                            try Self.move(file.source, to: file.target)
                            moved.append(MovedFile(from: file.source, to: file.target))
                        }
                    }
                } catch {
                    _ = Self.moveBack(moved)
                    throw error
                }
                return .moved(name: name, files: moved)
            }
            return .failed(reason: "every name up to 999 is taken")
        } catch {
            return .failed(reason: error.reason)
        }
    }

    /// The files that go: each photo file and its sidecars, by the names they take.
    private func copies(of photo: Photo) -> [(source: FilePath, name: [UInt8])] {
        var files: [(source: FilePath, name: [UInt8])] = []
        var stems = Set<FilePath>()
        for path in photo.allPaths {
            let ownName = Self.name(of: path)
            files.append((path, ownName))
            let sidecars = Sidecars(of: path, dataFolder: dataFolder)
            // darktable's name beside it, else the marks Flick kept for a folder it could not write.
            if let named = [sidecars.named, sidecars.kept].first(where: Sidecars.isFile) { files.append((named, ownName + Array(".xmp".utf8))) }
            if sidecars.stem != sidecars.named, Sidecars.isFile(sidecars.stem), stems.insert(sidecars.stem).inserted {
                files.append((sidecars.stem, Self.name(of: sidecars.stem)))
            }
        }
        return files
    }

    /// The sidecar named for the photo's stem (`IMG_0001.xmp`), if it has one.
    private func sharedSidecar(of photo: Photo) -> FilePath? {
        let sidecars = Sidecars(of: photo.path, dataFolder: dataFolder)
        return sidecars.stem == sidecars.named ? nil : sidecars.stem
    }

    /// Puts moved files back where they were, the last moved first, never replacing what
    /// took a name meanwhile; what could not go back (and why) is returned, and stays where
    /// it was moved to.
    public static func moveBack(_ files: [MovedFile]) -> [(file: MovedFile, reason: String)] {
        var failed: [(file: MovedFile, reason: String)] = []
        for file in files.reversed() {
            do throws(DeliveryError) { try move(file.to, to: file.from) } catch { failed.append((file, error.reason)) }
        }
        return failed
    }

    /// `source` takes the name `target`, never replacing a file there: renamed where both
    /// are on one file system, else copied (written beside, flushed, linked) and the
    /// original then removed.
    private static func move(_ source: FilePath, to target: FilePath) throws(DeliveryError) {
        switch FileMove.withoutReplacing(source, to: target) {
        case nil:
            return
        case EXDEV?:
            try copy(source, to: target)
            guard source.withPlatformString({ unlink($0) }) == 0 else {
                let reason = String(cString: strerror(errno))
                _ = target.withPlatformString { unlink($0) }
                throw DeliveryError(reason: "\(source.lastComponent?.string ?? source.string): \(reason)")
            }
        case let error?:
            throw DeliveryError(reason: "\(target.lastComponent?.string ?? target.string): \(String(cString: strerror(error)))")
        }
    }

    /// The file name's bytes (names need not be UTF-8).
    static func name(of path: FilePath) -> [UInt8] {
        path.rawBytes.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? []
    }

    /// `name` with " (number)" before its first extension dot (number 1: as it is), so a
    /// RAW, its JPEG and their `.JPG.xmp` sidecars keep one stem.
    static func renamed(_ name: [UInt8], number: Int) -> [UInt8] {
        guard number > 1 else { return name }
        let dot = name.dropFirst().firstIndex(of: UInt8(ascii: ".")) ?? name.endIndex
        return Array(name[..<dot]) + Array(" (\(number))".utf8) + Array(name[dot...])
    }

    private enum TargetState { case missing, same, different }

    private static func state(of target: FilePath, against source: FilePath) throws(DeliveryError) -> TargetState {
        var targetInfo = stat(), sourceInfo = stat()
        guard target.withPlatformString({ lstat($0, &targetInfo) }) == 0 else {
            guard errno == ENOENT else { throw DeliveryError(reason: String(cString: strerror(errno))) }
            return .missing
        }
        guard source.withPlatformString({ stat($0, &sourceInfo) }) == 0 else { throw DeliveryError(reason: String(cString: strerror(errno))) }
        guard (targetInfo.st_mode & S_IFMT) == S_IFREG, targetInfo.st_size == sourceInfo.st_size else { return .different }
        return try sameBytes(source, target) ? .same : .different
    }

    private static func sameBytes(_ first: FilePath, _ second: FilePath) throws(DeliveryError) -> Bool {
        let a = try open(first), b = try open(second)
        defer { close(a); close(b) }
        var left = [UInt8](repeating: 0, count: chunk), right = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = read(a, &left, chunk)
            guard count >= 0, read(b, &right, chunk) == count else { return false }
            if count == 0 { return true }
            if left[..<count] != right[..<count] { return false }
        }
    }

    static let chunk = 1 << 20

    private static func open(_ path: FilePath, _ flags: Int32 = O_RDONLY, mode: mode_t = 0) throws(DeliveryError) -> Int32 {
        let fd = path.withPlatformString { Glibc.open($0, flags | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw DeliveryError(reason: "\(path.lastComponent?.string ?? path.string): \(String(cString: strerror(errno)))") }
        return fd
    }

    /// `source` copied to `target`: written beside it, flushed, its mode and times set, then
    /// linked into place only if nothing took the name meanwhile.
    private static func copy(_ source: FilePath, to target: FilePath) throws(DeliveryError) {
        let input = try open(source)
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw DeliveryError(reason: "\(source.string) is not a file") }
        try writeNew(target, mode: info.st_mode & 0o7777, times: [info.st_atim, info.st_mtim]) { output throws(DeliveryError) in
            var buffer = [UInt8](repeating: 0, count: chunk)
            while true {
                let count = read(input, &buffer, chunk)
                guard count >= 0 else { throw DeliveryError(reason: "\(source.string): \(String(cString: strerror(errno)))") }
                if count == 0 { break }
                try writeAll(buffer[..<count], to: output, target: target)
            }
        }
    }

    /// `bytes` as a new file in `folder` named `name`, or "NAME (2).EXT" and on where that
    /// is taken: never replacing a file. Where it went.
    public static func writeNew(_ bytes: [UInt8], named name: [UInt8], in folder: FilePath) throws(DeliveryError) -> FilePath {
        try makeFolder(folder)
        for number in 1...999 {
            let target = FilePath(rawBytes: folder.rawBytes + [UInt8(ascii: "/")] + renamed(name, number: number))
            var info = stat()
            guard target.withPlatformString({ lstat($0, &info) }) != 0 else { continue }
            do throws(DeliveryError) {
                try writeNew(target, mode: 0o666 & ~currentUmask, times: nil) { output throws(DeliveryError) in try writeAll(bytes[...], to: output, target: target) }
                return target
            } catch {
                // Taken meanwhile: the next name.
                if !error.nameTaken { throw error }
            }
        }
        throw DeliveryError(reason: "every name up to 999 is taken")
    }

    /// A file made by `fill` at `target`: written beside it, flushed, its mode (and times)
    /// set, then linked into place only if nothing took the name meanwhile (EEXIST then).
    private static func writeNew(_ target: FilePath, mode: mode_t, times: [timespec]?, fill: (Int32) throws(DeliveryError) -> Void) throws(DeliveryError) {
        let temporary = temporaryName(of: target, process: getpid())
        removeLeftovers(of: target)
        let output = try open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        var linked = false
        defer { if !linked { _ = temporary.withPlatformString { unlink($0) } } }
        do {
            defer { close(output) }
            try fill(output)
            guard fchmod(output, mode) == 0, times.map({ futimens(output, $0) == 0 }) ?? true, fsync(output) == 0 else {
                throw DeliveryError(reason: "\(target.string): \(String(cString: strerror(errno)))")
            }
        }
        // link() fails where the name exists: a file that appeared meanwhile is never replaced.
        guard temporary.withPlatformString({ from in target.withPlatformString { link(from, $0) } }) == 0 else {
            throw DeliveryError(reason: "\(target.lastComponent?.string ?? target.string): \(String(cString: strerror(errno)))", nameTaken: errno == EEXIST)
        }
        linked = true
        _ = temporary.withPlatformString { unlink($0) }
    }

    private static func writeAll(_ bytes: ArraySlice<UInt8>, to output: Int32, target: FilePath) throws(DeliveryError) {
        var written = 0
        while written < bytes.count {
            let step = bytes.withUnsafeBytes { write(output, $0.baseAddress! + written, bytes.count - written) }
            if step < 0 && errno == EINTR { continue }
            guard step > 0 else { throw DeliveryError(reason: "\(target.string): \(describe(errno))") }
            written += step
        }
    }

    private static func describe(_ code: Int32) -> String { SidecarFile.describe(code) }

    /// The process's umask, read without setting it (umask(2) would, for every thread).
    private static var currentUmask: mode_t {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }

    /// Where `target` is written before it takes its name: hidden beside it, named for the
    /// process writing it.
    static func temporaryName(of target: FilePath, process: pid_t) -> FilePath {
        let bytes = target.rawBytes
        let slash = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        return FilePath(rawBytes: Array(bytes[..<slash]) + [UInt8(ascii: ".")] + Array(bytes[slash...]) + Array(".flick-copy-\(process)".utf8))
    }

    /// A copy cut short by a Flick that died (the machine turned off, the process killed)
    /// left its hidden file beside `target`: it goes before the copy is made again.
    private static func removeLeftovers(of target: FilePath) {
        let folder = target.removingLastComponent()
        let prefix = temporaryName(of: target, process: 0).rawBytes.split(separator: UInt8(ascii: "/")).last.map { Array($0.dropLast(1)) } ?? []
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.string) else { return }
        for entry in entries {
            let name = Array(entry.utf8)
            guard name.starts(with: prefix), let process = Int32(String(decoding: name[prefix.count...], as: UTF8.self)),
                  process != getpid(), kill(process, 0) != 0, errno == ESRCH else { continue }
            _ = FilePath(rawBytes: folder.rawBytes + [UInt8(ascii: "/")] + name).withPlatformString { unlink($0) }
        }
    }

    private static func makeFolder(_ folder: FilePath) throws(DeliveryError) {
        do {
            try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        } catch {
            throw DeliveryError(reason: "\(folder.string): \(error.localizedDescription)")
        }
    }
}

/// Why a photo could not be delivered, in words for the user.
public struct DeliveryError: Error {
    public let reason: String
    /// The name was taken (by another program, meanwhile): another name will do.
    var nameTaken = false

    public init(reason: String, nameTaken: Bool = false) {
        self.reason = reason
        self.nameTaken = nameTaken
    }
}
