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
import ViewTree

/// An album's pictures over in-memory decodes: one worker per queue, textures in memory.
func pictureStore(_ photos: [Photo], textures: FakeTextures, decoder: IsolatedDecoder? = nil,
                 decode: @escaping @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError>) -> PictureStore {
    let service = DecodeService(thumbnails: DecodeQueue(workerCount: 1, decode: decode, wake: {}),
                                screens: DecodeQueue(workerCount: 1, decode: decode, wake: {}),
                                wake: WakeRelay(), decoder: decoder)
    return PictureStore(photos: photos, service: service, textures: textures)
}

/// Drains until `condition` holds (decodes run on worker threads), for at most 30 s: a
/// bound, not a timing assertion.
func drain(_ images: PictureStore, until condition: () -> Bool) -> Bool {
    waitUntil(seconds: 30, pollingEvery: 1000) {
        images.drainResults()
        return condition()
    }
}

/// The album's pictures: embedded previews stand in until thumbnails arrive.
@Suite struct PictureStorePreviewTests {
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
    let textures = FakeTextures()

    func images(_ names: [String]) -> PictureStore {
        let fakes = self.fakes
        let photos = names.map { name in
            Photo(path: FilePath("/photos/\(name)"), format: name.hasSuffix(".png") ? .png : name.hasSuffix(".heic") ? .heif : .jpeg,
                  byteCount: 1, modificationDate: Date())
        }
        return pictureStore(photos, textures: textures) { fakes.decode($0) }
    }


    /// The grid's cells in a 250-pixel grid.
    let cell = PictureSize.filling(250)

    func cells(_ range: Range<Int>) -> [PictureRequest] {
        range.map { PictureRequest(index: $0, size: cell, priority: .visible) }
    }

    func shownSize(_ thumbnail: Picture) -> (Double, Double)? {
        thumbnail.image.map { ($0.pixelSize.width, $0.pixelSize.height) }
    }

    @Test func aJPEGShowsItsPreviewUntilItsThumbnailArrivesAndThePreviewIsLetGo() throws {
        let images = images(["a.jpg"])
        let grid = images.makePictureDemand()
        grid.want(cells(0..<1))
        #expect(drain(images) { images.picture(at: 0, size: cell).image != nil })
        #expect(shownSize(images.picture(at: 0, size: cell))! == (160, 107), "the preview stands in")
        let preview = try #require(images.picture(at: 0, size: cell).image?.texture)

        fakes.thumbnailGate.signal()
        #expect(drain(images) { shownSize(images.picture(at: 0, size: cell))! == (250, 250) })
        #expect(!images.isPhotoTexture(preview), "the preview's texture is given back")
        #expect(fakes.asked.withLock { $0.first?.kind } == .embeddedPreview, "the preview is decoded first")
    }

    @Test func aPhonesHEICShowsItsOwnThumbnailUntilItsThumbnailArrives() throws {
        let images = images(["phone.heic"])
        let grid = images.makePictureDemand()
        grid.want(cells(0..<1))
        #expect(drain(images) { images.picture(at: 0, size: cell).image != nil })
        #expect(shownSize(images.picture(at: 0, size: cell))! == (160, 107), "the file's own thumbnail stands in")
        fakes.thumbnailGate.signal()
        #expect(drain(images) { shownSize(images.picture(at: 0, size: cell))! == (250, 250) })
    }

    @Test func thePreviewIsAskedForOnceAndNeverForOtherFormats() {
        let images = images(["a.jpg", "b.png"])
        let grid = images.makePictureDemand()
        grid.want(cells(0..<2))
        #expect(drain(images) { images.picture(at: 0, size: cell).image != nil })
        grid.want(cells(0..<1))
        grid.want(cells(0..<2))
        fakes.thumbnailGate.signal()
        fakes.thumbnailGate.signal()
        #expect(drain(images) { images.picture(at: 1, size: cell).image != nil && shownSize(images.picture(at: 0, size: cell))! == (250, 250) })
        let previews = fakes.asked.withLock { $0.filter { $0.kind == .embeddedPreview }.map(\.path.string) }
        #expect(previews == ["/photos/a.jpg"])
    }

    /// Opened on a HEIC (Open With, no grid cell asked): the pager shows the file's own
    /// thumbnail while the photo decodes whole, which takes a phone's HEIC a second or more.
    @Test func aHEICOpenedInThePagerShowsItsOwnThumbnailWhileItDecodes() {
        let images = images(["phone.heic"])
        let pager = images.makePictureDemand()
        let screen = PictureSize.within(width: 1920, height: 1080)
        pager.want([PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: screen).image != nil })
        #expect(shownSize(images.picture(at: 0, size: screen))! == (160, 107), "its own thumbnail stands in")
        fakes.thumbnailGate.signal()
    }

    @Test func thePagerShowsThePreviewOfAPhotoWithNothingElseYet() {
        let images = images(["a.jpg"])
        let grid = images.makePictureDemand()
        grid.want(cells(0..<1))
        let pager = images.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: .fitting(1280), priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: .fitting(1280)).image != nil })
        #expect(shownSize(images.picture(at: 0, size: .fitting(1280)))! == (160, 107))
        fakes.thumbnailGate.signal()
        fakes.thumbnailGate.signal()
    }
}

/// A photo that cannot be decoded: said once, remembered, never asked for again in a loop.
@Suite struct PictureStoreFailureTests {
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
    let textures = FakeTextures()

    func images() -> PictureStore {
        let fakes = self.fakes
        let photos = ["bad.png", "good.png"].map { name in
            Photo(path: FilePath("/photos/\(name)"), format: .png, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 1))
        }
        return pictureStore(photos, textures: textures) { fakes.decode($0) }
    }


    func screen(_ index: Int) -> PictureRequest { PictureRequest(index: index, size: .fitting(1280), priority: .visible) }

    @Test func aFailedPhotoSaysWhyEverywhereAndIsNeverAskedForAgain() {
        // Given the pager on a photo whose file is cut short
        let images = images()
        let pager = images.makePictureDemand()
        pager.want([screen(0)])
        #expect(drain(images) { images.picture(at: 0, size: .fitting(1280)) != .loading })
        #expect(images.picture(at: 0, size: .fitting(1280)) == .failed(headline: "incomplete file"))
        #expect(fakes.badRequestCount == 1)

        // When the pager moves away and comes back, and the grid asks for its thumbnail
        pager.want([screen(1)])
        pager.want([screen(0)])
        let grid = images.makePictureDemand()
        grid.want((0..<2).map { PictureRequest(index: $0, size: .filling(128), priority: .visible) })
        #expect(drain(images) { images.picture(at: 1, size: .filling(128)).image != nil })

        // Then it still says why, in the pager and the grid, and was not decoded again
        #expect(images.picture(at: 0, size: .fitting(1280)) == .failed(headline: "incomplete file"))
        #expect(images.picture(at: 0, size: .filling(128)) == .failed(headline: "incomplete file"))
        #expect(fakes.badRequestCount == 1, "the bad file was decoded once")
    }

    @Test func aFailedPhotoIsTriedAgainOnceItsFileChanges() {
        let images = images()
        let pager = images.makePictureDemand()
        pager.want([screen(0)])
        #expect(drain(images) { images.picture(at: 0, size: .fitting(1280)) != .loading })
        let rewritten = ["bad.png", "good.png"].map { name in
            Photo(path: FilePath("/photos/\(name)"), format: .png, byteCount: 1, modificationDate: Date(timeIntervalSince1970: name == "bad.png" ? 2 : 1))
        }
        images.replacePhotos(rewritten)
        #expect(images.picture(at: 0, size: .fitting(1280)) == .loading)
        #expect(drain(images) { fakes.badRequestCount == 2 }, "the new file is decoded for the pager still on it")
    }
}

/// A file still arriving: what came is shown, said to be incomplete, until the file is whole.
@Suite struct PictureStoreIncompleteTests {
    final class ArrivingFile: Sendable {
        let whole = Mutex(false)

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            var pixels = PixelBuffer(width: 40, height: 30, blue: 0, green: 0, red: 255)
            pixels.isIncomplete = !whole.withLock { $0 }
            return .success(pixels)
        }
    }

    @Test func whatArrivedOfAFileCutShortIsShownAndSaidToBeIncompleteUntilItIsWhole() {
        let file = ArrivingFile()
        let textures = FakeTextures()
        let photo = { (modified: Double) in Photo(path: FilePath("/photos/arriving.jpg"), format: .jpeg, byteCount: 1,
                                                   modificationDate: Date(timeIntervalSince1970: modified)) }
        let images = pictureStore([photo(1)], textures: textures) { file.decode($0) }
        let pager = images.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: .fitting(1280), priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: .fitting(1280)) != .loading })
        let shown = images.picture(at: 0, size: .fitting(1280))
        guard case .partial = shown else { Issue.record("not partial: \(shown)"); return }
        #expect(shown.image != nil && shown.headline == "incomplete file")

        // The copy finishes: the file changes, and the whole picture says nothing more.
        file.whole.withLock { $0 = true }
        images.replacePhotos([photo(2)])
        #expect(drain(images) { images.picture(at: 0, size: .fitting(1280)) != .loading })
        let whole = images.picture(at: 0, size: .fitting(1280))
        guard case .ready = whole else { Issue.record("not ready: \(whole)"); return }
        #expect(whole.headline == nil)
    }
}

/// Several views' demands served together, each keeping its own pictures.
@Suite struct PictureStoreDemandTests {
    /// Decodes at once, to the size asked; counts what was decoded.
    final class SizedDecodes: Sendable {
        let asked = Mutex<[DecodeRequest]>([])

        func decode(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            asked.withLock { $0.append(request) }
            if request.path.string.contains("broken") { return .failure(.unreadable("not an image")) }
            // Every photo has 1000 pixels a side to give.
            let side = request.fillSide ?? min(request.maximumPixelSize ?? 1000, 1000)
            return .success(PixelBuffer(width: side, height: side, blue: 0, green: 0, red: 255))
        }

        func count(_ path: String) -> Int { asked.withLock { $0.filter { $0.path.string == path && $0.kind == .image }.count } }
    }

    let fakes = SizedDecodes()
    let textures = FakeTextures()

    func images(_ count: Int) -> PictureStore {
        let fakes = self.fakes
        let photos = (0..<count).map { Photo(path: FilePath("/photos/\($0).png"), format: .png, byteCount: 1, modificationDate: Date()) }
        return pictureStore(photos, textures: textures) { fakes.decode($0) }
    }


    func side(_ thumbnail: Picture) -> Double? { thumbnail.image?.pixelSize.width }

    func isPinned(_ thumbnail: Picture) -> Bool {
        guard let texture = thumbnail.image?.texture else { return false }
        return textures.isPinned(texture)
    }

    @Test func theGridAndTheSpreadEachKeepTheirOwnCutOfAPhotoAndReleasingOneKeepsTheOther() {
        let images = images(2)
        var grid: PictureDemand? = images.makePictureDemand()
        let spread = images.makePictureDemand()
        grid?.want([PictureRequest(index: 0, size: .filling(195), priority: .visible)])
        spread.want([PictureRequest(index: 0, size: .filling(80), priority: .visible)])
        #expect(drain(images) { side(images.picture(at: 0, size: .filling(195))) == 195 && side(images.picture(at: 0, size: .filling(80))) == 80 })
        #expect(isPinned(images.picture(at: 0, size: .filling(195))) && isPinned(images.picture(at: 0, size: .filling(80))))

        grid = nil
        #expect(!isPinned(images.picture(at: 0, size: .filling(195))), "the grid's cut is left to the store")
        #expect(isPinned(images.picture(at: 0, size: .filling(80))), "the spread's is kept")
        #expect(fakes.count("/photos/0.png") == 2, "one decode per cut, neither re-cut")
        _ = grid
    }

    @Test func aSearchNarrowingThousandsOfPhotosLetsGoOfThePicturesOfThoseGoneAndKeepsTheRest() {
        let images = images(2_000)
        let grid = images.makePictureDemand()
        grid.want([PictureRequest(index: 0, size: .filling(195), priority: .visible),
                   PictureRequest(index: 1_500, size: .filling(195), priority: .visible)])
        #expect(drain(images) { side(images.picture(at: 0, size: .filling(195))) == 195 && side(images.picture(at: 1_500, size: .filling(195))) == 195 })
        let gone = images.picture(at: 1_500, size: .filling(195)).image?.texture
        grid.want([])
        let all = images.photos
        // More left at once than are remembered for an undo: what was held of them goes.
        images.replacePhotos([all[0]])
        #expect(gone.map { textures.pixels[$0] == nil } == true, "the picture of a photo no longer shown is let go")
        #expect(side(images.picture(at: 0, size: .filling(195))) == 195, "the photo still shown keeps its picture")
        images.replacePhotos(all)
        grid.want([PictureRequest(index: 0, size: .filling(195), priority: .visible),
                   PictureRequest(index: 1_500, size: .filling(195), priority: .visible)])
        #expect(drain(images) { side(images.picture(at: 1_500, size: .filling(195))) == 195 })
        #expect(fakes.count("/photos/0.png") == 1 && fakes.count("/photos/1500.png") == 2, "only the one let go is decoded again")
    }

    @Test func theStacksPicturesOutliveThePagerWithoutBeingAskedForAgain() {
        let images = images(3)
        let stack = images.makePictureDemand()
        stack.want((0..<3).map { PictureRequest(index: $0, size: .fitting(700), priority: .visible) })
        var pager: PictureDemand? = images.makePictureDemand()
        pager?.want([PictureRequest(index: 1, size: .fitting(900), priority: .visible)])
        #expect(drain(images) { (0..<3).allSatisfy { side(images.picture(at: $0, size: .fitting(700))) == 700 } && side(images.picture(at: 1, size: .fitting(900))) == 900 })

        pager = nil
        #expect((0..<3).allSatisfy { isPinned(images.picture(at: $0, size: .fitting(700))) }, "the stack's pictures stay")
        #expect(!isPinned(images.picture(at: 1, size: .fitting(900))), "the pager's go back to the store")
        images.drainResults()
        #expect(fakes.asked.withLock { $0.count } == 4, "nothing was decoded again")
        _ = pager
    }

    @Test func aCardLargerThanAnySharedThumbnailIsDecodedForItselfNotBlownUpFromOne() {
        let images = images(1)
        let deck = images.makePictureDemand()
        deck.want([PictureRequest(index: 0, size: .filling(760), priority: .visible)])
        #expect(drain(images) { side(images.picture(at: 0, size: .filling(760))) == 760 })
        #expect(fakes.asked.withLock { $0.map(\.maximumPixelSize) } == [1520], "decoded large enough to fill any shape of card")
        let grid = images.makePictureDemand()
        grid.want([PictureRequest(index: 0, size: .filling(195), priority: .visible)])
        #expect(drain(images) { side(images.picture(at: 0, size: .filling(195))) == 195 })
        #expect(fakes.asked.withLock { $0.last?.maximumPixelSize } == 256, "a cell's cut comes from the shared thumbnail that covers it")
    }

    @Test func aLargerWantOfAPhotoWithNoMorePixelsIsServedByWhatIsThere() {
        let images = images(1)
        let pager = images.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: .fitting(1280), priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: .fitting(1280)).image != nil })
        #expect(side(images.picture(at: 0, size: .fitting(1280))) == 1000, "all the photo has")
        // Zooming in asks for twice the size
        pager.want([PictureRequest(index: 0, size: .fitting(2560), priority: .visible)])
        images.drainResults()
        #expect(fakes.count("/photos/0.png") == 1, "the photo whole is already there")
        #expect(isPinned(images.picture(at: 0, size: .fitting(2560))))
    }

    /// A RAW whose embedded preview (1616 px, Sony's) stands in for a 1620 px screen: a few
    /// pixels short is sharp to the eye, not the photo whole, so zooming in renders the RAW.
    @Test func aPictureAFewPixelsShortIsNotTakenForThePhotoWhole() {
        let asked = Mutex<[DecodeRequest]>([])
        let raw = Photo(path: FilePath("/photos/DSC0001.ARW"), format: .raw, byteCount: 1, modificationDate: Date())
        let images = pictureStore([raw], textures: textures) { request in
            asked.withLock { $0.append(request) }
            // The preview for the screen; the sensor's 6000 pixels rendered for anything larger.
            let side = (request.maximumPixelSize ?? 6000) <= 1620 ? 1616 : min(request.maximumPixelSize ?? 6000, 6000)
            return .success(PixelBuffer(width: side, height: side * 2 / 3, blue: 0, green: 0, red: 255))
        }
        let pager = images.makePictureDemand()
        let screen = PictureSize.within(width: 1620, height: 1080)
        pager.want([PictureRequest(index: 0, size: screen, priority: .visible)])
        #expect(drain(images) { side(images.picture(at: 0, size: screen)) == 1616 })
        #expect(images.picture(at: 0, size: screen).image?.showsPixelsWhenEnlarged == false, "the preview is smoothed when enlarged")

        let zoomed = PictureSize.within(width: 3240, height: 2160)
        pager.want([PictureRequest(index: 0, size: zoomed, priority: .visible)])
        #expect(drain(images) { side(images.picture(at: 0, size: zoomed)) == 3240 }, "zoomed in, the RAW is rendered")
        #expect(asked.withLock { $0.map(\.maximumPixelSize) } == [1620, 3240])
    }

    @Test func onlyThePhotoAtItsFullResolutionShowsItsPixelsWhenZoomedPastThem() {
        let images = images(2)
        let pager = images.makePictureDemand()
        // Photo 0 fits in 1280 whole (1000 pixels); photo 1 is asked for smaller than it is.
        pager.want([PictureRequest(index: 0, size: .fitting(1280), priority: .visible),
                    PictureRequest(index: 1, size: .fitting(700), priority: .visible)])
        #expect(drain(images) { images.picture(at: 0, size: .fitting(1280)).image != nil && images.picture(at: 1, size: .fitting(700)).image != nil })
        #expect(images.picture(at: 0, size: .fitting(1280)).image?.showsPixelsWhenEnlarged == true)
        #expect(images.picture(at: 1, size: .fitting(700)).image?.showsPixelsWhenEnlarged == false, "a reduced copy is smoothed")
    }
}

/// A thumbnail of a photo decoded whole (a HEIC) costs what its full picture does: while
/// the pager waits for that one, the thumbnail waits too, then follows.
@Suite struct PictureStoreHeldThumbnailTests {
    final class Decodes: Sendable {
        let thumbnails = Mutex(0)
        let screenGate = DispatchSemaphore(value: 0)

        /// The thumbnail is 60 wide; a phone's own preview, asked for meanwhile, 30.
        func thumbnail(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            guard request.kind == .image else { return .success(PixelBuffer(width: 30, height: 20, blue: 0, green: 0, red: 255)) }
            thumbnails.withLock { $0 += 1 }
            return .success(PixelBuffer(width: 60, height: 40, blue: 0, green: 0, red: 255))
        }

        func screen(_ request: DecodeRequest) -> Result<PixelBuffer, DecodeError> {
            screenGate.wait()
            return .success(PixelBuffer(width: 600, height: 400, blue: 0, green: 0, red: 255))
        }
    }

    @Test(arguments: [("IMG_1.heic", ImageFormat.heif, 0), ("IMG_1.jpg", .jpeg, 1)])
    func aThumbnailWaitsForTheScreenPictureOnlyWhereItWouldCostAsMuch(name: String, format: ImageFormat, askedMeanwhile: Int) {
        let decodes = Decodes()
        let thumbnailQueue = DecodeQueue(workerCount: 1, decode: { decodes.thumbnail($0) }, wake: {})
        let service = DecodeService(thumbnails: thumbnailQueue, screens: DecodeQueue(workerCount: 1, decode: { decodes.screen($0) }, wake: {}),
                                    wake: WakeRelay())
        let photo = Photo(path: FilePath("/photos/\(name)"), format: format, byteCount: 1, modificationDate: Date(timeIntervalSince1970: 1))
        let images = PictureStore(photos: [photo], service: service, textures: FakeTextures())
        let pager = images.makePictureDemand(), grid = images.makePictureDemand()
        pager.want([PictureRequest(index: 0, size: .within(width: 1280, height: 800), priority: .visible)])
        grid.want([PictureRequest(index: 0, size: .filling(128), priority: .visible)])
        thumbnailQueue.waitUntilIdle()
        #expect(decodes.thumbnails.withLock { $0 } == askedMeanwhile)

        decodes.screenGate.signal()
        #expect(drain(images) { images.picture(at: 0, size: .within(width: 1280, height: 800)).image != nil })
        #expect(drain(images) { images.picture(at: 0, size: .filling(128)).image?.pixelSize.width == 60 }, "the thumbnail follows")
        #expect(decodes.thumbnails.withLock { $0 } == 1)
    }
}

/// What waits for the photo Flick is opened on: longer for one decoded whole (a HEIC, a PNG),
/// whose own thumbnail or nothing stands in meanwhile, than for a JPEG's quick reduced decode.
@Suite struct StartHoldTests {
    @Test func aPhotoDecodedWholeIsWaitedForLongerThanAJPEG() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-start-hold-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png"), jpeg = folder.appendingPathComponent("b.jpg")
        try Data(try #require(PNGEncoder.encode(PixelBuffer(width: 4, height: 4, blue: 1, green: 2, red: 3)))).write(to: png)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0] + Array(repeating: 0, count: 64)).write(to: jpeg)
        #expect(DecodeService.startHold(for: FilePath(png.path)) == DecodeService.wholeStartHoldSeconds)
        #expect(DecodeService.startHold(for: FilePath(jpeg.path)) == DecodeService.startHoldSeconds)
        #expect(DecodeService.startHold(for: FilePath(folder.appendingPathComponent("gone.heic").path)) == DecodeService.startHoldSeconds)
        #expect(ImageFormat.heif.decodesWhole && ImageFormat.avif.decodesWhole && ImageFormat.png.decodesWhole)
        #expect(!ImageFormat.jpeg.decodesWhole && !ImageFormat.raw.decodesWhole && !ImageFormat.video.decodesWhole && !ImageFormat.svg.decodesWhole)
    }
}
