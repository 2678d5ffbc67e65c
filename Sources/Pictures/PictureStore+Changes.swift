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
        for photo in more {
            indexByPath[photo.path] = photos.count
            photos.append(photo)
        }
        onChange()
    }

    /// The folder's photos changed on disk: what is known of photos still there unchanged
    /// is kept (by path, so it follows them to their new places); a rewritten file (a new
    /// size or time) is decoded again, and the pictures of photos that are gone are let go.
    public func replacePhotos(_ newPhotos: [Photo]) {
        let now = Dictionary(newPhotos.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let before = photos
        photos = newPhotos
        indexByPath = [:]
        for (index, photo) in photos.enumerated() { indexByPath[photo.path] = index }
        for photo in before {
            guard let current = now[photo.path] else {
                // Gone, perhaps to the Trash: its pictures stay for the store to evict, so
                // an undo shows it at once.
                departed[photo.path] = photo
                continue
            }
            if !current.isUnchanged(from: photo) { forgetPictures(of: photo.path) }
        }
        for photo in newPhotos {
            guard let gone = departed.removeValue(forKey: photo.path) else { continue }
            if !photo.isUnchanged(from: gone) { forgetPictures(of: photo.path) }
        }
        while departed.count > Self.departedLimit, let path = departed.keys.first {
            departed[path] = nil
            forgetPictures(of: path)
        }
        onChange()
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
        fullSides[path] = nil
        if case let .shown(preview) = previews.removeValue(forKey: path) { textures.remove(preview.texture) }
        for picture in broker.forget(path) { forget(picture.texture) }
    }
}
