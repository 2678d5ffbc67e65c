// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import PhotoLibrary
import SystemPackage
import Testing

/// Picks copied to a folder with everything that belongs to them, never overwriting, the
/// originals only read.
@Suite struct PhotoDeliveryTests {
    static var shmIsAnotherFileSystem: Bool {
        var here = stat(), there = stat()
        return stat(FileManager.default.temporaryDirectory.path, &here) == 0 && stat("/dev/shm", &there) == 0 && here.st_dev != there.st_dev
            && access("/dev/shm", W_OK) == 0
    }

    final class Card {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-delivery-\(UUID().uuidString.prefix(8))")
        var card: URL { root.appendingPathComponent("DCIM") }
        var selects: URL { root.appendingPathComponent("Selects") }
        var data: URL { root.appendingPathComponent("data") }

        init() throws {
            try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        @discardableResult
        func file(_ name: String, _ text: String, in folder: URL? = nil, modified: Date? = nil, mode: Int? = nil) throws -> URL {
            let url = (folder ?? card).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            var attributes: [FileAttributeKey: Any] = [:]
            if let modified { attributes[.modificationDate] = modified }
            if let mode { attributes[.posixPermissions] = mode }
            if !attributes.isEmpty { try FileManager.default.setAttributes(attributes, ofItemAtPath: url.path) }
            return url
        }

        func photo(_ name: String, companions: [String] = []) -> Photo {
            func one(_ name: String) -> Photo {
                Photo(path: FilePath(card.appendingPathComponent(name).path), format: name.hasSuffix(".CR3") ? .raw : .jpeg, byteCount: 1, modificationDate: Date())
            }
            return one(name).with(companions: companions.map(one))
        }

        var delivery: PhotoDelivery { PhotoDelivery(to: FilePath(selects.path), dataFolder: FilePath(data.path)) }

        func selected() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: selects.path)) ?? []).sorted()
        }

        func text(_ name: String, in folder: URL? = nil) -> String? {
            try? String(contentsOf: (folder ?? selects).appendingPathComponent(name), encoding: .utf8)
        }
    }

    @Test func aPairGoesWithItsSidecarsByteForByteItsTimesAndModeKept() throws {
        let c = try Card()
        let taken = Date(timeIntervalSince1970: 1_700_000_000)
        try c.file("IMG_0001.JPG", "jpeg bytes", modified: taken, mode: 0o640)
        try c.file("IMG_0001.CR3", "raw bytes", modified: taken)
        try c.file("IMG_0001.CR3.xmp", "darktable's history")
        try c.file("IMG_0001.xmp", "lightroom's")
        try c.file("IMG_0002.JPG", "another photo")

        #expect(c.delivery.deliver(c.photo("IMG_0001.JPG", companions: ["IMG_0001.CR3"])) == .copied(name: "IMG_0001.JPG"))
        #expect(c.selected() == ["IMG_0001.CR3", "IMG_0001.CR3.xmp", "IMG_0001.JPG", "IMG_0001.xmp"], "the pair, its sidecars, nothing else")
        #expect(c.text("IMG_0001.JPG") == "jpeg bytes" && c.text("IMG_0001.CR3") == "raw bytes")
        #expect(c.text("IMG_0001.CR3.xmp") == "darktable's history" && c.text("IMG_0001.xmp") == "lightroom's")
        let copied = try FileManager.default.attributesOfItem(atPath: c.selects.appendingPathComponent("IMG_0001.JPG").path)
        #expect(copied[.modificationDate] as? Date == taken, "the time the camera wrote it")
        #expect((copied[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(c.text("IMG_0001.JPG", in: c.card) == "jpeg bytes", "the original stays")
        let leftovers = c.selected().filter { $0.contains(".flick-copy-") }
        #expect(leftovers.isEmpty)
    }

    /// Moved, a pair takes its sidecars along (the stem's `NAME.xmp`, which other files of
    /// the name may share, is copied and stays); moved back, every file is where it was,
    /// byte for byte, and a name taken meanwhile is never replaced.
    @Test func aMovedPairTakesItsSidecarsAlongAndMovesBackByteForByte() throws {
        let c = try Card()
        let taken = Date(timeIntervalSince1970: 1_700_000_000)
        try c.file("IMG_0001.JPG", "jpeg bytes", modified: taken)
        try c.file("IMG_0001.CR3", "raw bytes", modified: taken)
        try c.file("IMG_0001.CR3.xmp", "darktable's history")
        try c.file("IMG_0001.xmp", "lightroom's")
        try c.file("IMG_0002.JPG", "another photo")
        let pair = c.photo("IMG_0001.JPG", companions: ["IMG_0001.CR3"])

        guard case let .moved(name, files) = c.delivery.deliver(pair, moving: true) else { Issue.record("not moved"); return }
        #expect(name == "IMG_0001.JPG")
        #expect(c.selected() == ["IMG_0001.CR3", "IMG_0001.CR3.xmp", "IMG_0001.JPG", "IMG_0001.xmp"])
        #expect(c.text("IMG_0001.CR3") == "raw bytes" && c.text("IMG_0001.CR3.xmp") == "darktable's history")
        let left = try FileManager.default.contentsOfDirectory(atPath: c.card.path).sorted()
        #expect(left == ["IMG_0001.xmp", "IMG_0002.JPG"], "the pair and its own sidecar left; the shared one stays: \(left)")
        let moved = try FileManager.default.attributesOfItem(atPath: c.selects.appendingPathComponent("IMG_0001.JPG").path)
        #expect(moved[.modificationDate] as? Date == taken)
        #expect(Set(files.map { $0.from.lastComponent?.string ?? "" }) == ["IMG_0001.JPG", "IMG_0001.CR3", "IMG_0001.CR3.xmp"])

        #expect(PhotoDelivery.moveBack(files).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: c.card.path).sorted()
                == ["IMG_0001.CR3", "IMG_0001.CR3.xmp", "IMG_0001.JPG", "IMG_0001.xmp", "IMG_0002.JPG"])
        #expect(c.text("IMG_0001.JPG", in: c.card) == "jpeg bytes" && c.text("IMG_0001.CR3.xmp", in: c.card) == "darktable's history")
        #expect(c.selected() == ["IMG_0001.xmp"], "the shared sidecar's copy is all that stays in the selects")

        // Moved again, and meanwhile another file takes the JPEG's old name: it is never replaced.
        guard case let .moved(_, again) = c.delivery.deliver(pair, moving: true) else { Issue.record("not moved again"); return }
        try c.file("IMG_0001.JPG", "a newcomer")
        let failed = PhotoDelivery.moveBack(again)
        #expect(failed.map { $0.file.from.lastComponent?.string ?? "" } == ["IMG_0001.JPG"], "\(failed)")
        #expect(c.text("IMG_0001.JPG", in: c.card) == "a newcomer" && c.text("IMG_0001.JPG") == "jpeg bytes", "both kept whole")
    }

    /// Across two file systems a move is a copy (flushed, times kept) and the original's removal.
    @Test(.enabled(if: Self.shmIsAnotherFileSystem, "/dev/shm is not a file system of its own beside the temporary folder here"))
    func aMoveToAnotherFileSystemCopiesThenRemovesTheOriginal() throws {
        let c = try Card()
        let other = URL(fileURLWithPath: "/dev/shm/flick-delivery-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let taken = Date(timeIntervalSince1970: 1_700_000_000)
        try c.file("IMG_0003.JPG", "jpeg bytes", modified: taken)
        let delivery = PhotoDelivery(to: FilePath(other.appendingPathComponent("Selects").path), dataFolder: FilePath(c.data.path))
        guard case let .moved(_, files) = delivery.deliver(c.photo("IMG_0003.JPG"), moving: true) else { Issue.record("not moved"); return }
        #expect(!FileManager.default.fileExists(atPath: c.card.appendingPathComponent("IMG_0003.JPG").path))
        let moved = other.appendingPathComponent("Selects/IMG_0003.JPG")
        #expect(try String(contentsOf: moved, encoding: .utf8) == "jpeg bytes")
        #expect(try FileManager.default.attributesOfItem(atPath: moved.path)[.modificationDate] as? Date == taken)
        #expect(PhotoDelivery.moveBack(files).isEmpty)
        #expect(c.text("IMG_0003.JPG", in: c.card) == "jpeg bytes" && !FileManager.default.fileExists(atPath: moved.path))
    }

    /// A read-only card's marks were kept in Flick's own folder: they travel as the copy's sidecar.
    @Test func marksKeptForACardThatCouldNotBeWrittenTravelAsTheCopysSidecar() throws {
        let c = try Card()
        let photo = try c.file("DSC_0007.JPG", "photo")
        try c.file(String(photo.path.dropFirst()) + ".xmp", "kept marks", in: c.data)
        #expect(c.delivery.deliver(c.photo("DSC_0007.JPG")) == .copied(name: "DSC_0007.JPG"))
        #expect(c.text("DSC_0007.JPG.xmp") == "kept marks")
    }

    @Test func aPhotoAlreadyThereIsLeftAndADifferentOneOfTheNameIsNeverOverwritten() throws {
        let c = try Card()
        try c.file("IMG_0001.JPG", "ours")
        try c.file("IMG_0001.JPG.xmp", "our marks")
        #expect(c.delivery.deliver(c.photo("IMG_0001.JPG")) == .copied(name: "IMG_0001.JPG"))
        #expect(c.delivery.deliver(c.photo("IMG_0001.JPG")) == .alreadyThere, "copied again: nothing to do")

        // Another card's IMG_0001, with its sidecar: the group takes the next free name.
        try c.file("IMG_0001.JPG", "another card's", in: c.root.appendingPathComponent("other"))
        try c.file("IMG_0001.JPG.xmp", "their marks", in: c.root.appendingPathComponent("other"))
        let other = Photo(path: FilePath(c.root.appendingPathComponent("other/IMG_0001.JPG").path), format: .jpeg, byteCount: 1, modificationDate: Date())
        #expect(c.delivery.deliver(other) == .copied(name: "IMG_0001 (2).JPG"))
        #expect(c.text("IMG_0001.JPG") == "ours" && c.text("IMG_0001.JPG.xmp") == "our marks", "never overwritten")
        #expect(c.text("IMG_0001 (2).JPG") == "another card's" && c.text("IMG_0001 (2).JPG.xmp") == "their marks", "renamed together")
    }

    /// A copy cut short by a Flick that died left a hidden file: the next copy clears it.
    @Test func whatADeadCopyLeftBehindIsClearedAndNothingElse() throws {
        let c = try Card()
        try c.file("IMG_0001.JPG", "photo")
        // No process has this number (beyond the kernel's limit); this test's does.
        try c.file(".IMG_0001.JPG.flick-copy-4999999", "half a photo", in: c.selects)
        try c.file(".IMG_0001.JPG.flick-copy-\(getppid())", "a live copy's", in: c.selects)
        #expect(c.delivery.deliver(c.photo("IMG_0001.JPG")) == .copied(name: "IMG_0001.JPG"))
        let hidden = ((try? FileManager.default.contentsOfDirectory(atPath: c.selects.path)) ?? []).filter { $0.hasPrefix(".") }
        #expect(hidden == [".IMG_0001.JPG.flick-copy-\(getppid())"], "a running process's is left: \(hidden)")
    }

    @Test func aNameThatIsNotUTF8IsCopiedByteForByte() throws {
        let c = try Card()
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let source = FilePath(rawBytes: Array(c.card.path.utf8) + [UInt8(ascii: "/")] + name)
        let fd = source.withPlatformString { open($0, O_WRONLY | O_CREAT, 0o644) }
        try #require(fd >= 0)
        _ = write(fd, "latin", 5)
        close(fd)
        let photo = Photo(path: source, format: .jpeg, byteCount: 5, modificationDate: Date())
        guard case .copied = c.delivery.deliver(photo) else { Issue.record("not copied"); return }
        let target = FilePath(rawBytes: Array(c.selects.path.utf8) + [UInt8(ascii: "/")] + name)
        var info = stat()
        #expect(target.withPlatformString { stat($0, &info) } == 0 && info.st_size == 5)
    }

    @Test(.disabled(if: getuid() == 0, "run as root, which writes into any folder whatever its mode says"))
    func aFolderThatCannotBeWrittenSaysWhyAndLeavesTheOriginal() throws {
        let c = try Card()
        try c.file("IMG_0001.JPG", "photo")
        try FileManager.default.createDirectory(at: c.selects, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: c.selects.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: c.selects.path) }
        guard case let .failed(reason) = c.delivery.deliver(c.photo("IMG_0001.JPG")) else { Issue.record("copied into a read-only folder"); return }
        #expect(reason.contains("ermission"), "\(reason)")
        #expect(c.text("IMG_0001.JPG", in: c.card) == "photo")
    }
}
