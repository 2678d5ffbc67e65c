// SPDX-License-Identifier: GPL-3.0-or-later
import Pixels
import SystemPackage

/// What a decode is asked for: the size the picture must fit, the colours it is shown in,
/// the limits a file must keep within.
struct PictureRequest {
    /// What the bytes are (sniffed): a decoder shared by several formats reads it.
    var format: ImageFormat
    /// Neither side larger (aspect kept; never scaled up); nil for the whole picture.
    var maximumPixelSize: Int?
    /// The picture also fits this rectangle (a window's shape).
    var box: PixelBox?
    var colours: ColourTarget
    var limits: DecodeLimits

    /// The longer side a picture `width` × `height` (upright) is decoded to: the size asked,
    /// and within the box.
    func longestSide(uprightWidth width: Int, height: Int) -> Int? {
        guard let box else { return maximumPixelSize }
        return min(maximumPixelSize ?? .max, box.longestSide(ofFitting: width, height))
    }
}

/// A format's decoder: one per entry of the format table (`ImageFormat.entry`). It
/// runs in a decode helper, under its limits.
protocol FormatDecoder {
    /// The picture in `bytes` (a whole file), upright, carrying its colour profile; reduced
    /// where the format does that for less (a JPEG's DCT scale, a drawing drawn small),
    /// else whole: `ImageDecoder` reduces it to what was asked and converts its colours.
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer

    /// The picture read from the open file itself, only what it needs (a RAW's preview is a
    /// few megabytes of a file of fifty); nil: the whole file is read and `decode(_:_:)` given it.
    static func decode(_ file: FileBytes, _ request: PictureRequest) throws(DecodeError) -> PixelBuffer?

    /// What the file records about the photo, where its format keeps it somewhere of its own
    /// (a HEIF's EXIF item, a RAW's maker's tags); nil: read from the file's first bytes.
    static func facts(of path: FilePath, _ file: FileBytes) throws(DecodeError) -> EmbeddedFacts?

    /// The small picture the file carries of itself (a JPEG's EXIF thumbnail, a HEIF's
    /// thumbnail item), upright; nil for a format that carries none. `head` is the file's
    /// first bytes (`ImageDecoder.exifSearchLength`).
    static func embeddedPreview(of path: FilePath, head: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer?
}

extension FormatDecoder {
    static func decode(_ file: FileBytes, _ request: PictureRequest) throws(DecodeError) -> PixelBuffer? { nil }
    static func facts(of path: FilePath, _ file: FileBytes) throws(DecodeError) -> EmbeddedFacts? { nil }
    static func embeddedPreview(of path: FilePath, head: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer? { nil }
}
