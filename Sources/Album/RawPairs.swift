// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import SystemPackage

/// A camera set to RAW+JPEG writes two files of one name (IMG_0042.CR3, IMG_0042.JPG): one
/// photo to the person culling. The JPEG (or HEIC) is shown — it decodes fast — and the
/// RAW travels with it as its companion. Files of one name are next to one another in
/// natural order (the name's end, its dot, sorts them together), so pairs are found in
/// one pass.
public enum RawPairs {
    /// `photos` (in natural order) with each RAW that has a JPEG or HEIC of the same name in
    /// the same folder folded into it.
    public static func folded(_ photos: [Photo]) -> [Photo] {
        var result: [Photo] = []
        result.reserveCapacity(photos.count)
        var start = 0
        while start < photos.count {
            let name = stem(of: photos[start].path)
            var end = start + 1
            while end < photos.count, stem(of: photos[end].path) == name { end += 1 }
            result += folded(group: photos[start..<end])
            start = end
        }
        return result
    }

    /// One name's files: a JPEG (else a HEIC) takes the RAWs; the rest stay as they are.
    private static func folded(group: ArraySlice<Photo>) -> [Photo] {
        guard group.count > 1,
              let primary = group.firstIndex(where: { $0.format == .jpeg }) ?? group.firstIndex(where: { $0.format == .heif }) else {
            return Array(group)
        }
        let raws = group.filter { $0.format == .raw }
        guard !raws.isEmpty else { return Array(group) }
        return group.indices.compactMap { index in
            if index == primary { return group[index].with(companions: raws) }
            return group[index].format == .raw ? nil : group[index]
        }
    }

    /// The path without its extension, as bytes ("/card/IMG_0042" for IMG_0042.CR3).
    public static func stem(of path: FilePath) -> [UInt8] {
        let bytes = path.rawBytes
        let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        guard let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot > nameStart else { return bytes }
        return Array(bytes[..<dot])
    }
}
