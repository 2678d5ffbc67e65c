// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
@testable import Shell
import SystemPackage
import Testing
import TestSupport

/// Shared copies written into a folder without replacing anything, or handed to the mail
/// program from a folder of Flick's own that goes once it has them.
@Suite(.serialized) struct PhotoExportTests {
    /// What the mail program was handed (on the export's thread).
    final class Mailbox: @unchecked Sendable {
        private let lock = NSLock()
        private var handed: [[FilePath]] = []
        /// Whether every file was there when handed over.
        private var allThere = true
        func take(_ files: [FilePath]) {
            lock.withLock {
                handed.append(files)
                allThere = allThere && files.allSatisfy { FileManager.default.fileExists(atPath: $0.string) }
            }
        }
        var mailed: [[FilePath]] { lock.withLock { handed } }
        var wereThere: Bool { lock.withLock { allThere } }
    }

    final class Fixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-share-\(getpid())-\(UUID().uuidString.prefix(6))")
        let mailbox = Mailbox()
        lazy var export = PhotoExport(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]),
                                      sharedFolder: FilePath(root.appendingPathComponent("cache/shared").path),
                                      mail: { [mailbox] files in
                                          mailbox.take(files)
                                          return (nil, true)
                                      }, wake: {})

        init() throws { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: root) }

        func photo(_ relative: String) throws -> Photo {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(try runExternalTool(["convert", "-size", "300x200", "xc:orange", url.path]).status == 0)
            return try #require(FolderScanner.photo(at: FilePath(url.path)))
        }

        func finished() -> PhotoExport.Report? {
            export.waitUntilIdle()
            return export.takeReports().last
        }
    }

    @Test func copiesGoIntoTheFolderWithoutReplacingAnything() throws {
        let f = try Fixture()
        let photos = [try f.photo("2019/IMG_1.jpg"), try f.photo("2020/IMG_1.jpg"), try f.photo("2020/IMG_2.png")]
        let shared = f.root.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: shared.appendingPathComponent("IMG_2.jpg"))
        f.export.export(photos, as: SharedCopy(longSide: 100, metadata: .none), to: FilePath(shared.path), fixedDates: [:])
        let report = try #require(f.finished())
        #expect(report == .finished(made: 3, failures: [], folder: FilePath(shared.path), mailing: false, problem: nil,
                                    copies: ["IMG_1.jpg", "IMG_1 (2).jpg", "IMG_2 (2).jpg"].map { FilePath(shared.appendingPathComponent($0).path) }))
        let names = try FileManager.default.contentsOfDirectory(atPath: shared.path).sorted()
        #expect(names == ["IMG_1 (2).jpg", "IMG_1.jpg", "IMG_2 (2).jpg", "IMG_2.jpg"], "\(names)")
        #expect(try String(contentsOf: shared.appendingPathComponent("IMG_2.jpg"), encoding: .utf8) == "mine", "a file there is never replaced")
        let size = try runExternalTool(["identify", "-format", "%w %h", shared.appendingPathComponent("IMG_1.jpg").path]).output
        #expect(["100 66", "100 67"].contains(size), "within 100 on its long side: \(size)")
        #expect(PhotoExport.message(report) == "3 copies saved in \(PicksDelivery.shown(FilePath(shared.path)))")
    }

    @Test func copiesForMailAreHandedOverThenCleanedUp() throws {
        let f = try Fixture()
        f.export.export([try f.photo("a.jpg"), try f.photo("b.jpg")], as: SharedCopy(), to: nil, fixedDates: [:])
        guard case let .finished(made, failures, folder, mailing, problem, _)? = f.finished() else { Issue.record("no end"); return }
        #expect(made == 2 && failures.isEmpty && mailing && problem == nil)
        #expect(f.mailbox.mailed.count == 1 && f.mailbox.mailed[0].map { $0.lastComponent?.string } == ["a.jpg", "b.jpg"])
        #expect(f.mailbox.wereThere, "there while the mail program reads them")
        #expect(!FileManager.default.fileExists(atPath: folder.string), "the portal read them: they are gone")
    }

    /// A photo that cannot be read, and a folder that fills up: each said, no half file left.
    @Test func whatCannotBeCopiedIsSaidAndLeavesNoHalfFile() throws {
        let f = try Fixture()
        let broken = f.root.appendingPathComponent("broken.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 64)).write(to: broken)
        let photos = [try #require(FolderScanner.photo(at: FilePath(broken.path))), try f.photo("fine.jpg")]
        let shared = f.root.appendingPathComponent("Shared")
        f.export.export(photos, as: SharedCopy(longSide: 64, metadata: .none), to: FilePath(shared.path), fixedDates: [:])
        guard case let .finished(made, failures, _, _, _, _)? = f.finished() else { Issue.record("no end"); return }
        #expect(made == 1 && failures.count == 1 && failures[0].hasPrefix("broken.jpg: "), "\(failures)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path) == ["fine.jpg"])
    }

    @Test(.enabled(if: getuid() == 0, "a small file system to fill needs root (mount -t tmpfs)"))
    func aFolderThatFillsUpSaysSoAndKeepsNoHalfFile() throws {
        let f = try Fixture()
        let small = f.root.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        try #require(try runExternalTool(["mount", "-t", "tmpfs", "-o", "size=48k", "tmpfs", small.path]).status == 0)
        defer { _ = try? runExternalTool(["umount", small.path]) }
        let photo = f.root.appendingPathComponent("noise.png")
        #expect(try runExternalTool(["convert", "-size", "1200x900", "xc:", "+noise", "Random", photo.path]).status == 0)
        let photos = [try #require(FolderScanner.photo(at: FilePath(photo.path)))]
        f.export.export(photos, as: SharedCopy(longSide: nil, metadata: .none), to: FilePath(small.path), fixedDates: [:])
        guard case let .finished(made, failures, _, _, _, _)? = f.finished() else { Issue.record("no end"); return }
        #expect(made == 0 && failures.first?.contains("the disk is full") == true, "\(failures)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: small.path).isEmpty, "no half file, no leftover")
    }
}
