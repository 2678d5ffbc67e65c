// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
import PhotoLibrary
import SystemPackage
import Testing
import TestSupport

/// A shared copy: an upright sRGB JPEG within the long side asked, carrying only the
/// metadata asked for, made in a helper. exiftool is the independent reader.
@Suite struct ExportTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-export-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func tool(_ arguments: [String]) throws -> String {
        let (status, output) = try runExternalTool(arguments)
        try #require(status == 0, "\(arguments.joined(separator: " ")): \(output)")
        return output
    }

    /// A camera's JPEG stored sideways (orientation 6) with a place, a camera and a date.
    private func cameraPhoto(in folder: URL) throws -> URL {
        let photo = folder.appendingPathComponent("IMG_0001.JPG")
        _ = try tool(["convert", "-size", "80x60", "xc:red", "-fill", "blue", "-draw", "rectangle 0,0 39,59", photo.path])
        _ = try tool(["exiftool", "-q", "-overwrite_original", "-Orientation#=6", "-Make=Canon", "-Model=Canon EOS R6",
                      "-DateTimeOriginal=2024:06:14 10:03:22", "-ExposureTime=1/250", "-FNumber=2.8", "-ISO=400", "-SerialNumber=0123456789",
                      "-GPSLatitude=38.7", "-GPSLatitudeRef=N", "-GPSLongitude=9.14", "-GPSLongitudeRef=W", photo.path])
        return photo
    }

    private func exported(_ photo: URL, _ metadata: ExportMetadata, side: Int? = 64, date: String? = nil, in folder: URL) throws -> URL {
        let decoder = IsolatedDecoder(command: [IsolationTests.fakeHelper])
        let bytes = try decoder.export(FilePath(photo.path), longSide: side, metadata: metadata, dateTaken: date).get()
        let copy = folder.appendingPathComponent("copy-\(metadata.rawValue).jpg")
        try Data(bytes).write(to: copy)
        return copy
    }

    @Test func aCopyIsUprightWithinItsSideAndCarriesTheDateAndCameraButNotThePlace() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try exported(try cameraPhoto(in: folder), .withoutPlace, date: "2025-01-02 03:04:05", in: folder)
        #expect(try tool(["identify", "-format", "%w %h %m", copy.path]) == "48 64 JPEG", "stood upright, 64 on its long side")
        let tags = try tool(["exiftool", "-s", "-s", "-n", "-Orientation", "-Make", "-Model", "-DateTimeOriginal", "-FNumber", "-ISO",
                             "-SerialNumber", "-GPSLatitude", copy.path])
        #expect(tags.contains("Orientation: 1") && tags.contains("Make: Canon") && tags.contains("Model: Canon EOS R6"), "\(tags)")
        #expect(tags.contains("DateTimeOriginal: 2025:01:02 03:04:05"), "the date fixed in its sidecar: \(tags)")
        #expect(tags.contains("FNumber: 2.8") && tags.contains("ISO: 400"), "\(tags)")
        #expect(!tags.contains("GPS") && !tags.contains("SerialNumber"), "no place, no serial number: \(tags)")
        // Its left half was blue as stored; stood upright, the top is blue.
        let top = try tool(["convert", copy.path, "-crop", "48x8+0+0", "-resize", "1x1!", "-format", "%[fx:int(255*b)] %[fx:int(255*r)]", "info:"])
        let values = top.split(separator: " ").compactMap { Int($0) }
        #expect(values.count == 2 && values[0] > 200 && values[1] < 60, "blue on top: \(top)")
    }

    @Test func thePlaceGoesOnlyWhenAskedAndNothingGoesWhenNothingIsAsked() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try cameraPhoto(in: folder)
        let placed = try tool(["exiftool", "-s", "-s", "-n", "-GPSLatitude", "-GPSLongitude", "-DateTimeOriginal", try exported(photo, .withPlace, in: folder).path])
        let lines = placed.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("GPSLatitude: 38.7") } && lines.contains { $0.hasPrefix("GPSLongitude: -9.14") }, "\(placed)")
        #expect(placed.contains("DateTimeOriginal: 2024:06:14 10:03:22"), "the camera's date where none was fixed: \(placed)")
        let bare = try tool(["exiftool", "-s", "-s", "-EXIF:all", try exported(photo, .none, in: folder).path])
        #expect(bare.isEmpty, "no EXIF at all: \(bare)")
    }

    /// Transparency has no place in a JPEG: it lies on white.
    @Test func aTransparentPhotoIsCopiedOnWhite() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("clear.png")
        _ = try tool(["convert", "-size", "40x40", "xc:none", png.path])
        let copy = try exported(png, .none, side: nil, in: folder)
        let mean = try tool(["convert", copy.path, "-format", "%[fx:int(255*mean)]", "info:"])
        #expect(Int(mean) ?? 0 > 245, "white: \(mean)")
    }
}
