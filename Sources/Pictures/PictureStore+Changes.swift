// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Album
import Foundation
import Geometry
import PhotoLibrary
import Pixels
import SystemPackage
import ViewTree


/// The album changed: pictures follow their photos by path, and a rewritten file is decoded afresh.
extension PictureStore {
    /// More of the folder's listing arrived.
    public func appendPhotos(_ more: [Photo]) {
        indexByPath.reserveCapacity(photos.count + more.count)
        for photo in more {
            indexByPath[photo.key] = photos.count
            photos.append(photo)
        }
        onChange()
    }

    /// The folder's photos changed on disk: what is known of photos still there unchanged
    /// is kept (by path, so it follows them to their new places); a rewritten file (a new
    /// size or time) is decoded again, and the pictures of photos that are gone are let go.
    public func replacePhotos(_ newPhotos: [Photo]) {
        let before = photos
        photos = newPhotos
        indexByPath = [:]
        indexByPath.reserveCapacity(newPhotos.count)
        for (index, photo) in photos.enumerated() { indexByPath[photo.key] = index }
        for photo in newPhotos where !departed.isEmpty {
            guard let gone = departed.removeValue(forKey: photo.key) else { continue }
            if !photo.isUnchanged(from: gone) { forgetPictures(of: photo.path) }
        }
        // By place, not by copies of the photos: a search among 100,000 leaves most of them.
        var leaving: [Int] = []
        for place in before.indices {
            guard let index = indexByPath[before[place].key] else {
                leaving.append(place)
                continue
            }
            if !newPhotos[index].isUnchanged(from: before[place]) { forgetPictures(of: before[place].path) }
        }
        // Gone, perhaps to the Trash: their pictures stay for the store to evict, so an undo
        // shows them at once. Past the limit none is told from the rest: all are let go,
        // what is held of them found from what is held (a few hundred), not photo by photo
        // gone (a search narrowing 100,000 photos to a dozen leaves 99,988).
        if departed.count + leaving.count > Self.departedLimit {
            departed = [:]
            forgetPicturesOfPhotosNotShown()
        } else {
            for place in leaving { departed[before[place].key] = before[place] }
        }
        onChange()
    }

    /// Lets go of what is held of photos no longer in the album (nor an album's cover).
    func forgetPicturesOfPhotosNotShown() {
        var held = Set(broker.photosHeld)
        held.formUnion(previews.keys)
        held.formUnion(fullSides.keys)
        held.formUnion(failures.keys)
        held.formUnion(partsFailed.keys)
        held.formUnion(incomplete)
        held.formUnion(stills)
        held.formUnion(playing.values.map(\.path))
        held.formUnion(factsStore?.knownPaths ?? [])
        for path in held where indexByPath[PathKey(path)] == nil && !isCover(path) { forgetPictures(of: path) }
    }

    /// The photo at `path` was rewritten: what is known of it is of the old file, and what is
    /// still wanted of it is decoded afresh.
    public func photoChanged(_ path: FilePath) { forgetPictures(of: path) }

    func forgetPictures(of path: FilePath) {
        factsStore?.forget(path)
        failures[path] = nil
        partsFailed[path] = nil
        incomplete.remove(path)
        stills.remove(path)
        for (demand, photo) in playing where photo.path == path { stopPlaying(demand) }
        replaceVideos(of: path, turnedAs: turn(of: path))
        fullSides[path] = nil
        if case let .shown(preview) = previews.removeValue(forKey: path) { textures.remove(preview.texture) }
        for picture in broker.forget(path) { forget(picture.texture) }
        forgetLooks(of: path)
    }
}
