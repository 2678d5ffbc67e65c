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
        playVideo(request, for: demand)
        var wanted: (path: FilePath, side: Int)?
        if let request, request.index >= 0, request.index < photos.count, request.size.isWhole,
           Self.animatedFormats.contains(photos[request.index].format) {
            wanted = (photos[request.index].path, request.size.sharpness)
        }
        guard playing[demand]?.path != wanted?.path else { return }
        stopPlaying(demand)
        guard let (path, side) = wanted, let animations = helpers, !stills.contains(path), failures[path] == nil else { return }
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
        pendingVideos[demand] = nil
        stopVideo(of: demand)
        pendingPrerolls[demand] = nil
        prerolled.removeValue(forKey: demand)?.stop()
    }

    /// Stops the video `demand` played, unless another demand plays it too (the slideshow
    /// started over the pager's video: one player, one sound).
    private func stopVideo(of demand: ObjectIdentifier) {
        guard let video = videos.removeValue(forKey: demand), !videos.values.contains(where: { $0 === video }) else { return }
        video.stop()
    }

    /// How long a video is in front before its player starts: longer than a held key's
    /// page (a thirtieth of a second), shorter than a person notices.
    public static let videoSettle = 0.2

    /// A video `request` names plays in place for `demand`, fitted to its size, once it has
    /// been in front for `videoSettle`; anything else stops the one it played. The page
    /// never waits for it: the poster shows until the first frame is on the renderer.
    private func playVideo(_ request: PictureRequest?, for demand: ObjectIdentifier) {
        var wanted: (path: FilePath, side: Int)?
        if let request, request.index >= 0, request.index < photos.count, request.size.isWhole, photos[request.index].format == .video {
            wanted = (photos[request.index].path, request.size.sharpness)
        }
        guard (videos[demand]?.path ?? pendingVideos[demand]?.path) != wanted?.path else { return }
        pendingVideos[demand] = nil
        stopVideo(of: demand)
        guard let (path, side) = wanted, videoPlayerCommand != nil, failures[path] == nil else { return }
        if let playing = videos.values.first(where: { $0.path == path }) {
            videos[demand] = playing
            return
        }
        // Made ready beside the page that was in front: it plays at once.
        if let ready = prerolled.first(where: { $0.value.path == path }) {
            prerolled[ready.key] = nil
            pendingPrerolls[ready.key] = nil
            videos[demand] = ready.value
            ready.value.play()
            return
        }
        pendingVideos[demand] = (path, side, nil)
    }

    /// The first video among `nearby` (the pages beside the one in front, the next first)
    /// is opened paused for `demand` once the page in front has stood for `videoSettle`
    /// (a held key's pages never stand so long); whatever was opened for it before stops.
    func preroll(_ nearby: [PictureRequest], for demand: ObjectIdentifier) {
        var wanted: (path: FilePath, side: Int)?
        if let request = nearby.first(where: { $0.index >= 0 && $0.index < photos.count && photos[$0.index].format == .video }) {
            wanted = (photos[request.index].path, request.size.sharpness)
        }
        guard (prerolled[demand]?.path ?? pendingPrerolls[demand]?.path) != wanted?.path else { return }
        pendingPrerolls[demand] = nil
        prerolled.removeValue(forKey: demand)?.stop()
        guard let (path, side) = wanted, videoPlayerCommand != nil, failures[path] == nil,
              !videos.values.contains(where: { $0.path == path }) else { return }
        pendingPrerolls[demand] = (path, side, nil)
    }

    /// Starts the players of the videos that have been in front long enough; true if any.
    private func startSettledVideos(at now: Double) -> Bool {
        guard let command = videoPlayerCommand else { return false }
        var started = false
        for (demand, pending) in Self.settled(&pendingVideos, at: now) {
            if let playing = videos.values.first(where: { $0.path == pending.path }) {
                videos[demand] = playing
            } else {
                videos[demand] = VideoPlayback(path: pending.path, box: PixelBox(width: pending.side, height: pending.side), turn: turn(of: pending.path),
                                               command: command, textures: textures, wake: { [wake] in wake.wake() })
            }
            started = true
        }
        for (demand, pending) in Self.settled(&pendingPrerolls, at: now) {
            prerolled[demand] = VideoPlayback(path: pending.path, box: PixelBox(width: pending.side, height: pending.side), turn: turn(of: pending.path),
                                              command: command, textures: textures, playing: false, wake: { [wake] in wake.wake() })
        }
        return started
    }

    /// How much more than its file says the photo at `path` is turned (by its sidecar): a
    /// video plays so, as its poster shows.
    func turn(of path: FilePath) -> Orientation { helpers?.turns.turn(of: path) ?? .up }

    /// The videos of `path` played turned otherwise than `turn` (the person turned it): each
    /// plays on turned so, from where it was; one made ready beside is let go, to be again.
    func replaceVideos(of path: FilePath, turnedAs turn: Orientation) {
        var replacements: [ObjectIdentifier: VideoPlayback?] = [:]
        for (demand, video) in videos where video.path == path && video.turn != turn {
            let key = ObjectIdentifier(video)
            if replacements[key] == nil { replacements[key] = .some(video.turned(turn)) }
            videos[demand] = replacements[key] ?? nil
        }
        for (demand, video) in prerolled where video.path == path && video.turn != turn {
            prerolled.removeValue(forKey: demand)?.stop()
        }
    }

    /// The videos of `pending` asked for `videoSettle` ago or more, taken out; those seen for
    /// the first time learn when.
    private static func settled(_ pending: inout [ObjectIdentifier: PendingVideo], at now: Double) -> [(ObjectIdentifier, PendingVideo)] {
        var due: [(ObjectIdentifier, PendingVideo)] = []
        for (demand, video) in pending {
            guard let since = video.since else {
                pending[demand]?.since = now
                continue
            }
            guard now - since >= videoSettle else { continue }
            pending[demand] = nil
            due.append((demand, video))
        }
        return due
    }

    /// A Live Photo's moments are at most this many pixels a side (an iPhone's is 1440×1080).
    static let momentSide = 2048

    /// Plays the moment of the Live Photo at `index` (its movie, with its sound), or of the
    /// Motion Photo whose video is the bytes `part` of its file, as its still's picture
    /// (true), or stops it (false): the still shows again. False where the photo has no
    /// moment or no player starts.
    @discardableResult
    public func showMoment(_ shown: Bool, at index: Int, part: Range<Int>? = nil) -> Bool {
        if let moment {
            moment.playback.stop()
            self.moment = nil
            onFramesChange()
        }
        guard shown, index >= 0, index < photos.count, let command = videoPlayerCommand else { return false }
        // A Live Photo's movie is turned in its own sidecar as its still is turned; a Motion
        // Photo's video, inside the still's file, as the still's sidecar turns it.
        let movie: (path: FilePath, part: Range<Int>?)
        if let live = photos[index].liveVideo { movie = (live.path, nil) } else if let part { movie = (photos[index].path, part) } else { return false }
        guard let playback = VideoPlayback(path: movie.path, part: movie.part, box: PixelBox(width: Self.momentSide, height: Self.momentSide),
                                           turn: turn(of: movie.path), command: command, textures: textures, wake: { [wake] in wake.wake() }) else { return false }
        moment = (photos[index].path, playback)
        return true
    }

    /// Why the moment shown for the photo at `index` cannot play; nil while it plays.
    public func momentProblem(at index: Int) -> String? {
        guard let moment, index >= 0, index < photos.count, photos[index].path == moment.still else { return nil }
        return moment.playback.state.problem
    }

    /// Where the video at `index` playing in place stands; nil where none plays.
    public func playback(at index: Int) -> PlaybackState? {
        guard index >= 0, index < photos.count else { return nil }
        return videos.values.first { $0.path == photos[index].path }?.state
    }

    /// Does `control` to the video at `index` playing in place; false where none plays or
    /// it means nothing now.
    @discardableResult
    public func control(_ control: PlaybackControl, at index: Int) -> Bool {
        guard index >= 0, index < photos.count, let video = videos.values.first(where: { $0.path == photos[index].path }) else { return false }
        let done = video.perform(control)
        if done { onFramesChange() }
        return done
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
        if startSettledVideos(at: now) { changed = true }
        for video in videos.values where video.advance() { changed = true }
        // Their first frames are taken in (and their slots given back) as they come.
        for video in prerolled.values { _ = video.advance() }
        if let moment, moment.playback.advance() { changed = true }
        if changed { onFramesChange() }
        return changed
    }

    /// When the next frame of a playing photo is due; nil while none is waiting to show.
    public var nextAnimationChange: Double? {
        // A video waiting to start: when it will (at once, to learn when it was first seen).
        let starts = (Array(pendingVideos.values) + Array(pendingPrerolls.values)).map { $0.since.map { $0 + Self.videoSettle } ?? 0 }
        return (playing.values.compactMap(\.player.nextChange) + starts).min()
    }
}
