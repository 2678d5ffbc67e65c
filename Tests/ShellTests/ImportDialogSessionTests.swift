// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Foundation
import Gestures
import Ingest
import PhotoLibrary
import Shell
import SystemPackage
import Testing
import TestSupport

/// Opened on a card, Flick offers its import in a form: where to, how named, what goes into
/// the sidecars, each camera's clock — checked as typed, the first names shown from the card
/// as read — and the import it starts copies as chosen.
@Suite(.serialized) struct ImportDialogSessionTests {
    @Test func theFormShowsTheCardsFirstNamesAndImportsAsChosen() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-import-form-\(getpid())-\(UUID().uuidString.prefix(6))")
        let folder = root.appendingPathComponent("EOS_DIGITAL/DCIM/100CANON")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, hour, shade) in [("IMG_0001.JPG", 9, "gray"), ("IMG_0002.JPG", 15, "white")] {
            let path = folder.appendingPathComponent(name).path
            #expect(try runExternalTool(["convert", "-size", "32x24", "xc:\(shade)", path]).status == 0)
            #expect(try runExternalTool(["exiftool", "-q", "-overwrite_original", "-Model=Canon EOS R6",
                                         "-DateTimeOriginal=2015:01:01 \(hour):00:00", path]).status == 0)
        }
        let card = try snapshot( root.appendingPathComponent("EOS_DIGITAL"))
        let pictures = root.appendingPathComponent("Pictures")
        let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])
        let f = try AlbumSessionTests.Fixture(opening: folder.path)
        f.session.imports.facts = Ingest.facts(from: decoder)
        f.session.imports.captioner = Ingest.captioner(from: decoder)
        f.session.imports.options.destinations = [try NameTemplate(pictures.path + "/%Y-%m-%d")]
        let sheet = f.browser.formSheet

        // Offered on the first frame, the card read behind the form.
        #expect(f.run { sheet.form?.notes.contains { $0.contains("→") } == true }, "\(sheet.form?.notes ?? [])")
        #expect(sheet.form?.title == "Import from EOS_DIGITAL")
        #expect(sheet.form?.rows.contains { $0.label == "Clock of Canon EOS R6" } == true)
        #expect(sheet.form?.notes.filter { $0.contains("→") } == ["IMG_0001.JPG → \(pictures.path)/2015-01-01/IMG_0001.JPG",
                                                                   "IMG_0002.JPG → \(pictures.path)/2015-01-01/IMG_0002.JPG"])
        func key(_ key: Key, _ modifiers: KeyModifiers = []) {
            _ = f.browser.handleKey(KeyEvent(key: key, modifiers: modifiers, timestampNanoseconds: 0))
        }
        func row(_ id: String) { while sheet.form?.rows[sheet.focusedRow].id != id { key(.tab) } }

        // A mistake in the name is said under it and nothing can start.
        row("rename")
        f.browser.handleText("{seq:2}-{nme}")
        #expect(sheet.form?.rows[sheet.focusedRow].problem == "{nme} is not something Flick fills in")
        key(.enter)
        #expect(sheet.isShown && f.session.imports.optionsChosen == false)
        for _ in 0..<5 { key(.backspace) }
        f.browser.handleText("{name}")
        #expect(sheet.form?.rows[sheet.focusedRow].problem == nil)
        // The Canon's clock was an hour behind; the creator and a caption go into the sidecars.
        row("clock:canon eos r6")
        f.browser.handleText("+1:00")
        row("creator")
        f.browser.handleText("Ana Ruiz")
        row("caption")
        f.browser.handleText("Dunes")
        #expect(sheet.form?.notes.filter { $0.contains("→") } == ["IMG_0001.JPG → \(pictures.path)/2015-01-01/01-IMG_0001.JPG",
                                                                   "IMG_0002.JPG → \(pictures.path)/2015-01-01/02-IMG_0002.JPG"])
        key(.enter)
        #expect(!sheet.isShown && f.session.imports.optionsChosen)
        f.session.waitForImport()
        let day = pictures.appendingPathComponent("2015-01-01")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: day.path))
            == ["01-IMG_0001.JPG", "01-IMG_0001.JPG.xmp", "02-IMG_0002.JPG", "02-IMG_0002.JPG.xmp"])
        let read = try runExternalTool(["exiftool", "-s", "-s", "-s", "-XMP-dc:Creator", "-XMP-dc:Description", "-XMP-exif:DateTimeOriginal",
                                        day.appendingPathComponent("02-IMG_0002.JPG.xmp").path]).output
        #expect(read.split(separator: "\n").map(String.init) == ["Ana Ruiz", "Dunes", "2015:01:01 16:00:00"], "\(read)")
        #expect(f.session.imports.options.clockShifts == ["Canon EOS R6": 3600])
        #expect(try snapshot( root.appendingPathComponent("EOS_DIGITAL")) == card, "the card is only read")
    }

    /// Esc leaves the form: nothing is copied, and the card's survey stops.
    @Test func leavingTheFormCopiesNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-import-leave-\(getpid())-\(UUID().uuidString.prefix(6))")
        let folder = root.appendingPathComponent("CARD/DCIM/100CANON")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try runExternalTool(["convert", "-size", "32x24", "xc:gray", folder.appendingPathComponent("IMG_0001.JPG").path]).status == 0)
        let pictures = root.appendingPathComponent("Pictures")
        let f = try AlbumSessionTests.Fixture(opening: folder.path)
        f.session.imports.options.destinations = [try NameTemplate(pictures.path)]
        #expect(f.run { f.browser.formSheet.isShown })
        _ = f.browser.handleKey(KeyEvent(key: .escape, timestampNanoseconds: 0))
        #expect(f.run { !f.browser.formSheet.isShown })
        f.session.waitForImport()
        #expect(!FileManager.default.fileExists(atPath: pictures.path))
        #expect(!f.session.imports.optionsChosen)
    }

    /// Ctrl+I while the import runs stops it at once; what was copied stays, and the form
    /// (Ctrl+I again, Enter) copies the rest, each file once.
    @Test func ctrlIStopsTheImportAndTheFormGoesOnWithTheRest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-import-stop-\(getpid())-\(UUID().uuidString.prefix(6))")
        let folder = root.appendingPathComponent("CARD/DCIM/100CANON")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try runExternalTool(["convert", "-size", "32x24", "xc:gray", folder.appendingPathComponent("IMG_0001.JPG").path]).status == 0)
        for number in 2...12 {
            // A RAW by its name, 4 MB of its own bytes: copying all of them takes a while.
            let bytes = Data((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* number &+ $0 >> 12) })
            try bytes.write(to: folder.appendingPathComponent(String(format: "IMG_%04d.CR3", number)))
        }
        let pictures = root.appendingPathComponent("Pictures")
        let f = try AlbumSessionTests.Fixture(opening: folder.path)
        f.session.imports.options.destinations = [try NameTemplate(pictures.path)]
        func key(_ key: Key, _ modifiers: KeyModifiers = []) {
            _ = f.browser.handleKey(KeyEvent(key: key, modifiers: modifiers, timestampNanoseconds: 0))
        }
        #expect(f.run { f.browser.formSheet.form?.notes.first?.hasPrefix("12 photos") == true })
        key(.enter)
        key(.character("i"), .control)
        #expect(f.run { f.browser.toast.message?.hasPrefix("Import stopped") == true }, "\(f.browser.toast.message ?? "no toast")")
        #expect(!f.browser.formSheet.isShown, "Ctrl+I stopped the import: no form")
        let copied = ((try? FileManager.default.contentsOfDirectory(atPath: pictures.path)) ?? []).filter { !$0.hasPrefix(".") }
        #expect(copied.count < 12, "stopped before the end: \(copied)")

        key(.character("i"), .control)
        #expect(f.run { f.browser.formSheet.form?.notes.first?.hasPrefix("12 photos") == true })
        key(.enter)
        #expect(f.run { f.browser.toast.message?.contains("imported and verified") == true && f.browser.toast.message?.contains("stopped") == false })
        f.session.waitForImport()
        let all = try FileManager.default.contentsOfDirectory(atPath: pictures.path).filter { !$0.hasPrefix(".") }
        #expect(Set(all) == Set(["IMG_0001.JPG"] + (2...12).map { String(format: "IMG_%04d.CR3", $0) }), "each once: \(all.sorted())")
    }

    /// A card put in while the share bar is up waits: the bar keeps its keys (an Enter meant
    /// for it would otherwise start an import), and the card is offered once it is gone.
    @Test func aCardPutInWhileTheShareBarIsUpIsOfferedOnceItIsAnswered() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-import-wait-\(getpid())-\(UUID().uuidString.prefix(6))")
        let album = root.appendingPathComponent("Album"), card = root.appendingPathComponent("CARD")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: card.appendingPathComponent("DCIM/100CANON"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [album.appendingPathComponent("a.jpg"), card.appendingPathComponent("DCIM/100CANON/IMG_0001.JPG")] {
            #expect(try runExternalTool(["convert", "-size", "32x24", "xc:gray", path.path]).status == 0)
        }
        let f = try AlbumSessionTests.Fixture(opening: album.path)
        #expect(f.run { f.session.photos.count == 1 })
        _ = f.browser.handleKey(KeyEvent(key: .character("s"), modifiers: [.control, .shift], timestampNanoseconds: 0))
        #expect(f.browser.shareBar.isShown)

        f.session.imports.mountedVolumes.post(FilePath(card.path))
        var frames = 0
        _ = f.run { frames += 1; return frames == 20 }
        #expect(!f.browser.formSheet.isShown && f.browser.shareBar.isShown, "the share bar keeps the keys")

        _ = f.browser.handleKey(KeyEvent(key: .escape, timestampNanoseconds: 0))
        #expect(!f.browser.shareBar.isShown)
        #expect(f.run { f.browser.formSheet.form?.title == "Import from CARD" }, "offered once the bar is gone")
    }

    /// Every file under `folder`: its bytes and its time.
    private func snapshot(_ folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            let bytes = (try? Data(contentsOf: url)).map { "\($0.count) \($0.hashValue)" } ?? "folder"
            found[url.path] = "\(bytes) \(attributes[.modificationDate] ?? "")"
        }
        return found
    }
}
