// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a camera says only in its maker notes (the maker's own directories inside EXIF):
/// the lens, where EXIF's own LensModel is missing — Canon's LensModel (tag 0x0095, text)
/// and Nikon's Lens (tag 0x0084: the focal range and the widest apertures at its ends,
/// written "18-55mm f/3.5-5.6" as exiftool does) — and the content identifier an iPhone
/// gives a Live Photo's still and its video alike. Every offset and count is checked
/// against the block, which may be hostile.
enum MakerNotes {
    /// The lens named by `makerNote` (the MakerNote tag's bytes), found at its place in
    /// `exif` (the block holding the TIFF header), for a camera by `make`.
    static func lens(make: String?, makerNote: [UInt8], in exif: [UInt8]) -> String? {
        guard let make = make?.lowercased(), !makerNote.isEmpty, let tiff = tiffStart(in: exif) else { return nil }
        let block = Array(exif[tiff...])
        guard let bigEndian = byteOrder(block, at: 0) else { return nil }
        if make.hasPrefix("canon") {
            guard let offset = find(makerNote.prefix(64), in: block) else { return nil }
            return text(tag: 0x0095, ifd: offset, in: block, bigEndian: bigEndian)
        }
        if make.hasPrefix("nikon") {
            // Nikon's third kind: "Nikon\0", a version, then a TIFF header of its own that
            // its offsets count from.
            guard makerNote.count > 18, makerNote.starts(with: Array("Nikon\0".utf8)) else { return nil }
            let own = Array(makerNote[10...])
            guard let ownBigEndian = byteOrder(own, at: 0), let first = integer(own, at: 4, size: 4, bigEndian: ownBigEndian) else { return nil }
            return nikonLens(ifd: first, in: own, bigEndian: ownBigEndian)
        }
        return nil
    }

    /// The identifier an iPhone writes into a photo's maker note (tag 0x0011; exiftool once
    /// called it MediaGroupUUID) and into the Live Photo's video
    /// (`com.apple.quicktime.content.identifier`): "Apple iOS\0", a version, "MM", then a
    /// big-endian IFD whose offsets count from the maker note's start.
    static func contentIdentifier(make: String?, makerNote: [UInt8]) -> String? {
        let header = Array("Apple iOS\0".utf8)
        guard make?.lowercased().hasPrefix("apple") == true, makerNote.count > header.count + 4, makerNote.starts(with: header),
              makerNote[header.count + 2] == 0x4D, makerNote[header.count + 3] == 0x4D,
              let identifier = text(tag: 0x0011, ifd: header.count + 4, in: makerNote, bigEndian: true) else { return nil }
        // A UUID's letters, digits and dashes; anything else is no identifier to pair by.
        return identifier.count <= 64 && identifier.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == "-") }) ? identifier : nil
    }

    /// Where the TIFF header starts: after "Exif\0\0" (an APP1 segment or EXIF block), or
    /// within the first bytes (a HEIF's EXIF item starts with its header's offset).
    static func tiffStart(in bytes: [UInt8]) -> Int? {
        if let exif = find(Array("Exif\0\0".utf8)[...], in: bytes), byteOrder(bytes, at: exif + 6) != nil { return exif + 6 }
        return (0..<min(16, bytes.count)).first { byteOrder(bytes, at: $0) != nil }
    }

    /// True for "MM\0*" (big-endian), false for "II*\0"; nil for neither.
    private static func byteOrder(_ bytes: [UInt8], at index: Int) -> Bool? {
        guard index >= 0, index + 4 <= bytes.count else { return nil }
        switch (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3]) {
        case (0x4D, 0x4D, 0x00, 0x2A): return true
        case (0x49, 0x49, 0x2A, 0x00): return false
        default: return nil
        }
    }

    private static func integer(_ bytes: [UInt8], at index: Int, size: Int, bigEndian: Bool) -> Int? {
        guard index >= 0, size <= 4, index + size <= bytes.count else { return nil }
        let slice = bytes[index..<(index + size)]
        return (bigEndian ? Array(slice) : slice.reversed()).reduce(0) { $0 << 8 | Int($1) }
    }

    /// The directory entry for `tag` in the IFD at `ifd`: its type, count and where its value
    /// is (inline in the entry when it fits in four bytes).
    private static func entry(_ tag: Int, ifd: Int, in bytes: [UInt8], bigEndian: Bool) -> (type: Int, count: Int, value: Int)? {
        guard let entries = integer(bytes, at: ifd, size: 2, bigEndian: bigEndian), entries <= 1000 else { return nil }
        for index in 0..<entries {
            let at = ifd + 2 + index * 12
            guard let found = integer(bytes, at: at, size: 2, bigEndian: bigEndian) else { return nil }
            guard found == tag, let type = integer(bytes, at: at + 2, size: 2, bigEndian: bigEndian),
                  let count = integer(bytes, at: at + 4, size: 4, bigEndian: bigEndian) else { continue }
            let unit = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 10: 8][type] ?? 0
            guard unit > 0, count > 0, count <= 1 << 16 else { return nil }
            let inline = unit * count <= 4
            guard let value = inline ? at + 8 : integer(bytes, at: at + 8, size: 4, bigEndian: bigEndian),
                  value + unit * count <= bytes.count else { return nil }
            return (type, count, value)
        }
        return nil
    }

    private static func text(tag: Int, ifd: Int, in bytes: [UInt8], bigEndian: Bool) -> String? {
        guard let found = entry(tag, ifd: ifd, in: bytes, bigEndian: bigEndian), found.type == 2 else { return nil }
        let raw = bytes[found.value..<(found.value + min(found.count, 256))].prefix { $0 != 0 }
        let value = EmbeddedFacts.singleLine(String(decoding: raw, as: UTF8.self))
        return value.isEmpty ? nil : value
    }

    private static func nikonLens(ifd: Int, in bytes: [UInt8], bigEndian: Bool) -> String? {
        guard let found = entry(0x0084, ifd: ifd, in: bytes, bigEndian: bigEndian), found.type == 5, found.count == 4 else { return nil }
        let values = (0..<4).map { index -> Double? in
            guard let numerator = integer(bytes, at: found.value + index * 8, size: 4, bigEndian: bigEndian),
                  let denominator = integer(bytes, at: found.value + index * 8 + 4, size: 4, bigEndian: bigEndian), denominator > 0 else { return nil }
            return Double(numerator) / Double(denominator)
        }
        guard let shortest = values[0], let longest = values[1], shortest > 0, longest >= shortest, longest < 10_000 else { return nil }
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value) }
        var lens = shortest == longest ? "\(number(shortest))mm" : "\(number(shortest))-\(number(longest))mm"
        if let wide = values[2], wide > 0 {
            lens += " f/\(number(wide))"
            if let narrow = values[3], narrow > 0, narrow != wide, shortest != longest { lens += "-\(number(narrow))" }
        }
        return lens
    }

    /// Where `needle` first occurs in `haystack`.
    private static func find(_ needle: ArraySlice<UInt8>, in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = 0
        while index + needle.count <= haystack.count {
            guard let candidate = haystack[index...].firstIndex(of: first), candidate + needle.count <= haystack.count else { return nil }
            if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
