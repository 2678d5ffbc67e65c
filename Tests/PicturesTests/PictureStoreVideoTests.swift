// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Pictures
import PhotoSources
import Pixels
import SystemPackage
import Testing
import TestSupport
import ViewTree

/// A video the pager has in front plays where its poster stood: its frames become its
/// picture, what the person asks reaches its player, and paging away stops it.
@Suite struct PictureStoreVideoTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-video-\(UUID().uuidString)")

    func video() throws -> Photo {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("clip.mp4").path
        let (status, _) = try runExternalTool(["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=red:s=160x120:r=25",
                                               "-t", "4", "-c:v", "libx264", "-pix_fmt", "yuv420p", path])
        try #require(status == 0)
        return Photo(path: FilePath(path), format: .video, byteCount: 1, modificationDate: Date())
    }

    @Test func theVideoInFrontPlaysItsFramesAsItsPictureAndStopsWhenPagedAway() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let textures = FakeTextures()
        let still = Photo(path: FilePath("/photos/still.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date())
        let store = pictureStore([try video(), still], textures: textures) { _ in .failure(.unreadable("not here")) }
        store.videoPlayerCommand = [builtExecutable(named: "fake-decode-helper"), PlayerHelper.subcommand]
        let size = PictureSize.within(width: 320, height: 240)
        let demand = store.makePictureDemand()
        // A page a held key passes over (in front a thirtieth of a second) starts no player.
        demand.want([PictureRequest(index: 0, size: size, priority: .visible, plays: true)])
        store.advanceAnimations(to: 10)
        store.advanceAnimations(to: 10.1)
        #expect(store.playback(at: 0) == nil && store.nextAnimationChange == 10 + PictureStore.videoSettle)
        demand.want([PictureRequest(index: 1, size: size, priority: .visible, plays: true)])
        store.advanceAnimations(to: 11)
        #expect(store.playback(at: 0) == nil && store.nextAnimationChange == nil)
        // In front long enough: it plays.
        demand.want([PictureRequest(index: 0, size: size, priority: .visible, plays: true)])
        var now = 20.0
        let playing = waitUntil(seconds: 60, pollingEvery: 1000) {
            now += 0.05
            store.advanceAnimations(to: now)
            return (store.playback(at: 0)?.position ?? 0) > 0.2
        }
        #expect(playing)
        guard case let .ready(frame) = store.picture(at: 0, size: size), let pixels = textures.pixels[frame.texture] else {
            Issue.record("no frame as the video's picture: \(store.picture(at: 0, size: size))")
            return
        }
        // Fitted to the pager's box (never enlarged past the video's own 160×120), red.
        #expect(pixels.width == 160 && pixels.height == 120)
        let centre = pixels.pixel(x: 80, y: 60)
        #expect(centre.red > 200 && centre.green < 60 && centre.blue < 60)
        #expect(store.playback(at: 0)?.length == 4 && store.playback(at: 1) == nil)

        #expect(store.control(.togglePause, at: 0))
        let paused = waitUntil(seconds: 30, pollingEvery: 1000) {
            now += 0.05
            store.advanceAnimations(to: now)
            return store.playback(at: 0)?.isPaused == true
        }
        #expect(paused)
        #expect(!store.control(.skip(by: 5), at: 0), "paused: the arrows page instead")
        #expect(!store.control(.togglePause, at: 1), "a photo plays nothing")

        // A second view asking for the same video (a slideshow over the pager) shares its
        // player: one sound. It plays on while either still wants it.
        let slideshow = store.makePictureDemand()
        slideshow.want([PictureRequest(index: 0, size: size, priority: .visible, plays: true)])
        #expect(store.playback(at: 0)?.isPaused == true, "the same player, still paused")
        // The frame it shows now, paused (frames that came before pausing have replaced the first).
        guard case let .ready(pausedFrame) = store.picture(at: 0, size: size) else {
            Issue.record("no frame while paused: \(store.picture(at: 0, size: size))")
            return
        }
        demand.want([PictureRequest(index: 1, size: size, priority: .visible, plays: true)])
        #expect(store.playback(at: 0) != nil && textures.pixels[pausedFrame.texture] != nil)
        slideshow.want([])
        #expect(store.playback(at: 0) == nil)
        #expect(textures.pixels[pausedFrame.texture] == nil && textures.pixels[frame.texture] == nil, "its frames let go")
    }
}

/// The looks laid over a photo are of its still picture: while a video plays in place,
/// neither the poster's layers nor the poster with them painted in stands over its frames.
@Suite struct PictureStoreMovingLooksTests {
    @Test func aPlayingVideoShowsItsFramesWithNoLooksOverThem() throws {
        let helper = PictureStoreVideoTests()
        defer { try? FileManager.default.removeItem(at: helper.folder) }
        let textures = FakeTextures()
        let poster = PixelBuffer(width: 160, height: 120, blue: 255, green: 255, red: 255)
        let store = pictureStore([try helper.video()], textures: textures) { _ in .success(poster) }
        store.videoPlayerCommand = [builtExecutable(named: "fake-decode-helper"), PlayerHelper.subcommand]
        store.wantLooks([.clipping])
        let size = PictureSize.within(width: 1280, height: 800)
        let demand = store.makePictureDemand()
        demand.want([PictureRequest(index: 0, size: size, priority: .visible)])
        #expect(drain(store) { store.overlaid([.clipping], at: 0) != nil && store.look(.clipping, at: 0) != nil }, "the poster's, before it plays")

        demand.want([PictureRequest(index: 0, size: size, priority: .visible, plays: true)])
        var now = 20.0
        let playing = waitUntil(seconds: 60, pollingEvery: 1000) {
            now += 0.05
            store.advanceAnimations(to: now)
            store.drainResults()
            return (store.playback(at: 0)?.position ?? 0) > 0.2
        }
        #expect(playing)
        #expect(store.overlaid([.clipping], at: 0) == nil && store.look(.clipping, at: 0) == nil, "the frames, bare")
    }
}

/// Frames arriving as fast as the window draws (a 1080p video on a busy machine): each one
/// taken is shown at the next frame drawn, not replaced unseen by the one after it (Flick
/// once showed 2 of a 1080p video's 30 frames a second so).
@Suite struct PictureStoreVideoPacingTests {
    @Test func eachFrameTakenIsShownWhenTheWindowDrawsNext() throws {
        let helper = PictureStoreVideoTests()
        defer { try? FileManager.default.removeItem(at: helper.folder) }
        let textures = FakeTextures(uploadsAtOnce: false)
        let store = pictureStore([try helper.video()], textures: textures) { _ in .failure(.unreadable("not here")) }
        store.videoPlayerCommand = [builtExecutable(named: "fake-decode-helper"), PlayerHelper.subcommand]
        let size = PictureSize.within(width: 320, height: 240)
        let demand = store.makePictureDemand()
        demand.want([PictureRequest(index: 0, size: size, priority: .visible, plays: true)])
        var now = 0.0, taken: TextureHandle?, shownAsTaken = 0, missed = 0
        // A window drawing no faster than the video's 25 frames a second: new frames are
        // waiting at almost every update.
        _ = waitUntil(seconds: 60, pollingEvery: 80_000) {
            now += 0.08
            let before = textures.lastAdded
            store.advanceAnimations(to: now)
            if let taken, case let .ready(frame) = store.picture(at: 0, size: size) {
                if frame.texture == taken { shownAsTaken += 1 } else { missed += 1 }
            } else if taken != nil {
                missed += 1
            }
            taken = textures.lastAdded != before ? textures.lastAdded : nil
            textures.uploadPending()
            return shownAsTaken + missed >= 20
        }
        #expect(shownAsTaken >= 20 && missed == 0, "\(shownAsTaken) frames shown as taken, \(missed) replaced unseen")
    }
}

/// The video beside the page in front is opened paused once that page has stood a moment
/// (`videoSettle`, as a video in front waits: a held key's pages never stand so long):
/// paged to, it plays at once, its first frame already there.
@Suite struct PictureStoreVideoPrerollTests {
    @Test func theVideoBesideThePageInFrontPlaysAtOnceWhenPagedTo() throws {
        let helper = PictureStoreVideoTests()
        defer { try? FileManager.default.removeItem(at: helper.folder) }
        let still = Photo(path: FilePath("/photos/still.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date())
        let other = Photo(path: FilePath("/photos/other.jpg"), format: .jpeg, byteCount: 1, modificationDate: Date())
        let textures = FakeTextures()
        let store = pictureStore([still, try helper.video(), other], textures: textures) { _ in .failure(.unreadable("not here")) }
        store.videoPlayerCommand = [builtExecutable(named: "fake-decode-helper"), PlayerHelper.subcommand]
        let whole = PictureSize.within(width: 320, height: 240)
        let demand = store.makePictureDemand()
        func front(_ index: Int) {
            var requests = [PictureRequest(index: index, size: whole, priority: .visible, plays: true)]
            for beside in [index + 1, index - 1] where beside >= 0 && beside < 3 {
                requests.append(PictureRequest(index: beside, size: whole, priority: .nearby))
            }
            demand.want(requests)
        }
        // The still stands: the video beside it is made ready, and plays as soon as it is paged to.
        front(0)
        var now = 10.0
        store.advanceAnimations(to: now)
        now += PictureStore.videoSettle + 0.05
        store.advanceAnimations(to: now)
        let size = PictureSize.within(width: 320, height: 240)
        front(1)
        #expect(store.playback(at: 1)?.isPaused == false, "it plays at once: no wait for a player to start")
        let showing = waitUntil(seconds: 60, pollingEvery: 1000) {
            now += 0.05
            store.advanceAnimations(to: now)
            if case let .ready(frame) = store.picture(at: 1, size: size) { return textures.pixels[frame.texture]?.width == 160 }
            return false
        }
        #expect(showing, "its frames are its picture")
        // Paged on, it stops; the store holds no player for a page not beside the one in front.
        front(2)
        #expect(store.playback(at: 1) == nil)
    }
}

/// A Live Photo's moment plays as its still's picture while it is held.
@Suite struct PictureStoreMomentTests {
    @Test func aLivePhotosMomentIsItsPictureWhileHeldAndTheStillAfter() throws {
        let helper = PictureStoreVideoTests()
        defer { try? FileManager.default.removeItem(at: helper.folder) }
        let movie = try helper.video()
        let still = Photo(path: FilePath(helper.folder.appendingPathComponent("clip.jpg").path), format: .jpeg, byteCount: 1,
                          modificationDate: Date(), companions: [movie])
        let textures = FakeTextures()
        let store = pictureStore([still], textures: textures) { _ in .success(PixelBuffer(width: 40, height: 30, blue: 255, green: 0, red: 0)) }
        store.videoPlayerCommand = [builtExecutable(named: "fake-decode-helper"), PlayerHelper.subcommand]
        let size = PictureSize.within(width: 320, height: 240)
        #expect(store.showMoment(true, at: 0))
        var now = 0.0
        let playing = waitUntil(seconds: 60, pollingEvery: 1000) {
            now += 0.05
            store.advanceAnimations(to: now)
            guard case let .ready(frame) = store.picture(at: 0, size: size) else { return false }
            return textures.pixels[frame.texture]?.width == 160
        }
        #expect(playing, "the movie's frames (160×120, red) are the still's picture")
        store.showMoment(false, at: 0)
        if case let .ready(frame) = store.picture(at: 0, size: size) { #expect(textures.pixels[frame.texture]?.width != 160) }
        #expect(!store.showMoment(true, at: 1), "no such photo")
    }

    /// A Live Photo whose .MOV holds no video: the player says so, and the store tells why.
    @Test func aMomentWhoseMovieIsNoVideoSaysWhy() throws {
        let helper = PictureStoreVideoTests()
        defer { try? FileManager.default.removeItem(at: helper.folder) }
        try FileManager.default.createDirectory(at: helper.folder, withIntermediateDirectories: true)
        let movie = helper.folder.appendingPathComponent("IMG_0007.MOV")
        try Data("not a movie at all, only words".utf8).write(to: movie)
        let still = Photo(path: FilePath(helper.folder.appendingPathComponent("IMG_0007.JPG").path), format: .jpeg, byteCount: 1, modificationDate: Date(),
                          companions: [Photo(path: FilePath(movie.path), format: .video, byteCount: 30, modificationDate: Date())])
        let store = pictureStore([still], textures: FakeTextures()) { _ in .success(PixelBuffer(width: 40, height: 30, blue: 255, green: 0, red: 0)) }
        store.videoPlayerCommand = [builtExecutable(named: "fake-decode-helper"), PlayerHelper.subcommand]
        #expect(store.momentProblem(at: 0) == nil)
        #expect(store.showMoment(true, at: 0))
        var now = 0.0
        let said = waitUntil(seconds: 60, pollingEvery: 1000) {
            now += 0.05
            store.advanceAnimations(to: now)
            return store.momentProblem(at: 0) != nil
        }
        #expect(said, "the player's failure is the moment's problem")
        store.showMoment(false, at: 0)
        #expect(store.momentProblem(at: 0) == nil, "let go, nothing is wrong any more")
    }
}

/// A video turned in its sidecar plays turned as its poster shows it, turned while it plays
/// it goes on turned from where it was, and a Live Photo's moment plays as its movie's
/// sidecar turns it (the movie is turned with its still).
@Suite struct PictureStoreTurnedVideoTests {
    let helper = PictureStoreVideoTests()

    /// A store whose helpers know the sidecars' `turns`, playing with Flick's own player.
    func store(_ photos: [Photo], textures: FakeTextures, turns: PhotoTurns) -> PictureStore {
        let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")], turns: turns)
        let store = pictureStore(photos, textures: textures, decoder: decoder) { _ in .success(PixelBuffer(width: 40, height: 30, blue: 255, green: 0, red: 0)) }
        store.videoPlayerCommand = [builtExecutable(named: "fake-decode-helper"), PlayerHelper.subcommand]
        return store
    }

    /// The frame shown at `size` once `condition` holds of it (the store advanced meanwhile).
    func frame(of store: PictureStore, _ textures: FakeTextures, at size: PictureSize, clock now: inout Double,
               where condition: (PixelBuffer) -> Bool) -> PixelBuffer? {
        var found: PixelBuffer?
        var clock = now
        _ = waitUntil(seconds: 60, pollingEvery: 1000) {
            clock += 0.05
            store.advanceAnimations(to: clock)
            guard case let .ready(frame) = store.picture(at: 0, size: size), let pixels = textures.pixels[frame.texture], condition(pixels) else { return false }
            found = pixels
            return true
        }
        now = clock
        return found
    }

    @Test func aVideoTurnedInItsSidecarPlaysTurnedAndGoesOnWhenTurnedAgain() throws {
        defer { try? FileManager.default.removeItem(at: helper.folder) }
        let video = try helper.video()
        let turns = PhotoTurns()
        turns.set(.right, for: video.path)
        let textures = FakeTextures()
        let store = store([video], textures: textures, turns: turns)
        let size = PictureSize.within(width: 320, height: 320)
        let demand = store.makePictureDemand()
        defer { withExtendedLifetime(demand) {} }
        demand.want([PictureRequest(index: 0, size: size, priority: .visible, plays: true)])
        var now = 10.0
        let upright = frame(of: store, textures, at: size, clock: &now) { $0.width == 120 && $0.height == 160 }
        #expect(upright != nil, "the 160×120 video plays a quarter turned, 120×160")
        _ = waitUntil(seconds: 60, pollingEvery: 1000) {
            now += 0.05
            store.advanceAnimations(to: now)
            return (store.playback(at: 0)?.position ?? 0) > 1
        }
        let before = store.playback(at: 0)?.position ?? 0
        #expect(before > 1)
        // Turned back while it plays (the sidecar's turn taken out): it plays on upright.
        turns.set(.up, for: video.path)
        store.photoChanged(video.path)
        #expect((store.playback(at: 0)?.position ?? 0) >= before, "it stays where it was")
        // Its frames upright again, every one of them from where it was, not from the start.
        var positions: [Double] = []
        let again = frame(of: store, textures, at: size, clock: &now) { pixels in
            positions.append(store.playback(at: 0)?.position ?? 0)
            return pixels.width == 160 && pixels.height == 120 && (store.playback(at: 0)?.position ?? 0) > before + 0.2
        }
        #expect(again != nil, "its frames upright again, and it plays on")
        #expect(positions.allSatisfy { $0 >= before - 0.5 }, "from where it was (\(before)): \(positions)")
        #expect(store.playback(at: 0)?.isPaused == false, "still playing")
    }

    @Test func aLivePhotosMomentPlaysAsItsMoviesSidecarTurnsIt() throws {
        defer { try? FileManager.default.removeItem(at: helper.folder) }
        let movie = try helper.video()
        let still = Photo(path: FilePath(helper.folder.appendingPathComponent("clip.heic").path), format: .heif, byteCount: 1,
                          modificationDate: Date(), companions: [movie])
        let turns = PhotoTurns()
        turns.set(.left, for: movie.path)
        let textures = FakeTextures()
        let store = store([still], textures: textures, turns: turns)
        #expect(store.showMoment(true, at: 0))
        var now = 0.0
        let turned = frame(of: store, textures, at: .within(width: 320, height: 320), clock: &now) { $0.width == 120 && $0.height == 160 }
        #expect(turned != nil, "the moment stands as its movie is turned (with its still)")
        store.showMoment(false, at: 0)
    }
}
