// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
import PhotoLibrary
import SystemPackage
import Testing
import TestSupport

@Suite struct XMPDateTests {
    /// A date fixed goes into the sidecar as exif:DateTimeOriginal, which darktable, digiKam
    /// and exiftool read; everything another program wrote stays; taking it out leaves the rest.
    @Test func aDateIsWrittenIntoASidecarAndTakenOutAgain() throws {
        let darktable = Array(XMPMarksTests.darktableSidecar.utf8)
        let dated = try #require(XMPDate.updating(darktable, dateTaken: "2024-06-14 11:03:22"))
        #expect(XMPMarks.record(inPacket: dated) == XMPRecord(marks: PhotoMarks(rating: 1), dateTaken: "2024-06-14 11:03:22"))
        let text = String(decoding: dated, as: UTF8.self)
        #expect(text.contains("colorbalancergb") && text.contains("beach"), "darktable's history and keywords stay")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-xmpdate-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sidecar = folder.appendingPathComponent("IMG_1.jpg.xmp")
        try Data(dated).write(to: sidecar)
        let (status, read) = try runExternalTool(["exiftool", "-s", "-s", "-s", "-XMP-exif:DateTimeOriginal", sidecar.path])
        #expect(status == 0 && read.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("2024:06:14 11:03:22"), "exiftool reads \(read)")

        let fresh = try #require(XMPDate.updating(nil, dateTaken: "2019-01-02 03:04:05.25"))
        #expect(XMPMarks.record(inPacket: fresh).dateTaken == "2019-01-02 03:04:05.25")
        let removed = try #require(XMPDate.updating(dated, dateTaken: nil))
        #expect(XMPMarks.record(inPacket: removed) == XMPRecord(marks: PhotoMarks(rating: 1), dateTaken: nil))
        #expect(XMPDate.updating(Array("not xmp".utf8), dateTaken: "2024-06-14 11:03:22") == nil, "another program's file is never replaced")
        #expect(XMPDate.updating(nil, dateTaken: "not a date") == nil)
    }

    @Test func datesAreReadAsXMPAndDarktableWriteThem() throws {
        func packet(_ date: String) -> [UInt8] {
            Array("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:DateTimeOriginal="\(date)"/>
            </rdf:RDF></x:xmpmeta>
            """.utf8)
        }
        #expect(XMPMarks.record(inPacket: packet("2024-06-14T10:03:22.35+02:00")).dateTaken == "2024-06-14 10:03:22.35")
        #expect(XMPMarks.record(inPacket: packet("2024-06-14T10:03Z")).dateTaken == "2024-06-14 10:03:00")
        #expect(XMPMarks.record(inPacket: packet("2024-06-14")).dateTaken == "2024-06-14 00:00:00")
        #expect(XMPMarks.record(inPacket: packet("2025:07:12 10:21:33")).dateTaken == "2025-07-12 10:21:33")
        #expect(XMPMarks.record(inPacket: packet("yesterday")).dateTaken == nil)
        #expect(XMPMarks.record(inPacket: packet("0000:00:00 00:00:00")).dateTaken == nil)
    }

    /// Through a helper, as the app writes it.
    @Test func aHelperWritesADateIntoASidecar() throws {
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        let made = try decoder.sidecar(nil, datedAt: "2024-06-14 10:03:00").get()
        #expect(XMPMarks.record(inPacket: made).dateTaken == "2024-06-14 10:03:00")
    }
}
