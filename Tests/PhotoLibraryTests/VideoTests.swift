// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import PhotoLibrary
import Pixels
import SystemPackage
import Testing

/// Videos stand in an album as photos do: told by their bytes, shown by a poster frame
/// upright, dated by their container, and a hostile one is a tile that says why.
/// (Tests/Fixtures/make-videos.sh makes them with ffmpeg.)
@Suite struct VideoTests {
    static func video(_ name: String) -> FilePath { FilePath(Fixtures.root.appendingPathComponent("videos/\(name)").path) }

    static func sniffed(_ path: FilePath) throws -> ImageFormat? {
        let bytes = try #require(FileManager.default.contents(atPath: path.string)).prefix(ImageFormat.sniffLength)
        return ImageFormat.sniff(Array(bytes), fileExtension: path.extension ?? "")
    }

    /// The upright picture at the videos' size (120×80), its quarters by their centres.
    static func expectUprightPoster(_ pixels: PixelBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(pixels.width == 120 && pixels.height == 80, "\(pixels.width)×\(pixels.height)", sourceLocation: sourceLocation)
        guard pixels.width == 120, pixels.height == 80 else { return }
        #expect(near(rgb(pixels, 30, 20), (255, 0, 0), within: 48), "top-left red: \(rgb(pixels, 30, 20))", sourceLocation: sourceLocation)
        #expect(near(rgb(pixels, 90, 20), (0, 255, 0), within: 48), "top-right green: \(rgb(pixels, 90, 20))", sourceLocation: sourceLocation)
        #expect(near(rgb(pixels, 30, 60), (0, 0, 255), within: 48), "bottom-left blue: \(rgb(pixels, 30, 60))", sourceLocation: sourceLocation)
        #expect(near(rgb(pixels, 90, 60), (255, 255, 255), within: 48), "bottom-right white: \(rgb(pixels, 90, 60))", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["upright.mp4", "phone.mov", "turned.mp4", "upright.webm", "upright.avi", "upright.mts", "upright.mkv", "sound.mp4"])
    func eachContainerIsAVideoByItsBytesAndShowsUpright(_ name: String) throws {
        #expect(try Self.sniffed(Self.video(name)) == .video)
        Self.expectUprightPoster(try ImageDecoder.decode(Self.video(name), maximumPixelSize: nil))
    }

    @Test func aVideoNamedAsAPhotoIsStillAVideoAndStillsAreNotVideos() throws {
        let renamed = FilePath(FileManager.default.temporaryDirectory.appendingPathComponent("video-\(getpid()).jpg").path)
        try FileManager.default.copyItem(atPath: Self.video("upright.mp4").string, toPath: renamed.string)
        defer { try? FileManager.default.removeItem(atPath: renamed.string) }
        #expect(try Self.sniffed(renamed) == .video)
        #expect(try Self.sniffed(Fixtures.format("upright.heic")) == .heif)
        #expect(try Self.sniffed(Fixtures.format("upright.avif")) == .avif)
        #expect(try Self.sniffed(Self.video("hostile/sound.m4a")) == nil)
        #expect(try Self.sniffed(Self.video("hostile/random.mp4")) == nil)
    }

    @Test func aPosterFitsTheSizeAskedAndAPhoneHeldUprightStandsUpright() throws {
        let small = try ImageDecoder.decode(Self.video("turned.mp4"), maximumPixelSize: 60)
        #expect(small.width == 60 && small.height == 40)
        #expect(near(rgb(small, 15, 10), (255, 0, 0), within: 48) && near(rgb(small, 45, 30), (255, 255, 255), within: 48))
        let facts = try ImageDecoder.embeddedFacts(Self.video("turned.mp4"))
        #expect(facts.pixelWidth == 120 && facts.pixelHeight == 80)
    }

    @Test func aPhoneVideoSaysWhenWhereAndWithWhatItWasRecordedAndHowLong() throws {
        let phone = try ImageDecoder.embeddedFacts(Self.video("phone.mov"))
        // Apple's own date is local time as the phone showed it, whatever this machine's zone.
        #expect(phone.dateTaken == "2019-07-04 21:15:00")
        #expect(phone.cameraMake == "Apple" && phone.cameraModel == "iPhone 12")
        #expect(phone.duration.map { abs($0 - 3) < 0.05 } == true)
        #expect(phone.pixelWidth == 120 && phone.pixelHeight == 80)

        let other = try ImageDecoder.embeddedFacts(Self.video("upright.mp4"))
        // The container's date is UTC: shown as this machine's clock read then.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let moment = try #require(ISO8601DateFormatter().date(from: "2021-06-01T12:03:22Z"))
        let local = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: moment)
        let expected = String(format: "%04d-%02d-%02d %02d:%02d:%02d", local.year!, local.month!, local.day!, local.hour!, local.minute!, local.second!)
        #expect(other.dateTaken == expected)
        #expect(other.latitude.map { abs($0 - 48.8577) < 1e-6 } == true && other.longitude.map { abs($0 - 2.295) < 1e-6 } == true)
    }

    /// An HDR video (PQ or HLG, BT.2020) tone-mapped for the screen: the violet it was made
    /// from, not a washed-out one (untone-mapped, PQ's comes out 88, 69, 112).
    @Test(arguments: ["hdr-smpte2084.mp4", "hdr-arib-std-b67.mp4"])
    func anHDRVideosPosterLooksAsTheColourItWasMadeFrom(_ name: String) throws {
        let poster = try ImageDecoder.decode(Self.video(name), maximumPixelSize: nil)
        #expect(near(rgb(poster, 80, 60), (128, 64, 192), within: 20), "\(rgb(poster, 80, 60))")
    }

    @Test func aTenHourVideoShowsAFrameAndItsLength() throws {
        let facts = try ImageDecoder.embeddedFacts(Self.video("ten-hours.mp4"))
        #expect(facts.duration.map { abs($0 - 36_000) < 1 } == true)
        let poster = try ImageDecoder.decode(Self.video("ten-hours.mp4"), maximumPixelSize: nil)
        #expect(poster.width == 64 && poster.height == 48)
        #expect(near(rgb(poster, 32, 24), (0, 0, 255), within: 48))
    }

    @Test func theLengthIsReadAsAPlayerShowsIt() {
        var facts = EmbeddedFacts()
        facts.duration = 3_725.9
        #expect(EmbeddedFacts(decoding: facts.encoded).duration == 3_725.9)
        let lines = PhotoFacts(fileName: "clip.mp4", byteCount: 10, modificationDate: Date(), embedded: facts).lines
        #expect(lines.contains("Video, 1:02:05"))
    }

    @Test func aVideoCutBeforeItsIndexIsIncomplete() {
        #expect(throws: DecodeError.incomplete) { try ImageDecoder.decode(Self.video("hostile/cut-before-index.mp4"), maximumPixelSize: nil) }
    }

    @Test func anEmptyOrRandomFileNamedAsAVideoSaysSo() {
        for name in ["hostile/empty.mp4", "hostile/random.mp4"] {
            #expect(throws: DecodeError.self) { try ImageDecoder.decode(Self.video(name), maximumPixelSize: nil) }
        }
        #expect(throws: DecodeError.unreadable("the file is empty")) { try ImageDecoder.decode(Self.video("hostile/empty.mp4"), maximumPixelSize: nil) }
    }

    @Test func aPictureDeclaredTooLargeIsRefusedBeforeItIsDecoded() {
        #expect(throws: DecodeError.tooLarge(width: 65_535, height: 65_535)) {
            try ImageDecoder.decode(Self.video("hostile/huge.mp4"), maximumPixelSize: nil)
        }
    }

    @Test func aHundredTracksAreRefusedAndSoundAloneIsNoPicture() throws {
        let many = #expect(throws: DecodeError.self) { try ImageDecoder.decode(Self.video("hostile/many-tracks.mkv"), maximumPixelSize: nil) }
        #expect(many.map { "\($0)" }?.contains("cannot open") == true)
        // ISO media of sound alone, named .mp4: a tile that says why.
        #expect(throws: DecodeError.unreadable("it holds no picture (sound only?)")) {
            try ImageDecoder.decode(Self.video("hostile/sound-only.mp4"), maximumPixelSize: nil)
        }
    }

    /// Matroska as no camera writes it: a picture declared 100000×100000 (a 16×16 JPEG
    /// inside) is refused before anything is decoded at that size; 10,000 tracks are
    /// refused as the hundred are. Facts say no more than the file holds.
    @Test func aPictureDeclared100000ASideOrTenThousandTracksIsRefused() throws {
        let declared = #expect(throws: DecodeError.self) { try ImageDecoder.decode(Self.video("hostile/declared-100000.mkv"), maximumPixelSize: nil) }
        #expect(declared == .tooLarge(width: 100_000, height: 100_000), "\(String(describing: declared))")
        let tracks = #expect(throws: DecodeError.self) { try ImageDecoder.decode(Self.video("hostile/ten-thousand-tracks.mkv"), maximumPixelSize: nil) }
        #expect(tracks.map { "\($0)" }?.contains("cannot open") == true, "\(String(describing: tracks))")
    }

    @Test func anAttachmentDeclaredAGigabyteIsNeverReadAndThePictureStillShows() throws {
        let poster = try ImageDecoder.decode(Self.video("hostile/huge-attachment.mkv"), maximumPixelSize: nil)
        #expect(poster.width == 64 && poster.height == 48 && near(rgb(poster, 32, 24), (255, 0, 0), within: 48))
    }

    @Test func aVideoStillBeingWrittenShowsWhatHasArrived() throws {
        // Its index promises ten seconds; half the file has come.
        let poster = try ImageDecoder.decode(Self.video("hostile/growing.mp4"), maximumPixelSize: nil)
        #expect(poster.width == 120 && poster.height == 80)
        #expect(try ImageDecoder.embeddedFacts(Self.video("hostile/growing.mp4")).duration.map { abs($0 - 10) < 0.2 } == true)
    }

    @Test func aPosterAndFactsComeThroughAHelper() throws {
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper], deadline: 30)
        let poster = try decoder.decode(Self.video("phone.mov"), maximumPixelSize: 120).get()
        Self.expectUprightPoster(poster)
        let facts = try decoder.facts(Self.video("phone.mov")).get()
        #expect(facts.duration.map { abs($0 - 3) < 0.05 } == true && facts.dateTaken == "2019-07-04 21:15:00")
    }
}
