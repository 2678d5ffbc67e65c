// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Foundation
import PhotoLibrary
import Pixels
import SystemPackage

/// The decoding machinery, started before the window exists so that listing and the first
/// decodes run while SDL opens the display (≈100 ms): two queues over one pool of isolated
/// helpers — thumbnails through the shared cache, and screen-sized images for the pager,
/// which the thumbnails make way for.
public final class DecodeService: Sendable {
    /// The decode that makes a screen-sized picture (`screens`).
    public static func screenRequest(_ path: FilePath, _ size: PictureSize, _ priority: PicturePriority, rawBeside: FilePath? = nil) -> DecodeRequest {
        switch size {
        case let .within(width, height):
            DecodeRequest(path: path, maximumPixelSize: max(width, height), box: PixelBox(width: width, height: height), priority: priority,
                          rawBeside: rawBeside)
        case let .fitting(side), let .filling(side):
            DecodeRequest(path: path, maximumPixelSize: side, priority: priority, rawBeside: rawBeside)
        case let .region(rect):
            DecodeRequest(path: path, region: rect, priority: priority)
        }
    }

    /// How long thumbnails, and the pager's pictures of the photos beside it, wait at most
    /// while the photo Flick was opened on is decoded for the screen and drawn
    /// (`releaseStartHold`): on a two-core machine they would halve the speed of the one
    /// picture the person is waiting for, and a blurred stand-in would show before it.
    public static let startHoldSeconds = 0.4
    /// The wait for a start photo decoded whole, however small it is shown (a HEIC, a PNG):
    /// a 12 MP HEIC takes most of a second on a core, its own thumbnail stands in meanwhile,
    /// and the folder's thumbnails would slow the one picture wanted by a fifth.
    public static let wholeStartHoldSeconds = 2.0
    /// How long what the start photo's decode would compete with waits for it.
    public static func startHold(for start: FilePath) -> Double {
        FolderScanner.photo(at: start)?.format.decodesWhole == true ? wholeStartHoldSeconds : startHoldSeconds
    }
    /// Likewise the grid's thumbnail size (its cells are 160–250 pt at scale 1), and how
    /// many of the first photos fill a screen.
    public static let guessedThumbnailSide = 256
    public static let firstScreenPhotoCount = 42

    public let thumbnails: DecodeQueue
    public let screens: DecodeQueue
    /// The helpers behind the queues, when they are real processes.
    public let decoder: IsolatedDecoder?
    public let wake: WakeRelay
    /// Where a likeness read before its photo's thumbnail is made puts the thumbnail its
    /// decode gives too (`Likenesses`); nil where thumbnails do not go through the cache.
    public let thumbnailsAlongside: ThumbnailsAlongside?

    /// Starts decoding what the first frame will show: the start photo at screen size and
    /// the first screenful of thumbnails (the grid's later requests for them coincide).
    /// With a start photo, thumbnails and its neighbours' screen pictures wait until its
    /// own is decoded and drawn; the grid is then under the pager, so its thumbnails come
    /// after the pager's pictures.
    /// `cellSide` is the grid's cell in the window as it will open, which thumbnails are cut to fill.
    public func prefetchFirstScreen(of photos: [Photo], start: FilePath?, screenPicture: PictureSize, cellSide: Int) {
        let cellPriority: PicturePriority = start == nil ? .visible : .ahead
        if let start {
            let startHold = Self.startHold(for: start)
            // Thumbnails wait; a file's own small preview standing in for the start photo
            // (a HEIC's, while it decodes whole) does not.
            thumbnails.hold(for: startHold, lessUrgentThan: .instant)
            screens.hold(for: startHold, lessUrgentThan: .visible)
            screens.submit(Self.screenRequest(start, screenPicture, .visible, rawBeside: photos.first { $0.path == start }?.rawBeside))
            thumbnails.submit(DecodeRequest(path: start, maximumPixelSize: Self.guessedThumbnailSide, fillSide: cellSide, priority: cellPriority))
        }
        for photo in photos.prefix(Self.firstScreenPhotoCount) {
            thumbnails.submit(DecodeRequest(path: photo.path, maximumPixelSize: Self.guessedThumbnailSide, fillSide: cellSide, priority: cellPriority))
        }
    }

    /// The start photo is on screen: what was held for it goes ahead.
    public func releaseStartHold() {
        screens.release()
        thumbnails.release()
    }

    /// The shared thumbnail cache, where thumbnails go through it.
    public let thumbnailCache: ThumbnailCache?

    public init(thumbnails: DecodeQueue, screens: DecodeQueue, wake: WakeRelay, decoder: IsolatedDecoder? = nil,
                thumbnailsAlongside: ThumbnailsAlongside? = nil, thumbnailCache: ThumbnailCache? = nil) {
        self.thumbnails = thumbnails
        self.screens = screens
        self.wake = wake
        self.decoder = decoder
        self.thumbnailsAlongside = thumbnailsAlongside
        self.thumbnailCache = thumbnailCache
    }

    /// The real thing: helper processes behind both queues, thumbnails (covers among them) through
    /// the shared cache.
    /// A `firstHelper` forked before (`IsolatedDecoder.forkOwnHelper`) is the first in the pool.
    /// `application` names the program in the thumbnails it writes (the cache's Software).
    /// Pictures are shown in the display's colours (`setDisplayProfile`) unless not
    /// `colourManaged`, when they keep the values their files store. Thumbnails go to the
    /// shared cache in sRGB, as every reader of it expects; unmanaged, they are decoded
    /// afresh and the cache is left alone (its sRGB copies are not what the files store).
    /// `environment` says where the shared cache is (`XDG_CACHE_HOME`, `HOME`).
    public convenience init(firstHelper: ForkedHelper? = nil, application: String, colourManaged: Bool = true,
                            environment: [String: String] = ProcessInfo.processInfo.environment) {
        let decoder = IsolatedDecoder(command: DecodeHelper.command)
        decoder.prestart(firstHelper)
        let shown: ColourChoice = colourManaged ? .display : .untouched
        let cache = ThumbnailCache(root: ThumbnailCache.defaultRoot(environment: environment), application: application, turns: decoder.turns)
        let maker = ThumbnailMaker(cache: cache, decode: { decoder.decode($0, maximumPixelSize: $1, colours: .sRGB) })
        let alongside = colourManaged ? ThumbnailsAlongside(cache: cache) : nil
        let wake = WakeRelay()
        // Thumbnail sizes go through the shared cache; larger ones are decoded directly.
        // The photo is looked at afresh (its mtime decides whether a cached one is current).
        let thumbnailDecode: @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError> = { request in
            let decoded: Result<PixelBuffer, DecodeError>
            // Decoded at its own size; the request's size names the thumbnail it stands in for.
            if request.kind == .embeddedPreview {
                // A stand-in is only worth its time when the real thumbnail must be made.
                if let size = request.maximumPixelSize, let flavor = ThumbnailCache.Flavor.covering(size),
                   let photo = FolderScanner.photo(at: request.path),
                   maker.cache.entry(for: photo, flavor: flavor) != .missing {
                    return .failure(.unreadable("the thumbnail is cached"))
                }
                return decoder.decode(request.path, kind: .embeddedPreview, maximumPixelSize: nil, colours: shown)
            }
            if colourManaged, let size = request.maximumPixelSize, let flavor = ThumbnailCache.Flavor.covering(size),
               flavor.pixelSize == size, let photo = FolderScanner.photo(at: request.path) {
                alongside?.noteAsked(flavor)
                let outcome = maker.thumbnail(of: photo, flavor: flavor)
                if case let .failed(error) = outcome { return .failure(error) }
                decoded = .success(decoder.inDisplayColours(outcome.pixels!))
            } else {
                decoded = decoder.decode(request.path, maximumPixelSize: request.maximumPixelSize, colours: shown)
            }
            // Here on a worker, not on the UI thread where the pixels arrive.
            guard let side = request.fillSide else { return decoded }
            return decoded.map { $0.scaledToFill(side) }
        }
        let screens = DecodeQueue(decode: { request in
            StartupTrace.mark("screen-decode-begun")
            defer { StartupTrace.mark("screen-decode-done") }
            if let region = request.region { return decoder.decodeRegion(request.path, region, colours: shown) }
            return decoder.decode(request.path, maximumPixelSize: request.maximumPixelSize, box: request.box, colours: shown, rawBeside: request.rawBeside)
        }, wake: { wake.wake() })
        // The pager's photo and its neighbours first: on a machine of few cores, a
        // thumbnail decoded beside them slows the photo in front of the person.
        let thumbnails = DecodeQueue(yieldingTo: screens, decode: thumbnailDecode, wake: { wake.wake() })
        self.init(thumbnails: thumbnails, screens: screens, wake: wake, decoder: decoder, thumbnailsAlongside: alongside,
                  thumbnailCache: colourManaged ? cache : nil)
    }

    /// The display's ICC profile (nil: sRGB), for every picture decoded from now on.
    public func setDisplayProfile(_ icc: [UInt8]?) { decoder?.setDisplayProfile(icc) }
}
