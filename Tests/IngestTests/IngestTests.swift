// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Ingest
import PhotoLibrary
import SystemPackage
import TestSupport
import Testing

/// Imports from a card made for each test to real folders; after each, the card is as it
/// was, and no file at its final name differs from the card's.
@Suite struct IngestTests {
    @Test func aCardOfPairsGoesToTwoDestinationsRenamedWithItsSidecarsAndTimes() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(3)
        try card.write("DCIM/100CANON/IMG_0002.CR3.xmp", bytes: 300)
        try card.write("DCIM/100CANON/CANONMSC.CTG", bytes: 64)
        let before = TestCard.snapshot(card.card)
        let primary = card.folder("Pictures"), backup = card.folder("Backup")

        let report = try card.ingest(to: ["\(primary.path)/{camera}", "\(backup.path)"], rename: "{job}-{seq:3}-{number}", job: "Shoot").run()

        #expect(report.isComplete && report.copiedCount == 7 && report.failedCount == 0, "\(report.lines(relativeTo: card.source))")
        let names = try FileManager.default.contentsOfDirectory(atPath: primary.appendingPathComponent("Canon EOS R6").path).sorted()
        #expect(names == ["Shoot-001-0001.CR3", "Shoot-001-0001.JPG", "Shoot-002-0002.CR3", "Shoot-002-0002.CR3.xmp", "Shoot-002-0002.JPG",
                          "Shoot-003-0003.CR3", "Shoot-003-0003.JPG"], "pairs share a name, the sidecar travels, the camera's catalogue stays")
        #expect(try FileManager.default.contentsOfDirectory(atPath: backup.path).sorted() == names)
        // The copies keep the card's times.
        let original = try FileManager.default.attributesOfItem(atPath: card.card.appendingPathComponent("DCIM/100CANON/IMG_0001.CR3").path)
        let copy = try FileManager.default.attributesOfItem(atPath: backup.appendingPathComponent("Shoot-001-0001.CR3").path)
        #expect(original[.modificationDate] as? Date == copy[.modificationDate] as? Date)
        card.expectEveryFileOnce(in: backup, leavingOut: ["CANONMSC.CTG"])
        card.expectOnlyWholeCopies(in: primary)
        #expect(TestCard.snapshot(card.card) == before, "the card is as it was")
    }

    @Test func importingAgainSkipsWhatIsThereByContentWhateverItsName() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(4)
        let destination = card.folder("Pictures")
        _ = try card.ingest(to: [destination.path]).run()
        try FileManager.default.moveItem(at: destination.appendingPathComponent("IMG_0002.JPG"), to: destination.appendingPathComponent("Grandma.jpg"))

        let again = try card.ingest(to: [destination.path]).run()
        #expect(again.copiedCount == 0 && again.skippedCount == 8 && again.isComplete, "\(again.lines(relativeTo: card.source))")
        card.expectEveryFileOnce(in: destination)
    }

    @Test func namesThatCollideTakeTheNextNumberNeverReplacing() throws {
        let card = try TestCard()
        defer { card.remove() }
        // The camera's numbers went round: IMG_0001 in 100CANON and in 101CANON.
        try card.pairs(2, in: "DCIM/100CANON")
        try card.pairs(2, in: "DCIM/101CANON", rawBytes: 50_000)
        let destination = card.folder("Pictures")
        let report = try card.ingest(to: [destination.path]).run()
        #expect(report.copiedCount == 8 && report.isComplete)
        let names = try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted()
        #expect(names == ["IMG_0001-2.CR3", "IMG_0001-2.JPG", "IMG_0001.CR3", "IMG_0001.JPG", "IMG_0002-2.CR3", "IMG_0002-2.JPG", "IMG_0002.CR3", "IMG_0002.JPG"])
        card.expectEveryFileOnce(in: destination)

        // One name for all: each takes the next number.
        let same = card.folder("Same")
        _ = try card.ingest(to: [same.path], rename: "{job}", job: "Party").run()
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: same.path)) == Set(["Party", "Party-2", "Party-3", "Party-4"].flatMap { [$0 + ".CR3", $0 + ".JPG"] }))
        card.expectEveryFileOnce(in: same)
    }

    @Test func aTemplateMakingAnIllegalOrOverLongNameMakesASafeOne() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(2)
        let destination = card.folder("Pictures")
        let report = try card.ingest(to: [destination.path], rename: "../{camera}:*?|" + String(repeating: "{name}ü", count: 40), camera: "AC/DC").run()
        #expect(report.isComplete && report.copiedCount == 4, "\(report.lines(relativeTo: card.source))")
        let names = try FileManager.default.contentsOfDirectory(atPath: destination.path)
        #expect(names.count == 4)
        for name in names {
            #expect(name.utf8.count <= 255 && !name.hasPrefix(".") && !name.contains("/") && !name.contains(":"), "\(name)")
        }
        #expect(names.allSatisfy { $0.hasPrefix("_.-AC-DC----IMG_0001ü") || $0.hasPrefix("_.-AC-DC----IMG_0002ü") }, "\(names)")
        card.expectEveryFileOnce(in: destination)
    }

    /// A dry run says where each file would go, with a camera's clock put right, and writes
    /// nothing; the import then puts them there.
    @Test func aDryRunSaysWhereEachFileWouldGoAndWritesNothing() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(2)
        let destination = card.folder("Pictures")
        var options = try card.ingest(to: [destination.path + "/%Y-%m-%d"], rename: "%H%M-{number}").options
        options.clockShifts = ["canon eos r6": -2 * 3600]
        options.isDryRun = true
        let taken = TakenTime(year: 2026, month: 5, day: 2, hour: 1, minute: 15)
        let dry = try Ingest(source: card.source, options: options) { _ in (taken, "Canon EOS R6", nil) }.run()
        let planned = dry.files.compactMap { if case let .wouldCopy(targets) = $0.outcome { targets.first?.string } else { nil } }
        #expect(Set(planned) == Set(["IMG_0001.CR3", "IMG_0001.JPG", "IMG_0002.CR3", "IMG_0002.JPG"].map {
            destination.path + "/2026-05-01/2315-" + $0.dropFirst(4)
        }), "two hours earlier: the day before; \(planned)")
        #expect(!FileManager.default.fileExists(atPath: destination.path), "nothing written")
        #expect(dry.lines(relativeTo: card.source).last == "4 would be copied, 0 already imported (a dry run: nothing was written).")

        options.isDryRun = false
        let real = try Ingest(source: card.source, options: options) { _ in (taken, "Canon EOS R6", nil) }.run()
        #expect(real.copiedCount == 4 && FileManager.default.fileExists(atPath: destination.path + "/2026-05-01/2315-0001.CR3"))
    }

    /// A camera's clock set right at import goes into each copy's sidecar as its date
    /// taken (exif:DateTimeOriginal, where Flick's timeline, darktable and digiKam read it);
    /// the copies' bytes stay the card's.
    @Test func aClockSetRightIsWrittenIntoTheCopiesSidecars() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(1)
        let destination = card.folder("Pictures")
        var options = try card.ingest(to: [destination.path], rename: "{name}").options
        options.clockShifts = ["canon eos r6": -2 * 3600]
        let taken = TakenTime(year: 2026, month: 5, day: 2, hour: 1, minute: 15)
        let captioner = Ingest.captioner(from: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]))
        let report = try Ingest(source: card.source, options: options, facts: { _ in (taken, "Canon EOS R6", nil) }, captioner: captioner).run()
        #expect(report.copiedCount == 2 && report.uncaptioned.isEmpty)
        for name in ["IMG_0001.CR3.xmp", "IMG_0001.JPG.xmp"] {
            let (status, read) = try runExternalTool(["exiftool", "-s", "-s", "-s", "-XMP-exif:DateTimeOriginal", destination.appendingPathComponent(name).path])
            #expect(status == 0 && read.hasPrefix("2026:05:01 23:15:00"), "\(name): \(read)")
        }

        // Without a shift, nothing is written where nothing else asks for a sidecar.
        let plain = card.folder("Plain")
        let unshifted = try card.ingest(to: [plain.path], rename: "{name}").options
        _ = try Ingest(source: card.source, options: unshifted, facts: { _ in (taken, "Canon EOS R6", nil) }, captioner: captioner).run()
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("IMG_0001.CR3.xmp").path))
    }

    /// A photo whose date cannot be read because its reader failed (it hung or crashed, on
    /// a busy machine: asked twice) is still copied, filed by its file's time, and the
    /// report says which and why; a file that simply holds no date is no problem to report.
    @Test func aPhotoWhoseDateCannotBeReadIsCopiedAndSaidToBeFiledByItsFilesTime() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(2)
        let destination = card.folder("Pictures")
        let options = IngestOptions(destinations: [try NameTemplate(destination.path + "/%Y-%m-%d")], rename: try NameTemplate("{name}"), job: "")
        // Helpers that die at once: every read of the card fails as a crashed reader's does.
        let dying = IsolatedDecoder(command: ["/bin/sh", "-c", "exit 3"], deadline: 5)
        let report = try Ingest(source: card.source, options: options, facts: Ingest.facts(from: dying)).run()
        #expect(report.copiedCount == 4 && report.undated.count == 2, "\(report.lines(relativeTo: card.source))")
        #expect(report.undated.allSatisfy { $0.reason.hasPrefix("its reader") }, "\(report.undated)")
        let lines = report.lines(relativeTo: card.source)
        #expect(lines.filter { $0.hasPrefix("undated DCIM/100CANON/IMG_000") && $0.hasSuffix("filed by its file's time") }.count == 2, "\(lines)")
        // The card's files hold no date (they are not pictures): read, nothing to say.
        let plain = try Ingest(source: card.source, options: options, facts: { _ in (nil, nil, nil) }).run()
        #expect(plain.undated.isEmpty)
    }

    @Test func aDestinationOnTheCardIsRefusedAndNothingIsWritten() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(1)
        let before = TestCard.snapshot(card.card)
        #expect(throws: IngestRefusal.self) { try card.ingest(to: [card.card.appendingPathComponent("DCIM/copies/%Y").path]).run() }
        #expect(TestCard.snapshot(card.card) == before)
    }

    @Test func twoThousandFilesAllArriveOnceAndASecondRunCopiesNone() throws {
        let card = try TestCard()
        defer { card.remove() }
        for folder in 0..<10 { try card.pairs(100, in: "DCIM/\(100 + folder)CANON", first: folder * 100 + 1, rawBytes: 900, jpegBytes: 300) }
        let destination = card.folder("Pictures")
        let report = try card.ingest(to: [destination.path + "/%Y"]).run()
        #expect(report.copiedCount == 2000 && report.isComplete)
        card.expectEveryFileOnce(in: destination)
        let again = try card.ingest(to: [destination.path + "/%Y"]).run()
        #expect(again.copiedCount == 0 && again.skippedCount == 2000)
    }

    @Test func aFileThatShrinksWhileItIsReadIsNotCopiedAndTheRestAre() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(2)
        let big = try card.write("DCIM/100CANON/MVI_0009.MP4", bytes: 10 << 20, modified: Date(timeIntervalSince1970: 1_790_000_000))
        let destination = card.folder("Pictures")
        var truncated = false
        let report = try card.ingest(to: [destination.path]).run { progress in
            // Halfway through the video, another program cuts it short.
            if !truncated, progress.current?.string == big.path, progress.bytes > 0 {
                truncated = true
                _ = truncate(big.path, 1 << 20)
            }
            return true
        }
        #expect(truncated)
        let outcome = report.files.first { $0.source.string == big.path }?.outcome
        #expect(outcome == .failed(.sourceChanged), "\(report.lines(relativeTo: card.source))")
        #expect(report.copiedCount == 4)
        #expect(!FileManager.default.fileExists(atPath: destination.appendingPathComponent("MVI_0009.MP4").path))
        card.expectOnlyWholeCopies(in: destination)
    }

    @Test func theCardVanishingMidImportFailsTheRestAndLeavesNoHalfFile() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(5)
        let destination = card.folder("Pictures")
        let pulled = card.folder("pulled")
        var gone = false
        let report = try card.ingest(to: [destination.path]).run { progress in
            // The card is pulled after three files (its folder goes).
            if !gone, progress.isCopying, progress.files == 3 {
                gone = true
                try? FileManager.default.moveItem(at: card.card, to: pulled)
            }
            return true
        }
        #expect(report.copiedCount == 3 && report.failedCount == 7)
        #expect(report.files.allSatisfy { if case .failed(.sourceGone) = $0.outcome { true } else if case .copied = $0.outcome { true } else { false } })
        try FileManager.default.moveItem(at: pulled, to: card.card)
        card.expectOnlyWholeCopies(in: destination)
        // Put back, it finishes without copying anything twice.
        #expect(try card.ingest(to: [destination.path]).run().copiedCount == 7)
        card.expectEveryFileOnce(in: destination)
    }

    @Test(.enabled(if: ScratchVolume.isAllowed, "mounting a tmpfs is not allowed on this machine"))
    func aReadOnlyDestinationFailsEveryFileSayingWhy() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(2)
        let volume = try #require(ScratchVolume(kilobytes: 1024))
        #expect(volume.remountReadOnly())
        let before = TestCard.snapshot(card.card)
        let report = try card.ingest(to: [volume.mountPoint + "/%Y"]).run()
        #expect(report.failedCount == 4 && report.copiedCount == 0)
        #expect(report.files.allSatisfy { if case .failed(.destinationUnwritable) = $0.outcome { true } else { false } },
                "\(report.lines(relativeTo: card.source))")
        #expect(TestCard.snapshot(card.card) == before)
    }

    @Test(.enabled(if: ScratchVolume.isAllowed, "mounting a tmpfs is not allowed on this machine"))
    func aDestinationThatFillsHalfwayLeavesOnlyWholeCopies() throws {
        let card = try TestCard()
        defer { card.remove() }
        // Ten files of 200 kB for 1 MB of room.
        try card.pairs(5, rawBytes: 200_000, jpegBytes: 200_000)
        let volume = try #require(ScratchVolume(kilobytes: 1024))
        let small = URL(fileURLWithPath: volume.mountPoint)
        let before = TestCard.snapshot(card.card)
        let report = try card.ingest(to: [small.path]).run()
        #expect(report.copiedCount >= 1 && report.failedCount >= 1, "\(report.lines(relativeTo: card.source))")
        #expect(report.files.allSatisfy { if case .failed(.destinationFull) = $0.outcome { true } else if case .copied = $0.outcome { true } else { false } })
        card.expectOnlyWholeCopies(in: small)
        #expect(TestCard.snapshot(card.card) == before)
        // A roomier destination then takes the whole card.
        let roomy = card.folder("Roomy")
        let rest = try card.ingest(to: [roomy.path]).run()
        #expect(rest.copiedCount == 10 && rest.isComplete)
        card.expectEveryFileOnce(in: roomy)
    }

    /// A card with a bad sector: a FUSE file system (Tests/Fixtures/faulty-fs.py) whose
    /// reads past the middle of one file fail with EIO. Root (or fusermount), /dev/fuse and
    /// python3-fusepy.
    static let canMountFaultyCards: Bool = getuid() == 0 && FileManager.default.fileExists(atPath: "/dev/fuse")
        && (try? Self.run("/usr/bin/python3", ["-c", "import fusepy"])) == 0

    static func run(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(.enabled(if: canMountFaultyCards, "a faulty card needs root, /dev/fuse and python3-fusepy"))
    func aFileTheCardCannotReadHalfwayFailsAloneSayingWhy() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(2)
        try card.write("DCIM/100CANON/IMG_faulty.CR3", bytes: 9 << 20)
        let mountPoint = card.folder("reader")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let fuse = Process()
        fuse.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        fuse.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/faulty-fs.py").path,
                          card.card.path, mountPoint.path]
        try fuse.run()
        defer {
            _ = try? Self.run("/bin/umount", ["-l", mountPoint.path])
            fuse.terminate()
            fuse.waitUntilExit()
        }
        #expect(waitUntil(seconds: 30, pollingEvery: 20_000) { FileManager.default.fileExists(atPath: mountPoint.appendingPathComponent("DCIM").path) },
                "the faulty card is mounted")
        let destination = card.folder("Pictures")
        let options = IngestOptions(destinations: [try NameTemplate(destination.path)], rename: try NameTemplate("{name}"))
        let report = try Ingest(source: FilePath(mountPoint.path), options: options) { _ in (nil, nil, nil) }.run()
        let faulty = report.files.first { $0.source.lastComponent?.string == "IMG_faulty.CR3" }?.outcome
        guard case let .failed(.sourceUnreadable(reason))? = faulty else {
            Issue.record("the bad file: \(String(describing: faulty)); \(report.lines(relativeTo: FilePath(mountPoint.path)))")
            return
        }
        #expect(reason.contains("Input/output error"), "\(reason)")
        #expect(report.copiedCount == 4 && report.failedCount == 1)
        #expect(!FileManager.default.fileExists(atPath: destination.appendingPathComponent("IMG_faulty.CR3").path))
        card.expectOnlyWholeCopies(in: destination)
    }
}
