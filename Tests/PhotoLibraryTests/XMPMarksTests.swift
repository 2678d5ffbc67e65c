// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
@testable import PhotoLibrary
import SystemPackage
import Testing

/// Marks written to XMP as the tools photographers edit in read them, checked with exiftool
/// (the independent reader); other programs' properties kept; marks read from sidecars
/// and from packets inside photos, through a helper like every other file.
@Suite final class XMPMarksTests {
    /// Each test's own folder, removed after it.
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-xmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A sidecar as darktable 4 writes one: its own properties, an edit history, tags.
    static let darktableSidecar = """
    <?xml version="1.0" encoding="UTF-8"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about=""
        xmlns:exif="http://ns.adobe.com/exif/1.0/"
        xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
        xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:darktable="http://darktable.sf.net/"
       exif:DateTimeOriginal="2025:07:12 10:21:33"
       xmp:Rating="1"
       xmpMM:DerivedFrom="IMG_0042.CR3"
       darktable:import_timestamp="63856812345000000"
       darktable:xmp_version="5"
       darktable:raw_params="0"
       darktable:auto_presets_applied="1"
       darktable:history_end="2"
       darktable:iop_order_version="4">
       <dc:subject>
        <rdf:Bag>
         <rdf:li>holiday</rdf:li>
         <rdf:li>beach</rdf:li>
        </rdf:Bag>
       </dc:subject>
       <darktable:masks_history>
        <rdf:Seq/>
       </darktable:masks_history>
       <darktable:history>
        <rdf:Seq>
         <rdf:li
          darktable:num="0"
          darktable:operation="exposure"
          darktable:enabled="1"
          darktable:modversion="6"
          darktable:params="0000000000000000cdcc4c3e0000803f00000000"
          darktable:multi_name=""
          darktable:multi_priority="0"/>
         <rdf:li
          darktable:num="1"
          darktable:operation="colorbalancergb"
          darktable:enabled="1"
          darktable:modversion="5"
          darktable:params="gz08eJxjYGBgYAJiV2cXJyYmJhYGhgYGhgYGBgYGhgYGhgYmAAB0UgKu"
          darktable:multi_name="basic colorfulness"
          darktable:multi_priority="0"/>
        </rdf:Seq>
       </darktable:history>
      </rdf:Description>
     </rdf:RDF>
    </x:xmpmeta>
    """

    private func scratch() throws -> URL { folder }

    /// exiftool's reading of `file`: tag (with its group, e.g. "XMP-xmp:Rating") → value.
    private func exiftool(_ file: URL) throws -> [String: String] {
        let json = try toolOutput(["exiftool", "-j", "-G1", "-n", "-struct", "-XMP:all", file.path])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let tags = try #require(objects.first)
        return tags.filter { $0.key != "SourceFile" }.mapValues { value in
            // Structures and lists as sorted JSON, so equal ones read equal.
            guard JSONSerialization.isValidJSONObject(value),
                  let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "\(value)" }
            return String(decoding: data, as: UTF8.self)
        }
    }

    private func write(_ bytes: [UInt8]?, to file: URL) throws {
        try Data(try #require(bytes)).write(to: file)
    }

    @Test func aNewSidecarIsReadByExiftoolAsTheToolsExpect() throws {
        let file = try scratch().appendingPathComponent("IMG_1.JPG.xmp")
        try write(XMPMarks.updating(nil, with: PhotoMarks(rating: 3, flag: .pick, label: .red)), to: file)
        let tags = try exiftool(file)
        #expect(tags["XMP-xmp:Rating"] == "3")
        #expect(tags["XMP-xmp:Label"] == "Red")
        #expect(tags["XMP-digiKam:PickLabel"] == "3")
        #expect(tags["XMP-photomech:Tagged"] == "1" || tags["XMP-photomech:Tagged"] == "True")
    }

    @Test func aRejectIsRatingMinusOneAndDigiKamsRejectedLabel() throws {
        let file = try scratch().appendingPathComponent("IMG_2.JPG.xmp")
        try write(XMPMarks.updating(nil, with: PhotoMarks(rating: 4, flag: .reject)), to: file)
        let tags = try exiftool(file)
        #expect(tags["XMP-xmp:Rating"] == "-1")
        #expect(tags["XMP-digiKam:PickLabel"] == "1")
        #expect(tags["XMP-xmp:Label"] == nil)
        #expect(tags["XMP-photomech:Tagged"] == nil, "no tag is added where there was none")
        #expect(XMPMarks.marks(inPacket: Array(try Data(contentsOf: file))) == PhotoMarks(flag: .reject))
    }

    @Test func darktablesPropertiesAndHistorySurviveAMark() throws {
        let folder = try scratch()
        let before = folder.appendingPathComponent("before.xmp"), after = folder.appendingPathComponent("after.xmp")
        try Data(Self.darktableSidecar.utf8).write(to: before)
        try write(XMPMarks.updating(Array(Self.darktableSidecar.utf8), with: PhotoMarks(rating: 4, label: .green)), to: after)
        var old = try exiftool(before), new = try exiftool(after)
        #expect(new["XMP-xmp:Rating"] == "4" && new["XMP-xmp:Label"] == "Green")
        // The marks changed, and x:xmptk names the toolkit that wrote the packet last.
        for changed in ["XMP-xmp:Rating", "XMP-xmp:Label", "XMP-x:XMPToolkit"] {
            old[changed] = nil
            new[changed] = nil
        }
        #expect(old == new, "every other property as darktable wrote it")
        #expect(new["XMP-darktable:History"]?.contains("colorbalancergb") == true)
        #expect(new["XMP-darktable:History"]?.contains("gz08eJxjYGBgYAJiV2cXJyYmJhYGhgYGhgYGBgYGhgYGhgYmAAB0UgKu") == true)
        #expect(new["XMP-dc:Subject"]?.contains("beach") == true)
    }

    @Test func takingAMarkBackRemovesItsProperties() throws {
        let first = try #require(XMPMarks.updating(nil, with: PhotoMarks(rating: 2, flag: .pick, label: .blue)))
        let cleared = try #require(XMPMarks.updating(first, with: PhotoMarks(rating: 2)))
        let file = try scratch().appendingPathComponent("IMG_3.JPG.xmp")
        try write(cleared, to: file)
        let tags = try exiftool(file)
        #expect(tags["XMP-xmp:Label"] == nil)
        #expect(tags["XMP-digiKam:PickLabel"] == nil)
        #expect(tags["XMP-photomech:Tagged"] == "0" || tags["XMP-photomech:Tagged"] == "False", "the tag taken back, not left set")
        #expect(XMPMarks.marks(inPacket: cleared) == PhotoMarks(rating: 2))
    }

    @Test func marksOtherToolsWroteAreRead() throws {
        let folder = try scratch()
        let lightroom = folder.appendingPathComponent("lr.xmp")
        try runTool(["exiftool", "-q", "-XMP-xmp:Rating=5", "-XMP-xmp:Label=Yellow", "-o", lightroom.path])
        #expect(XMPMarks.marks(inPacket: Array(try Data(contentsOf: lightroom))) == PhotoMarks(rating: 5, label: .yellow))
        let digiKam = folder.appendingPathComponent("dk.xmp")
        try runTool(["exiftool", "-q", "-XMP-digiKam:PickLabel=3", "-XMP-xmp:Rating=2", "-o", digiKam.path])
        #expect(XMPMarks.marks(inPacket: Array(try Data(contentsOf: digiKam))) == PhotoMarks(rating: 2, flag: .pick))
        let photoMechanic = folder.appendingPathComponent("pm.xmp")
        try runTool(["exiftool", "-q", "-n", "-XMP-photomech:Tagged=True", "-o", photoMechanic.path])
        #expect(XMPMarks.marks(inPacket: Array(try Data(contentsOf: photoMechanic)))?.flag == .pick)
        // A packet with no marks in it says so.
        let plain = folder.appendingPathComponent("plain.xmp")
        try runTool(["exiftool", "-q", "-XMP-dc:Title=Beach", "-o", plain.path])
        #expect(XMPMarks.marks(inPacket: Array(try Data(contentsOf: plain))) == nil)
    }

    @Test func packetsInsidePhotosAreFound() throws {
        let folder = try scratch()
        for name in ["marked.jpg", "marked.png", "marked.tif"] {
            let photo = folder.appendingPathComponent(name)
            try runTool(["convert", "-size", "40x30", "xc:gray", photo.path])
            try runTool(["exiftool", "-q", "-overwrite_original", "-XMP-xmp:Rating=4", "-XMP-xmp:Label=Purple", photo.path])
            let packet = try #require(EmbeddedXMP.packet(at: FilePath(photo.path)), "\(name)")
            #expect(XMPMarks.marks(inPacket: packet) == PhotoMarks(rating: 4, label: .purple), "\(name)")
        }
        // A RAW (a DNG) and an iPhone's HEIC, marked by exiftool as an editor would.
        let dng = folder.appendingPathComponent("marked.dng"), heic = folder.appendingPathComponent("marked.heic")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        try runTool(["python3", script, dng.path, "60", "40"])
        try runTool(["convert", "-size", "64x64", "xc:gray", folder.appendingPathComponent("gray.png").path])
        try runTool(["heif-enc", "-q", "50", "-o", heic.path, folder.appendingPathComponent("gray.png").path])
        for photo in [dng, heic] {
            try runTool(["exiftool", "-q", "-overwrite_original", "-XMP-xmp:Rating=2", "-XMP-xmp:Label=Blue", photo.path])
            let packet = try #require(EmbeddedXMP.packet(at: FilePath(photo.path)), "\(photo.lastPathComponent)")
            #expect(XMPMarks.marks(inPacket: packet) == PhotoMarks(rating: 2, label: .blue), "\(photo.lastPathComponent)")
        }
        let unmarked = folder.appendingPathComponent("plain.jpg")
        try runTool(["convert", "-size", "40x30", "xc:gray", unmarked.path])
        #expect(EmbeddedXMP.packet(at: FilePath(unmarked.path)) == nil)
    }

    @Test func whatIsNotXMPHasNoMarksAndIsNeverReplaced() {
        for garbage in [[UInt8](), Array("not xml at all".utf8), Array("<x:xmpmeta><rdf:RDF><unclosed".utf8), [UInt8](repeating: 0xFF, count: 5000)] {
            #expect(XMPMarks.marks(inPacket: garbage) == nil)
            #expect(XMPMarks.updating(garbage.isEmpty ? [0x20] : garbage, with: PhotoMarks(rating: 1)) == nil)
        }
        // A cut JPEG segment or one that claims to run past the file ends the walk.
        #expect(EmbeddedXMP.jpegPacket([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x68]) == nil)
    }

    @Test func aHelperReadsSidecarsAndWritesTheirNewBytes() throws {
        let folder = try scratch()
        let sidecar = folder.appendingPathComponent("IMG_9.CR3.xmp")
        try Data(Self.darktableSidecar.utf8).write(to: sidecar)
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        #expect(try decoder.marks(FilePath(sidecar.path)).get() == XMPRecord(marks: PhotoMarks(rating: 1), dateTaken: "2025-07-12 10:21:33"))
        let updated = try decoder.sidecar(FilePath(sidecar.path), updatedWith: PhotoMarks(rating: 5, flag: .pick, label: .red)).get()
        #expect(XMPMarks.marks(inPacket: updated) == PhotoMarks(rating: 5, flag: .pick, label: .red))
        #expect(String(decoding: updated, as: UTF8.self).contains("colorbalancergb"))
        let fresh = try decoder.sidecar(nil, updatedWith: PhotoMarks(rating: 2)).get()
        #expect(XMPMarks.marks(inPacket: fresh) == PhotoMarks(rating: 2))
        // A sidecar that is not XMP is an error, never replaced by one holding only marks.
        let broken = folder.appendingPathComponent("broken.xmp")
        try Data("<x:xmpmeta><oops".utf8).write(to: broken)
        #expect(throws: DecodeError.self) { try decoder.sidecar(FilePath(broken.path), updatedWith: PhotoMarks(rating: 2)).get() }
        #expect(try decoder.marks(FilePath(broken.path)).get() == XMPRecord())
    }
}
