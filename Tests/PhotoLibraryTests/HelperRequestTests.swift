// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Marks
@testable import PhotoLibrary
import Pixels
import SystemPackage
import Testing

/// A request to a decode helper reads back as it was written, whatever its kind: the one
/// place the wire format of a request is kept.
@Suite struct HelperRequestTests {
    /// `request` written into a pipe and read back by a helper's reader.
    func roundTrip(_ request: HelperRequest) -> HelperRequest? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        defer { close(ends[0]) }
        let bytes = request.encoded
        let written = bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        guard written == bytes.count else { return nil }
        let input = Wire(fd: ends[0])
        guard let kind = input.read(1) else { return nil }
        return HelperRequest.read(kind: kind[0], from: input)
    }

    @Test func everyKindOfRequestReadsBackAsItWasWritten() {
        // Not UTF-8: a Latin-1 name, byte for byte.
        let path = FilePath(rawBytes: Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let requests: [HelperRequest] = [
            .picture(path, kind: .image, maximumPixelSize: 1920, box: PixelBox(width: 1920, height: 1080), colours: .display, turn: .up),
            .picture(path, kind: .image, maximumPixelSize: nil, box: nil, colours: .untouched, turn: .right),
            .picture(path, kind: .image, maximumPixelSize: 1620, box: PixelBox(width: 1620, height: 1080), colours: .display, turn: .up,
                     rawBeside: FilePath("/photos/DSC0001.ARW")),
            .picture(path, kind: .embeddedPreview, maximumPixelSize: 256, box: nil, colours: .sRGB, turn: .leftMirrored),
            .region(path, PixelRect(x: 1200, y: 800, width: 1920, height: 1080), colours: .display, turn: .down),
            .facts(path),
            .marks(path),
            .sidecarUpdate(existing: FilePath("/photos/a.jpg.xmp"), marks: PhotoMarks(rating: 4, flag: .pick, label: .green)),
            .sidecarUpdate(existing: nil, marks: PhotoMarks(flag: .reject)),
            .likeness(path),
            .likenessWithThumbnail(path, thumbnailSize: 256, colours: .sRGB, turn: .left),
            .sidecarOrientation(existing: FilePath("/photos/a.heic.xmp"), orientation: .right),
            .sidecarOrientation(existing: nil, orientation: nil),
            .export(path, longSide: 2048, metadata: .withoutPlace, dateTaken: "2024-06-14 10:03:22", turn: .right),
            .animation(path, maximumPixelSize: 1280),
            .animation(path, maximumPixelSize: nil),
        ]
        for request in requests {
            #expect(roundTrip(request) == request, "\(request)")
        }
    }

    @Test func aRequestCutShortReadsAsNothing() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = Array(HelperRequest.facts(FilePath("/photos/a.jpg")).encoded.prefix(9))
        _ = bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let input = Wire(fd: ends[0])
        let kind = try #require(input.read(1))
        #expect(HelperRequest.read(kind: kind[0], from: input) == nil)
    }
}
