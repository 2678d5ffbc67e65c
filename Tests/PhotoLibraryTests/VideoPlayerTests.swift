// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import PhotoLibrary
import Pixels
import SystemPackage
import Testing
import TestSupport

/// A video plays in a player helper: frames arrive in shared memory as the player draws
/// them, it pauses, seeks and ends as told, a hostile file is a message and never a hang,
/// and the player goes when it is let go or Flick does.
@Suite(.serialized) struct VideoPlayerTests {
    static let command = [IsolationTests.fakeHelper, PlayerHelper.subcommand]

    /// Collects the player's events until `done` says so, within `seconds` (a bound that
    /// only a broken player reaches: the events come as fast as the machine allows).
    static func events(of player: VideoPlayer, within seconds: Double = 60, until done: ([VideoPlayer.Event]) -> Bool) -> [VideoPlayer.Event] {
        var seen: [VideoPlayer.Event] = []
        let deadline = Date().addingTimeInterval(seconds)
        while !done(seen), Date() < deadline {
            let new = player.drainEvents()
            for case let .frame(frame) in new { player.release(frame) }
            seen += new
            if new.isEmpty { usleep(5_000) }
        }
        return seen
    }

    static func frames(_ events: [VideoPlayer.Event]) -> [VideoPlayer.Frame] {
        events.compactMap { if case let .frame(frame) = $0 { frame } else { nil } }
    }

    @Test func aVideoPlaysFrameAfterFrameUprightThroughSharedMemory() throws {
        let player = try #require(VideoPlayer(path: VideoTests.video("turned.mp4"), box: PixelBox(width: 1920, height: 1080),
                                              command: Self.command) {})
        defer { player.stop() }
        let ready = Self.events(of: player) { $0.contains { if case .ready = $0 { true } else { false } } }
        // Stored sideways, the matrix turning it: played upright, as its poster is.
        #expect(ready.contains(.ready(width: 120, height: 80, seconds: 3, hasSound: false)), "\(ready)")
        player.play()
        var frame: VideoPlayer.Frame?
        let playing = Self.events(of: player) { events in
            let new = Self.frames(events)
            return new.count >= 5
        }
        let shown = Self.frames(playing)
        #expect(shown.count >= 5)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0.seconds <= $1.seconds }, "frames in order: \(shown.map(\.seconds))")
        frame = shown.last
        // Read again from its slot: the last frame is the upright picture.
        player.pause()
        let paused = Self.events(of: player) { $0.contains(.paused(true)) }
        #expect(paused.contains(.paused(true)))
        player.seek(to: 1)
        let after = Self.events(of: player) { !Self.frames($0).isEmpty }
        let still = try #require(Self.frames(after).last ?? frame)
        let pixels = try #require(player.pixels(of: still))
        VideoTests.expectUprightPoster(pixels)
    }

    /// A video turned in its sidecar (the person rotated it) plays as its poster shows it:
    /// the track's own turn first, then the sidecar's, mirrored ones too.
    @Test(arguments: [Orientation.right, .down, .left, .upMirrored, .leftMirrored, .rightMirrored])
    func aVideoTurnedInItsSidecarPlaysTurnedAsItsPosterShows(_ turn: Orientation) throws {
        let player = try #require(VideoPlayer(path: VideoTests.video("turned.mp4"), box: PixelBox(width: 1920, height: 1080), turn: turn,
                                              command: Self.command) {})
        defer { player.stop() }
        player.play()
        player.pause()
        let events = Self.events(of: player) { !Self.frames($0).isEmpty }
        let frame = try #require(Self.frames(events).last)
        let pixels = try #require(player.pixels(of: frame))
        let poster = try ImageDecoder.decode(VideoTests.video("turned.mp4"), maximumPixelSize: nil).applying(turn)
        #expect(pixels.width == poster.width && pixels.height == poster.height, "\(pixels.width)×\(pixels.height)")
        guard pixels.width == poster.width, pixels.height == poster.height else { return }
        // Each quarter's colour where the turned poster has it.
        for (x, y) in [(1, 1), (3, 1), (1, 3), (3, 3)].map({ ($0.0 * pixels.width / 4, $0.1 * pixels.height / 4) }) {
            #expect(near(rgb(pixels, x, y), rgb(poster, x, y), within: 48), "at \(x),\(y): \(rgb(pixels, x, y)) against \(rgb(poster, x, y))")
        }
    }

    /// A seek asked at once, before the player has the file open (a click on the bar as the
    /// page lands), is not lost. Paused, only the seek can bring a frame five seconds in.
    @Test func aSeekAskedBeforeTheVideoIsOpenIsNotLost() throws {
        let player = try #require(VideoPlayer(path: VideoTests.video("ten-hours.mp4"), box: PixelBox(width: 320, height: 240),
                                              command: Self.command) {})
        defer { player.stop() }
        player.seek(to: 5)
        let events = Self.events(of: player) { Self.frames($0).contains { $0.seconds >= 4.9 } }
        #expect(Self.frames(events).contains { $0.seconds >= 4.9 }, "frames at \(Self.frames(events).map(\.seconds))")
    }

    /// A player started some seconds in (a video turned while it played goes on in a new
    /// one) draws nothing before them.
    @Test func aPlayerStartedSecondsInDrawsNothingBefore() throws {
        let player = try #require(VideoPlayer(path: VideoTests.video("ten-hours.mp4"), box: PixelBox(width: 320, height: 240), start: 5,
                                              command: Self.command) {})
        defer { player.stop() }
        player.play()
        let events = Self.events(of: player) { Self.frames($0).count >= 3 }
        let frames = Self.frames(events)
        #expect(frames.count >= 3 && frames.allSatisfy { $0.seconds >= 4.9 }, "frames at \(frames.map(\.seconds))")
    }

    @Test func itEndsOnItsLastFrameAndPlaysAgainFromTheStart() throws {
        let player = try #require(VideoPlayer(path: VideoTests.video("upright.webm"), box: PixelBox(width: 64, height: 64),
                                              command: Self.command) {})
        defer { player.stop() }
        player.play()
        let played = Self.events(of: player) { $0.contains(.ended) }
        #expect(played.contains(.ended))
        // Fitted to the box asked, never enlarged.
        #expect(Self.frames(played).allSatisfy { $0.width == 64 && $0.height == 43 }, "\(Self.frames(played).prefix(2))")
        player.play()
        let again = Self.events(of: player) { Self.frames($0).contains { $0.seconds < 1 } }
        #expect(Self.frames(again).contains { $0.seconds < 1 }, "played again from the start")
    }

    @Test func aVideoWithSoundWhereThereIsNoAudioServerSaysSoOnceAndPlays() throws {
        let player = try #require(VideoPlayer(path: VideoTests.video("sound.mp4"), box: PixelBox(width: 320, height: 240),
                                              command: Self.command) {})
        defer { player.stop() }
        player.play()
        let played = Self.events(of: player) { $0.contains(.ended) }
        #expect(played.contains(.ready(width: 120, height: 80, seconds: 3, hasSound: true)))
        #expect(played.contains(.ended) && Self.frames(played).count > 3)
        let environment = ProcessInfo.processInfo.environment
        if environment["PULSE_SERVER"] == nil && environment["PIPEWIRE_REMOTE"] == nil
            && !FileManager.default.fileExists(atPath: "/dev/snd") {
            #expect(played.filter { $0 == .noSound }.count == 1, "no sound card here: said once")
        }
    }

    @Test(arguments: ["hostile/random.mp4", "hostile/empty.mp4", "hostile/cut-before-index.mp4", "hostile/huge.mp4", "hostile/many-tracks.mkv",
                      "hostile/huge-attachment.mkv", "hostile/declared-100000.mkv", "hostile/ten-thousand-tracks.mkv"])
    func aHostileVideoIsAMessageNotAHang(_ name: String) throws {
        let player = try #require(VideoPlayer(path: VideoTests.video(name), box: PixelBox(width: 320, height: 240),
                                              command: Self.command) {})
        defer { player.stop() }
        player.play()
        let events = Self.events(of: player) { $0.contains { if case .failed = $0 { true } else { false } } || $0.contains(.ended) }
        let failed = events.contains { if case .failed = $0 { true } else { false } }
        #expect(failed || events.contains(.ended), "\(events)")
    }

    @Test func thePlayerGoesWhenItIsStoppedAndWhenItIsKilledFlickIsTold() throws {
        let player = try #require(VideoPlayer(path: VideoTests.video("ten-hours.mp4"), box: PixelBox(width: 320, height: 240),
                                              command: Self.command) {})
        player.play()
        _ = Self.events(of: player) { !Self.frames($0).isEmpty }
        kill(player.processID, SIGKILL)
        let told = Self.events(of: player) { $0.contains(.failed("the player stopped")) }
        #expect(told.contains(.failed("the player stopped")))

        let next = try #require(VideoPlayer(path: VideoTests.video("ten-hours.mp4"), box: PixelBox(width: 320, height: 240),
                                            command: Self.command) {})
        let pid = next.processID
        next.play()
        _ = Self.events(of: next) { !Self.frames($0).isEmpty }
        next.stop()
        let deadline = Date().addingTimeInterval(30)
        while kill(pid, 0) == 0, Date() < deadline { usleep(10_000) }
        #expect(kill(pid, 0) != 0, "the player is gone")
    }

    @Test(arguments: ["hdr-smpte2084.mp4", "hdr-arib-std-b67.mp4"])
    func anHDRVideoPlaysToneMappedAsItsPosterIs(_ name: String) throws {
        let player = try #require(VideoPlayer(path: VideoTests.video(name), box: PixelBox(width: 320, height: 240), command: Self.command) {})
        defer { player.stop() }
        player.play()
        player.pause()
        let events = Self.events(of: player) { !Self.frames($0).isEmpty }
        let frame = try #require(Self.frames(events).first)
        player.seek(to: 0.5)
        let later = Self.events(of: player) { !Self.frames($0).isEmpty }
        let pixels = try #require(player.pixels(of: Self.frames(later).last ?? frame))
        #expect(near(rgb(pixels, pixels.width / 2, pixels.height / 2), (128, 64, 192), within: 24), "\(rgb(pixels, pixels.width / 2, pixels.height / 2))")
    }

    @Test func theLinesThePlayerSaysAreReadAndOthersIgnored() {
        #expect(VideoPlayer.event("ready 1920 1080 12.500 1") == .ready(width: 1920, height: 1080, seconds: 12.5, hasSound: true))
        #expect(VideoPlayer.event("frame 2 960 540 3840 1.033") == .frame(.init(slot: 2, width: 960, height: 540, bytesPerRow: 3840, seconds: 1.033)))
        #expect(VideoPlayer.event("error no audio or video data played") == .failed("no audio or video data played"))
        #expect(VideoPlayer.event("ready x y") == nil && VideoPlayer.event("frame 1") == nil && VideoPlayer.event("hello") == nil)
    }
}
