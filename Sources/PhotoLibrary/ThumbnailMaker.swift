// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
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
        switch cache.entry(for: photo.path, modified: photo.modificationDate, flavor: flavor) {
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
            // A cache that cannot be written (read-only home, full disk) costs speed, not the
            // thumbnail. A file still arriving is not stored: every reader of the cache would
            // take its grey half for the photo.
            if !pixels.isIncomplete { try? cache.store(pixels, for: photo.path, modified: photo.modificationDate, flavor: flavor) }
            return .made(pixels)
        case let .failure(error):
            // Only what the file itself causes: a decoder stopped on a busy machine, or a
            // permission since granted, is tried again.
            if error.isLasting { try? cache.recordFailure(for: photo.path, modified: photo.modificationDate, error: error) }
            return .failed(error)
        }
    }
}
