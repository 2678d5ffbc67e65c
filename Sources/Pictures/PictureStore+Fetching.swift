// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Album
import Foundation
import Geometry
import PhotoLibrary
import Pixels
import SystemPackage
import ViewTree


/// The broker's orders, turned into decode requests: which queue, which size, and the
/// camera's embedded preview while a photo has no picture.
extension PictureStore {
    /// True for photos whose pictures are decoded and kept: the album's, and covers.
    func isKept(_ path: FilePath) -> Bool {
        indexByPath[PathKey(path)] != nil || isCover(path)
    }

    func isCover(_ path: FilePath) -> Bool { coverPaths.values.contains { $0.contains(path) } }

    func fetch(_ path: FilePath, _ size: PictureSize, _ priority: PicturePriority) {
        // Not for a photo that is gone (views drop it as they reload) or cannot be decoded.
        guard isKept(path), failures[path] == nil else { return }
        switch size {
        case let .filling(side):
            if priority >= .visible { requestPreview(path) }
            // A cell a shared thumbnail covers is cut from it; a larger one (a deck's card) is
            // decoded for itself, twice its side so that any shape of photo fills it sharply.
            let decodeSide = ThumbnailCache.Flavor.covering(side)?.pixelSize ?? 2 * side
            submitThumbnail(DecodeRequest(path: path, maximumPixelSize: decodeSide, fillSide: side, priority: priority))
        case let .fitting(side) where Self.isThumbnailSize(side):
            submitThumbnail(DecodeRequest(path: path, maximumPixelSize: side, priority: priority))
        case .fitting, .within:
            // A phone's HEIC takes a second or more to decode whole (no smaller scale to
            // decode at): its own small thumbnail stands in meanwhile, in the pager too.
            if priority >= .visible, let index = indexByPath[PathKey(path)], !photos[index].format.decodesSmallerForLess { requestPreview(path) }
            // A picture that covers this one is on its way (the one asked at start-up, say):
            // hurry it rather than decode twice.
            var submitted = size
            if let pending = screenSubmitted[path] {
                if pending.covers(size) {
                    submitted = pending
                } else if case let (.fitting(side), .fitting(pendingSide)) = (size, pending) {
                    submitted = .fitting(max(side, pendingSide))
                }
            }
            screenSubmitted[path] = submitted
            screenQueue.submit(DecodeService.screenRequest(path, submitted, priority, rawBeside: rawBeside(path)))
        case .region:
            screenQueue.submit(DecodeService.screenRequest(path, size, priority))
        }
    }

    /// Sends a thumbnail's decode, or holds it while a full decode of the same photo for the
    /// screen is under way and this one would cost as much.
    func submitThumbnail(_ request: DecodeRequest) {
        let path = request.path
        if screenSubmitted[path] != nil, let index = indexByPath[PathKey(path)], !photos[index].format.decodesSmallerForLess {
            heldForScreen[path, default: []].removeAll { $0.key == request.key }
            heldForScreen[path, default: []].append(request)
        } else {
            queue.submit(request)
        }
    }

    /// Sends what was held for `path`'s screen decode, now back or dropped.
    func releaseThumbnails(heldFor path: FilePath) {
        guard screenSubmitted[path] == nil, let held = heldForScreen.removeValue(forKey: path) else { return }
        // Not for a photo gone meanwhile, or one the screen decode found cannot be shown.
        guard isKept(path), failures[path] == nil else { return }
        for request in held { queue.submit(request) }
    }

    /// The RAW of a RAW+JPEG pair shown at `path`.
    func rawBeside(_ path: FilePath) -> FilePath? { indexByPath[PathKey(path)].flatMap { photos[$0].rawBeside } }

    func cancel(_ path: FilePath, _ size: PictureSize) {
        switch size {
        case let .filling(side):
            heldForScreen[path]?.removeAll { $0.fillSide == side }
            queue.cancelPending { $0.path == path && $0.fillSide == side }
            let stillFilled = broker.wants(of: path).keys.contains { if case .filling = $0 { true } else { false } }
            if !stillFilled, case .asked = previews[path] {
                queue.cancelPending { $0.path == path && $0.kind == .embeddedPreview }
                previews[path] = nil
            }
        case let .fitting(side) where Self.isThumbnailSize(side):
            heldForScreen[path]?.removeAll { $0.fillSide == nil && $0.maximumPixelSize == side }
            queue.cancelPending { $0.path == path && $0.fillSide == nil && $0.maximumPixelSize == side && $0.box == nil }
        case .fitting, .within:
            let stillFitted = broker.wants(of: path).keys.contains { size in Self.isScreenSize(size) && broker.isFetching(path, size) }
            guard !stillFitted else { return }
            if !screenQueue.cancelPending(where: { $0.path == path && $0.kind != .region }).isEmpty {
                screenSubmitted[path] = nil
                releaseThumbnails(heldFor: path)
            }
        case let .region(rect):
            screenQueue.cancelPending { $0.path == path && $0.region == rect }
        }
    }

    /// Asks for the photo's embedded preview, once, while it has no picture at all.
    /// Formats whose files may carry a small picture of their own: a camera's JPEG (in its
    /// EXIF block), a phone's HEIC.
    static let formatsWithPreviews: Set<ImageFormat> = [.jpeg, .heif, .avif]

    func requestPreview(_ path: FilePath) {
        guard previews[path] == nil, broker.pictures(of: path).isEmpty,
              let index = indexByPath[PathKey(path)], Self.formatsWithPreviews.contains(photos[index].format) else { return }
        previews[path] = .asked
        // The thumbnail's size goes along: the worker skips the preview when a thumbnail of
        // that size is already cached, as it then arrives nearly as fast.
        let side = broker.wants(of: path).keys.compactMap { if case let .filling(side) = $0 { side } else { nil } }.max() ?? 0
        queue.submit(DecodeRequest(path: path, kind: .embeddedPreview, maximumPixelSize: ThumbnailCache.Flavor.nearest(side).pixelSize,
                                   priority: .instant))
    }
}
