// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Marks
import PhotoLibrary
import SystemPackage
import Testing

@Suite struct BurstsTests {
    let bird = PhotoLikeness(sharpness: 10, hash: 0x0F0F_0F0F_0F0F_0F0F)
    let birdBlurred = PhotoLikeness(sharpness: 4, hash: 0x0F0F_0F0F_0F0F_0F1F)
    let beach = PhotoLikeness(sharpness: 9, hash: 0xF0F0_F0F0_F0F0_F0F0)

    func frame(_ name: String, _ time: Double, _ likeness: PhotoLikeness) -> Bursts.Frame {
        Bursts.Frame(path: FilePath("/album/\(name)"), time: time, likeness: likeness)
    }

    /// By time and look, not by name: names out of order, a look that changes, a pause.
    @Test func framesCloseInTimeAndAlikeInLookAreOneBurst() {
        let frames = [
            frame("z.jpg", 100.0, bird), frame("a.jpg", 100.4, birdBlurred), frame("m.jpg", 100.9, bird),
            frame("b.jpg", 101.2, beach),            // a moment later, another scene
            frame("c.jpg", 101.6, beach),
            frame("d.jpg", 110.0, beach),            // the same scene, much later
        ]
        #expect(Bursts.group(frames.reversed()) == [
            [FilePath("/album/z.jpg"), FilePath("/album/a.jpg"), FilePath("/album/m.jpg")],
            [FilePath("/album/b.jpg"), FilePath("/album/c.jpg")],
        ])
    }

    @Test func aLonePhotoIsNoBurst() {
        #expect(Bursts.group([frame("a.jpg", 1, bird)]).isEmpty)
        #expect(Bursts.group([frame("a.jpg", 1, bird), frame("b.jpg", 1 + Bursts.maximumGap + 0.1, bird)]).isEmpty)
    }

    @Test func datesTakenWithTheirFractionOfASecond() throws {
        let a = try #require(Bursts.seconds(taken: "2024-05-01 14:03:22.35"))
        let b = try #require(Bursts.seconds(taken: "2024-05-01 14:03:23"))
        #expect(abs((b - a) - 0.65) < 1e-6)
        #expect(Bursts.seconds(taken: "not a date") == nil && Bursts.seconds(taken: "0000-00-00 00:00:00") == nil)
    }
}

/// The album's bursts, as the looks and dates of its photos arrive, and the sharpness order.
@Suite struct AlbumBurstsTests {
    @Test func burstsFormAsLooksArriveAndTheSharpestIsKnown() throws {
        let f = try AlbumFixture(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        try f.loadAll()
        let bird = PhotoLikeness(sharpness: 5, hash: 0x00FF_00FF_00FF_00FF)
        let sharperBird = PhotoLikeness(sharpness: 9, hash: 0x00FF_00FF_00FF_00FE)
        let tree = PhotoLikeness(sharpness: 7, hash: 0xFF00_FF00_FF00_FF00)
        f.model.noteDatesTaken([f.path("a.jpg"): "2024-05-01 14:03:22.10", f.path("b.jpg"): "2024-05-01 14:03:22.60",
                                f.path("c.jpg"): "2024-05-01 14:03:23.00", f.path("d.jpg"): "2024-05-01 14:09:00"])
        f.model.noteLikenesses([f.path("a.jpg"): bird, f.path("b.jpg"): sharperBird])
        #expect(f.model.bursts[f.path("a.jpg")] == [f.path("a.jpg"), f.path("b.jpg")])
        #expect(f.model.sharpestFrame(ofBurstWith: f.path("a.jpg")) == f.path("b.jpg"))
        f.model.noteLikenesses([f.path("c.jpg"): bird, f.path("d.jpg"): tree])
        #expect(f.model.bursts[f.path("c.jpg")] == [f.path("a.jpg"), f.path("b.jpg"), f.path("c.jpg")])
        #expect(f.model.bursts[f.path("d.jpg")] == nil, "minutes later: a moment of its own")
        #expect(f.model.photosWithoutLikeness.isEmpty)
    }

    @Test func sortedBySharpnessTheBlurriestComeFirstAndReversedTheSharpest() throws {
        let f = try AlbumFixture(names: ["a.jpg", "b.jpg", "c.jpg"])
        try f.loadAll()
        f.model.noteLikenesses([f.path("a.jpg"): PhotoLikeness(sharpness: 5, hash: 0), f.path("b.jpg"): PhotoLikeness(sharpness: 1, hash: 0),
                                f.path("c.jpg"): PhotoLikeness(sharpness: 9, hash: 0)])
        f.model.setOrder(PhotoOrder(.sharpness))
        #expect(f.model.photos.map(\.fileName) == ["b.jpg", "a.jpg", "c.jpg"])
        f.model.setOrder(PhotoOrder(.sharpness, reversed: true))
        #expect(f.model.photos.map(\.fileName) == ["c.jpg", "a.jpg", "b.jpg"])
    }
}

/// Grouped, each burst's frames come together, in time order, where its first frame would
/// be: the culling pager steps through a moment's frames before the next one.
@Suite struct GroupedBurstsTests {
    let bird = PhotoLikeness(sharpness: 5, hash: 0x00FF_00FF_00FF_00FF)
    let tree = PhotoLikeness(sharpness: 7, hash: 0xFF00_FF00_FF00_FF00)

    /// a, c, e: one moment (taken in the order e, a, c); b and d each alone.
    func fixture() throws -> AlbumFixture {
        let f = try AlbumFixture(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
        try f.loadAll()
        f.model.noteDatesTaken([f.path("e.jpg"): "2024-05-01 14:03:22.00", f.path("a.jpg"): "2024-05-01 14:03:22.40",
                                f.path("c.jpg"): "2024-05-01 14:03:22.90", f.path("b.jpg"): "2024-05-01 14:05:00",
                                f.path("d.jpg"): "2024-05-01 14:07:00"])
        f.model.noteLikenesses([f.path("a.jpg"): bird, f.path("c.jpg"): bird, f.path("e.jpg"): bird,
                                f.path("b.jpg"): tree, f.path("d.jpg"): tree])
        return f
    }

    @Test func aBurstsFramesComeTogetherInTimeOrderWhereItsFirstWouldBe() throws {
        let f = try fixture()
        #expect(f.model.photos.map(\.fileName) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"], "not grouped: by name")
        #expect(f.model.burstRuns().isEmpty)
        f.model.setGroupsBursts(true)
        #expect(f.model.photos.map(\.fileName) == ["e.jpg", "a.jpg", "c.jpg", "b.jpg", "d.jpg"])
        #expect(f.model.burstRuns() == [0..<3])
        f.model.setOrder(PhotoOrder(.name, reversed: true))
        #expect(f.model.photos.map(\.fileName) == ["e.jpg", "a.jpg", "c.jpg", "d.jpg", "b.jpg"], "the burst where the first of it shown stood")
        try f.model.moveToTrash(f.path("a.jpg"))
        #expect(f.model.photos.map(\.fileName) == ["e.jpg", "c.jpg", "d.jpg", "b.jpg"], "a frame trashed is not brought back")
        #expect(f.model.burstRuns() == [0..<2])
        f.model.setGroupsBursts(false)
        #expect(f.model.photos.map(\.fileName) == ["e.jpg", "d.jpg", "c.jpg", "b.jpg"])
    }

    @Test func aRawAndItsJpegAreOneShotNotABurst() throws {
        let f = try AlbumFixture(names: ["IMG_1.CR2", "IMG_1.jpg", "IMG_2.jpg"])
        f.model.appendListing(try f.listing().map { $0.fileName.hasSuffix(".CR2") ? Photo(path: $0.path, format: .raw, byteCount: 100, modificationDate: $0.modificationDate) : $0 })
        f.model.finishListing()
        #expect(f.model.photos.map(\.fileName) == ["IMG_1.jpg", "IMG_2.jpg"], "the pair is one photo")
        f.model.noteDatesTaken([f.path("IMG_1.CR2"): "2024-05-01 14:03:22.00", f.path("IMG_1.jpg"): "2024-05-01 14:03:22.00",
                                f.path("IMG_2.jpg"): "2024-05-01 14:09:00"])
        f.model.noteLikenesses([f.path("IMG_1.CR2"): bird, f.path("IMG_1.jpg"): bird, f.path("IMG_2.jpg"): tree])
        f.model.setGroupsBursts(true)
        #expect(f.model.bursts.isEmpty && f.model.burstRuns().isEmpty)
    }
}
