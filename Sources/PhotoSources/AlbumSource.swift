// SPDX-License-Identifier: GPL-3.0-or-later
/// Where the album strip gets its albums: names, counts and covers, never files.
public protocol AlbumSource: AnyObject {
    var albumCount: Int { get }
    func albumName(at index: Int) -> String
    func albumPhotoCount(at index: Int) -> Int
    /// How many of album `index`'s photos are videos (they count among its photos too).
    func albumVideoCount(at index: Int) -> Int
    /// Album `index`'s cover (its first photo) as it stands.
    func albumCover(at index: Int) -> Picture
    /// The covers on screen and their pixel size: decode those, drop the rest.
    func prioritizeCovers(visible: Range<Int>, pixelSize: Int)
}

extension AlbumSource {
    public func albumVideoCount(at index: Int) -> Int { 0 }
}
