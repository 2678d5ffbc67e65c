// SPDX-License-Identifier: GPL-3.0-or-later
import Pixels

/// The JPEG previews a TIFF-shaped RAW keeps (DNG, NEF, ARW, CR2, PEF and the like): cameras
/// store a full-size one and smaller ones (a screen's worth, a thumbnail) in the TIFF
/// directories around the raw data. LibRaw 0.20 offers only the largest; a thumbnail cut
/// from the smallest that covers it costs a fraction (a 24 MP preview's entropy-coded data
/// must all be read, whatever scale it is decoded at).
enum RAWPreviews {
    /// Where a preview lies in the file.
    struct Preview: Equatable {
        let offset: Int
        let length: Int
    }

    /// No walk goes further: a directory chain or SubIFD list this long is not a camera's.
    static let maximumDirectories = 16

    /// The JPEG previews in IFD0's chain and the SubIFDs it lists (one level, as cameras lay
    /// them out): JPEGInterchangeFormat/Length, or a single strip compressed as JPEG.
    static func jpegs(in file: some ByteSource, count: Int) -> [Preview] {
        let previews = directories(in: file, count: count).compactMap { values -> Preview? in
            if let offset = values[513]?.first, let length = values[514]?.first { return Preview(offset: offset, length: length) }
            if [6, 7].contains(values[259]?.first), let offsets = values[273], offsets.count == 1, let length = values[279]?.first {
                return Preview(offset: offsets[0], length: length)
            }
            return nil
        }
        return previews.filter { $0.length > 2 && $0.offset >= 0 && $0.offset <= count - $0.length }
    }

    /// Where the full-size raw data ends (the directory of NewSubfileType 0 that is not a
    /// JPEG preview: its strips' or tiles' furthest byte); nil where no directory says. A
    /// file shorter than this was cut off (a copy still arriving, a card pulled): its
    /// previews before the cut are whole, its sensor data is not.
    static func rawDataEnd(in file: some ByteSource, count: Int) -> Int? {
        let ends = directories(in: file, count: count).compactMap { values -> Int? in
            guard values[254]?.first ?? 0 == 0, ![6, 7].contains(values[259]?.first), values[513] == nil else { return nil }
            let (offsets, lengths) = values[324] != nil ? (values[324], values[325]) : (values[273], values[279])
            guard let offsets, let lengths, offsets.count == lengths.count, !offsets.isEmpty else { return nil }
            return zip(offsets, lengths).map { $0 + $1 }.max()
        }
        return ends.max()
    }

    /// The numbers each TIFF directory holds (SHORT or LONG values, by tag): IFD0's chain and
    /// the SubIFDs it lists, one level, as cameras lay them out.
    private static func directories(in file: some ByteSource, count: Int) -> [[Int: [Int]]] {
        guard let header = file.read(0..<8), header[0] == header[1], header[0] == 0x49 || header[0] == 0x4D else { return [] }
        let little = header[0] == 0x49
        func number(_ bytes: ArraySlice<UInt8>) -> Int {
            (little ? bytes.reversed() : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
        }
        var found: [[Int: [Int]]] = []
        var directories = [number(header[4..<8])]
        var visited: Set<Int> = []
        while let at = directories.first, visited.count < maximumDirectories {
            directories.removeFirst()
            guard at > 0, at < count, visited.insert(at).inserted,
                  let countBytes = file.read(at..<at + 2) else { continue }
            let entries = min(number(countBytes[...]), 512)
            guard let table = file.read(at + 2..<at + 2 + entries * 12 + 4) else { continue }
            var values: [Int: [Int]] = [:]
            for entry in 0..<entries {
                let e = table[(entry * 12)..<(entry * 12 + 12)]
                let base = e.startIndex
                let tag = number(e[base..<base + 2]), type = number(e[base + 2..<base + 4]), n = number(e[base + 4..<base + 8])
                // Only SHORT or LONG numbers, a few of them; strips and tiles may be many.
                let size = type == 3 ? 2 : type == 4 || type == 13 ? 4 : 0
                let most = [273, 279, 324, 325].contains(tag) ? maximumPieces : 64
                guard size > 0, n >= 1, n <= most else { continue }
                let inline = size * n <= 4
                let data = inline ? Array(e[base + 8..<base + 12]) : file.read(number(e[base + 8..<base + 12])..<number(e[base + 8..<base + 12]) + size * n)
                guard let data else { continue }
                values[tag] = (0..<n).map { number(data[($0 * size)..<($0 * size + size)]) }
            }
            found.append(values)
            directories += values[330] ?? []
            let next = number(table[(entries * 12)..<(entries * 12 + 4)])
            if next != 0 { directories.append(next) }
        }
        return found
    }

    /// The most strips or tiles of one directory read: a 100 MP sensor in 256 px tiles has
    /// about 1,600.
    static let maximumPieces = 1 << 16

    /// The smallest preview whose longer side covers `wanted` (or, `largest`, the largest
    /// there is), decoded at the DCT scale that still covers `wanted`; nil when none does
    /// (then LibRaw's preview or a render serves).
    static func smallestJPEG(in file: some ByteSource, count: Int, covering wanted: Int, limits: DecodeLimits,
                             largest: Bool = false) -> PixelBuffer? {
        let sized = sized(in: file, count: count)
        guard let preview = (largest ? sized.max(by: { $0.side < $1.side }) : smallest(of: sized, covering: wanted))?.preview,
              let bytes = bytes(of: preview, in: file, limits: limits) else { return nil }
        var pixels = try? JPEGDecoder.decode(bytes, maximumPixelSize: wanted, limits: limits)
        pixels?.iccProfile = EmbeddedColour.profile(in: bytes, format: .jpeg)
        return pixels
    }

    /// A preview and its stored size.
    struct Sized {
        let preview: Preview
        let width: Int
        let height: Int
        var side: Int { max(width, height) }
    }

    /// The JPEG previews with the size of each (only their frame headers read).
    static func sized(in file: some ByteSource, count: Int) -> [Sized] {
        jpegs(in: file, count: count).compactMap { preview in
            // The frame header lies near a preview's start (after its own EXIF, at most 64 KB).
            guard let head = file.read(preview.offset..<preview.offset + min(preview.length, 1 << 16)),
                  ImageFormat.sniff(Array(head.prefix(ImageFormat.sniffLength)), fileExtension: "") == .jpeg,
                  let size = JPEGDecoder.declaredSize(head) else { return nil }
            return Sized(preview: preview, width: size.width, height: size.height)
        }
    }

    /// The orientation IFD0 records (TIFF's tag 274, EXIF's values); 1 where it says none.
    static func orientation(in file: some ByteSource, count: Int) -> Int {
        directories(in: file, count: count).first?[274]?.first ?? 1
    }

    /// The smallest of `sized` whose longer side covers `wanted`, or falls short of it by
    /// no more than `NearlySharp` allows (shown a little enlarged: a RAW is not rendered for
    /// the 4 px Sony's 1616 px previews lack at 1080p).
    static func smallest(of sized: [Sized], covering wanted: Int) -> Sized? {
        let fewest = NearlySharp.fewestPixels(covering: wanted)
        return sized.filter { $0.side >= fewest }.min { $0.side < $1.side }
    }

    /// A preview's JPEG bytes, if the file holds them all and they are within `limits`.
    static func bytes(of preview: Preview, in file: some ByteSource, limits: DecodeLimits) -> [UInt8]? {
        guard preview.length <= limits.maximumFileBytes else { return nil }
        return file.read(preview.offset..<preview.offset + preview.length)
    }
}
