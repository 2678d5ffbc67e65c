import Components
import Foundation
import Geometry
import PhotoLibrary
import Platform
import Synchronization
import SystemPackage

/// The decoding machinery, started before the window exists so that listing and the first
/// decodes run while SDL opens the display (≈100 ms): two queues over one pool of isolated
/// helpers — thumbnails through the shared cache, and screen-sized images for the pager,
/// which the thumbnails make way for.
final class DecodeService: Sendable {
    /// The pager's first request, worked out before the window exists: the window in
    /// pixels, as the pager will ask (`FullScreenPager.screenPictureSize`), so the photo Flick
    /// was opened on is decoded once, for the window it will be shown in.
    static func screenPicture(fullscreen: Bool, windowSize: Size?) -> PictureSize {
        let pixels = PlatformWindow.expectedPixelSize(fullscreen: fullscreen, size: windowSize) ?? PlatformWindow.defaultSize
        return .within(width: Int(pixels.width.rounded(.up)), height: Int(pixels.height.rounded(.up)))
    }

    /// The decode that makes a screen-sized picture (`screens`).
    static func screenRequest(_ path: FilePath, _ size: PictureSize, _ priority: DecodeRequest.Priority) -> DecodeRequest {
        switch size {
        case let .within(width, height):
            DecodeRequest(path: path, maximumPixelSize: max(width, height), box: PixelBox(width: width, height: height), priority: priority)
        case let .fitting(side), let .filling(side):
            DecodeRequest(path: path, maximumPixelSize: side, priority: priority)
        }
    }

    /// How long thumbnails, and the pager's pictures of the photos beside it, wait at most
    /// while the photo Flick was opened on is decoded for the screen and drawn
    /// (`releaseStartHold`): on a two-core machine they would halve the speed of the one
    /// picture the person is waiting for, and a blurred stand-in would show before it.
    static let startHoldSeconds = 0.4
    /// Likewise the grid's thumbnail size (its cells are 160–250 pt at scale 1), and how
    /// many of the first photos fill a screen.
    static let guessedThumbnailSide = 256
    /// The default window's grid cell, which thumbnails are cut to fit.
    static let guessedFillSide = Int(GridLayout(width: PlatformWindow.defaultSize.width).cellSide)
    static let firstScreenPhotoCount = 42

    let thumbnails: DecodeQueue
    let screens: DecodeQueue
    /// The helpers behind the queues, when they are real processes.
    let decoder: IsolatedDecoder?
    /// The album strip's covers: a queue of their own, so the grid's re-prioritising never
    /// cancels them and their results are not mistaken for the grid's.
    let covers: DecodeQueue
    let wake: WakeRelay

    /// Starts decoding what the first frame will show: the start photo at screen size and
    /// the first screenful of thumbnails (the grid's later requests for them coincide).
    /// With a start photo, thumbnails and its neighbours' screen pictures wait until its
    /// own is decoded and drawn; the grid is then under the pager, so its thumbnails come
    /// after the pager's pictures.
    func prefetchFirstScreen(of photos: [Photo], start: FilePath?, screenPicture: PictureSize) {
        let cellPriority: DecodeRequest.Priority = start == nil ? .visible : .prefetch
        if let start {
            thumbnails.hold(for: Self.startHoldSeconds)
            covers.hold(for: Self.startHoldSeconds)
            screens.hold(for: Self.startHoldSeconds, lessUrgentThan: .visible)
            screens.submit(Self.screenRequest(start, screenPicture, .visible))
            thumbnails.submit(DecodeRequest(path: start, maximumPixelSize: Self.guessedThumbnailSide, fillSide: Self.guessedFillSide, priority: cellPriority))
        }
        for photo in photos.prefix(Self.firstScreenPhotoCount) {
            thumbnails.submit(DecodeRequest(path: photo.path, maximumPixelSize: Self.guessedThumbnailSide, fillSide: Self.guessedFillSide, priority: cellPriority))
        }
    }

    /// The start photo is on screen: what was held for it goes ahead.
    func releaseStartHold() {
        screens.release()
        thumbnails.release()
        covers.release()
    }

    init(thumbnails: DecodeQueue, screens: DecodeQueue, covers: DecodeQueue, wake: WakeRelay, decoder: IsolatedDecoder? = nil) {
        self.thumbnails = thumbnails
        self.screens = screens
        self.covers = covers
        self.wake = wake
        self.decoder = decoder
    }

    /// The real thing: helper processes behind every queue, thumbnails and covers through
    /// the shared cache.
    /// A `firstHelper` forked before (`IsolatedDecoder.forkOwnHelper`) is the first in the pool.
    convenience init(firstHelper: ForkedHelper? = nil) {
        let decoder = IsolatedDecoder(command: DecodeHelper.command)
        decoder.prestart(firstHelper)
        let maker = ThumbnailMaker(cache: ThumbnailCache(root: ThumbnailCache.defaultRoot(), application: "flick-\(Flick.version)"),
                                   decode: { decoder.decode($0, maximumPixelSize: $1) })
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
                   maker.cache.entry(for: photo.path, modified: photo.modificationDate, flavor: flavor) != .missing {
                    return .failure(.unreadable("the thumbnail is cached"))
                }
                return decoder.decode(request.path, kind: .embeddedPreview, maximumPixelSize: nil)
            }
            if let size = request.maximumPixelSize, let flavor = ThumbnailCache.Flavor.covering(size),
               flavor.pixelSize == size, let photo = FolderScanner.photo(at: request.path) {
                let outcome = maker.thumbnail(of: photo, flavor: flavor)
                if case let .failed(error) = outcome { return .failure(error) }
                decoded = .success(outcome.pixels!)
            } else {
                decoded = decoder.decode(request.path, maximumPixelSize: request.maximumPixelSize)
            }
            // Here on a worker, not on the UI thread where the pixels arrive.
            guard let side = request.fillSide else { return decoded }
            return decoded.map { $0.scaledToFill(side) }
        }
        let screens = DecodeQueue(decode: { request in
            StartupTrace.mark("screen-decode-begun")
            defer { StartupTrace.mark("screen-decode-done") }
            return decoder.decode(request.path, maximumPixelSize: request.maximumPixelSize, box: request.box)
        }, wake: { wake.wake() })
        // The pager's photo and its neighbours first: on a machine of few cores, a
        // thumbnail decoded beside them slows the photo in front of the person.
        let thumbnails = DecodeQueue(yieldingTo: screens, decode: thumbnailDecode, wake: { wake.wake() })
        let covers = DecodeQueue(workerCount: 1, yieldingTo: screens, decode: thumbnailDecode, wake: { wake.wake() })
        self.init(thumbnails: thumbnails, screens: screens, covers: covers, wake: wake, decoder: decoder)
    }
}

/// Wakes the frame loop once there is one; until then wakes are remembered and delivered
/// when it connects.
final class WakeRelay: Sendable {
    private let target = Mutex<(connected: (@Sendable () -> Void)?, missed: Bool)>((nil, false))

    func wake() {
        let connected = target.withLock { state -> (@Sendable () -> Void)? in
            if state.connected == nil { state.missed = true }
            return state.connected
        }
        connected?()
    }

    func connect(_ wake: @escaping @Sendable () -> Void) {
        let missed = target.withLock { state -> Bool in
            state.connected = wake
            defer { state.missed = false }
            return state.missed
        }
        if missed { wake() }
    }
}
