// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Geometry
import Testing

/// `flick import` as a script runs it: the report it prints, its exit status, and what a
/// SIGKILL in the middle leaves behind.
@Suite struct ImportEndToEndTests {
    /// A card of `count` RAW+JPEG pairs of random bytes, `rawBytes` each RAW.
    func makeCard(count: Int, rawBytes: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-import-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("card/DCIM/100CANON")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 1...count {
            let stem = String(format: "IMG_%04d", number)
            var raw = Data(count: rawBytes)
            raw.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
            try raw.write(to: folder.appendingPathComponent(stem + ".CR3"))
            var jpeg = Data([0xFF, 0xD8, 0xFF, 0xE1]) + Data(count: 2000)
            jpeg.withUnsafeMutableBytes { arc4random_buf($0.baseAddress! + 4, $0.count - 4) }
            try jpeg.write(to: folder.appendingPathComponent(stem + ".JPG"))
        }
        return root
    }

    func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while try !condition() && Date() < deadline { usleep(50_000) }
        return try condition()
    }

    /// Whether a patch of colour `c` (a photo's cell) is anywhere in the window.
    static func shows(_ c: (red: Int, green: Int, blue: Int), in shot: Screenshot, within window: Rect) -> Bool {
        let left = Int(window.minX) + 10, right = min(Int(window.maxX), shot.width) - 10
        let top = Int(window.minY) + 10, bottom = min(Int(window.maxY), shot.height) - 10
        for y in stride(from: top, to: bottom, by: 10) {
            for x in stride(from: left, to: right, by: 10) where shot.matches(x: x, y: y, c) && shot.matches(x: x + 8, y: y + 8, c) {
                return true
            }
        }
        return false
    }

    /// Each regular file's content under `folder`, by path.
    func contents(_ folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { found[url.path] = try Data(contentsOf: url) }
        }
        return found
    }

    @Test func anImportPrintsALinePerFileAndExitsZeroOnlyWhenEverythingIsCopied() throws {
        let root = try makeCard(count: 2, rawBytes: 5000)
        defer { try? FileManager.default.removeItem(at: root) }
        let card = root.appendingPathComponent("card"), destination = root.appendingPathComponent("Pictures")
        let first = try run(flickBinary, ["import", card.path, "--to", destination.path + "/%Y", "--rename", "{job}-{seq:2}", "--job", "Trip"])
        #expect(first.status == 0, "\(first.output)\(first.error)")
        let lines = first.output.split(separator: "\n")
        #expect(lines.count == 5 && lines.prefix(4).allSatisfy { $0.hasPrefix("copied  DCIM/100CANON/IMG_000") }, "\(first.output)")
        #expect(lines.last == "4 copied and verified, 0 already imported, 0 failed.")
        #expect(first.output.contains("/Trip-01.CR3") && first.output.contains("/Trip-02.JPG"))

        let bad = try run(flickBinary, ["import", card.path, "--rename", "{nope}"])
        #expect(bad.status != 0 && bad.error.contains("{nope}") && bad.error.contains("{seq:N}"), "\(bad.error)")

        // A file stands where the destination's folder must be: nothing can be copied.
        let blocked = root.appendingPathComponent("Blocked")
        try Data("not a folder".utf8).write(to: blocked)
        let failed = try run(flickBinary, ["import", card.path, "--to", blocked.path + "/%Y"])
        #expect(failed.status == 1 && failed.output.contains("failed  DCIM/100CANON/IMG_0001.CR3: "), "\(failed.output)")
        #expect(failed.output.hasSuffix("0 copied and verified, 0 already imported, 4 failed.\n"))
    }

    /// Wherever the kill lands — before the first copy, inside one, between two — no file
    /// under a final name differs from the card, and the next run finishes the card
    /// without copying anything twice.
    @Test func anImportKilledMidCopyLeavesNoHalfFileAndResumesWithoutDuplicates() throws {
        let root = try makeCard(count: 12, rawBytes: 6 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let card = root.appendingPathComponent("card"), destination = root.appendingPathComponent("Pictures")
        let cardBefore = try contents(card)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: flickBinary)
        process.arguments = ["import", card.path, "--to", destination.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Killed once a copy is under way (or once it ended, on a machine faster than this wait).
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
            if names.contains(where: { $0.hasPrefix(".flick-import-") }) && names.count >= 3 { break }
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let cardHashes = Set(cardBefore.values)
        for (path, data) in try contents(destination) where !URL(fileURLWithPath: path).lastPathComponent.hasPrefix(".flick-import-") {
            #expect(cardHashes.contains(data), "\(path) is not a whole copy of a file on the card")
        }
        let again = try run(flickBinary, ["import", card.path, "--to", destination.path])
        #expect(again.status == 0, "\(again.output)")
        let copies = try contents(destination)
        #expect(!copies.keys.contains { $0.contains(".flick-import-") }, "the killed import's temporary copy was removed")
        #expect(copies.count == cardBefore.count, "\(copies.keys.sorted())")
        #expect(Set(copies.values) == cardHashes, "every file once")
        #expect(try contents(card) == cardBefore, "the card is as it was")
    }

    /// Opened on a card, Flick offers to import it; Enter imports, the copies' folder opens
    /// while they land, and a mark made there goes to a copy's sidecar, never to the card.
    @Test func openedOnACardFlickOffersToImportItAndShowsTheCopies() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-import-ui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let card = root.appendingPathComponent("EOS_DIGITAL"), folder = card.appendingPathComponent("DCIM/100CANON")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let colours = FlickEndToEndTests.colours.prefix(3)
        for (index, c) in colours.enumerated() {
            let photo = folder.appendingPathComponent(String(format: "IMG_%04d.JPG", index + 1)).path
            #expect(try run("convert-im6.q16", ["-size", "300x200", "xc:rgb(\(c.red),\(c.green),\(c.blue))", photo]).status == 0)
            #expect(try run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2026:05:0\(index + 1) 10:00:00", photo]).status == 0)
        }
        let cardBefore = try contents(card)
        let config = root.appendingPathComponent("config"), pictures = root.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("flick"), withIntermediateDirectories: true)
        try Data("view = grid\nimport-to = \(pictures.path)/%Y/%m-%d\n".utf8).write(to: config.appendingPathComponent("flick/settings"))

        let flick = try FlickSession(arguments: [card.path], environment: ["XDG_CONFIG_HOME": config.path])
        let window = try flick.geometry()
        let offer = try Glyphs("Import", pointSize: MessagePill.pointSize)
        #expect(try flick.waitForScreen { offer.found(in: $0) != nil }.1, "the card is offered for import: \(flick.errorOutput())")
        try flick.server.xdotool("key", "Return")

        // The copies land in a folder a day, and Flick shows them: every folder of 2026.
        let copies = (1...3).map { pictures.appendingPathComponent(String(format: "2026/05-0%d/IMG_%04d.JPG", $0, $0)).path }
        #expect(eventually { copies.allSatisfy(FileManager.default.fileExists(atPath:)) },
                "\((try? contents(pictures))?.keys.sorted() ?? []) \(flick.errorOutputSoFar())")
        #expect(try flick.waitForScreen { shot in
            colours.allSatisfy { c in Self.shows(c, in: shot, within: window) }
        }.1, "the copies are shown")
        #expect(try flick.server.xdotool("getwindowname", String(flick.windowID)).hasPrefix("All of 2026"), "the copies' folder is open")

        // A mark made now lands beside the copy.
        try flick.server.xdotool("key", "p")
        #expect(eventually { FileManager.default.fileExists(atPath: copies[0] + ".xmp") }, "the pick is in the copy's sidecar")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
        #expect(try contents(card) == cardBefore, "the card is as it was")
    }

    /// The caption, creator, copyright, credit and keywords go into each copy's sidecar,
    /// where exiftool reads them; a sidecar darktable left on the card keeps its rating and
    /// history; a second import copies no sidecar again.
    @Test func theCaptionAndCopyrightLandInTheCopiesSidecarsKeepingWhatWasThere() throws {
        let root = try makeCard(count: 2, rawBytes: 4000)
        defer { try? FileManager.default.removeItem(at: root) }
        let card = root.appendingPathComponent("card"), destination = root.appendingPathComponent("Pictures")
        let darktable = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:darktable="http://darktable.sf.net/"
             xmp:Rating="4" darktable:history_end="3"/></rdf:RDF></x:xmpmeta>
            """
        try Data(darktable.utf8).write(to: card.appendingPathComponent("DCIM/100CANON/IMG_0001.CR3.xmp"))
        let cardBefore = try contents(card)
        let arguments = ["import", card.path, "--to", destination.path, "--creator", "Ann Lee", "--copyright", "© 2026 Ann Lee",
                         "--credit", "Ann Lee Photography", "--caption", "The first dance", "--keyword", "wedding", "--keyword", "Lisbon"]
        let first = try run(flickBinary, arguments)
        #expect(first.status == 0, "\(first.output)\(first.error)")

        func tags(_ name: String) throws -> String {
            try run("exiftool", ["-s", "-s", "-s", "-XMP-dc:Creator", "-XMP-dc:Rights", "-XMP-photoshop:Credit", "-XMP-dc:Description",
                                 "-XMP-dc:Subject", "-XMP-xmp:Rating", "-XMP-darktable:History_end", destination.appendingPathComponent(name).path]).output
        }
        for sidecar in ["IMG_0001.CR3.xmp", "IMG_0001.JPG.xmp", "IMG_0002.CR3.xmp", "IMG_0002.JPG.xmp"] {
            let read = try tags(sidecar)
            #expect(read.contains("Ann Lee\n© 2026 Ann Lee\nAnn Lee Photography\nThe first dance\nwedding, Lisbon"), "\(sidecar): \(read)")
        }
        let kept = try tags("IMG_0001.CR3.xmp")
        #expect(kept.hasSuffix("Lisbon\n4\n3\n"), "darktable's rating and history kept: \(kept)")

        let again = try run(flickBinary, arguments)
        #expect(again.status == 0 && again.output.hasSuffix("0 copied and verified, 5 already imported, 0 failed.\n"), "\(again.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path).count == 8, "no sidecar copied twice")
        #expect(try contents(card) == cardBefore, "the card is as it was")
    }

    /// A card image mounted read-only under /media, as a desktop mounts a card put in its
    /// reader (root, a loop device, mkfs.ext2 and mount namespaces: where this machine has
    /// them). The card is mounted where only the Flick under test sees it: every other
    /// Flick the suite runs meanwhile would offer it too, and take the keys its test types.
    static let canMountCards: Bool = {
        guard getuid() == 0, let image = try? makeCardImage(from: nil) else { return false }
        defer { try? FileManager.default.removeItem(at: image) }
        let point = "/media/flick-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: point) }
        // Mounted in a namespace of its own, gone with it.
        let mounted = try? run("unshare", ["--mount", "--propagation", "private", "--", "mount", "-o", "loop,ro", image.path, point])
        return mounted?.status == 0
    }()

    /// `command` run in the mount namespace of process `pid`.
    static func inMountsOf(_ pid: Int32, _ command: [String]) throws -> (status: Int32, output: String, error: String) {
        try run("nsenter", ["--target", "\(pid)", "--mount", "--"] + command)
    }

    /// An ext2 image holding `folder`'s files (nil: none).
    static func makeCardImage(from folder: URL?) throws -> URL {
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("flick-card-\(UUID().uuidString).img")
        FileManager.default.createFile(atPath: image.path, contents: nil)
        let handle = try FileHandle(forWritingTo: image)
        try handle.truncate(atOffset: 16 << 20)
        try handle.close()
        let made = try run("mkfs.ext2", ["-q", "-F"] + (folder.map { ["-d", $0.path] } ?? []) + [image.path])
        guard made.status == 0 else { throw HarnessError("mkfs.ext2: \(made.error)") }
        return image
    }

    @Test(.enabled(if: canMountCards, "mounting a card image needs root, a loop device and mkfs.ext2"))
    func aCardMountedWhileFlickRunsIsOfferedAndImported() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-import-mount-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cardFolder = root.appendingPathComponent("card"), photos = cardFolder.appendingPathComponent("DCIM/100CANON")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let c = FlickEndToEndTests.colours[2]
        #expect(try run("convert-im6.q16", ["-size", "300x200", "xc:rgb(\(c.red),\(c.green),\(c.blue))", photos.appendingPathComponent("IMG_0001.JPG").path]).status == 0)
        let image = try Self.makeCardImage(from: cardFolder)
        defer { try? FileManager.default.removeItem(at: image) }
        let config = root.appendingPathComponent("config"), pictures = root.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("flick"), withIntermediateDirectories: true)
        try Data("view = grid\nimport-to = \(pictures.path)\n".utf8).write(to: config.appendingPathComponent("flick/settings"))

        let album = try makeSolidColourFolder(Array(FlickEndToEndTests.colours.prefix(1)))
        defer { try? FileManager.default.removeItem(at: album) }
        // Flick in a mount namespace of its own (unshare runs it as itself, the same process).
        let flick = try FlickSession(arguments: ["--mount", "--propagation", "private", "--", flickBinary, album.path],
                                     environment: ["XDG_CONFIG_HOME": config.path], executable: "/usr/bin/unshare")
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { Self.shows(FlickEndToEndTests.colours[0], in: $0, within: window) }.1)

        // The card goes in: the desktop mounts it (for this Flick alone; its namespace takes
        // the mount away when it ends).
        let point = "/media/flick-card-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        let pid = flick.process.processIdentifier
        defer {
            if flick.process.isRunning { _ = try? Self.inMountsOf(pid, ["umount", "-l", point]) }
            try? FileManager.default.removeItem(atPath: point)
        }
        #expect(try Self.inMountsOf(pid, ["mount", "-o", "loop,ro", image.path, point]).status == 0)
        #expect(try !run("findmnt", ["--noheadings", point]).output.contains(point), "the rest of the machine does not see the card")
        let offer = try Glyphs("Import", pointSize: MessagePill.pointSize)
        #expect(try flick.waitForScreen { offer.found(in: $0) != nil }.1, "the card is offered as it appears")
        try flick.server.xdotool("key", "Return")
        #expect(eventually { FileManager.default.fileExists(atPath: pictures.appendingPathComponent("IMG_0001.JPG").path) })
        #expect(try flick.waitForScreen { Self.shows(c, in: $0, within: window) }.1, "the copy is shown")
        try flick.server.xdotool("key", "q")
        #expect(flick.waitForExit() == 0)
    }
}
