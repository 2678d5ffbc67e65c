// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import SystemPackage

/// Files of one name that are one photo to a person. A camera set to RAW+JPEG writes two
/// (IMG_0042.CR3, IMG_0042.JPG): the JPEG (or HEIC) is shown — it decodes fast — and the RAW
/// travels with it as its companion. An iPhone's Live Photo is its still (IMG_1234.HEIC, or
/// a JPEG once exported) and the moment's video beside it (IMG_1234.MOV): the still is shown,
/// the video its companion. Files of one name are next to one another in natural order (the
/// name's end, its dot, sorts them together), so pairs are found in one pass.
public enum FilePairs {
    /// `photos` (in natural order) with each RAW, and each video, that has a JPEG or HEIC of
    /// the same name in the same folder folded into it.
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

    /// One name's files: a JPEG (else a HEIC) takes the RAWs and one video (a Live Photo's:
    /// a HEIC's first, as an iPhone writes it); the rest stay as they are.
    private static func folded(group: ArraySlice<Photo>) -> [Photo] {
        guard group.count > 1,
              let primary = group.firstIndex(where: { $0.format == .jpeg }) ?? group.firstIndex(where: { $0.format == .heif }) else {
            return Array(group)
        }
        let raws = group.filter { $0.format == .raw }
        let motion = group.first { $0.format == .video }
        let companions = raws + (motion.map { [$0] } ?? [])
        guard !companions.isEmpty else { return Array(group) }
        return group.indices.compactMap { index in
            if index == primary { return group[index].with(companions: companions) }
            return companions.contains(where: { $0.path == group[index].path }) ? nil : group[index]
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
