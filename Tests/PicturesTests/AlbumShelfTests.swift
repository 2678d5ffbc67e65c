// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport
import PhotoLibrary
import Pictures
import PhotoSources
import Pixels
import SystemPackage

/// The album strip's covers, served by the picture store's broker like any view's pictures.
@Suite struct AlbumShelfTests {
    typealias SizedDecodes = PictureStoreDemandTests.SizedDecodes

    let fakes = SizedDecodes()
    let textures = FakeTextures()

    /// A store of the album on screen (one photo), and `count` albums below the opened folder.
    func shelf(albums count: Int, modified: Date = Date(timeIntervalSince1970: 1)) -> (PictureStore, AlbumShelf, [AlbumFolder]) {
        let fakes = self.fakes
        let shown = Photo(path: "/photos/shown.png", format: .png, byteCount: 1, modificationDate: modified)
        let store = pictureStore([shown], textures: textures) { fakes.decode($0) }
        let shelf = AlbumShelf(pictures: store)
        let folders = (0..<count).map { album($0, modified: modified) }
        shelf.replaceAlbums(folders)
        return (store, shelf, folders)
    }

    func album(_ index: Int, modified: Date, names: [String] = ["first.png", "second.png"]) -> AlbumFolder {
        let photos = names.map { Photo(path: FilePath("/photos/album-\(index)/\($0)"), format: .png, byteCount: 1, modificationDate: modified) }
        return AlbumFolder(path: FilePath("/photos/album-\(index)"), name: "album \(index)", photoCount: 3, covers: photos)
    }

    func pinned(_ picture: Picture) -> Bool { picture.image.map { textures.isPinned($0.texture) } ?? false }

    @Test func visibleCoversOfOtherAlbumsAreDecodedAndKeptAndTheOnesFarAwayLetGo() {
        // Given a strip of 30 albums showing the first four
        let (store, shelf, _) = shelf(albums: 30)
        var arrived = 0
        store.onCoversChange = { arrived += 1 }
        shelf.prioritizeCovers(visible: 0..<4, pixelSize: 100)

        // Then their covers arrive, cut to fill the cover, and are kept while shown
        #expect(drain(store) { (0..<4).allSatisfy { shelf.albumCover(at: $0).image?.pixelSize.width == 100 } })
        #expect(arrived > 0, "the strip is told")
        #expect((0..<4).allSatisfy { pinned(shelf.albumCover(at: $0)) })
        // And the ones beside them are fetched ahead, the ones far away not at all
        #expect(drain(store) { fakes.count("/photos/album-13/first.png") == 1 })
        #expect(fakes.count("/photos/album-14/first.png") == 0)

        // When the strip scrolls far on
        shelf.prioritizeCovers(visible: 20..<24, pixelSize: 100)
        #expect(drain(store) { (20..<24).allSatisfy { shelf.albumCover(at: $0).image != nil } })
        // Then the first covers are no longer pinned: the texture budget may let them go
        #expect(!(0..<4).contains { pinned(shelf.albumCover(at: $0)) })
    }

    @Test func aCoverWhosePhotoWasRewrittenIsDecodedAgain() {
        let (store, shelf, _) = shelf(albums: 2)
        shelf.prioritizeCovers(visible: 0..<2, pixelSize: 100)
        #expect(drain(store) { shelf.albumCover(at: 0).image != nil })
        #expect(fakes.count("/photos/album-0/first.png") == 1)

        shelf.replaceAlbums([album(0, modified: Date(timeIntervalSince1970: 2)), album(1, modified: Date(timeIntervalSince1970: 1))])
        #expect(drain(store) { fakes.count("/photos/album-0/first.png") == 2 && shelf.albumCover(at: 0).image != nil })
        #expect(fakes.count("/photos/album-1/first.png") == 1, "an unchanged cover stays")
    }

    /// A folder whose first file cannot be opened (a broken download, a pixel bomb) is shown
    /// by the next photo that can: its cover is never "cannot open" while it has one.
    @Test func anAlbumWhoseFirstPhotoCannotOpenIsCoveredByTheNextThatCan() {
        let (store, shelf, _) = shelf(albums: 0)
        shelf.replaceAlbums([album(0, modified: Date(timeIntervalSince1970: 1), names: ["a-broken.png", "b-broken.png", "c.png"]),
                             album(1, modified: Date(timeIntervalSince1970: 1), names: ["only-broken.png"])])
        shelf.prioritizeCovers(visible: 0..<2, pixelSize: 100)
        // The strip lays out again whenever a cover arrives or fails.
        #expect(drain(store) {
            shelf.prioritizeCovers(visible: 0..<2, pixelSize: 100)
            return shelf.albumCover(at: 0).image != nil
        })
        #expect(fakes.count("/photos/album-0/c.png") == 1 && fakes.count("/photos/album-0/b-broken.png") == 1)
        #expect(shelf.albumCover(at: 1).isFailed, "nothing else to show: it says why")
    }
}
