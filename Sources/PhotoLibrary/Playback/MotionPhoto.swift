// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A Motion Photo: a JPEG or HEIC as Pixel, Samsung and Xiaomi phones save it, the moment's
/// short video written after its picture in the same file. Where the video is, the file
/// says: Google's XMP `Container` directory (its `MotionPhoto` item's length, counted from
/// the end), the older `GCamera:MicroVideoOffset` (likewise), Samsung's trailer (a SEF
/// directory at the very end naming its `MotionPhoto_Data`), or in a HEIC, a top-level
/// `mpvd` box holding the video (Google's Motion Photo format 1.0, and Samsung's). What it says is believed only
/// where an ISO media file starts there: an offset past the end or into the picture is no
/// video, and the photo is a still.
enum MotionPhoto {
    /// The bytes of the video in `file`, whose first bytes are `head`; nil for a still.
    static func video(in file: FileBytes, head: [UInt8]) -> Range<Int>? {
        let candidates = [fromXMP(head, fileSize: file.count), fromHEIFBox(file, head: head), fromSamsungTrailer(file)]
        return candidates.compactMap { $0 }.first { isISOMedia(file, at: $0) }
    }

    /// The video the XMP packet in `head` names, counted from the end of the file.
    static func fromXMP(_ head: [UInt8], fileSize: Int) -> Range<Int>? {
        guard let start = head.firstRange(of: Array("<x:xmpmeta".utf8))?.lowerBound,
              let end = head[start...].firstRange(of: Array("</x:xmpmeta>".utf8))?.upperBound else { return nil }
        let packet = String(decoding: head[start..<end], as: UTF8.self)
        var length: Int?
        // Google's Container directory: the item whose semantic is MotionPhoto, its length.
        if let semantic = packet.range(of: "Semantic=\"MotionPhoto\"") {
            let itemStart = packet[..<semantic.lowerBound].range(of: "<", options: .backwards)?.lowerBound ?? semantic.lowerBound
            let itemEnd = packet[semantic.upperBound...].range(of: ">")?.upperBound ?? packet.endIndex
            length = number(after: "Length=\"", in: packet[itemStart..<itemEnd])
        }
        // The older Motion Photos (2018–2020): the video's offset from the end.
        length = length ?? number(after: "MicroVideoOffset=\"", in: packet[...]) ?? number(after: "MicroVideoOffset>", in: packet[...])
        guard let length, length > 8, length < fileSize else { return nil }
        return fileSize - length..<fileSize
    }

    /// Samsung's: the last bytes are the SEF directory's length and "SEFT"; its entries say
    /// where each record is, counted back from the directory; the video is the record named
    /// MotionPhoto_Data, after its name.
    static func fromSamsungTrailer(_ file: FileBytes) -> Range<Int>? {
        guard file.count > 16, let tail = file.read(file.count - 8..<file.count), tail[4..<8].elementsEqual("SEFT".utf8) else { return nil }
        let directoryLength = littleEndian(tail[0..<4])
        let directoryStart = file.count - 8 - directoryLength
        guard directoryLength >= 12, directoryLength <= 1 << 16, directoryStart > 0,
              let directory = file.read(directoryStart..<directoryStart + directoryLength), directory.starts(with: Array("SEFH".utf8)) else { return nil }
        let count = littleEndian(directory[8..<12])
        guard count <= 256, directoryLength >= 12 + count * 12 else { return nil }
        for entry in 0..<count {
            let at = 12 + entry * 12
            let back = littleEndian(directory[at + 4..<at + 8]), length = littleEndian(directory[at + 8..<at + 12])
            let recordStart = directoryStart - back
            guard recordStart >= 0, length > 8, recordStart + length <= directoryStart,
                  let header = file.read(recordStart..<recordStart + 8) else { continue }
            let nameLength = littleEndian(header[4..<8])
            guard nameLength == 16, length > 8 + nameLength, let name = file.read(recordStart + 8..<recordStart + 8 + nameLength),
                  name.elementsEqual("MotionPhoto_Data".utf8) else { continue }
            return recordStart + 8 + nameLength..<recordStart + length
        }
        return nil
    }

    /// The payload of a HEIF's top-level `mpvd` box, found by walking the file's boxes (a
    /// few bytes read each); nil where `head` is no ISO media file or no such box is there.
    static func fromHEIFBox(_ file: FileBytes, head: [UInt8]) -> Range<Int>? {
        guard head.count >= 8, head[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        var at = 0
        for _ in 0..<maximumBoxes {
            guard at + 8 <= file.count, let header = file.read(at..<at + 8) else { return nil }
            var size = bigEndian(header[0..<4]), headerLength = 8
            if size == 1 {
                guard at + 16 <= file.count, let large = file.read(at + 8..<at + 16) else { return nil }
                size = bigEndian(large[...])
                headerLength = 16
            } else if size == 0 {
                size = file.count - at
            }
            guard size >= headerLength, size <= file.count - at else { return nil }
            if header[4..<8].elementsEqual("mpvd".utf8) { return at + headerLength..<at + size }
            at += size
        }
        return nil
    }

    /// A HEIF holds a handful of top-level boxes; a file claiming thousands is not walked.
    static let maximumBoxes = 64

    /// True where an ISO media file (a `ftyp` box) starts at the range's start.
    static func isISOMedia(_ file: FileBytes, at range: Range<Int>) -> Bool {
        guard range.lowerBound > 0, range.upperBound <= file.count, range.count > 16,
              let box = file.read(range.lowerBound..<range.lowerBound + 8) else { return false }
        return box[4..<8].elementsEqual("ftyp".utf8)
    }

    private static func number(after prefix: String, in text: Substring) -> Int? {
        guard let found = text.range(of: prefix) else { return nil }
        return Int(text[found.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { ($0 << 8 | Int($1)) & (1 << 62 - 1) }
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
