// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport
import Album
import PhotoLibrary
import SystemPackage

/// Likenesses read for bursts and the sharpness order are kept: a folder opened again is
/// grouped without measuring its photos again.
@Suite struct LikenessesTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/Samples")

    func read(_ path: FilePath, with likenesses: Likenesses) -> PhotoLikeness?? {
        likenesses.read([path])
        likenesses.waitUntilIdle()
        return likenesses.drain()[path]
    }

    @Test func aPhotoMeasuredOnceIsReadBackWithoutAHelperUntilItChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("likenesses-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("nuthatch.jpg")
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("Nuthatch on the trunk.jpg"), to: photo)
        let path = FilePath(photo.path)
        let cache = LikenessCache(root: FilePath(folder.appendingPathComponent("cache").path))

        let measured = try #require(read(path, with: Likenesses(decoder: IsolatedDecoder(command: [FactsStoreTests.helper]), cache: cache)) ?? nil)
        #expect(measured.sharpness > 0)
        // No helper can start now: what comes back was kept.
        let noHelper = IsolatedDecoder(command: [folder.appendingPathComponent("no-such-helper").path])
        #expect(read(path, with: Likenesses(decoder: noHelper, cache: cache)) == .some(measured))

        // The photo rewritten (an edit saved over it): measured again, and here that fails.
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("Dune.jpg"), to: photo)
        #expect(read(path, with: Likenesses(decoder: noHelper, cache: cache)) == .some(nil))
    }
}
