// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import PhotoLibrary
import Pixels
import SystemPackage
import Testing

/// A Motion Photo's video is found where its file says (Google's Container directory, the
/// older MicroVideoOffset, Samsung's SEF trailer, a HEIC's `mpvd` box), and believed only where a video starts
/// there; it plays from the file's bytes, nothing copied out.
@Suite struct MotionPhotoTests {
    static func motion(_ name: String) -> FilePath { VideoTests.video("motion/\(name)") }

    static var videoSize: Int { (try? FileManager.default.attributesOfItem(atPath: VideoTests.video("upright.mp4").string)[.size] as? Int) ?? 0 }

    @Test(arguments: ["container.jpg", "microvideo.jpg", "samsung.jpg", "mpvd.heic"])
    func eachPhonesWayOfSayingWhereTheVideoIsIsRead(_ name: String) throws {
        let facts = try ImageDecoder.embeddedFacts(Self.motion(name))
        let range = try #require(facts.motionVideo, "\(name): no video found")
        #expect(range.count == Self.videoSize)
        let size = try #require(FileManager.default.attributesOfItem(atPath: Self.motion(name).string)[.size] as? Int)
        // Google's ends the file; Samsung's is followed by its directory.
        #expect(name == "samsung.jpg" ? range.upperBound < size : range.upperBound == size)
        // The still is the JPEG before it, upright.
        let still = try ImageDecoder.decode(Self.motion(name), maximumPixelSize: nil)
        VideoTests.expectUprightPoster(still)
    }

    @Test(arguments: ["past-end.jpg", "into-jpeg.jpg", "mpvd-noise.heic", "mpvd-huge.heic"])
    func anOffsetPastTheEndOrIntoThePictureIsNoVideo(_ name: String) throws {
        #expect(try ImageDecoder.embeddedFacts(Self.motion(name)).motionVideo == nil)
        VideoTests.expectUprightPoster(try ImageDecoder.decode(Self.motion(name), maximumPixelSize: nil))
    }

    @Test func aPlainJPEGHasNoVideoAndTheRangeCrossesTheHelpersWire() throws {
        #expect(try ImageDecoder.embeddedFacts(VideoTests.video("upright.jpg")).motionVideo == nil)
        var facts = EmbeddedFacts()
        facts.motionVideo = 1200..<5000
        #expect(EmbeddedFacts(decoding: facts.encoded).motionVideo == 1200..<5000)
    }

    @Test func theVideoPlaysFromTheFilesBytesUpright() throws {
        let facts = try ImageDecoder.embeddedFacts(Self.motion("container.jpg"))
        let range = try #require(facts.motionVideo)
        let player = try #require(VideoPlayer(path: Self.motion("container.jpg"), part: range, box: PixelBox(width: 320, height: 240),
                                              command: VideoPlayerTests.command) {})
        defer { player.stop() }
        player.play()
        let events = VideoPlayerTests.events(of: player) { !VideoPlayerTests.frames($0).isEmpty }
        #expect(events.contains(.ready(width: 120, height: 80, seconds: 3, hasSound: false)), "\(events)")
        // Read again, paused: its frame is the upright picture.
        player.pause()
        let later = VideoPlayerTests.events(of: player) { $0.contains(.paused(true)) }
        let frame = try #require((VideoPlayerTests.frames(events) + VideoPlayerTests.frames(later)).last)
        player.seek(to: 1)
        let seeked = VideoPlayerTests.events(of: player) { !VideoPlayerTests.frames($0).isEmpty }
        let pixels = try #require(player.pixels(of: VideoPlayerTests.frames(seeked).last ?? frame))
        VideoTests.expectUprightPoster(pixels)
    }
}
