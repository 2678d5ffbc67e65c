// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport
import PhotoLibrary
import Pixels
import SystemPackage

/// Turning a photo: the one change Flick makes to a file. A JPEG's orientation tag is
/// rewritten in place and nothing else; what cannot be done safely is refused, the file
/// left as it was.
@Suite struct OrientationWriterTests {
    /// A 3×2 picture whose six pixels differ, to tell every turn and mirror apart.
    static let asymmetric: PixelBuffer = {
        var bytes: [UInt8] = []
        for value in 0..<6 { bytes += [UInt8(value * 40), UInt8(value), 0, 255] }
        return PixelBuffer(width: 3, height: 2, bytesPerRow: 12, bytes: bytes, isOpaque: true)
    }()

    @Test func aQuarterTurnOfTheTagShowsThePictureTurnedAQuarter() {
        for orientation in Orientation.allCases {
            let shown = Self.asymmetric.applying(orientation)
            #expect(Self.asymmetric.applying(orientation.turned(.clockwise)).bytes == shown.applying(.right).bytes, "\(orientation) clockwise")
            #expect(Self.asymmetric.applying(orientation.turned(.anticlockwise)).bytes == shown.applying(.left).bytes, "\(orientation) anticlockwise")
            #expect(orientation.turned(.clockwise).turned(.anticlockwise) == orientation)
        }
    }

    /// A JPEG made by ImageMagick, its orientation written by exiftool in `byteOrder`
    /// ("MM" or "II"), with `trailer` after its end (a Motion Photo's video).
    func jpeg(in folder: URL, orientation: Int, byteOrder: String = "MM", trailer: [UInt8] = []) throws -> URL {
        let file = folder.appendingPathComponent("photo.jpg")
        _ = try runExternalTool(["convert", "-size", "64x48", "gradient:red-blue", file.path])
        let order = byteOrder == "II" ? "Little-endian" : "Big-endian"
        let written = try runExternalTool(["exiftool", "-q", "-overwrite_original", "-n", "-ExifByteOrder=\(order)", "-Orientation=\(orientation)",
                                           "-Make=Flick", "-Model=Test", file.path])
        #expect(written.status == 0, "exiftool: \(written.output)")
        if !trailer.isEmpty {
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(trailer))
            try handle.close()
        }
        return file
    }

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-turn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func exifOrientation(_ file: URL) throws -> String {
        try runExternalTool(["exiftool", "-s3", "-n", "-Orientation", file.path]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["MM", "II"])
    func aJPEGIsTurnedByItsTagAloneWithItsModeAndTimesAndUndoRestoresItByteForByte(byteOrder: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Bytes after the picture's end, as a Motion Photo keeps its video: kept too.
        let file = try jpeg(in: folder, orientation: 1, byteOrder: byteOrder, trailer: Array("ftypmp42 a short video".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o640, .modificationDate: Date(timeIntervalSince1970: 1_500_000_000)],
                                              ofItemAtPath: file.path)
        let original = try Data(contentsOf: file)
        let turned = try OrientationWriter.turn(FilePath(file.path), .clockwise)
        #expect(turned.before == .up && turned.after == .right)
        #expect(try exifOrientation(file) == "6", "exiftool reads the new orientation")
        let now = try Data(contentsOf: file)
        #expect(now.count == original.count)
        let differing = zip(original, now).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(!differing.isEmpty && differing.allSatisfy { $0 == turned.tag.offset || $0 == turned.tag.offset + 1 }, "only the tag's value: \(differing)")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect((attributes[.modificationDate] as? Date) == Date(timeIntervalSince1970: 1_500_000_000))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["photo.jpg"], "no copy left beside it: \(leftovers)")

        // Turned again, then back twice: the original bytes.
        let again = try OrientationWriter.turn(FilePath(file.path), .clockwise)
        #expect(again.after == .down)
        _ = try OrientationWriter.undo(again)
        _ = try OrientationWriter.undo(turned)
        #expect(try Data(contentsOf: file) == original)
    }

    /// An Ultra HDR photo (a phone's since 2023): the picture, an MPF index in APP2 and its
    /// gain map, a second JPEG, after the first's end. Turned, every byte but the tag's is
    /// kept, and exiftool reads nothing else changed.
    @Test func anUltraHDRPhotosGainMapAndIndexSurviveATurn() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let primary = try Data(contentsOf: jpeg(in: folder, orientation: 1))
        let gainMap = folder.appendingPathComponent("gainmap.jpg")
        _ = try runExternalTool(["convert", "-size", "32x24", "gradient:black-white", "-quality", "80", gainMap.path])
        let gain = try Data(contentsOf: gainMap)
        // After the EXIF segment: APP2 "MPF\0" and a big-endian MP index with no entries.
        var exifEnd = 2
        while primary[exifEnd] == 0xFF && primary[exifEnd + 1] != 0xE1 { exifEnd += 2 + (Int(primary[exifEnd + 2]) << 8 | Int(primary[exifEnd + 3])) }
        try #require(primary[exifEnd + 1] == 0xE1, "an EXIF block")
        exifEnd += 2 + (Int(primary[exifEnd + 2]) << 8 | Int(primary[exifEnd + 3]))
        let index: [UInt8] = Array("MPF".utf8) + [0, 0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
        let mpf: [UInt8] = [0xFF, 0xE2, UInt8((index.count + 2) >> 8), UInt8((index.count + 2) & 0xFF)] + index
        let file = folder.appendingPathComponent("ultrahdr.jpg")
        try (primary.prefix(exifEnd) + Data(mpf) + primary.dropFirst(exifEnd) + gain).write(to: file)
        let original = try Data(contentsOf: file)
        let before = try runExternalTool(["exiftool", "-a", "-G1", "-s", "-n", "-x", "FileModifyDate", "-x", "FileAccessDate", "-x", "FileInodeChangeDate",
                                          file.path]).output

        let turned = try OrientationWriter.turn(FilePath(file.path), .anticlockwise)
        let now = try Data(contentsOf: file)
        let differing = zip(original, now).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(now.count == original.count && differing.allSatisfy { $0 == turned.tag.offset || $0 == turned.tag.offset + 1 } && !differing.isEmpty)
        #expect(now.suffix(gain.count) == gain, "the gain map whole")
        let after = try runExternalTool(["exiftool", "-a", "-G1", "-s", "-n", "-x", "FileModifyDate", "-x", "FileAccessDate", "-x", "FileInodeChangeDate",
                                         file.path]).output
        let changed = Set(after.split(separator: "\n")).symmetricDifference(Set(before.split(separator: "\n")))
        #expect(changed.allSatisfy { $0.contains("Orientation") } && changed.count == 2, "exiftool sees the orientation alone change: \(changed)")
        _ = try OrientationWriter.undo(turned)
        #expect(try Data(contentsOf: file) == original)
    }

    @Test func anEXIFBlockAfterOtherSegmentsIsFoundAndADamagedOneIsNotWrittenInto() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try jpeg(in: folder, orientation: 8)
        var bytes = [UInt8](try Data(contentsOf: file))
        // A comment segment before the EXIF block.
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x0A] + Array("flick!!!".utf8)
        bytes.insert(contentsOf: comment, at: 2)
        let tag = try #require(OrientationTag.find(in: bytes))
        #expect(tag.orientation == .left)
        // The IFD's entry count made to run past the segment: not a tag to trust.
        var damaged = bytes
        let ifdCountAt = try #require(findIFDCount(damaged))
        damaged[ifdCountAt] = 0x7F
        damaged[ifdCountAt + 1] = 0x7F
        #expect(OrientationTag.find(in: damaged) == nil)
        let damagedFile = folder.appendingPathComponent("damaged.jpg")
        try Data(damaged).write(to: damagedFile)
        #expect(throws: RotationError.noTag) { try OrientationWriter.turn(FilePath(damagedFile.path), .clockwise) }
        #expect(try Data(contentsOf: damagedFile) == Data(damaged), "left as it was")
        #expect(OrientationTag.find(in: [0x89, 0x50, 0x4E, 0x47]) == nil, "not a JPEG")
    }

    /// The offset of IFD0's entry count in a big-endian EXIF block.
    func findIFDCount(_ bytes: [UInt8]) -> Int? {
        guard let exif = (0..<(bytes.count - 6)).first(where: { Array(bytes[$0..<($0 + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] }) else { return nil }
        let tiff = exif + 6
        let offset = Int(bytes[tiff + 4]) << 24 | Int(bytes[tiff + 5]) << 16 | Int(bytes[tiff + 6]) << 8 | Int(bytes[tiff + 7])
        return tiff + offset
    }

    @Test func aFileChangedSinceFlickReadItIsNotTurned() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try jpeg(in: folder, orientation: 1)
        let read = try #require(FileStamp(of: FilePath(file.path)))
        // Another program rewrites it.
        _ = try runExternalTool(["exiftool", "-q", "-overwrite_original", "-Artist=Someone", file.path])
        let rewritten = try Data(contentsOf: file)
        #expect(throws: RotationError.changed) { try OrientationWriter.turn(FilePath(file.path), .clockwise, expecting: read) }
        #expect(try Data(contentsOf: file) == rewritten)
        // And an undo after another program's change is refused too.
        let turned = try OrientationWriter.turn(FilePath(file.path), .anticlockwise)
        _ = try runExternalTool(["exiftool", "-q", "-overwrite_original", "-Artist=Someone else", file.path])
        #expect(throws: RotationError.changed) { try OrientationWriter.undo(turned) }
    }

    @Test(.enabled(if: ScratchVolume.isAllowed, "mounting a tmpfs is not allowed on this machine"))
    func onAReadOnlyOrFullVolumeNothingIsTurnedAndNothingIsLeft() throws {
        let volume = try #require(ScratchVolume(kilobytes: 1024))
        let folder = URL(fileURLWithPath: volume.mountPoint)
        let file = try jpeg(in: folder, orientation: 1)
        let original = try Data(contentsOf: file)
        volume.fill()
        #expect(throws: RotationError.self) { try OrientationWriter.turn(FilePath(file.path), .clockwise) }
        #expect(try Data(contentsOf: file) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("flick-turn") }.isEmpty)
        #expect(volume.remountReadOnly())
        #expect(throws: RotationError.self) { try OrientationWriter.turn(FilePath(file.path), .clockwise) }
        #expect(try Data(contentsOf: file) == original)
    }
}
