// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import SystemPackage

/// Live Photos whose still and video another program named apart (by date, say): one photo
/// once their content identifiers are read (`FilePairs`). An album sorted by name reads no
/// dates, so what would pair them is read where it can: the identifiers of videos without a
/// still of their name, then — in a folder where one carries an identifier — of the stills
/// there without a video.
extension AlbumModel {
    /// Videos of `batch` with no still of their name and nothing read of them yet: their
    /// content identifiers are to be read (`noteTraits` then asks for their folders' stills;
    /// where one is known already, the index's, it is asked now: `takeStillsToPair`).
    public func loneVideos(among batch: [Photo]) -> [FilePath] {
        guard batch.contains(where: { $0.format == .video }) else { return [] }
        let lone = FilePairs.folded(batch).filter { $0.format == .video }.map(\.path)
        loneVideosAsked.formUnion(lone)
        askForStills(pairingWith: Dictionary(uniqueKeysWithValues: lone.compactMap { path in contentIdentifiers[path].map { (path, $0) } }))
        return lone.filter { traits(of: $0) == nil }
    }

    /// The stills to read for the lone videos that carry an identifier: in each of their
    /// folders (once), the JPEGs and HEICs without a video and nothing read of them yet.
    public func takeStillsToPair() -> [FilePath] {
        defer { stillsToPair = [] }
        return stillsToPair
    }

    /// Lone videos of `identifiers` (just read) send their folders' stills to be read.
    func askForStills(pairingWith identifiers: [FilePath: String]) {
        let folders = Set(identifiers.keys.filter(loneVideosAsked.contains).map { $0.removingLastComponent() })
            .subtracting(foldersAskedForStills)
        guard !folders.isEmpty else { return }
        foldersAskedForStills.formUnion(folders)
        let inFolders = listing.map(\.photo).filter { folders.contains($0.path.removingLastComponent()) }
        stillsToPair += FilePairs.folded(inFolders).filter { photo in
            FilePairs.isStill(photo) && photo.liveVideo == nil && traits(of: photo.path) == nil
        }.map(\.path)
    }
}
