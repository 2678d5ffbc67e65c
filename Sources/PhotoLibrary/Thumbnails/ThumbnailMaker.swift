// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import SystemPackage
import Pixels

/// Makes thumbnails through the shared cache: a current cached one is reused, a recorded
/// failure is not retried, anything else is decoded (isolated, by `decode`), stored, and
/// on failure recorded.
public struct ThumbnailMaker: Sendable {
    public enum Outcome: Sendable {
        case made(PixelBuffer)
        case reused(PixelBuffer)
        case failed(DecodeError)

        public var pixels: PixelBuffer? {
            switch self {
            case let .made(pixels), let .reused(pixels): pixels
            case .failed: nil
            }
        }
    }

    public let cache: ThumbnailCache
    private let decode: @Sendable (FilePath, Int?) -> Result<PixelBuffer, DecodeError>

    public init(cache: ThumbnailCache, decode: @escaping @Sendable (FilePath, Int?) -> Result<PixelBuffer, DecodeError>) {
        self.cache = cache
        self.decode = decode
    }

    public func thumbnail(of photo: Photo, flavor: ThumbnailCache.Flavor) -> Outcome {
        switch cache.entry(for: photo, flavor: flavor) {
        case let .valid(cached):
            // Another program's thumbnail may be bigger than the standard allows; fit it.
            if case let .success(pixels) = decode(cached, flavor.pixelSize) { return .reused(pixels) }
        case .failed:
            return .failed(cache.recordedFailure(for: photo.path) ?? .unreadable("could not be read before (recorded in the thumbnail cache)"))
        case .missing:
            break
        }
        switch decode(photo.path, flavor.pixelSize) {
        case let .success(pixels):
            cache.storeIfWhole(pixels, of: photo, flavor: flavor)
            return .made(pixels)
        case let .failure(error):
            // Only what the file itself causes: a decoder stopped on a busy machine, or a
            // permission since granted, is tried again.
            if error.isLasting { try? cache.recordFailure(for: photo, error: error) }
            return .failed(error)
        }
    }
}

extension ThumbnailCache {
    /// Stores a thumbnail just made. A cache that cannot be written (read-only home, full
    /// disk) costs speed, not the thumbnail. A file still arriving is not stored: every
    /// reader of the cache would take its grey half for the photo.
    func storeIfWhole(_ pixels: PixelBuffer, of photo: Photo, flavor: Flavor) {
        if !pixels.isIncomplete { try? store(pixels, for: photo, flavor: flavor) }
    }
}

/// Thumbnails made beside another read of a photo: a likeness's decode gives the photo's
/// thumbnail for little more (`IsolatedDecoder.likeness(_:withThumbnail:)`), so a folder
/// whose bursts are read before it is scrolled has its thumbnails made on the way. They go
/// to the shared cache in the flavour thumbnails are being asked in, which the thumbnail
/// queue notes as it asks.
public final class ThumbnailsAlongside: Sendable {
    public let cache: ThumbnailCache
    private let asked = Mutex<ThumbnailCache.Flavor?>(nil)

    public init(cache: ThumbnailCache) {
        self.cache = cache
    }

    /// The flavour thumbnails were last asked in; nil before the first.
    public var flavorInUse: ThumbnailCache.Flavor? { asked.withLock { $0 } }

    public func noteAsked(_ flavor: ThumbnailCache.Flavor) {
        asked.withLock { $0 = flavor }
    }

    /// The flavour to make `photo`'s thumbnail in beside another read: nil when none is
    /// asked yet or the cache holds it (or its failure) already.
    public func flavorWanted(for photo: Photo) -> ThumbnailCache.Flavor? {
        guard let flavor = flavorInUse, cache.entry(for: photo, flavor: flavor) == .missing else { return nil }
        return flavor
    }

    public func store(_ pixels: PixelBuffer, of photo: Photo, flavor: ThumbnailCache.Flavor) {
        cache.storeIfWhole(pixels, of: photo, flavor: flavor)
    }
}
