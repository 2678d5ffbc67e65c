// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import PhotoLibrary
import PhotoSources
import Pixels
import SystemPackage
import ViewTree

/// A video playing where a view shows it (the pager's photo in front): its player's frames
/// become textures, the newest shown once it is on the renderer, and what the person asks
/// (`PlaybackControl`) goes to the player. Its state is what the video's bar shows.
final class VideoPlayback {
    let path: FilePath
    /// How much more than its track says it is turned (its sidecar's turn).
    let turn: Orientation
    private let player: VideoPlayer
    private let textures: any PictureTextures
    private let again: (Orientation, Double) -> VideoPlayer?
    private(set) var state = PlaybackState()
    /// The frame on screen, and the newer one waiting for its upload.
    private(set) var shown: ImageContent?
    private var pending: ImageContent?

    /// `playing`: a video in front plays as soon as it can (paging to it is asking for it);
    /// one made ready beside it waits paused, its first frame drawn, until `play`.
    init?(path: FilePath, part: Range<Int>? = nil, box: PixelBox, turn: Orientation = .up, command: [String], textures: any PictureTextures,
          playing: Bool = true, wake: @escaping @Sendable () -> Void) {
        guard let player = VideoPlayer(path: path, part: part, box: box, turn: turn, command: command, wake: wake) else { return nil }
        self.path = path
        self.turn = turn
        self.player = player
        self.textures = textures
        again = { VideoPlayer(path: path, part: part, box: box, turn: $0, start: $1, command: command, wake: wake) }
        state.isPaused = true
        if playing { play() }
    }

    func play() {
        player.play()
        state.isPaused = false
    }

    /// Takes what the player said since last asked; true if what shows changed.
    func advance() -> Bool {
        var changed = false
        var newest: VideoPlayer.Frame?
        for event in player.drainEvents() {
            switch event {
            case let .ready(_, _, seconds, hasSound):
                state.length = seconds
                state.hasSound = hasSound
            case let .frame(frame):
                if let older = newest { player.release(older) }
                newest = frame
            case let .paused(paused):
                state.isPaused = paused
            case .ended:
                state.hasEnded = true
                state.position = max(state.position, state.length)
            case .noSound:
                state.soundUnavailable = true
            case let .failed(reason):
                state.problem = reason
            }
            changed = true
        }
        // The frame uploaded since is shown before a newer one takes its place: frames
        // arriving as fast as the window draws would otherwise replace each other unseen.
        if showUploadedFrame() { changed = true }
        if let newest, let pixels = player.pixels(of: newest) {
            if let pending { textures.remove(pending.texture) }
            pending = ImageContent(texture: textures.add(pixels, pinned: true),
                                   pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                   isOpaque: true, mode: .aspectFill, showsPixelsWhenEnlarged: false)
            state.position = newest.seconds
            if newest.seconds < state.length - 0.5 { state.hasEnded = false }
        }
        return changed
    }

    /// The frame waiting for its upload, shown once it is on the renderer.
    private func showUploadedFrame() -> Bool {
        guard let waiting = pending, textures.isUploaded(waiting.texture) else { return false }
        if let shown { textures.remove(shown.texture) }
        shown = waiting
        pending = nil
        return true
    }

    /// Does `control`; false where it means nothing now (skipping a paused video: the key
    /// pages instead).
    func perform(_ control: PlaybackControl) -> Bool {
        guard state.problem == nil else { return false }
        switch control {
        case .togglePause:
            if state.isPaused || state.hasEnded {
                if state.hasEnded { state.position = 0; state.hasEnded = false }
                player.play()
                state.isPaused = false
            } else {
                player.pause()
                state.isPaused = true
            }
        case let .seek(to: seconds):
            seek(to: seconds)
        case let .skip(by: seconds):
            guard state.isPlaying else { return false }
            seek(to: state.position + seconds)
        case .toStart:
            guard state.isPlaying else { return false }
            seek(to: 0)
        case .toEnd:
            guard state.isPlaying else { return false }
            seek(to: max(0, state.length - 0.05))
        case let .changeVolume(by: change):
            guard state.isPlaying else { return false }
            state.volume = min(1, max(0, state.volume + change))
            player.setVolume(state.volume)
            if state.isMuted && change > 0 { state.isMuted = false; player.setMuted(false) }
        case .toggleMute:
            state.isMuted.toggle()
            player.setMuted(state.isMuted)
        }
        return true
    }

    private func seek(to seconds: Double) {
        let target = min(max(0, seconds), state.length > 0 ? state.length : .greatestFiniteMagnitude)
        // Shown at once where the person asked; the frame follows.
        state.position = target
        state.hasEnded = false
        player.seek(to: target)
    }

    /// The same video turned `turn` instead (the person turned it while it played): a new
    /// player where this one stood — its place, pause and sound — and this one stopped.
    func turned(_ turn: Orientation) -> VideoPlayback? {
        stop()
        guard let player = again(turn, state.position) else { return nil }
        return VideoPlayback(turned: self, turn: turn, player: player)
    }

    private init(turned earlier: VideoPlayback, turn: Orientation, player: VideoPlayer) {
        path = earlier.path
        self.turn = turn
        self.player = player
        textures = earlier.textures
        again = earlier.again
        state = earlier.state
        state.problem = nil
        player.setVolume(state.volume)
        player.setMuted(state.isMuted)
        if !state.isPaused && !state.hasEnded { player.play() }
    }

    /// Stops the player and lets its frames go.
    func stop() {
        player.stop()
        if let shown { textures.remove(shown.texture) }
        if let pending { textures.remove(pending.texture) }
        shown = nil
        pending = nil
    }
}
