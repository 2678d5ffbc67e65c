// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage
import Testing
import TestSupport
import Pixels
@testable import PhotoLibrary

/// Animated GIF, APNG and WebP (Tests/Fixtures/make-animations.py): every frame composed as the
/// file says, at its delay, as often as it says, through a helper of its own.
@Suite struct AnimationDecodingTests {
    static let red = (255, 0, 0), green = (0, 255, 0), blue = (0, 0, 255), grey = (128, 128, 128)

    static func decoder(_ name: String) throws -> AnimationDecoder {
        let path = Fixtures.animation(name)
        let bytes = try ImageDecoder.read(path, limits: DecodeLimits())
        let format = try #require(ImageFormat.sniff(Array(bytes.prefix(16)), fileExtension: ""))
        return try #require(try AnimationDecoders.open(bytes, format: format, limits: DecodeLimits()), "\(name) is not animated")
    }

    static func frames(_ name: String) throws -> [AnimationFrame] {
        let decoder = try decoder(name)
        var frames: [AnimationFrame] = []
        while let frame = try decoder.nextFrame() { frames.append(frame) }
        return frames
    }

    @Test(arguments: ["gif-rgb.gif", "apng-rgb.png", "webp-rgb.webp"])
    func framesComeInOrderWithTheirDelaysAndPlays(name: String) throws {
        let decoder = try Self.decoder(name)
        #expect(decoder.info.frameCount == 3)
        #expect(decoder.info.plays == 3, "a GIF's loop extension counts repeats after the first play")
        #expect(decoder.info.width == 8 && decoder.info.height == 6)
        for pass in 0..<2 {
            var seen: [((Int, Int, Int), Double)] = []
            while let frame = try decoder.nextFrame() { seen.append((rgb(frame.pixels, 4, 3), frame.delay)) }
            #expect(seen.count == 3, "pass \(pass)")
            for (index, expected) in [(Self.red, 0.1), (Self.green, 0.2), (Self.blue, 0.3)].enumerated() where index < seen.count {
                #expect(near(seen[index].0, expected.0, within: 2), "\(name) frame \(index): \(seen[index].0)")
                #expect(abs(seen[index].1 - expected.1) < 0.001, "\(name) frame \(index) delay \(seen[index].1)")
            }
            try decoder.rewind()
        }
    }

    @Test func aGIFWithoutALoopExtensionPlaysOnceAndShortDelaysShowForATenthOfASecond() throws {
        let decoder = try Self.decoder("gif-once.gif")
        #expect(decoder.info.plays == 1)
        let delays = try Self.frames("gif-once.gif").map(\.delay)
        #expect(delays == [0.1, 0.1])
    }

    @Test func aGIFFrameDisposedToBackgroundLeavesItsRectangleTransparent() throws {
        let last = try #require(try Self.frames("gif-dispose-background.gif").last).pixels
        #expect(last.pixel(x: 0, y: 0).alpha == 0 && last.pixel(x: 1, y: 1).alpha == 0)
        #expect(rgb(last, 3, 0) == Self.red && rgb(last, 0, 3) == Self.red)
        #expect(rgb(last, 3, 3) == Self.green)
        #expect(!last.isOpaque)
    }

    @Test func aGIFFrameDisposedToPreviousPutsBackWhatWasUnderItAndTransparentIndicesShowThrough() throws {
        let frames = try Self.frames("gif-dispose-previous.gif")
        try #require(frames.count == 3)
        #expect(rgb(frames[1].pixels, 0, 0) == Self.blue)
        let last = frames[2].pixels
        #expect(rgb(last, 0, 0) == Self.red && rgb(last, 1, 1) == Self.red)
        #expect(rgb(last, 2, 2) == Self.red, "the transparent index shows the red under it")
        #expect(rgb(last, 3, 3) == Self.green)
        #expect(last.isOpaque)
    }

    @Test func anInterlacedGIFFrameHasItsRowsInPlace() throws {
        let first = try Self.frames("gif-interlaced.gif")[0].pixels
        for row in 0..<11 {
            #expect(rgb(first, 1, row) == [Self.red, Self.green, Self.blue][row % 3], "row \(row)")
        }
    }

    @Test func apngFramesBlendOverAndAreDisposedAndTheStillPictureIsNoFrame() throws {
        let frames = try Self.frames("apng-blend.png")
        try #require(frames.count == 3)
        #expect(rgb(frames[0].pixels, 0, 0) == Self.red, "the grey still is not the first frame")
        #expect(frames[0].delay == 0.1, "1/100 s shows for 100 ms")
        let blended = frames[1].pixels.pixel(x: 1, y: 1)
        #expect(abs(Int(blended.red) - 127) <= 2 && abs(Int(blended.blue) - 128) <= 2 && blended.alpha == 255,
                "half-transparent blue over red: \(blended)")
        let last = frames[2].pixels
        #expect(rgb(last, 1, 1) == Self.red || last.pixel(x: 1, y: 1).alpha == 0)
        #expect(last.pixel(x: 1, y: 1).alpha == 0, "disposed to background: cleared")
        #expect(last.pixel(x: 3, y: 3).alpha == 0, "a transparent frame drawn as source replaces")
        #expect(rgb(last, 0, 0) == Self.red)
    }

    @Test func stillFilesAreNoAnimation() throws {
        for path in [Fixtures.animation("still.png"), Fixtures.photo("orient-1.webp")] {
            let bytes = try ImageDecoder.read(path, limits: DecodeLimits())
            let format = try #require(ImageFormat.sniff(Array(bytes.prefix(16)), fileExtension: ""))
            #expect(try AnimationDecoders.open(bytes, format: format, limits: DecodeLimits()) == nil, "\(path)")
        }
    }

    @Test func anAnimatedWebPShowsItsFirstFrameAsAPicture() throws {
        let pixels = try ImageDecoder.decode(Fixtures.animation("webp-rgb.webp"), maximumPixelSize: nil)
        #expect(pixels.width == 8 && pixels.height == 6)
        #expect(near(rgb(pixels, 4, 3), Self.red, within: 2))
    }

    @Test(arguments: ["gif-rgb.gif", "apng-rgb.png"])
    func gifsAndAPNGsShowTheirFirstFrameAsAPicture(name: String) throws {
        let pixels = try ImageDecoder.decode(Fixtures.animation(name), maximumPixelSize: nil)
        #expect(rgb(pixels, 4, 3) == Self.red)
    }
}

@Suite struct AnimationStreamTests {
    static var fakeHelper: String { builtExecutable(named: "fake-decode-helper") }

    /// Frames a stream gives before it ends (nil) or fails, at most `limit`.
    static func drain(_ stream: AnimationStream, limit: Int) -> (frames: Int, ending: Result<Void, DecodeError>) {
        var frames = 0
        while frames < limit {
            switch stream.nextFrame() {
            case .success(nil): return (frames, .success(()))
            case .success: frames += 1
            case let .failure(error): return (frames, .failure(error))
            }
        }
        return (frames, .success(()))
    }

    @Test func fortyThousandFramesAreCountedAndStreamedNotHeld() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        let stream = try #require(try decoder.openAnimation(Fixtures.animation("gif-40000-frames.gif"), maximumPixelSize: nil).get())
        #expect(stream.info.frameCount == 40_000)
        let (frames, ending) = Self.drain(stream, limit: 500)
        #expect(frames == 500)
        if case let .failure(error) = ending { Issue.record("\(error)") }
        stream.close()
    }

    @Test func aGIFCutShortPlaysTheFramesItHasThenEnds() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        let stream = try #require(try decoder.openAnimation(Fixtures.animation("gif-cut.gif"), maximumPixelSize: nil).get())
        let (frames, ending) = Self.drain(stream, limit: 10)
        #expect(frames >= 2 && frames < 5, "\(frames) frames")
        guard case .failure(.incomplete) = ending else { Issue.record("ended with \(ending)"); return }
        stream.close()
        #expect(decoder.idleHelperIDs.count == 1, "the helper survived the cut and serves on")
    }

    @Test(arguments: ["gif-canvas-bomb.gif", "apng-outside.png", "apng-bad-sequence.png", "webp-cut.webp"])
    func hostileAnimationsAreRefusedWithAReason(name: String) throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        guard case let .failure(error) = decoder.openAnimation(Fixtures.animation(name), maximumPixelSize: nil) else {
            Issue.record("\(name) opened"); return
        }
        #expect(!error.headline.isEmpty)
        #expect(decoder.busyHelperIDs.isEmpty)
    }

    @Test func anAPNGCutShortPlaysItsWholeFrames() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        let stream = try #require(try decoder.openAnimation(Fixtures.animation("apng-cut.png"), maximumPixelSize: nil).get())
        #expect(stream.info.frameCount == 2, "the frame whose data is cut off is not counted")
        #expect(Self.drain(stream, limit: 10).frames == 2)
        stream.close()
    }

    @Test func aStreamDecodesFramesInItsHelperAtTheSizeAskedAndRewinds() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        let stream = try #require(try decoder.openAnimation(Fixtures.animation("gif-rgb.gif"), maximumPixelSize: 4).get())
        #expect(stream.info.frameCount == 3 && stream.info.plays == 3)
        #expect(decoder.busyHelperIDs.count == 1, "the stream holds its helper")
        var colours: [(Int, Int, Int)] = []
        while case let .success(frame?) = stream.nextFrame() {
            #expect(frame.pixels.width == 4 && frame.pixels.height == 3)
            colours.append(rgb(frame.pixels, 2, 1))
        }
        #expect(colours.count == 3 && colours[2] == (0, 0, 255))
        stream.rewind()
        guard case let .success(again?) = stream.nextFrame() else { Issue.record("no frame after rewinding"); return }
        #expect(rgb(again.pixels, 2, 1) == (255, 0, 0))
        stream.close()
        #expect(decoder.busyHelperIDs.isEmpty && decoder.idleHelperIDs.count == 1, "the helper is back in the pool")
        // …and serves ordinary requests again.
        #expect((try? decoder.decode(Fixtures.animation("still.png"), maximumPixelSize: nil).get())?.width == 4)
    }

    @Test func aStillFileOpensNoStreamAndLeavesItsHelperFree() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        #expect(try decoder.openAnimation(Fixtures.animation("still.png"), maximumPixelSize: nil).get() == nil)
        #expect(decoder.busyHelperIDs.isEmpty && decoder.idleHelperIDs.count == 1)
    }

    @Test func aFileThatIsNoImageFailsToOpen() {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        guard case .failure = decoder.openAnimation(Fixtures.odd("empty.jpg"), maximumPixelSize: nil) else {
            Issue.record("an empty file opened as an animation"); return
        }
    }
}

/// Frames from memory, counting what the feed asked for.
final class MemoryAnimation: AnimationSource, @unchecked Sendable {
    let info: AnimationInfo
    let frames: [AnimationFrame]
    private let lock = NSLock()
    private var position = 0
    private(set) var rewinds = 0
    private(set) var closed = false

    init(colours: [(UInt8, UInt8, UInt8)], delays: [Double], plays: Int, side: Int = 4) {
        frames = zip(colours, delays).map { colour, delay in
            AnimationFrame(pixels: PixelBuffer(width: side, height: side, blue: colour.2, green: colour.1, red: colour.0), delay: delay)
        }
        info = AnimationInfo(width: side, height: side, frameCount: frames.count, plays: plays)
    }

    func nextFrame() -> Result<AnimationFrame?, DecodeError> {
        lock.withLock {
            guard position < frames.count else { return .success(nil) }
            defer { position += 1 }
            return .success(frames[position])
        }
    }

    func rewind() { lock.withLock { position = 0; rewinds += 1 } }
    func close() { lock.withLock { closed = true } }
}

@Suite struct AnimationPlaybackTests {
    static func feed(_ source: MemoryAnimation, budget: Int = AnimationFeed.defaultBudgetBytes) -> AnimationFeed {
        AnimationFeed(budgetBytes: budget, open: { .success(source) }, wake: {})
    }

    /// The red channel of what is on show, as the frame's name.
    static func shownRed(_ player: AnimationPlayer<AnimationFrame>) -> UInt8? { player.shown?.pixels.pixel(x: 0, y: 0).red }

    @Test func framesShowInOrderEachForItsDelayAsOftenAsTheFileSays() throws {
        let source = MemoryAnimation(colours: [(1, 0, 0), (2, 0, 0), (3, 0, 0)], delays: [0.1, 0.2, 0.3], plays: 2)
        let feed = Self.feed(source)
        let player = AnimationPlayer<AnimationFrame>(feed: feed, prepare: { $0 }, discard: { _ in })
        #expect(feed.waitForFrames(6, timeout: 30))
        let clock = ManualClock()
        var timeline: [(time: Double, frame: UInt8)] = []
        // Stepping the clock from change to change, as the frame loop does.
        for _ in 0..<100 where !player.isOver {
            if let next = player.nextChange { clock.advance(to: next) } else { #expect(feed.waitForFrames(1, timeout: 30)) }
            if player.advance(to: clock.now), let red = Self.shownRed(player) { timeline.append((clock.now, red)) }
        }
        #expect(timeline.map(\.frame) == [1, 2, 3, 1, 2, 3])
        let times = timeline.map(\.time)
        let expected = [0, 0.1, 0.3, 0.6, 0.7, 0.9]
        #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
        #expect(player.isOver && Self.shownRed(player) == 3, "the last frame stays")
    }

    @Test func nothingChangesBeforeAFrameIsDueAndALateClockDoesNotRaceThroughFrames() throws {
        let source = MemoryAnimation(colours: [(1, 0, 0), (2, 0, 0), (3, 0, 0)], delays: [0.1, 0.1, 0.1], plays: 0)
        let feed = Self.feed(source)
        let player = AnimationPlayer<AnimationFrame>(feed: feed, prepare: { $0 }, discard: { _ in })
        #expect(feed.waitForFrames(3, timeout: 30))
        #expect(player.advance(to: 10) && Self.shownRed(player) == 1)
        #expect(!player.advance(to: 10.05) && Self.shownRed(player) == 1)
        #expect(player.nextChange == 10.1)
        // Two seconds late: one step to the next frame, timed afresh from now.
        #expect(player.advance(to: 12) && Self.shownRed(player) == 2)
        #expect(!player.advance(to: 12.05))
        #expect(player.nextChange == 12.1)
        player.stop()
    }

    @Test func aFrameNotReadyWhenDueWaitsAndTheOneOnShowStays() throws {
        let source = MemoryAnimation(colours: [(1, 0, 0), (2, 0, 0)], delays: [0.1, 0.1], plays: 0)
        let feed = Self.feed(source)
        let player = AnimationPlayer<AnimationFrame>(feed: feed, prepare: { $0 }, discard: { _ in })
        #expect(feed.waitForFrames(2, timeout: 30))
        #expect(player.advance(to: 0))
        #expect(!player.advance(to: 0.1, isReady: { _ in false }) && Self.shownRed(player) == 1)
        #expect(player.advance(to: 0.12) && Self.shownRed(player) == 2)
        player.stop()
    }

    @Test func aLongAnimationIsStreamedWithinTheBudgetAndRewoundForEachPass() throws {
        // 300 frames of 64 bytes, a budget of ten: never all in memory.
        let count = 300
        let source = MemoryAnimation(colours: (0..<count).map { (UInt8($0 % 256), UInt8($0 / 256), 0) },
                                     delays: Array(repeating: 0.02, count: count), plays: 2)
        let frameBytes = 4 * 4 * 4
        let feed = Self.feed(source, budget: 10 * frameBytes)
        var taken: [Int] = []
        while taken.count < 2 * count {
            #expect(feed.waitForFrames(1, timeout: 30))
            #expect(feed.bufferedBytes <= 10 * frameBytes)
            guard let frame = feed.takeFrame() else { break }
            let pixel = frame.pixels.pixel(x: 0, y: 0)
            taken.append(Int(pixel.red) + 256 * Int(pixel.green))
        }
        #expect(taken == Array(0..<count) + Array(0..<count))
        #expect(feed.waitForFrames(1, timeout: 30) && feed.isExhausted)
        #expect(source.rewinds == 1 && source.closed)
    }

    @Test func tinyFramesAreHeldAheadByCountNotOnlyByBytes() throws {
        let count = 2000
        let source = MemoryAnimation(colours: Array(repeating: (1, 0, 0), count: count), delays: Array(repeating: 0.02, count: count),
                                     plays: 0, side: 2)
        let feed = Self.feed(source)
        #expect(feed.waitForFrames(AnimationFeed.maximumFramesAhead, timeout: 30))
        // Give the feed every chance to run past the cap: it waits for a frame to be taken.
        for _ in 0..<50 where feed.bufferedCount == AnimationFeed.maximumFramesAhead { usleep(1000) }
        #expect(feed.bufferedCount == AnimationFeed.maximumFramesAhead)
        for _ in 0..<10 { _ = feed.takeFrame() }
        #expect(feed.waitForFrames(AnimationFeed.maximumFramesAhead, timeout: 30))
        #expect(feed.bufferedCount <= AnimationFeed.maximumFramesAhead)
        feed.stop()
    }

    @Test func aShortAnimationIsDecodedOnceAndReplayedFromMemory() throws {
        let source = MemoryAnimation(colours: [(1, 0, 0), (2, 0, 0)], delays: [0.1, 0.1], plays: 0)
        let feed = Self.feed(source)
        var taken: [UInt8] = []
        for _ in 0..<10 {
            #expect(feed.waitForFrames(1, timeout: 30))
            if let frame = feed.takeFrame() { taken.append(frame.pixels.pixel(x: 0, y: 0).red) }
        }
        #expect(taken == [1, 2, 1, 2, 1, 2, 1, 2, 1, 2])
        #expect(source.rewinds == 0 && source.closed, "replayed from memory, its source let go")
        feed.stop()
    }

    @Test func aStoppedFeedLetsItsSourceGo() throws {
        let source = MemoryAnimation(colours: Array(repeating: (1, 0, 0), count: 100), delays: Array(repeating: 0.1, count: 100), plays: 0)
        let feed = Self.feed(source, budget: 2 * 64)
        #expect(feed.waitForFrames(2, timeout: 30))
        feed.stop()
        let deadline = Date(timeIntervalSinceNow: 30)
        while !source.closed && Date() < deadline { usleep(1000) }
        #expect(source.closed)
    }
}

@Suite struct APNGInvalidAnimationTests {
    /// As browsers do: an APNG whose animation is invalid shows its default image, still.
    @Test func anAPNGWhoseFramesAreOutOfSequenceShowsItsDefaultImage() throws {
        let pixels = try ImageDecoder.decode(Fixtures.animation("apng-bad-sequence.png"), maximumPixelSize: nil)
        #expect(pixels.width == 8 && pixels.height == 6)
        #expect(rgb(pixels, 4, 3) == (255, 0, 0), "the IDAT's red: \(rgb(pixels, 4, 3))")
    }

    /// Whole, its acTL counting five frames where it has three: no animation plays, the
    /// default image shows.
    @Test func anAPNGWhoseFrameCountIsWrongShowsItsDefaultImageStill() throws {
        let path = Fixtures.animation("apng-miscount.png")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path.string)))
        #expect(try AnimationDecoders.open(bytes, format: .png, limits: DecodeLimits()) == nil, "no animation")
        let pixels = try ImageDecoder.decode(path, maximumPixelSize: nil)
        #expect(rgb(pixels, 4, 3) == (255, 0, 0), "the default image's red: \(rgb(pixels, 4, 3))")
    }
}
