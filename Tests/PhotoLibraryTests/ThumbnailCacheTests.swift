// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import PhotoLibrary
import Pixels
import SystemPackage

@Suite struct ThumbnailCacheTests {
    let root: FilePath = FilePath(FileManager.default.temporaryDirectory.appendingPathComponent("flick-cache-\(UUID().uuidString)").path)
    var cache: ThumbnailCache { ThumbnailCache(root: root, application: "flick-test") }

    /// A photo copied to a folder of its own, so tests can change its mtime freely.
    func photo(named name: String = "photo one.jpg", copying source: String = "progressive.jpg") throws -> Photo {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cache-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Fixtures.photos.appendingPathComponent(source), to: target)
        return try #require(FolderScanner.photo(at: FilePath(target.path)))
    }

    func mode(of path: FilePath) -> mode_t {
        var info = stat()
        _ = path.withPlatformString { stat($0, &info) }
        return info.st_mode & 0o777
    }

    @Test func namesAreTheMD5OfTheEscapedFileURI() {
        // The standard's own example.
        #expect(ThumbnailCache.hash(uri: "file:///home/jens/photos/me.png") == "c6ee772d9e49320e97ec29a7eb5b1697")
        #expect(ThumbnailCache.uri(for: FilePath("/tmp/a b/ü.jpg")) == "file:///tmp/a%20b/%C3%BC.jpg")
        #expect(cache.path(for: "file:///home/jens/photos/me.png", flavor: .large) == root.appending("large/c6ee772d9e49320e97ec29a7eb5b1697.png"))
    }

    @Test func aStoredThumbnailCarriesURIAndMTimeIsPrivateAndIsFoundAgain() throws {
        let photo = try photo()
        let pixels = try ImageDecoder.decode(photo.path, maximumPixelSize: 128)
        try cache.store(pixels, for: photo, flavor: .normal)
        let entry = cache.entry(for: photo, flavor: .normal)
        guard case let .valid(thumbnail) = entry else { Issue.record("not found: \(entry)"); return }
        #expect(ThumbnailCache.text(in: thumbnail, key: "Thumb::URI") == ThumbnailCache.uri(for: photo.path))
        #expect(ThumbnailCache.text(in: thumbnail, key: "Thumb::MTime") == String(Int(photo.modificationDate.timeIntervalSince1970)))
        #expect(mode(of: thumbnail) == 0o600 && mode(of: root.appending("normal")) == 0o700)
        #expect(cache.entry(for: photo, flavor: .large) == .missing)
        // No temporary files are left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appending("normal").string).count == 1)
    }

    @Test func aChangedFileMakesItsThumbnailStale() throws {
        let photo = try photo()
        try cache.store(PixelBuffer(width: 8, height: 8, blue: 1, green: 2, red: 3), for: photo, flavor: .normal)
        let later = Photo(path: photo.path, format: photo.format, byteCount: photo.byteCount, modificationDate: photo.modificationDate.addingTimeInterval(60))
        #expect(cache.entry(for: later, flavor: .normal) == .missing)
    }

    /// A copy arriving is listed while still empty, fails, and is whole within the same
    /// second: its recorded failure must not stand for the photo it became.
    @Test func aFileWrittenWithinTheSecondItFailedIsDecodedAgain() throws {
        let photo = try photo()
        let empty = Photo(path: photo.path, format: photo.format, byteCount: 0, modificationDate: photo.modificationDate)
        let failing = ThumbnailMaker(cache: cache) { _, _ in .failure(.unreadable("empty file")) }
        guard case .failed = failing.thumbnail(of: empty, flavor: .large) else { Issue.record("should fail"); return }
        #expect(cache.entry(for: empty, flavor: .large) == .failed)
        #expect(cache.entry(for: photo, flavor: .large) == .missing, "the same second, another size")
        let decoding = ThumbnailMaker(cache: cache) { path, size in
            Result { () throws(DecodeError) in try ImageDecoder.decode(path, maximumPixelSize: size) }
        }
        guard case .made = decoding.thumbnail(of: photo, flavor: .large) else { Issue.record("the whole file was not decoded"); return }
        #expect(cache.entry(for: empty, flavor: .large) == .missing, "the failure recorded for the empty file is gone")
    }

    @Test func aFailureIsRecordedUnderThisProgramsFolderAndNotRetried() throws {
        let photo = try photo()
        let decodes = Counter()
        let maker = ThumbnailMaker(cache: cache) { _, _ in decodes.increment(); return .failure(.unreadable("broken")) }
        guard case .failed = maker.thumbnail(of: photo, flavor: .large) else { Issue.record("should fail"); return }
        guard case .failed = maker.thumbnail(of: photo, flavor: .large) else { Issue.record("should fail"); return }
        #expect(decodes.value == 1)
        let uri = try #require(ThumbnailCache.uri(for: photo.path))
        #expect(FileManager.default.fileExists(atPath: root.appending("fail/flick-test/\(ThumbnailCache.hash(uri: uri)).png").string))
    }

    @Test(arguments: [DecodeError.tooLarge(width: 65000, height: 65000), .incomplete, .unreadable("not an image")])
    func aRecordedFailureKeepsItsReason(error: DecodeError) throws {
        let photo = try photo()
        let maker = ThumbnailMaker(cache: cache) { _, _ in .failure(error) }
        _ = maker.thumbnail(of: photo, flavor: .large)
        // Another run (the decoder is not asked again) says the same: "too large", not "cannot open".
        let again = ThumbnailMaker(cache: cache) { _, _ in Issue.record("decoded again"); return .failure(.unreadable("")) }
        guard case let .failed(recorded) = again.thumbnail(of: photo, flavor: .large) else { Issue.record("should fail"); return }
        #expect(recorded == error && recorded.headline == error.headline)
    }

    @Test(arguments: [DecodeError.decoderFailed("took too long and was stopped"), .permissionDenied])
    func aFailureThatCanBeOtherwiseNextTimeIsNotRecorded(error: DecodeError) throws {
        let photo = try photo()
        let decodes = Counter()
        let maker = ThumbnailMaker(cache: cache) { _, _ in decodes.increment(); return .failure(error) }
        _ = maker.thumbnail(of: photo, flavor: .large)
        _ = maker.thumbnail(of: photo, flavor: .large)
        #expect(decodes.value == 2, "a decoder stopped on a busy machine, or a permission since granted, is tried again")
        #expect(cache.entry(for: photo, flavor: .large) == .missing)
    }

    @Test func aThumbnailIsMadeOnceAndReusedAfter() throws {
        let photo = try photo()
        let decodes = Counter()
        let maker = ThumbnailMaker(cache: cache) { path, size in
            decodes.increment()
            return Result { () throws(DecodeError) in try ImageDecoder.decode(path, maximumPixelSize: size) }
        }
        guard case let .made(first) = maker.thumbnail(of: photo, flavor: .large) else { Issue.record("not made"); return }
        guard case let .reused(second) = maker.thumbnail(of: photo, flavor: .large) else { Issue.record("not reused"); return }
        #expect(first.width == 256 && second.width == 256 && second.height == first.height)
        #expect(decodes.value == 2, "one decode of the photo, one of the cached PNG")
    }

    /// Every reader of the shared cache would take its grey half for the photo.
    @Test func aFileStillArrivingGetsAThumbnailButNoneIsStored() throws {
        let photo = try photo()
        let maker = ThumbnailMaker(cache: cache) { _, _ in
            var pixels = PixelBuffer(width: 256, height: 192, blue: 128, green: 128, red: 128)
            pixels.isIncomplete = true
            return .success(pixels)
        }
        guard case .made = maker.thumbnail(of: photo, flavor: .large) else { Issue.record("not made"); return }
        #expect(cache.entry(for: photo, flavor: .large) == .missing)
    }

    @Test func theXLargeFlavourIs512PixelsInItsOwnFolder() throws {
        #expect(ThumbnailCache.Flavor.covering(300) == .xLarge && ThumbnailCache.Flavor.covering(600) == nil)
        let photo = try photo(copying: "camera-size.jpg")
        let maker = ThumbnailMaker(cache: cache) { path, size in
            Result { () throws(DecodeError) in try ImageDecoder.decode(path, maximumPixelSize: size) }
        }
        guard case let .made(pixels) = maker.thumbnail(of: photo, flavor: .xLarge) else { Issue.record("not made"); return }
        #expect(max(pixels.width, pixels.height) == 512)
        let uri = try #require(ThumbnailCache.uri(for: photo.path))
        #expect(cache.entry(for: photo, flavor: .xLarge)
            == .valid(root.appending("x-large/\(ThumbnailCache.hash(uri: uri)).png")))
    }

    @Test func aThumbnailWrittenByAnotherProgramIsUsed() throws {
        // No space in the name: ImageMagick would expand the "%20" of the URI given to -set.
        let photo = try photo(named: "photo-one.jpg")
        let uri = try #require(ThumbnailCache.uri(for: photo.path))
        let target = cache.path(for: uri, flavor: .large)
        try FileManager.default.createDirectory(atPath: target.removingLastComponent().string, withIntermediateDirectories: true)
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        made.arguments = ["convert-im6.q16", "-size", "256x192", "xc:orange", "-set", "Thumb::URI", uri,
                          "-set", "Thumb::MTime", String(Int(photo.modificationDate.timeIntervalSince1970)), target.string]
        try made.run()
        made.waitUntilExit()
        #expect(cache.entry(for: photo, flavor: .large) == .valid(target))
        let maker = ThumbnailMaker(cache: cache) { path, size in Result { () throws(DecodeError) in try ImageDecoder.decode(path, maximumPixelSize: size) } }
        guard case let .reused(pixels) = maker.thumbnail(of: photo, flavor: .large) else { Issue.record("not reused"); return }
        #expect(pixels.pixel(x: 10, y: 10).red == 255 && pixels.pixel(x: 10, y: 10).blue == 0)
    }

    @Test func ourThumbnailsAreReadableByOtherPrograms() throws {
        let photo = try photo()
        try cache.store(PixelBuffer(width: 8, height: 6, blue: 0, green: 0, red: 255), for: photo, flavor: .normal)
        let uri = try #require(ThumbnailCache.uri(for: photo.path))
        let identify = Process()
        identify.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        identify.arguments = ["identify-im6.q16", "-format", "%wx%h %[Thumb::URI]", cache.path(for: uri, flavor: .normal).string]
        let out = Pipe()
        identify.standardOutput = out
        try identify.run()
        identify.waitUntilExit()
        #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "8x6 \(uri)")
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
