// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Album
import Foundation
import Geometry
import PhotoLibrary
import Pixels
import SystemPackage
import ViewTree


/// Animated photos (GIF, APNG, WebP) play where a demand asks, their frames as textures.
extension PictureStore {
    /// Formats whose files may move.
    static let animatedFormats: Set<ImageFormat> = [.gif, .png, .webp]

    /// What `demand` wants played: the photo `request` names, fitted to its size, or
    /// nothing. The same photo asked again (at another size, zoomed in) plays on as it is.
    func play(_ request: PictureRequest?, for demand: ObjectIdentifier) {
        var wanted: (path: FilePath, side: Int)?
        if let request, request.index >= 0, request.index < photos.count, request.size.isWhole,
           Self.animatedFormats.contains(photos[request.index].format) {
            wanted = (photos[request.index].path, request.size.sharpness)
        }
        guard playing[demand]?.path != wanted?.path else { return }
        stopPlaying(demand)
        guard let (path, side) = wanted, let animations, !stills.contains(path), failures[path] == nil else { return }
        let feed = AnimationFeed(path, maximumPixelSize: side, decoder: animations, wake: { [wake] in wake.wake() })
        let textures = textures
        let player = AnimationPlayer<ImageContent>(feed: feed, prepare: { frame in
            let pixels = frame.pixels
            var isWhole = false
            if case let .playing(info) = feed.state { isWhole = max(pixels.width, pixels.height) >= max(info.width, info.height) }
            return ImageContent(texture: textures.add(pixels, pinned: true), pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                isOpaque: pixels.isOpaque, mode: .aspectFill, showsPixelsWhenEnlarged: isWhole)
        }, discard: { textures.remove($0.texture) })
        playing[demand] = PlayingPhoto(path: path, player: player)
    }

    func stopPlaying(_ demand: ObjectIdentifier) {
        playing.removeValue(forKey: demand)?.player.stop()
    }

    /// Shows the frames that are due. Returns true if any changed.
    @discardableResult
    public func advanceAnimations(to now: Double) -> Bool {
        var changed = false
        for (demand, photo) in playing {
            switch photo.player.feed.state {
            case .still, .failed:
                stills.insert(photo.path)
                stopPlaying(demand)
            case .opening, .playing, .ended:
                if photo.player.advance(to: now, isReady: { textures.isUploaded($0.texture) }) { changed = true }
            }
        }
        if changed { onFramesChange() }
        return changed
    }

    /// When the next frame of a playing photo is due; nil while none is waiting to show.
    public var nextAnimationChange: Double? { playing.values.compactMap(\.player.nextChange).min() }
}
