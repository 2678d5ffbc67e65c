// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import PhotoLibrary
import SystemPackage
import Testing
import Album
import Pictures
import PhotoSources
import TestSupport
@testable import flick

/// Opened on a photo, Flick lists that photo before its folder.
@Suite struct StartPhotoListingTests {
    @Test func thePhotoFlickWasOpenedOnIsListedFirstAndOnceThenTheFolderAroundIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-start-first-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
        for index in 0..<500 { try png.write(to: folder.appendingPathComponent(String(format: "IMG_%04d.png", index))) }
        let start = FilePath(folder.appendingPathComponent("IMG_0377.png").path)
        let lister = AlbumLister(folder: FilePath(folder.path), start: start)
        var listed: [Photo] = []
        var finished = false
        #expect(waitUntil(seconds: 20, pollingEvery: 2_000) {
            let (batch, done) = lister.drain()
            listed += batch.photos
            finished = done
            return finished
        })
        #expect(listed.first?.path == start, "first: \(listed.first.map { "\($0.path)" } ?? "nothing")")
        let model = AlbumModel(folder: FilePath(folder.path), trash: .forCurrentUser())
        model.appendListing(Array(listed.prefix(1)))
        #expect(model.count == 1 && model.index(of: start) == 0, "the pager can open on it at once")
        model.appendListing(Array(listed.dropFirst()))
        #expect(model.count == 500 && model.index(of: start) == 377, "listed once, in its place")
    }
}
