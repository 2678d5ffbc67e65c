// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Album
import Foundation
import Geometry
import PhotoLibrary
import Pixels
import SystemPackage
import ViewTree


/// Finished decodes become textures, and evicted textures are told to the broker.
extension PictureStore {
    /// Takes finished decodes into textures. Returns true if anything arrived.
    @discardableResult
    public func drainResults() -> Bool {
        let thumbnails = queue.drain()
        for result in thumbnails {
            if isStale(result) {
                if result.key.kind == .embeddedPreview, case .asked = previews[result.key.path] { previews[result.key.path] = nil }
                refetch(result.key.path)
            } else if result.key.kind == .embeddedPreview {
                takePreview(result)
            } else if let side = result.key.fillSide {
                take(result, as: .filling(side))
            } else if let side = result.key.maximumPixelSize {
                take(result, as: .fitting(side))
            }
        }
        let screens = screenQueue.drain()
        if !screens.isEmpty { StartupTrace.mark("screen-image-taken") }
        for result in screens {
            guard let size = Self.screenSize(of: result.key) else { continue }
            if screenSubmitted[result.key.path] == size { screenSubmitted[result.key.path] = nil }
            if isStale(result) {
                refetch(result.key.path)
                continue
            }
            take(result, as: size)
            releaseThumbnails(heldFor: result.key.path)
        }
        let looksArrived = drainLooks()
        let arrived = !thumbnails.isEmpty || !screens.isEmpty || looksArrived
        if arrived { onChange() }
        if thumbnails.contains(where: { isCover($0.key.path) }) { onCoversChange() }
        return arrived
    }

    /// A decode of the file as it was before the listing saw it rewritten (a copy listed
    /// while still arriving, decoded meanwhile): of no use, whatever it says. A file changed
    /// since it was listed is not judged here: its rescan is on its way, and forgets it.
    func isStale(_ result: DecodeResult) -> Bool {
        let path = result.key.path
        guard let stamp = result.stamp, let index = indexByPath[PathKey(path)], !photos[index].matches(stamp) else { return false }
        guard let now = FileStamp(of: path) else { return false }
        return photos[index].matches(now)
    }

    /// What is still wanted of `path` is asked again: its answer was of the old file.
    func refetch(_ path: FilePath) {
        for (size, priority) in broker.wants(of: path) where broker.isFetching(path, size) { fetch(path, size, priority) }
    }

    func take(_ result: DecodeResult, as size: PictureSize) {
        let path = result.key.path
        // A photo no longer in the album (nor a cover) is not kept.
        guard isKept(path) else { return }
        switch result.outcome {
        case let .failure(error) where size.isRegion:
            // The whole photo still shows, as sharp as it comes; the views stop waiting.
            partsFailed[path] = error.headline
        case let .failure(error):
            failures[path] = error.headline
        case let .success(pixels):
            if pixels.isIncomplete { incomplete.insert(path) } else { incomplete.remove(path) }
            // Smaller than asked: the photo whole — unless only a few pixels short, as a RAW's
            // preview that stands in for a screen is (`NearlySharp`): zoomed in, the RAW renders.
            func short(_ pixels: Int, _ side: Int) -> Bool { pixels < NearlySharp.fewestPixels(covering: side) - 1 }
            switch size {
            case let .fitting(side) where short(max(pixels.width, pixels.height), side):
                fullSides[path] = max(pixels.width, pixels.height)
            case let .within(width, height) where short(pixels.width, width) && short(pixels.height, height):
                fullSides[path] = max(pixels.width, pixels.height)
            default:
                break
            }
            if Self.isScreenSize(size) { takeForLooks(pixels, of: path) }
            if case let .region(rect) = size { takePartForLooks(pixels, rect, of: path) }
            // The photo at its full resolution: zoomed past 100 %, its pixels show.
            let isWhole = size.isWhole && fullSides[path] == max(pixels.width, pixels.height) || size.isRegion
            let handle = textures.add(pixels, pinned: false)
            pictureByTexture[handle] = (path, size)
            let picture = ImageContent(texture: handle, pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                       isOpaque: pixels.isOpaque, mode: .aspectFill, showsPixelsWhenEnlarged: isWhole)
            if let replaced = broker.deliver(picture, of: path, size: size) { forget(replaced.texture) }
            // A real picture is here: the stand-in has done its job.
            if case let .shown(preview) = previews[path] { forget(preview.texture) }
            previews[path] = .unavailable
        }
    }

    /// A preview is shown only while the photo has no picture yet.
    func takePreview(_ result: DecodeResult) {
        let path = result.key.path
        guard case .asked = previews[path] else { return }
        previews[path] = .unavailable
        guard broker.pictures(of: path).isEmpty, case let .success(pixels) = result.outcome else { return }
        let handle = textures.add(pixels, pinned: false)
        previews[path] = .shown(ImageContent(texture: handle, pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                             isOpaque: pixels.isOpaque, mode: .aspectFill))
    }

    func forget(_ texture: TextureHandle) {
        textures.remove(texture)
        pictureByTexture[texture] = nil
    }

    /// The texture store needed room: the broker forgets the picture (a wanted one is asked
    /// for again); an evicted preview is not asked for again, as the thumbnail is coming.
    func evicted(_ handle: TextureHandle) {
        if evictedLook(handle) { return }
        if let picture = pictureByTexture.removeValue(forKey: handle) {
            broker.evicted(picture.path, size: picture.size)
            return
        }
        for (path, preview) in previews {
            if case let .shown(image) = preview, image.texture == handle { previews[path] = .unavailable }
        }
    }
}
