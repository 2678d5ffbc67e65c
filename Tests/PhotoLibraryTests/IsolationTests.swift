import Foundation
import Testing
import PhotoLibrary
import SystemPackage

/// Decoding in helper processes: a helper that hangs, crashes or runs out of memory costs
/// one failed photo, and the next photo decodes in a fresh helper.
@Suite(.serialized) struct IsolationTests {
    /// The fault-injecting helper built beside this test bundle.
    static var fakeHelper: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for directory in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("fake-decode-helper").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/fake-decode-helper").path
    }

    /// A copy of a good fixture under a name that makes the fake helper misbehave.
    func copy(named name: String) throws -> FilePath {
        let target = Fixtures.root.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: target.path) {
            try FileManager.default.copyItem(at: Fixtures.photos.appendingPathComponent("IMG_2.jpg"), to: target)
        }
        return FilePath(target.path)
    }

    func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

    @Test func aGoodFileDecodesThroughAHelper() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        let pixels = try decoder.decode(Fixtures.photo("orient-6.jpg"), maximumPixelSize: nil).get()
        #expect(pixels.width == 60 && pixels.height == 40)
        #expect(decoder.idleHelperIDs.count == 1)
        #expect(throws: DecodeError.tooLarge(width: 64250, height: 64250)) {
            try decoder.decode(Fixtures.photo("huge.jpg"), maximumPixelSize: 64).get()
        }
    }

    @Test func anEmbeddedPreviewIsReadThroughAHelperToo() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        let preview = try decoder.decode(Fixtures.photo("preview-turned.jpg"), kind: .embeddedPreview, maximumPixelSize: nil).get()
        #expect(preview.width == 107 && preview.height == 160)
        let photo = try decoder.decode(Fixtures.photo("preview-turned.jpg"), maximumPixelSize: nil).get()
        #expect(photo.width == 200 && photo.height == 300, "the same helper then decodes the photo itself")
    }

    @Test func aHangingDecodeIsStoppedAtTheDeadlineAndTheNextPhotoStillDecodes() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper], deadline: 1)
        _ = try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get()
        let hungHelper = try #require(decoder.idleHelperIDs.first)
        let start = Date()
        let result = decoder.decode(try copy(named: "hang.jpg"), maximumPixelSize: nil)
        let waited = Date().timeIntervalSince(start)
        #expect(throws: DecodeError.decoderFailed("took too long and was stopped")) { try result.get() }
        #expect(waited >= 0.9 && waited < 5)
        #expect(!isAlive(hungHelper))
        let next = try decoder.decode(Fixtures.photo("IMG_10.jpg"), maximumPixelSize: nil).get()
        #expect(next.width == 40)
    }

    @Test func aCrashingDecodeFailsAtOnceAndTheNextPhotoStillDecodes() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper], deadline: 30)
        let start = Date()
        #expect(throws: DecodeError.decoderFailed("crashed")) { try decoder.decode(try copy(named: "crash.jpg"), maximumPixelSize: nil).get() }
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get().width == 40)
    }

    @Test func aDecodeThatGrabsAllMemoryHitsTheHelpersLimitNotTheMachine() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper], deadline: 30)
        #expect(throws: DecodeError.decoderFailed("crashed")) { try decoder.decode(try copy(named: "hog.jpg"), maximumPixelSize: nil).get() }
        #expect(try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get().width == 40)
    }

    @Test func aHelperThatCannotStartFailsThePhotoNotTheApp() {
        let decoder = IsolatedDecoder(command: ["/nonexistent/helper"])
        #expect(throws: DecodeError.self) { try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get() }
    }
}
