// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
import PhotoLibrary
import Pictures
import PhotoSources
import Pixels
import SystemPackage
import TestSupport

/// A decode of a file that was rewritten while it ran answers for the old file: a copy
/// listed while still empty must not keep the failure of its empty self.
@Suite struct PictureStoreStaleTests {
    final class Decodes: Sendable {
        let count = Mutex(0)
        let gate = DispatchSemaphore(value: 0)

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            let first = count.withLock { count in
                count += 1
                return count == 1
            }
            guard first else { return .success(PixelBuffer(width: 30, height: 20, blue: 255, green: 0, red: 0)) }
            gate.wait()
            return .failure(.unreadable("an empty file"))
        }
    }

    @Test func aFailureOfTheFileAsItWasBeforeItsRewriteIsDroppedAndTheNewFileDecoded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("arriving.png")
        try Data().write(to: file)
        let empty = try #require(FolderScanner.photo(at: FilePath(file.path)))

        let decodes = Decodes()
        let images = pictureStore([empty], textures: FakeTextures()) { decodes.decode($0) }
        let pager = images.makePictureDemand()
        let screen = PictureSize.fitting(1280)
        pager.want([PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(waitUntil(seconds: 30, pollingEvery: 1000) { decodes.count.withLock { $0 } == 1 }, "the empty file's decode began")

        // Written whole meanwhile, within the same tick of the file system's clock.
        var before = stat()
        _ = stat(file.path, &before)
        try Data(repeating: 7, count: 295).write(to: file)
        var times = [before.st_atim, before.st_mtim]
        _ = utimensat(AT_FDCWD, file.path, &times, 0)
        let whole = try #require(FolderScanner.photo(at: FilePath(file.path)))
        #expect(whole.modificationDate == empty.modificationDate && whole.byteCount == 295)
        images.replacePhotos([whole])
        decodes.gate.signal()

        #expect(drain(images) { images.picture(at: 0, size: screen).image != nil }, "\(images.picture(at: 0, size: screen))")
        #expect(decodes.count.withLock { $0 } == 2, "the whole file decoded once more")
    }
}
