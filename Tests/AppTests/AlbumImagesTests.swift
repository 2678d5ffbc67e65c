import Foundation
import Synchronization
import Testing
import Components
import PhotoLibrary
import Platform
import SystemPackage
@testable import flick

/// An album's pictures over in-memory decodes: one worker per queue, textures in `canvas`.
func albumImages(_ photos: [Photo], canvas: OffscreenCanvas,
                 decode: @escaping @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError>) -> AlbumImages {
    let service = DecodeService(thumbnails: DecodeQueue(workerCount: 1, decode: decode, wake: {}),
                                screens: DecodeQueue(workerCount: 1, decode: decode, wake: {}),
                                covers: DecodeQueue(workerCount: 1, decode: decode, wake: {}),
                                wake: WakeRelay())
    return AlbumImages(photos: photos, service: service, textures: canvas.textures)
}

/// The album's pictures: embedded previews stand in until thumbnails arrive.
@Suite struct AlbumImagesPreviewTests {
    /// Decodes in memory: previews at once, thumbnails only when let through.
    final class FakeDecodes: Sendable {
        let asked = Mutex<[DecodeRequest]>([])
        let thumbnailGate = DispatchSemaphore(value: 0)
        static let preview = PixelBuffer(width: 160, height: 107, blue: 0, green: 255, red: 0)
        static let thumbnail = PixelBuffer(width: 250, height: 250, blue: 0, green: 0, red: 255)

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            asked.withLock { $0.append(request) }
            if request.kind == .embeddedPreview { return .success(Self.preview) }
            thumbnailGate.wait()
            return .success(Self.thumbnail)
        }
    }

    let fakes = FakeDecodes()
    let canvas = OffscreenCanvas(width: 64, height: 64)!

    func images(_ names: [String]) -> AlbumImages {
        let fakes = self.fakes
        let photos = names.map { name in
            Photo(path: FilePath("/photos/\(name)"), format: name.hasSuffix(".png") ? .png : .jpeg, byteCount: 1, modificationDate: Date())
        }
        return albumImages(photos, canvas: canvas) { fakes.decode($0) }
    }

    /// Drains until `condition` holds (decodes run on worker threads).
    func drain(_ images: AlbumImages, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            images.drainResults()
            if condition() { return true }
            usleep(1000)
        }
        return false
    }

    func shownSize(_ thumbnail: Thumbnail) -> (Double, Double)? {
        thumbnail.image.map { ($0.pixelSize.width, $0.pixelSize.height) }
    }

    @Test func aJPEGShowsItsPreviewUntilItsThumbnailArrivesAndThePreviewIsLetGo() throws {
        let images = images(["a.jpg"])
        images.prioritize(visible: 0..<1, nearby: 0..<1, pixelSize: 250)
        #expect(drain(images) { images.thumbnail(at: 0).image != nil })
        #expect(shownSize(images.thumbnail(at: 0))! == (160, 107), "the preview stands in")
        let preview = try #require(images.thumbnail(at: 0).image?.texture)

        fakes.thumbnailGate.signal()
        #expect(drain(images) { shownSize(images.thumbnail(at: 0))! == (250, 250) })
        #expect(!images.isPhotoTexture(preview), "the preview's texture is given back")
        #expect(fakes.asked.withLock { $0.first?.kind } == .embeddedPreview, "the preview is decoded first")
    }

    @Test func thePreviewIsAskedForOnceAndNeverForOtherFormats() {
        let images = images(["a.jpg", "b.png"])
        images.prioritize(visible: 0..<2, nearby: 0..<2, pixelSize: 250)
        #expect(drain(images) { images.thumbnail(at: 0).image != nil })
        images.prioritize(visible: 0..<2, nearby: 0..<2, pixelSize: 250)
        fakes.thumbnailGate.signal()
        fakes.thumbnailGate.signal()
        #expect(drain(images) { images.thumbnail(at: 1).image != nil && shownSize(images.thumbnail(at: 0))! == (250, 250) })
        let previews = fakes.asked.withLock { $0.filter { $0.kind == .embeddedPreview }.map(\.path.string) }
        #expect(previews == ["/photos/a.jpg"])
    }

    @Test func thePagerShowsThePreviewOfAPhotoWithNothingElseYet() {
        let images = images(["a.jpg"])
        images.requestImages([ImageRequest(index: 0, pixelSize: 1280)])
        #expect(drain(images) { images.image(at: 0).image != nil })
        #expect(shownSize(images.image(at: 0))! == (160, 107))
        fakes.thumbnailGate.signal()
    }
}

/// A photo that cannot be decoded: said once, remembered, never asked for again in a loop.
@Suite struct AlbumImagesFailureTests {
    final class FailingDecodes: Sendable {
        let asked = Mutex<[DecodeRequest]>([])

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            asked.withLock { $0.append(request) }
            if request.path.string.hasSuffix("bad.png") { return .failure(.incomplete) }
            return .success(PixelBuffer(width: 40, height: 30, blue: 0, green: 0, red: 255))
        }

        var badRequestCount: Int { asked.withLock { $0.filter { $0.kind == .image && $0.path.string.hasSuffix("bad.png") }.count } }
    }

    let fakes = FailingDecodes()
    let canvas = OffscreenCanvas(width: 64, height: 64)!

    func images() -> AlbumImages {
        let fakes = self.fakes
        let photos = ["bad.png", "good.png"].map { name in
            Photo(path: FilePath("/photos/\(name)"), format: .png, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 1))
        }
        return albumImages(photos, canvas: canvas) { fakes.decode($0) }
    }

    func drain(_ images: AlbumImages, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            images.drainResults()
            if condition() { return true }
            usleep(1000)
        }
        return false
    }

    @Test func aFailedPhotoSaysWhyEverywhereAndIsNeverAskedForAgain() {
        // Given the pager on a photo whose file is cut short
        let images = images()
        images.requestImages([ImageRequest(index: 0, pixelSize: 1280)])
        #expect(drain(images) { images.image(at: 0) != .loading })
        #expect(images.image(at: 0) == .failed(headline: "incomplete file"))
        #expect(fakes.badRequestCount == 1)

        // When the pager moves away and comes back, and the grid asks for its thumbnail
        images.requestImages([ImageRequest(index: 1, pixelSize: 1280)])
        images.requestImages([ImageRequest(index: 0, pixelSize: 1280)])
        images.prioritize(visible: 0..<2, nearby: 0..<2, pixelSize: 128)
        #expect(drain(images) { images.thumbnail(at: 1).image != nil })

        // Then it still says why, in the pager and the grid, and was not decoded again
        #expect(images.image(at: 0) == .failed(headline: "incomplete file"))
        #expect(images.thumbnail(at: 0) == .failed(headline: "incomplete file"))
        #expect(fakes.badRequestCount == 1, "the bad file was decoded once")
    }

    @Test func aFailedPhotoIsTriedAgainOnceItsFileChanges() {
        let images = images()
        images.requestImages([ImageRequest(index: 0, pixelSize: 1280)])
        #expect(drain(images) { images.image(at: 0) != .loading })
        let rewritten = ["bad.png", "good.png"].map { name in
            Photo(path: FilePath("/photos/\(name)"), format: .png, byteCount: 1, modificationDate: Date(timeIntervalSince1970: name == "bad.png" ? 2 : 1))
        }
        images.replacePhotos(rewritten)
        #expect(images.thumbnail(at: 0) == .loading)
    }
}
