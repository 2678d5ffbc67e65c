// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Foundation
import PhotoLibrary
import Pixels
import SystemPackage

/// The opened folder's albums as the strip wants them: names, counts, and covers (each
/// album's first photo that opens), asked of the picture store through a demand of their own, so they
/// are decoded, kept and let go like any view's pictures. Covers near the screen are
/// wanted; the rest go to the texture budget, so a tree of thousands of albums stays small.
public final class AlbumShelf: AlbumSource {
    /// Covers wanted ahead on each side of the visible ones, so a scroll finds them there.
    public static let keptCoversAround = 10

    public private(set) var albums: [AlbumFolder] = []
    private let pictures: PictureStore
    private let demand: CoverDemand
    /// The covers' size in pixels, as the strip last asked.
    private var coverSide = 0
    private var visible = 0..<0

    public init(pictures: PictureStore) {
        self.pictures = pictures
        demand = pictures.makeCoverDemand()
    }

    /// A new search result. A cover whose photo was rewritten (same path, another date) is
    /// decoded afresh.
    public func replaceAlbums(_ newAlbums: [AlbumFolder]) {
        let dates = { (albums: [AlbumFolder]) in
            Dictionary(albums.flatMap(\.covers).map { ($0.path, $0.modificationDate) }, uniquingKeysWith: { first, _ in first })
        }
        let before = dates(albums)
        albums = newAlbums
        for (cover, date) in dates(newAlbums) where before[cover].map({ $0 != date }) == true { pictures.photoChanged(cover) }
        visible = visible.clamped(to: 0..<albums.count)
        wantCovers()
    }

    /// Where the album of `folder` (with its subfolders, or its own photos alone) stands.
    public func index(of folder: FilePath, includingSubfolders: Bool = false) -> Int? {
        albums.firstIndex { $0.path == folder && $0.includesSubfolders == includingSubfolders }
    }

    public var albumCount: Int { albums.count }
    public func albumName(at index: Int) -> String { albums[index].name }
    public func albumPhotoCount(at index: Int) -> Int { albums[index].photoCount }
    public func albumVideoCount(at index: Int) -> Int { albums[index].videoCount }

    public func albumCover(at index: Int) -> Picture {
        guard coverSide > 0 else { return .loading }
        return pictures.picture(of: coverPhoto(of: albums[index]), size: .filling(coverSide))
    }

    /// The first of the album's photos that has not failed to open (the last one tried when
    /// none has): each failure brings the next one to the strip.
    private func coverPhoto(of album: AlbumFolder) -> FilePath {
        let size = PictureSize.filling(coverSide)
        return (album.covers.first { !pictures.picture(of: $0.path, size: size).isFailed } ?? album.covers[album.covers.count - 1]).path
    }

    public func prioritizeCovers(visible: Range<Int>, pixelSize: Int) {
        self.visible = visible.clamped(to: 0..<albums.count)
        coverSide = pixelSize
        wantCovers()
    }

    /// The visible covers first, then the ones beside them, nearest first.
    private func wantCovers() {
        guard coverSide > 0 else { return }
        let kept = max(0, visible.lowerBound - Self.keptCoversAround)..<min(albums.count, visible.upperBound + Self.keptCoversAround)
        let around = kept.filter { !visible.contains($0) }
            .sorted { min(abs($0 - visible.lowerBound), abs($0 - visible.upperBound)) < min(abs($1 - visible.lowerBound), abs($1 - visible.upperBound)) }
        let wanted = visible.map { ($0, PicturePriority.visible) } + around.map { ($0, PicturePriority.ahead) }
        demand.want(wanted.map { (photo: coverPhoto(of: albums[$0.0]), size: PictureSize.filling(coverSide), priority: $0.1) })
    }
}
