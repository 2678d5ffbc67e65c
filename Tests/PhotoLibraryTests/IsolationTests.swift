// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport
import Marks
import PhotoLibrary
import SystemPackage

/// Decoding in helper processes: a helper that hangs, crashes or runs out of memory costs
/// one failed photo, and the next photo decodes in a fresh helper.
@Suite(.serialized) struct IsolationTests {
    /// The fault-injecting helper built beside this test bundle.
    static var fakeHelper: String { builtExecutable(named: "fake-decode-helper") }

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

    /// A helper killed from outside while it waits in the pool is reaped at once, not left
    /// <defunct> until the next decode; the next decode starts a fresh one.
    @Test func anIdleHelperKilledFromOutsideIsReapedAtOnce() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        _ = try decoder.decode(Fixtures.photo("orient-6.jpg"), maximumPixelSize: nil).get()
        let pid = try #require(decoder.idleHelperIDs.first)
        kill(pid, SIGKILL)
        func isZombieOrGone() -> Bool {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
            return status.contains("State:\tZ")
        }
        func isReaped() -> Bool { (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) == nil }
        // A bound, not a timing claim: without the watch it stays a zombie for good.
        let deadline = Date().addingTimeInterval(10)
        while !isReaped() && Date() < deadline { usleep(10_000) }
        #expect(isReaped(), "no <defunct> helper left")
        #expect(isZombieOrGone())
        #expect(!decoder.idleHelperIDs.contains(pid), "it left the pool")
        let next = try decoder.decode(Fixtures.photo("orient-6.jpg"), maximumPixelSize: nil).get()
        #expect(next.width == 60)
    }

    /// A helper's processor-time budget is per photo: one that has decoded many photos
    /// goes on decoding, however much time they took together (it was killed once its
    /// first budget's worth was spent, and a good photo showed "cannot open").
    @Test func aLongServingHelperIsNotStoppedForTheTimeOfAllItsPhotos() throws {
        let busy = try copy(named: "busy.jpg")
        // A budget of 1 s a photo, and photos of 0.3 s each: 3.6 s in all through one helper.
        let decoder = IsolatedDecoder(command: ["/usr/bin/env", "FAKE_HELPER_CPU_SECONDS=1", Self.fakeHelper], deadline: 60)
        var failures: [String] = []
        for index in 0..<12 {
            if case let .failure(error) = decoder.decode(busy, maximumPixelSize: 64) { failures.append("photo \(index): \(error)") }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(decoder.idleHelperIDs.count == 1, "one helper served them all")
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

    /// A helper lost on a small read (it died, as one starved on a busy machine may) is
    /// replaced and the read asked again: the photo's facts and a sidecar's bytes come back.
    /// A picture is not asked twice: its view is waiting.
    @Test func aSmallReadWhoseHelperDiedIsAskedOnceMoreAPictureIsNot() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("flick-helper-died-\(UUID().uuidString)").path
        defer { unlink(marker) }
        // Each helper started while the marker is absent dies at once, and puts it there.
        let script = "if [ -e '\(marker)' ]; then rm -f '\(marker)'; exec '\(Self.fakeHelper)'; else touch '\(marker)'; exit 3; fi"
        let decoder = IsolatedDecoder(command: ["/bin/sh", "-c", script], deadline: 30)
        let facts = try decoder.facts(Fixtures.photo("orient-6.jpg")).get()
        #expect(facts.pixelWidth != nil, "the facts came from a second helper")
        let marking = IsolatedDecoder(command: ["/bin/sh", "-c", script], deadline: 30)
        #expect(try marking.sidecar(nil, updatedWith: PhotoMarks(rating: 3)).get().isEmpty == false)
        let lone = IsolatedDecoder(command: ["/bin/sh", "-c", script], deadline: 30)
        #expect(throws: DecodeError.self, "a picture's helper lost: said, not asked again") {
            try lone.decode(Fixtures.photo("orient-6.jpg"), maximumPixelSize: nil).get()
        }
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
        // Stopped at its address-space limit, or by its processor budget while the kernel
        // hands it pages: either way the helper, not the machine, pays.
        let outcome = decoder.decode(try copy(named: "hog.jpg"), maximumPixelSize: nil)
        #expect([.failure(.decoderFailed("crashed")), .failure(.decoderFailed("took too long and was stopped"))].contains { $0 == outcome.map { _ in 0 } })
        #expect(try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get().width == 40)
    }

    @Test func aHelperThatCannotStartFailsThePhotoNotTheApp() {
        let decoder = IsolatedDecoder(command: ["/nonexistent/helper"])
        #expect(throws: DecodeError.self) { try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get() }
    }

    /// True while `pid` runs: a zombie (dead, not yet reaped by whoever inherited it)
    /// does not count.
    func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return !status.contains("State:\tZ") && !status.contains("State:\tX")
    }

    /// Processor seconds `pid` has used (user + system).
    func processorSeconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
        return (Double(fields[11])! + Double(fields[12])!) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The most memory `pid` has held at once, in bytes (VmHWM).
    func peakResidentBytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1])! * 1024
    }

    /// Memory `pid` holds of its own (not shared libraries, not files), in bytes (RssAnon).
    func residentAnonymousBytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") })
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1])! * 1024
    }

    @Test func anIdleHelperGivesBackTheBuffersItKeptForTheNextPicture() throws {
        // A 12 MP photo decoded whole: 48 MB of pixels, a size a helper keeps for the next.
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        #expect(try decoder.decode(Fixtures.photo("camera-size.jpg"), maximumPixelSize: nil).get().width == 4000)
        let helper = try #require(decoder.idleHelperIDs.first)
        // However slowly the machine gets to it, the helper is idle and gives them back.
        var held = try residentAnonymousBytes(of: helper)
        let deadline = Date() + 30
        while held >= 24 << 20 && Date() < deadline {
            usleep(50_000)
            held = try residentAnonymousBytes(of: helper)
        }
        #expect(held < 24 << 20, "\(held >> 20) MB held by an idle helper")
    }

    @Test func aHelperInheritsNoDescriptorButItsTwoPipes() throws {
        // Given descriptors the app opened without close-on-exec, as libraries do
        let stray = open("/dev/null", O_RDONLY)
        var strayPipe: [Int32] = [0, 0]
        #expect(pipe(&strayPipe) == 0)
        defer { close(stray); close(strayPipe[0]); close(strayPipe[1]) }

        // When a helper is started
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        _ = try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get()
        let helper = try #require(decoder.idleHelperIDs.first)

        // Then it holds only its request pipe, its answer pipe and stderr
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(helper)/fd").compactMap(Int.init).sorted()
        #expect(open == [0, 1, 2])
        let request = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(helper)/fd/0")
        #expect(request.hasPrefix("pipe:"))
    }

    @Test func aDecodeThatSpinsIsStoppedByItsProcessorBudgetLongBeforeTheDeadline() throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper], deadline: 600)
        _ = try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get()
        let helper = try #require(decoder.idleHelperIDs.first)
        #expect(throws: DecodeError.decoderFailed("took too long and was stopped")) {
            try decoder.decode(try copy(named: "spin.jpg"), maximumPixelSize: nil).get()
        }
        #expect(!isRunning(helper))
        #expect(try decoder.decode(Fixtures.photo("IMG_2.jpg"), maximumPixelSize: nil).get().width == 40)
    }

    @Test(arguments: [
        ("chunk-past-end.png", DecodeError.incomplete),
        ("endless-rows.png", DecodeError.incomplete),
        ("cut-short.png", DecodeError.incomplete),
    ])
    func aCraftedPNGFailsAtOnceWithItsReason(name: String, reason: DecodeError) throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        #expect(throws: reason) { try decoder.decode(Fixtures.hostile(name), maximumPixelSize: 1280).get() }
        // Its helper answered (it is idle again), having spent next to no processor time
        // and memory: no spinning to a deadline, no gigabyte allocated.
        let helper = try #require(decoder.idleHelperIDs.first)
        #expect(try processorSeconds(of: helper) < 1)
        #expect(try peakResidentBytes(of: helper) < 256 << 20)
    }

    @Test func aHugePNGIsReducedAsItIsDecodedHoldingMemoryForThePictureNotTheWhole() throws {
        // 6000×6000: 144 MB decoded whole; bands of dark and light grey 600 rows high.
        // (Processor time to spare: this is a debug build.)
        let decoder = IsolatedDecoder(command: ["/usr/bin/env", "FAKE_HELPER_CPU_SECONDS=60", Self.fakeHelper], deadline: 120)
        let pixels = try decoder.decode(Fixtures.hostile("huge-scan.png"), maximumPixelSize: 1000).get()
        #expect(pixels.width == 1000 && pixels.height == 1000)
        #expect(near(rgb(pixels, 500, 50), (50, 50, 50), within: 1) && near(rgb(pixels, 500, 150), (200, 200, 200), within: 1))
        #expect(pixels.isOpaque)
        let helper = try #require(decoder.idleHelperIDs.first)
        let peak = try peakResidentBytes(of: helper)
        #expect(peak < 64 << 20, "\(peak >> 20) MB")
    }

    @Test(arguments: ["text-bomb.png", "chunk-storm.png"])
    func aGoodPictureBehindCraftedChunksStillShows(name: String) throws {
        let decoder = IsolatedDecoder(command: [Self.fakeHelper])
        let pixels = try decoder.decode(Fixtures.hostile(name), maximumPixelSize: nil).get()
        #expect(pixels.width == 8 && pixels.height == 8)
        #expect(near(rgb(pixels, 4, 4), (128, 128, 128), within: 2))
        let helper = try #require(decoder.idleHelperIDs.first)
        #expect(try processorSeconds(of: helper) < 1)
        #expect(try peakResidentBytes(of: helper) < 256 << 20)
    }

    @Test func aHelperBusyOnAFileDiesWithItsParent() throws {
        // Given a parent whose helper spins on a file
        let spinning = try copy(named: "spin-parent.jpg")
        let parent = Process()
        parent.executableURL = URL(fileURLWithPath: Self.fakeHelper)
        parent.arguments = ["--parent", spinning.string]
        let output = Pipe()
        parent.standardOutput = output
        try parent.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let helper = try #require(Int32(line.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(isRunning(helper))

        // When the parent is killed outright
        kill(parent.processIdentifier, SIGKILL)
        parent.waitUntilExit()

        // Then the helper is gone within two seconds (its own budget would take longer)
        let deadline = Date().addingTimeInterval(2)
        while isRunning(helper) && Date() < deadline { usleep(10_000) }
        #expect(!isRunning(helper))
    }
}
