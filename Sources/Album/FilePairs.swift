// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import SystemPackage

/// Files that are one photo to a person. A camera set to RAW+JPEG writes two of one name
/// (IMG_0042.CR3, IMG_0042.JPG): the JPEG (or HEIC) is shown — it decodes fast — and the
/// RAW travels with it as its companion. An iPhone's Live Photo is its still (IMG_1234.HEIC,
/// or a JPEG once exported) and the moment's video beside it (IMG_1234.MOV): the still is
/// shown, the video its companion. Files of one name are next to one another in natural
/// order (the name's end, its dot, sorts them together), so pairs are found in one pass.
/// A Live Photo renamed by some other program (by date, say) is still one: its still and
/// its video carry one content identifier, which pairs them in their folder whatever their
/// names, and keeps apart a still and a video of one name that carry different ones.
public enum FilePairs {
    /// `photos` (in natural order) with each RAW, and each video, that has a JPEG or HEIC of
    /// the same name in the same folder folded into it; then each video left on its own
    /// folded into the still of its folder that carries its content identifier
    /// (`identifiers`, by path: what has been read of them).
    public static func folded(_ photos: [Photo], identifiers: [FilePath: String] = [:]) -> [Photo] {
        var result: [Photo] = []
        result.reserveCapacity(photos.count)
        var start = 0
        while start < photos.count {
            let name = stem(of: photos[start].path)
            var end = start + 1
            while end < photos.count, stem(of: photos[end].path) == name { end += 1 }
            result += folded(group: photos[start..<end], identifiers: identifiers)
            start = end
        }
        return identifiers.isEmpty ? result : pairedByIdentifier(result, identifiers: identifiers)
    }

    /// One name's files: a JPEG (else a HEIC) takes the RAWs and one video (a Live Photo's:
    /// a HEIC's first, as an iPhone writes it) that does not carry another identifier than
    /// its own; the rest stay as they are.
    private static func folded(group: ArraySlice<Photo>, identifiers: [FilePath: String]) -> [Photo] {
        guard group.count > 1,
              let primary = group.firstIndex(where: { $0.format == .jpeg }) ?? group.firstIndex(where: { $0.format == .heif }) else {
            return Array(group)
        }
        let raws = group.filter { $0.format == .raw }
        let still = identifiers[group[primary].path]
        let motion = group.first { photo in
            guard photo.format == .video else { return false }
            guard let still, let own = identifiers[photo.path] else { return true }
            return own == still
        }
        let companions = raws + (motion.map { [$0] } ?? [])
        guard !companions.isEmpty else { return Array(group) }
        return group.indices.compactMap { index in
            if index == primary { return group[index].with(companions: companions) }
            return companions.contains(where: { $0.path == group[index].path }) ? nil : group[index]
        }
    }

    /// A still and a video of one folder, each on its own, carrying one identifier.
    private struct Moment: Hashable {
        var folder: [UInt8]
        var identifier: String

        init?(_ photo: Photo, _ identifiers: [FilePath: String]) {
            guard let identifier = identifiers[photo.path] else { return nil }
            folder = photo.path.removingLastComponent().rawBytes
            self.identifier = identifier
        }
    }

    /// `photos` (pairs folded by name) with each video on its own folded into the still
    /// without a video that carries its identifier in its folder; the still keeps its place.
    private static func pairedByIdentifier(_ photos: [Photo], identifiers: [FilePath: String]) -> [Photo] {
        var stills: [Moment: Int] = [:]
        for (index, photo) in photos.enumerated() where isStill(photo) && photo.liveVideo == nil {
            if let moment = Moment(photo, identifiers), stills[moment] == nil { stills[moment] = index }
        }
        guard !stills.isEmpty else { return photos }
        var result = photos
        var folded = Set<Int>()
        for (index, photo) in photos.enumerated() where photo.format == .video {
            guard let moment = Moment(photo, identifiers), let still = stills.removeValue(forKey: moment) else { continue }
            result[still] = result[still].with(companions: result[still].companions + [photo])
            folded.insert(index)
        }
        guard !folded.isEmpty else { return photos }
        return result.indices.compactMap { folded.contains($0) ? nil : result[$0] }
    }

    /// A still a Live Photo's video (or a RAW) can travel with: a JPEG or a HEIC.
    public static func isStill(_ photo: Photo) -> Bool { photo.format == .jpeg || photo.format == .heif }

    /// The path without its extension, as bytes ("/card/IMG_0042" for IMG_0042.CR3).
    public static func stem(of path: FilePath) -> [UInt8] {
        let bytes = path.rawBytes
        let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        guard let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot > nameStart else { return bytes }
        return Array(bytes[..<dot])
    }
}
