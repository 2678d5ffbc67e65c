// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import PhotoLibrary
import SystemPackage

/// A photo's likeness is measured once and read back while the photo stays as it was.
@Suite struct LikenessCacheTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("likeness-cache-\(UUID().uuidString)")
    var cache: LikenessCache { LikenessCache(root: FilePath(folder.appendingPathComponent("cache").path)) }
    let bird = PhotoLikeness(sharpness: 123.456789, hash: 0xF0F0_0F0F_1234_ABCD)

    func photo(_ name: String, _ contents: String = "pretend JPEG") throws -> FilePath {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return FilePath(url.path)
    }

    func setModified(_ path: FilePath, _ date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path.string)
    }

    @Test func aLikenessIsReadBackExactlyWhileThePhotoIsUnchanged() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try photo("DSC_0001.jpg")
        #expect(cache.likeness(of: path) == nil, "nothing kept yet")
        cache.store(bird, for: path, measuredAt: try #require(LikenessCache.Stamp(of: path)))
        #expect(cache.likeness(of: path) == bird)
        #expect(cache.likeness(of: try photo("DSC_0002.jpg")) == nil, "another photo's is not taken")
    }

    @Test func aPhotoRewrittenOrTouchedIsMeasuredAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try photo("DSC_0001.jpg")
        try setModified(path, Date(timeIntervalSince1970: 1_700_000_000))
        cache.store(bird, for: path, measuredAt: try #require(LikenessCache.Stamp(of: path)))
        try setModified(path, Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(cache.likeness(of: path) == nil, "a new modification time, even within the second")

        try setModified(path, Date(timeIntervalSince1970: 1_700_000_000))
        #expect(cache.likeness(of: path) == bird)
        _ = try photo("DSC_0001.jpg", "pretend JPEG, edited")
        try setModified(path, Date(timeIntervalSince1970: 1_700_000_000))
        #expect(cache.likeness(of: path) == nil, "same time, other size: rewritten")
    }

    @Test func aStampTakenBeforeThePhotoChangedDoesNotVouchForIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try photo("DSC_0001.jpg")
        try setModified(path, Date(timeIntervalSince1970: 1_700_000_000))
        let before = try #require(LikenessCache.Stamp(of: path))
        // Rewritten while it was being measured.
        _ = try photo("DSC_0001.jpg", "a different frame entirely")
        cache.store(bird, for: path, measuredAt: before)
        #expect(cache.likeness(of: path) == nil)
    }

    @Test func damagedOldOrForeignRecordsAreIgnored() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try photo("DSC_0001.jpg")
        let stamp = try #require(LikenessCache.Stamp(of: path))
        cache.store(bird, for: path, measuredAt: stamp)
        let record = cache.file(for: try #require(ThumbnailCache.uri(for: path)))
        let good = try String(contentsOfFile: record.string, encoding: .utf8)
        for damaged in [good.replacingOccurrences(of: "flick-likeness \(LikenessCache.version)", with: "flick-likeness 1"),
                        String(good.prefix(good.count / 2)),
                        good.replacingOccurrences(of: "DSC_0001", with: "DSC_0009"),
                        good.replacingOccurrences(of: "123.456789", with: "nan"),
                        "", String(repeating: "x", count: 10_000)] {
            try Data(damaged.utf8).write(to: URL(fileURLWithPath: record.string))
            #expect(cache.likeness(of: path) == nil, "\(damaged.prefix(60))")
        }
        // A directory where the record would be: read as nothing, and storing does no harm.
        try FileManager.default.removeItem(atPath: record.string)
        try FileManager.default.createDirectory(atPath: record.string, withIntermediateDirectories: false)
        #expect(cache.likeness(of: path) == nil)
        cache.store(bird, for: path, measuredAt: stamp)
        #expect(cache.likeness(of: path) == nil)
    }

    @Test func aCacheThatCannotBeWrittenCostsNothingButTheMeasuring() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try photo("DSC_0001.jpg")
        // The cache's root is a file: no folder can be made there.
        let blocked = folder.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let cache = LikenessCache(root: FilePath(blocked.appendingPathComponent("likenesses").path))
        cache.store(bird, for: path, measuredAt: try #require(LikenessCache.Stamp(of: path)))
        #expect(cache.likeness(of: path) == nil)
    }

    @Test func recordsArePrivateToTheUser() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try photo("DSC_0001.jpg")
        cache.store(bird, for: path, measuredAt: try #require(LikenessCache.Stamp(of: path)))
        let record = cache.file(for: try #require(ThumbnailCache.uri(for: path)))
        let attributes = try FileManager.default.attributesOfItem(atPath: record.string)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: cache.root.string)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.root.string).count == 1, "no temporary file left")
    }
}
