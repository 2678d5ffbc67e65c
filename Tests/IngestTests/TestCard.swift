// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import Foundation
import Ingest
import SystemPackage
import Testing

/// A camera card made for a test: DCIM/100CANON, 101CANON… of RAW+JPEG pairs (a JPEG's
/// magic then random bytes; a RAW by its name), under a scratch folder of its own.
struct TestCard {
    let root: URL
    var card: URL { root.appendingPathComponent("card") }
    var source: FilePath { FilePath(card.path) }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-ingest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("card/DCIM"), withIntermediateDirectories: true)
    }

    /// Writes `bytes` random bytes (a JPEG's magic first for .JPG) at `relative` under the card,
    /// with the modification time `modified`.
    @discardableResult
    func write(_ relative: String, bytes: Int, modified: Date = Date(timeIntervalSince1970: 1_780_000_000)) throws -> URL {
        let url = card.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255) })
        if relative.uppercased().hasSuffix(".JPG"), bytes >= 4 { data.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE1]) }
        try data.write(to: url)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        return url
    }

    /// `count` RAW+JPEG pairs in `folder` (IMG_0001…), a minute apart.
    func pairs(_ count: Int, in folder: String = "DCIM/100CANON", first: Int = 1, rawBytes: Int = 40_000, jpegBytes: Int = 12_000) throws {
        for number in first..<(first + count) {
            let stem = String(format: "IMG_%04d", number)
            let time = Date(timeIntervalSince1970: 1_780_000_000 + Double(number) * 60)
            try write("\(folder)/\(stem).CR3", bytes: rawBytes + number, modified: time)
            try write("\(folder)/\(stem).JPG", bytes: jpegBytes + number, modified: time)
        }
    }

    /// A scratch folder beside the card.
    func folder(_ name: String) -> URL { root.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Every file under `folder` by its path relative to it: content hash, size and time.
    static func snapshot(_ folder: URL) -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            let relative = String(url.path.dropFirst(folder.path.count))
            if (info.st_mode & S_IFMT) == S_IFREG {
                let hash = VerifiedCopy.hash(ofFileAt: FilePath(url.path))?.description ?? "unreadable"
                found[relative] = "\(hash) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_mode)"
            } else {
                found[relative] = "folder \(info.st_mode) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            }
        }
        return found
    }

    /// The content hashes of the files under `folder` (each path), regular files only.
    static func contents(_ folder: URL) -> [(path: String, hash: ContentHash)] {
        var found: [(String, ContentHash)] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let hash = VerifiedCopy.hash(ofFileAt: FilePath(url.path)) else { continue }
            found.append((url.path, hash))
        }
        return found
    }

    /// What every destination must hold after any import, finished or not: no temporary
    /// copy left, and no file under a final name that differs from a file of the card.
    func expectOnlyWholeCopies(in destination: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let card = Set(Self.contents(self.card).map(\.hash))
        for file in Self.contents(destination) {
            #expect(!file.path.contains(".flick-import-"), "a temporary copy was left: \(file.path)", sourceLocation: sourceLocation)
            #expect(card.contains(file.hash), "\(file.path) is not a whole copy of a file on the card", sourceLocation: sourceLocation)
        }
    }

    /// Every file of the card (but those named in `leftOut`) is in `destination` exactly once, by content.
    func expectEveryFileOnce(in destination: URL, leavingOut leftOut: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) {
        var copies: [ContentHash: Int] = [:]
        for file in Self.contents(destination) { copies[file.hash, default: 0] += 1 }
        for file in Self.contents(card) where !leftOut.contains(URL(fileURLWithPath: file.path).lastPathComponent) {
            #expect(copies[file.hash] == 1, "\(file.path) is in the destination \(copies[file.hash] ?? 0) times", sourceLocation: sourceLocation)
        }
    }

    /// An import of this card with fixed facts (no decoder: the files are not pictures).
    func ingest(to destinations: [String], rename: String = "{name}", job: String = "", camera: String? = "Canon EOS R6") throws -> Ingest {
        let options = IngestOptions(destinations: try destinations.map { try NameTemplate($0) }, rename: try NameTemplate(rename), job: job)
        return Ingest(source: source, options: options) { _ in (nil, camera, nil) }
    }
}
