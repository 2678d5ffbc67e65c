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
