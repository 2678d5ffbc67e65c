// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
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
}
